import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { claimKeys, type MarkStore, releaseKeys, workflowStore } from '../../../../shared/memory';
import { readAhead } from '../readAhead';
import type { OutgoingText } from '../text';
import type { SendCheck, SendOutcome, SendRunView, Verdict, RunLedger } from '../types';

const FEATURE = 'Send Once Per';

/**
 * "Send Once Per" on every operation that texts a person: empty (the default) changes nothing, so a
 * saved workflow sends as before. Design and limits: docs/send-once-and-caps.md.
 */
const sendOnceField: INodeProperties = {
	displayName: 'Send Once Per',
	name: 'sendOncePer',
	type: 'string',
	default: '',
	placeholder: 'e.g. {{ $json.orderId }}-shipped',
	hint: 'An expression that names this one text, e.g. {{ $json.orderId }}-shipped',
	description:
		'A key naming this text. A key this workflow already texted is not texted again (after a Retry, a webhook delivered twice, a restart): the item comes out with outcome "already_sent". Remembered per workflow.',
};

/** What an item whose key was used outputs: a Switch on `outcome` tells it from a sent one. */
export interface AlreadySentOutput extends IDataObject {
	outcome: 'already_sent';
	sendOncePer: string;
	phoneNumber: string;
	channel: string;
	reason: string;
	transactionId: null;
}

/**
 * Keys claimed ahead of their items, this many at a time (and the next batches meanwhile). A claim
 * is two calls to the store, each reading and writing the workflow's whole row (up to 10,000
 * marks, about 270 kB): a batch of 200 makes one call per hundred texts where 100 made two.
 */
const BATCH = 200;
/**
 * Batches claimed beyond the one sending. Each claim waits its settle time (at least 150 ms, more
 * when the store's calls are slow): with one batch of 100 ahead, 100 sends of 1.3 ms on a quiet
 * machine did not cover it and every hundredth text waited for the rest (Send Once Per cost 30 to
 * 50 % of a send in the bench); two batches ahead cover 400 sends' time.
 */
const BATCHES_AHEAD = 2;

type Claim =
	| { status: 'claimed' | 'used' | 'undecided'; key: string }
	/** The key of an earlier item of this run. */
	| { status: 'earlierItem'; key: string; item: number };

/**
 * One node run's claims. Keys are claimed in batches of up to BATCH items ahead of their items, the
 * next BATCHES_AHEAD batches while the current one sends, so that the settle time of the claim
 * protocol (shared/memory/claims.ts) is paid once per batch and while texts go out. The store takes
 * this process's calls one at a time, so batches in flight together do not overwrite each other.
 * A claim is released when its text certainly did not go, and at the end of the run when its item
 * was never sent (the run stopped on an earlier item's error).
 */
class RunClaims {
	private readonly claims = new Map<number, Promise<Claim | undefined>>();
	/** Which item holds each key claimed in this run. */
	private readonly holder = new Map<string, number>();
	/** What became of each item's text, once the pipeline said (`after`). */
	private readonly outcomes = new Map<
		number,
		{ status: SendOutcome['status']; output?: IDataObject }
	>();
	private readonly claimMarks: string[] = [];
	private nextItem = 0;
	/** When the latest batch has read its items' keys. */
	private keysRead: Promise<void> = Promise.resolve();
	private readonly token: string;
	private readonly itemCount: number;
	readonly context: IExecuteFunctions;

	constructor(
		private readonly run: SendRunView,
		private readonly store: MarkStore,
	) {
		this.itemCount = run.itemCount;
		this.context = run.context;
		this.token = `${run.context.getExecutionId() ?? 'x'}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 10)}`;
	}

