import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { type Claimed, Ledger, type LedgerRow, type TextToClaim } from '../../../shared/ledger';
import { hasLedger } from '../../../shared/transport';
import { ledgerCapOf } from './checks/perNumberCap';
import type { OutgoingText } from './text';
import type { CheckVerdict, RunLedger, SendRunView, TextRecord } from './types';

/** Texts claimed (and numbers' consent read) ahead, this many at a time. */
const AHEAD = 100;

/**
 * Fields read ahead (n8n evaluates each item's expressions, synchronously) between two turns of
 * the event loop: read a hundred at once, they held up the text being sent for 100 to 500 ms
 * (the gaps between sends in bench (m)), where a few at a time fit between its answers.
 */
const READ_BETWEEN_TURNS = 4;

/** Lets the event loop take the answers of the sends under way. */
const nextTurn = async () => await sleep(0);

/**
 * How far ahead of the text being sent the claims reach at first, in texts. A claim takes its
 * settle wait and a few round trips (a quarter to half a second on a busy machine), a hundred
 * unpaced sends less than that: claimed only one batch ahead, every hundredth send waited.
 */
const FIRST_LEAD = 3 * AHEAD;
/** ...and at most, each time a send still waited for its claim a hundred further. */
const MAX_LEAD = 5 * AHEAD;

/**
 * The compliance ledger of one send run (docs/ledger.md), when the node has a ledger credential:
 * what Send Once Per, Per-Number Cap and Skip Opted-Out Numbers read, and the recorder writes. A
 * text with a key or a cap is claimed before its post, with the next hundred texts in one insert;
 * the others are written at the run's end, in one insert per hundred.
 */
export class SendLedger implements RunLedger {
	private opened?: Promise<Ledger>;
	private readonly claims = new Map<number, Promise<Claimed | undefined>>();
	/** Items whose claim made ahead has come back. */
	private readonly ready = new Set<number>();
	/** The first item after the latest batch claimed. */
	private claimedTo = 0;
	/** How far ahead of the item being sent the claims reach. */
	private lead = FIRST_LEAD;
	/** When the latest batch has read its items' fields and inserted its rows. */
	private fieldsRead: Promise<void> = Promise.resolve();
	/** Items whose turn came: their claims are settled by the recorder or as not sent at the end. */
	private readonly reached = new Set<number>();
	/** Each item's number's latest consent row, read ahead. */
	private readonly consent = new Map<number, Promise<LedgerRow | undefined>>();
	private consentTo = 0;
	/** The rows claimed for items, until the recorder settles them. */
	private readonly rows = new Map<number, LedgerRow>();

	constructor(private readonly run: SendRunView) {}

	get context() {
		return this.run.context;
	}

	/** The run's ledger, or undefined when the node has no ledger credential. */
	static of(run: SendRunView): SendLedger | undefined {
		return hasLedger(run.context) ? new SendLedger(run) : undefined;
	}

	open(): Promise<Ledger> {
		if (!this.opened) {
			const context = this.run.context;
			const workflow = context.getWorkflow();
			this.opened = Ledger.open(context, {
				workflow: String(workflow.id ?? ''),
				workflowName: String(workflow.name ?? ''),
				execution: String(context.getExecutionId() ?? ''),
				node: context.getNode().name,
			});
		}
		return this.opened;
	}

	private async partOf(text: OutgoingText): Promise<TextToClaim | undefined> {
		const key = text.sendOnceKey;
		// The cap as the Per-Number Cap check reads it, so a claim made ahead carries it.
		const cap = await ledgerCapOf(this.run, text);
		if (!key && !cap) return undefined;
		return { phone: text.phoneNumber, channel: text.channel, sendOnceKey: key || undefined, cap };
	}

	/**
	 * Claims the texts of the next AHEAD items that have a key or a cap, in one go. False when the
	 * run cannot read items ahead (each is then claimed at its own turn).
	 */
	private claimAhead(from: number): boolean {
		// The run's first batch is read at once: no send is under way yet.
		const first = this.claims.size === 0;
		const texts = this.run.textsAhead(from, AHEAD);
		this.claimedTo = from + Math.max(1, texts.length);
		// The table is looked up while the first batch's fields are read.
		const opening = this.open();
		opening.catch(() => undefined); // awaited below
		// Each batch reads its items' fields once the batch before has inserted its rows (during its
		// settle wait): read at once, they would hold back the first batch and the run's first send.
		const previous = this.fieldsRead;
		let claiming: (inserted?: Promise<void>) => void = () => {};
		this.fieldsRead = new Promise<void>((resolve) => (claiming = resolve));
		const batch = (async () => {
			try {
				await previous;
				const parts: Array<{ item: number; part: TextToClaim }> = [];
				for (const [i, text] of texts.entries()) {
					if (!first && i % READ_BETWEEN_TURNS === 0) await nextTurn();
					// A text whose fields do not read is claimed at its own turn, which reports why.
					const part = await this.partOf(text).catch(() => undefined);
					if (part) parts.push({ item: text.itemIndex, part });
				}
				const ledger = await opening;
				const claim = ledger.claim(
					parts.map(({ part }) => part),
					Date.now(),
					from,
				);
				claiming(ledger.claimsInserted());
				const claimed = await claim;
				return new Map(
					parts.map(({ item }, i) => [item, { claimed: claimed[i], part: parts[i].part }]),
				);
			} finally {
				claiming();
			}
		})();
		batch.then(
			() => texts.forEach((text) => this.ready.add(text.itemIndex)),
			() => undefined, // awaited at each item's turn
		);
		for (const text of texts) {
			const claim = batch.then((claims) => claims.get(text.itemIndex));
			this.claims.set(
				text.itemIndex,
				claim.then((found) => found?.claimed),
			);
			claim.catch(() => undefined);
		}
		return texts.length > 0;
	}

	/**
	 * The ledger's claim of a text with a key or a cap: its row, who holds the key, whether the cap
	 * lets it go. Undefined for a text with neither. The claims reach `lead` items ahead of the text
	 * being sent, a batch of a hundred at a time, so that the settle wait and the reads of each
	 * batch are over before its first text's turn; a send that still had to wait for its claim
	 * makes the claims reach a hundred further (up to MAX_LEAD). The batches' rows are inserted one
	 * batch after another, so the run's own claims are numbered in item order.
	 */
	async claimOf(text: OutgoingText): Promise<Claimed | undefined> {
		const item = text.itemIndex;
		this.reached.add(item);
		const claimedAhead = this.claims.has(item);
		if (!claimedAhead && item >= this.claimedTo) this.claimAhead(item);
		const end = Math.min(this.run.itemCount, item + this.lead);
		while (this.claimedTo < end && this.claimAhead(this.claimedTo));
		if (claimedAhead && !this.ready.has(item)) this.lead = Math.min(MAX_LEAD, this.lead + AHEAD);
		let claimed = await this.claims.get(item);
		const part = await this.partOf(text);
		if (!part) return undefined;
		if (
			!claimed ||
			claimed.row.sendOnceKey !== (part.sendOnceKey ?? null) ||
			(claimed.row.capLimit ?? null) !== (part.cap?.limit ?? null)
		) {
			// Not claimed ahead (a field did not read then), or it reads differently now.
			if (claimed) this.rows.set(-1 - item, claimed.row); // settled as not sent at the end
			const ledger = await this.open();
			[claimed] = await ledger.claim([part], Date.now(), item);
		}
		this.claims.set(item, Promise.resolve(claimed));
		this.ready.add(item);
		this.rows.set(item, claimed.row);
		return claimed;
	}

	/**
	 * The number's latest revocation or opt-in on record. Read a hundred items at a time, up to a
	 * hundred items ahead of the text being sent: a send never waits for the read of its number but
	 * the run's first, and no number is read on its own unless its item was not read ahead.
	 */
	async consentOf(text: OutgoingText): Promise<LedgerRow | undefined> {
		const item = text.itemIndex;
		if (!this.consent.has(item) && item >= this.consentTo) this.readConsent(item);
		const end = Math.min(this.run.itemCount, item + AHEAD);
		while (this.consentTo < end && this.readConsent(this.consentTo));
		const read = this.consent.get(item);
		if (read) return await read;
		const ledger = await this.open();
		return (await ledger.consentOf([text.phoneNumber], item)).get(text.phoneNumber);
	}