	/**
	 * Claims the keys of the next batch of items (those whose key reads; the others at their turn).
	 * `atOnce`: an item waits for this batch, so its keys are read at once; a batch ahead reads its
	 * keys while texts are being sent, once the batch before has read its own.
	 */
	private claimNextBatch(atOnce: boolean) {
		const first = this.nextItem;
		const end = Math.min(this.itemCount, first + BATCH);
		this.nextItem = end;
		const previous = this.keysRead;
		let read = () => {};
		this.keysRead = new Promise<void>((resolve) => (read = resolve));
		const batch = (async () => {
			const keys = new Map<number, string>();
			try {
				await previous;
				await readAhead(this.run.textsAhead(first, end - first), atOnce, (text) => {
					try {
						const key = text.sendOnceKey;
						if (key) keys.set(text.itemIndex, key);
					} catch {
						// Its own turn reports the error, for the right item.
					}
				});
				// Claimed in the order of the items: the next batch goes on once this one has its keys.
				const claiming = this.claimKeysOf(keys);
				read();
				return await claiming;
			} finally {
				read();
			}
		})();
		for (let item = first; item < end; item++) {
			const claim = batch.then((claims) => claims.get(item));
			claim.catch(() => undefined); // awaited at the item's turn; no unhandled rejection before
			this.claims.set(item, claim);
		}
	}

	private async claimKeysOf(keys: Map<number, string>): Promise<Map<number, Claim>> {
		const claims = new Map<number, Claim>();
		const toClaim: string[] = [];
		for (const [item, key] of keys) {
			const earlier = this.holder.get(key);
			if (earlier !== undefined) {
				claims.set(item, { status: 'earlierItem', key, item: earlier });
			} else {
				this.holder.set(key, item);
				toClaim.push(key);
			}
		}
		const { results, claimMarks } = await claimKeys(this.store, 'once', toClaim, this.token, sleep);
		this.claimMarks.push(...claimMarks);
		for (const [item, key] of keys) {
			if (claims.has(item)) continue;
			const status = results.get(key) ?? 'undecided';
			if (status !== 'claimed') this.holder.delete(key);
			claims.set(item, { status, key });
		}
		return claims;
	}

	/** Item `item`'s claim, its batch claimed (and the next one started) if it was not yet. */
	async claimFor(item: number, key: string): Promise<Claim> {
		while (this.nextItem <= item) this.claimNextBatch(true);
		// Keep BATCHES_AHEAD batches claiming beyond the one this item is in.
		const horizon = item + BATCHES_AHEAD * BATCH;
		while (this.nextItem < this.itemCount && this.nextItem <= horizon) this.claimNextBatch(false);
		const claim = await this.claims.get(item);
		this.claims.delete(item);
		if (claim?.key === key) return claim;
		// Its key could not be read ahead, or reads differently now: claim it on its own.
		if (claim?.status === 'claimed') await this.release(claim.key);
		return (await this.claimKeysOf(new Map([[item, key]]))).get(item)!;
	}

	/** The earlier item holding `key` did not text: this item takes the key over. */
	async takeOver(claim: Extract<Claim, { status: 'earlierItem' }>, item: number): Promise<Claim> {
		const earlier = this.outcomes.get(claim.item);
		if (earlier?.status === 'sent' || earlier?.status === 'maybeSent') return claim;
		if (earlier === undefined && this.holder.get(claim.key) === claim.item) {
			// The earlier item never reached a send (its input was refused): its claim is this item's.
			this.holder.set(claim.key, item);
			return { status: 'claimed', key: claim.key };
		}
		return (await this.claimKeysOf(new Map([[item, claim.key]]))).get(item)!;
	}

	outcomeOf(item: number) {
		return this.outcomes.get(item);
	}

	async settle(item: number, key: string, outcome: SendOutcome) {
		if (this.holder.get(key) !== item) return;
		this.outcomes.set(item, {
			status: outcome.status,
			output: outcome.status === 'sent' ? outcome.output : undefined,
		});
		if (outcome.status === 'notSent') await this.release(key);
	}

	private async release(key: string) {
		this.holder.delete(key);
		await releaseKeys(this.store, 'once', [key]);
	}

	/** The run ended: keys claimed for items that never sent are released; claim marks go. */
	async end() {
		await Promise.allSettled([...this.claims.values()]);
		const unsent = [...this.holder].filter(([, item]) => !this.outcomes.has(item));
		this.holder.clear();
		const keys = unsent.map(([key]) => key);
		await releaseKeys(this.store, 'once', keys, this.claimMarks);
	}
}