	/**
	 * Reads the consent of the numbers of the AHEAD items from `from`, in one go: their numbers are
	 * read a few between turns of the event loop, so the sends under way are not held up. False if
	 * the run cannot read items ahead.
	 */
	private readConsent(from: number): boolean {
		const texts = this.run.textsAhead(from, AHEAD);
		this.consentTo = from + Math.max(1, texts.length);
		const batch = (async () => {
			const phones: Array<string | undefined> = [];
			for (const [i, ahead] of texts.entries()) {
				if (i > 0 && i % READ_BETWEEN_TURNS === 0) await nextTurn();
				try {
					phones.push(ahead.phoneNumber);
				} catch {
					phones.push(undefined); // its own turn reports the number that does not read
				}
			}
			const ledger = await this.open();
			const asked = [...new Set(phones.filter((phone) => phone !== undefined))];
			const found = await ledger.consentOf(asked, from);
			return phones.map((phone) => (phone === undefined ? undefined : found.get(phone)));
		})();
		batch.catch(() => undefined); // awaited at each item's turn
		texts.forEach((ahead, i) => {
			const read = batch.then((found) => found[i]);
			read.catch(() => undefined); // awaited at the item's turn, if it comes
			this.consent.set(ahead.itemIndex, read);
		});
		return texts.length > 0;
	}

	/** A text's row, as it ended: sent with its transactionId, or held back and why. */
	async record(record: TextRecord): Promise<void> {
		const ledger = await this.open();
		const row = this.rows.get(record.itemIndex);
		this.rows.delete(record.itemIndex);
		const data = rowDataOf(record);
		if (row) ledger.settle(row, data);
		else this.unclaimed.push(record);
	}

	private readonly unclaimed: TextRecord[] = [];

	/**
	 * The run is over: texts without a claim are written (one insert per hundred), rows claimed for
	 * items that never reached their send are marked not sent, every write is waited for, and the
	 * table is kept small (at most every ten minutes).
	 */
	async end(): Promise<void> {
		if (!this.opened && this.unclaimed.length === 0) return;
		const ledger = await this.open();
		for (const [, row] of this.rows) ledger.settle(row, NEVER_SENT);
		this.rows.clear();
		// Claimed ahead for items the run never reached (it stopped at an error): not sent, so they
		// neither hold their keys nor count toward a cap, and a retry of the run sends them.
		for (const [item, claim] of this.claims) {
			if (this.reached.has(item)) continue;
			const claimed = await claim.catch(() => undefined);
			if (claimed) ledger.settle(claimed.row, NEVER_SENT);
		}
		this.claims.clear();
		await ledger.append(
			this.unclaimed.map((record) => ({
				kind: 'text' as const,
				phone: record.phoneNumber,
				at: record.at,
				channel: record.channel,
				...(rowDataOf(record) as object),
			})),
		);
		this.unclaimed.length = 0;
		await ledger.flush();
		await ledger.maintain(Date.now());
	}
}

const NEVER_SENT = { status: 'not_sent', reason: 'the run ended before this item was sent' };

const STATUS_OF: Record<string, string> = {
	sent: 'sent',
	maybeSent: 'maybe_sent',
	notSent: 'not_sent',
};

const HELD_BY: Record<string, string> = {
	sendOnce: 'already_sent',
	optOuts: 'skipped',
	sendWindow: 'refused',
	perNumberCap: 'capped',
};

/** What the record of a text puts in its row. */
function rowDataOf(record: TextRecord): IDataObject {
	const fate = record.fate;
	const verdicts: IDataObject = {};
	let rule: string | null = null;
	let count: number | null = null;
	for (const verdict of record.verdicts) verdicts[verdict.check] = verdictText(verdict);
	const deciding = record.verdicts.find((v) => v.verdict === 'skip' || v.verdict === 'refuse');
	if (deciding?.rule) rule = `${deciding.rule.name} (${deciding.rule.citation})`;
	const cap = record.verdicts.find((v) => v.check === 'perNumberCap' && v.verdict !== 'off');
	if (typeof cap?.details?.count === 'number') count = cap.details.count;
	const status =
		fate.status === 'skipped' || fate.status === 'refused'
			? (HELD_BY[fate.check] ?? fate.status)
			: STATUS_OF[fate.status];
	return {
		status,
		at: record.at,
		when: new Date(record.at).toISOString(),
		verdicts: JSON.stringify(verdicts),
		rule,
		count,
		transactionId: fate.status === 'sent' ? fate.transactionId : null,
		reason:
			fate.status === 'sent'
				? null
				: fate.status === 'skipped'
					? `held back by ${fate.check}`
					: fate.error,
	};
}

function verdictText(verdict: CheckVerdict): string {
	if (verdict.verdict === 'off' || verdict.verdict === 'pass') {
		return verdict.rule ? `${verdict.verdict}: ${verdict.rule.name}` : verdict.verdict;
	}
	const next = verdict.details?.nextAllowedAt
		? `, next ${String(verdict.details.nextAllowedAt)}`
		: '';
	return `${verdict.verdict}${verdict.rule ? `: ${verdict.rule.name}` : ''}${next}`;
}