function alreadySent(text: OutgoingText, key: string, extra: IDataObject = {}): AlreadySentOutput {
	return {
		outcome: 'already_sent',
		sendOncePer: key,
		phoneNumber: text.phoneNumber,
		channel: text.channel,
		reason: `A text with Send Once Per "${key}" already went from this workflow (or may have gone), so this one was not sent`,
		// The memory keeps only that the key was used; the earlier item of this run, its transaction.
		transactionId: null,
		...extra,
	};
}

/** Nothing sent: other executions kept overwriting the memory while the key was claimed. */
function undecided(context: IExecuteFunctions, itemIndex: number, key: string) {
	return new NodeOperationError(
		context.getNode(),
		`Send Once Per could not record "${key}": other executions kept rewriting this workflow's memory`,
		{
			itemIndex,
			description:
				"n8n's deduplication store was overwritten by other processes in each of several attempts. Nothing was sent; run the item again.",
		},
	);
}

/** The verdict on a text whose key `claims` was asked for. */
async function verdictOn(claims: RunClaims, text: OutgoingText, key: string): Promise<Verdict> {
	const details = { key };
	let claim = await claims.claimFor(text.itemIndex, key);
	if (claim.status === 'earlierItem') {
		const earlierItem = claim.item;
		claim = await claims.takeOver(claim, text.itemIndex);
		if (claim.status === 'earlierItem') {
			const earlier = claims.outcomeOf(earlierItem);
			const output = alreadySent(text, key, {
				sentBy: `item ${earlierItem} of this run`,
				...(earlier?.output?.transactionId
					? { earlierTransactionId: earlier.output.transactionId }
					: {}),
			});
			return { verdict: 'skip', output, details: { ...details, sentBy: output.sentBy } };
		}
	}
	if (claim.status === 'claimed') return { verdict: 'pass', details };
	if (claim.status === 'used') {
		// The memory keeps only a hash of the key: not when, nor the transaction (docs/send-once-and-caps.md).
		const output = alreadySent(text, key, { sentBy: 'an earlier execution' });
		return { verdict: 'skip', output, details: { ...details, sentBy: output.sentBy } };
	}
	return { verdict: 'refuse', details, error: undecided(claims.context, text.itemIndex, key) };
}

/**
 * With a compliance ledger, the key is held by the lowest live row that has it, across every
 * workflow and worker using the ledger (docs/ledger.md).
 */
async function ledgerVerdictOn(
	ledger: RunLedger,
	text: OutgoingText,
	key: string,
): Promise<Verdict> {
	const claimed = await ledger.claimOf(text);
	const holder = claimed?.key?.holder;
	if (!holder || claimed?.key?.mine) return { verdict: 'pass', details: { key } };
	const sentBy = `${holder.workflowName ? `workflow "${holder.workflowName}"` : 'a workflow'}${holder.execution ? `, execution ${holder.execution}` : ''} (compliance ledger)`;
	const output = alreadySent(text, key, {
		sentBy,
		...(holder.transactionId ? { earlierTransactionId: holder.transactionId } : {}),
	});
	output.reason = `A text with Send Once Per "${key}" already went (or may have gone), as the compliance ledger records, so this one was not sent`;
	return { verdict: 'skip', output, details: { key, sentBy } };
}

/**
 * Send Once Per: a key a text of this workflow used is not texted again. The key is recorded before
 * the text goes, released when it certainly did not go, kept when it did or may have.
 */
export const sendOnceCheck: SendCheck = {
	name: 'sendOnce',
	fields: [sendOnceField],
	start(run) {
		let claims: RunClaims | undefined;
		return {
			async before(text) {
				const key = text.sendOnceKey;
				if (!key) return { verdict: 'off' };
				if (run.ledger) return await ledgerVerdictOn(run.ledger, text, key);
				claims ??= new RunClaims(run, workflowStore(run.context, FEATURE));
				return await verdictOn(claims, text, key);
			},
			async after(text, outcome) {
				if (!claims) return;
				try {
					await claims.settle(text.itemIndex, text.sendOnceKey, outcome);
				} catch (error) {
					// Never thrown on: it would replace what happened to the text. A release that failed
					// leaves the key used (a later item with it comes out already_sent), which the log says.
					run.context.logger.warn(
						`Send Once Per: item ${text.itemIndex}'s key could not be released: ${(error as Error).message}`,
					);
				}
			},
			async end() {
				await claims?.end();
			},
		};
	},
};
