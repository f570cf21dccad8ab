import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	type CapRule,
	capRuleOutput,
	capRulesFor,
	MAX_CUSTOM_CAP,
	strictest,
	toCapChoice,
	toCapLimit,
	toLastPurchaseAt,
} from '../../../../shared/capRules';
import {
	type CapTally,
	countFirst,
	countFirstAhead,
	countOneMore,
	type CountedText,
	keepCountedAhead,
	type MarkStore,
	readMinutes,
	workflowStore,
} from '../../../../shared/memory';
import type { TatangoClient } from '../../../../shared/transport';
import type { OutgoingText } from '../text';
import type { SendCheck, SendOutcome, SendRunView, RunLedger } from '../types';

const FEATURE = 'Per-Number Cap';

/**
 * Where the setting lives (docs/send-once-and-caps.md): on each send as these fields, and on each
 * credential as a Per-Number Cap Policy a compliance owner sets once; the lower limit wins. A text
 * marked "Recipient Asked" (Quiet Hours) is neither capped nor counted.
 */
const capFields: INodeProperties[] = [
	{
		displayName: 'Per-Number Cap',
		name: 'perNumberCap',
		type: 'options',
		default: 'off',
		options: [
			{
				name: "Don't Cap",
				value: 'off',
				description: "No limit, unless the credential's Per-Number Cap Policy sets one",
			},
			{
				name: 'Limit Texts per 24 Hours',
				value: 'custom',
				description: 'Your own limit, for every number',
			},
			{
				name: 'State Limits (FL, MD, OK, OR)',
				value: 'stateRules',
				description:
					'At most 3 texts in any 24 hours (on the same subject) to a Florida, Maryland, Oklahoma or Oregon number (by area code), each law from the day it took effect',
			},
		],
		hint: "Counts this workflow's texts to each number over any 24 hours",
		description:
			'Whether to hold back a text past a limit of texts to one number in any 24 hours. A held-back item says when it may go. Texts marked "Recipient Asked" under Quiet Hours are not capped.',
	},
	{
		displayName: 'Texts per 24 Hours',
		name: 'perNumberCapLimit',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1, maxValue: MAX_CUSTOM_CAP },
		displayOptions: { show: { perNumberCap: ['custom'] } },
		hint: '1: one text per number per day',
		description: 'The most texts one number may get in any 24 hours',
	},
	{
		displayName: 'Cap Subject',
		name: 'capSubject',
		type: 'string',
		default: '',
		placeholder: 'e.g. spring-sale',
		displayOptions: { show: { perNumberCap: ['custom', 'stateRules'] } },
		hint: 'Texts with the same subject count together',
		description:
			'What this text is about (the state laws count texts "on the same subject matter or issue"). Empty: every capped text to the number counts together.',
	},
	{
		// Oregon's HB 3865 exempts an established business relationship from its limit; only the
		// builder knows the recipient's purchases, so it is said per text.
		displayName: 'Last Purchase At',
		name: 'lastPurchaseAt',
		type: 'dateTime',
		default: '',
		placeholder: 'e.g. {{ $json.lastPurchaseAt }}',
		displayOptions: { show: { perNumberCap: ['stateRules'] } },
		description:
			"When the recipient last bought from you, if known. A purchase within the 18 months before the text is an established business relationship under Oregon's HB 3865: Oregon's limit does not count the text. Empty: no purchase known.",
	},
];

/** Items whose numbers are read ahead, and their first texts counted, in one call. */
const READ_AHEAD = 100;

/** The rule that caps a text, and what its texts are counted with. */
interface CapOfText {
	rule: CapRule;
	/** Whether the credential's policy set the rule (the node's own cap is looser or off). */
	fromPolicy: boolean;
	tally: CapTally;
}

/** A run's counts are kept per number and subject: the marks do not depend on the limit. */
const tallyKey = (tally: CapTally) => `${tally.phone}/${tally.subject}`;

/**
 * The tallies a text is counted in: its own, and for a text on a subject also all the number's
 * capped texts together, which an empty Cap Subject reads (past the most any cap allows, an empty
 * subject is refused anyway).
 */
function talliesOf(tally: CapTally): CapTally[] {
	if (tally.subject === '') return [tally];
	return [tally, { phone: tally.phone, subject: '', limit: MAX_CUSTOM_CAP }];
}

/** A first text counted ahead for an item not yet sent (countFirstAhead). */
interface CountedAhead {
	key: string;
	counted: CountedText[];
	marks: string[];
}

/** Counted (and the count then), or refused: how many count, and when one more may go. */
type CapCount =
	| { allowed: true; count: number }
	| { allowed: false; count: number; nextAllowedAt: number };

/**
 * The rule that caps `text`, if any: the lower of the node's cap and the credential's policy, each
 * state's law as in force on the recipient's day, less those the text is exempt from.
 */
async function capRuleOf(
	text: OutgoingText,
	tatango: TatangoClient,
	/** The workflow's time zone, asked only to read a Last Purchase At without an offset. */
	timeZone: () => string,
): Promise<CapOfText | undefined> {
	if (text.recipientAsked) return undefined;
	const phone = text.phoneNumber;
	const choice = toCapChoice(text.parameter('perNumberCap', 'off'), FEATURE);
	const credentials = await tatango.credentials(text.channel === 'V2' ? 'v2' : 'v3');
	const policy = toCapChoice(credentials.perNumberCapPolicy, "Credential's Per-Number Cap Policy");
	const at = Date.now();
	const lastPurchase = choice === 'stateRules' ? text.parameter('lastPurchaseAt', '') : '';
	const lastPurchaseAt =
		lastPurchase === '' || lastPurchase === undefined || lastPurchase === null
			? undefined
			: toLastPurchaseAt(lastPurchase, 'Last Purchase At', timeZone(), at);
	const nodeRules = capRulesFor(
		phone,
		choice,
		choice === 'custom'
			? toCapLimit(text.parameter('perNumberCapLimit', 1), 'Texts per 24 Hours')
			: 0,
		{ at, lastPurchaseAt },
	);
	const policyRules = capRulesFor(
		phone,
		policy,
		policy === 'custom'
			? toCapLimit(credentials.perNumberCapPolicyLimit, "Credential's Policy Texts per 24 Hours")
			: 0,
		{ at, lastPurchaseAt },
	);
	const rule = strictest([...nodeRules, ...policyRules]);
	if (!rule) return undefined;
	const subject = choice === 'off' ? '' : text.capSubject;
	return {
		rule,
		fromPolicy: !nodeRules.includes(rule),
		tally: { phone, subject, limit: rule.limit },
	};
}

/**
 * One node run's counts: each number and subject's read once (countFirst, or counted ahead in one
 * call for the next READ_AHEAD texts: a campaign texting each number once then costs no call per
 * text), then kept up to date by the run's own texts. A count taken ahead for an item that never
 * sends is given back once the run has passed it, or at the run's end.
 */
class RunCaps {
	private store?: MarkStore;
	private readonly counted = new Map<string, Promise<CountedText[]>>();
	/** What each item's text was counted as, and its marks: removed if it certainly did not go. */
	private readonly taken = new Map<
		number,
		Array<{ key: string; marks: string[]; text: CountedText }>
	>();
	/** First texts counted ahead for items not yet sent, and the first item not read ahead. */
	private readonly ahead = new Map<number, CountedAhead[]>();
	private readAheadTo = 0;

	constructor(private readonly run: SendRunView) {}

	private storeOf(): MarkStore {
		this.store ??= workflowStore(this.run.context, FEATURE);
		return this.store;
	}

	/** Counts ahead the first text of each number and subject among the next READ_AHEAD items. */
	private async countNextBatch(from: number, now: number) {
		const texts = this.run.textsAhead(from, READ_AHEAD);
		this.readAheadTo = from + texts.length;
		const items: number[] = [];
		const tallies: CapTally[] = [];
		const seen = new Set<string>();
		for (const text of texts) {
			const cap = await capRuleOf(text, this.run.tatango, () =>
				this.run.context.getTimezone(),
			).catch(() => undefined);
			if (!cap) continue; // not capped, or its turn says why it does not read
			for (const tally of talliesOf(cap.tally)) {
				const key = tallyKey(tally);
				if (this.counted.has(key) || seen.has(key)) continue;
				seen.add(key);
				items.push(text.itemIndex);
				tallies.push(tally);
			}
		}
		const results = await countFirstAhead(this.storeOf(), tallies, now);
		results.forEach((result, i) => {
			if (!result) return;
			const counted = this.ahead.get(items[i]) ?? [];
			counted.push({ key: tallyKey(tallies[i]), counted: result.counted, marks: result.taken });
			this.ahead.set(items[i], counted);
		});
	}

	/** Counts taken ahead for items before `item`: they never reached their send. */
	async giveBackUnused(item: number) {
		const passed = [...this.ahead].filter(([ahead]) => ahead < item);
		if (passed.length === 0) return;
		for (const [ahead] of passed) this.ahead.delete(ahead);
		await this.storeOf().remove(passed.flatMap(([, all]) => all.flatMap(({ marks }) => marks)));
	}

	/**
	 * Counts `text` if its cap allows one more; a refusal's count and time otherwise. A text on a
	 * subject is also counted among all the number's capped texts, which an empty Cap Subject reads.
	 */
	async count(text: OutgoingText, tally: CapTally): Promise<CapCount> {
		const item = text.itemIndex;
		const now = Date.now();
		await this.giveBackUnused(item);
		if (!this.counted.has(tallyKey(tally)) && item >= this.readAheadTo) {
			await this.countNextBatch(item, now);
		}
		const ahead = this.ahead.get(item) ?? [];
		this.ahead.delete(item);
		const [own, all] = talliesOf(tally) as [CapTally, CapTally | undefined];
		const aheadOf = (of: CapTally) => ahead.find(({ key }) => key === tallyKey(of));
		const result = await this.countIn(item, own, now, aheadOf(own));
		if (all && result.allowed) await this.countIn(item, all, now, aheadOf(all));
		else if (all) await this.giveBack(aheadOf(all));
		return result;
	}

	private async giveBack(ahead: CountedAhead | undefined) {
		if (ahead) await this.storeOf().remove(ahead.marks);
	}

	/** One more text of `item` counted in `tally`, if its limit allows. */
	private async countIn(
		item: number,
		tally: CapTally,
		now: number,
		ahead?: CountedAhead,
	): Promise<CapCount> {
		const store = this.storeOf();
		const key = tallyKey(tally);
		let reading = this.counted.get(key);
		if (!reading && ahead?.key === key) {
			const taken = { counted: ahead.counted, taken: ahead.marks };
			if (await keepCountedAhead(store, tally, taken, now)) {
				this.counted.set(key, Promise.resolve(ahead.counted));
				this.took(item, key, taken.taken, ahead.counted[0]);
				return { allowed: true, count: 1 };
			}
		}
		await this.giveBack(ahead); // counted ahead otherwise: not this text's
		if (!reading) {
			// The run's first text to this number and subject: counted in one call if it had none lately.
			const first = countFirst(store, tally, now);
			reading = first.then(({ counted }) => counted);
			this.counted.set(key, reading);
			const { taken, counted } = await first;
			if (taken) {
				this.took(item, key, taken, counted[0]);
				return { allowed: true, count: 1 };
			}
		}
		const counted = await reading;
		for (;;) {
			const result = await countOneMore(store, tally, counted, now);
			if ('taken' in result) {
				this.took(item, key, result.taken, counted[counted.length - 1]);
				return { allowed: true, count: counted.length };
			}
			if (result.allowed !== 'unknown') return result;
			await readMinutes(store, tally, result.readMinutesOf);
		}
	}

	private took(item: number, key: string, marks: string[], text: CountedText) {
		const taken = this.taken.get(item) ?? [];
		taken.push({ key, marks, text });
		this.taken.set(item, taken);
	}

	/** The text certainly did not go: it no longer counts. */
	async uncount(item: number, sent: SendOutcome['status']) {
		const taken = this.taken.get(item);
		if (!taken) return;
		this.taken.delete(item);
		if (sent !== 'notSent') return;
		await this.storeOf().remove(taken.flatMap(({ marks }) => marks));
		for (const { key, text } of taken) {
			const counted = await this.counted.get(key);
			const at = counted?.indexOf(text) ?? -1;
			if (at >= 0) counted?.splice(at, 1);
		}
	}
}

/** The ledger's count of a capped text: exact, across every workflow using the ledger. */
async function ledgerCount(
	ledger: RunLedger,
	text: OutgoingText,
): Promise<
	{ allowed: true; count: number } | { allowed: false; count: number; nextAllowedAt: number }
> {
	const cap = (await ledger.claimOf(text))?.cap;
	if (!cap) {
		throw new NodeOperationError(
			ledger.context.getNode(),
			'The compliance ledger gave no count for a capped text; nothing was sent',
			{ itemIndex: text.itemIndex },
		);
	}
	return cap;
}

/** The refusal of a text past the cap: the rule, the count and when it may go. */
function refusal(
	context: IExecuteFunctions,
	text: OutgoingText,
	{ rule, fromPolicy, tally }: CapOfText,
	count: number,
	nextAllowedAt: string,
	inLedger: boolean,
): NodeOperationError {
	const counted = inLedger
		? 'Counted in the compliance ledger, across every workflow that uses it.'
		: "Counted in this workflow's memory in n8n's database.";
	const subject = tally.subject;
	const about = subject ? ` on "${subject}"` : '';
	const label =
		rule.citation === "the sender's own cap" ? 'the Per-Number Cap' : `the ${rule.name} limit`;
	const error = new NodeOperationError(
		context.getNode(),
		`Not sent: ${text.phoneNumber} has had ${count} texts${about} in the last 24 hours, ${label} (${rule.limit} in 24 hours). It may be sent from ${nextAllowedAt}.`,
		{
			itemIndex: text.itemIndex,
			description: `${fromPolicy ? "The credential's Per-Number Cap Policy" : 'Per-Number Cap'} held this text back; nothing was sent. Rule: ${rule.name}, ${rule.citation}: at most ${rule.limit} ${rule.counts} in 24 hours. ${counted} With Continue On Fail the item's JSON carries nextAllowedAt, for a Wait node set to resume then. A one-time code or a reply the recipient asked for: set Quiet Hours to "Recipient Asked (No Quiet Hours, No Cap)".`,
		},
	);
	error.context.itemFields = {
		nextAllowedAt,
		count,
		capSubject: subject,
		rule: capRuleOutput(rule),
	};
	return error;
}

/** A text's cap as the compliance ledger records it with the text's claim (send/ledger.ts). */
export async function ledgerCapOf(
	run: SendRunView,
	text: OutgoingText,
): Promise<{ subject: string; limit: number } | undefined> {
	const cap = await capRuleOf(text, run.tatango, () => run.context.getTimezone());
	return cap ? { subject: cap.tally.subject, limit: cap.tally.limit } : undefined;
}

/**
 * Per-Number Cap, the last check before a text: counts the texts to the number (on the subject) in
 * the last 24 hours and refuses one more past the limit, naming the rule, the count and when it may
 * go (`nextAllowedAt`, on the error for Continue On Fail's item). An allowed text is counted before
 * it is sent, and no longer if it certainly did not go. A text the recipient asked for is neither
 * capped nor counted.
 */
export const perNumberCapCheck: SendCheck = {
	name: 'perNumberCap',
	fields: capFields,
	start(run) {
		const caps = new RunCaps(run);
		return {
			async before(text) {
				const cap = await capRuleOf(text, run.tatango, () => run.context.getTimezone());
				if (!cap) return { verdict: 'off' };
				const rule = { name: cap.rule.name, citation: cap.rule.citation };
				const details = { capSubject: cap.tally.subject, limit: cap.rule.limit };
				const result = run.ledger
					? await ledgerCount(run.ledger, text)
					: await caps.count(text, cap.tally);
				if (!('nextAllowedAt' in result)) {
					return { verdict: 'pass', rule, details: { ...details, count: result.count } };
				}
				const nextAllowedAt = new Date(result.nextAllowedAt).toISOString();
				return {
					verdict: 'refuse',
					rule,
					details: { ...details, count: result.count, nextAllowedAt },
					error: refusal(
						run.context,
						text,
						cap,
						result.count,
						nextAllowedAt,
						run.ledger !== undefined,
					),
				};
			},
			async after(text, outcome) {
				try {
					await caps.uncount(text.itemIndex, outcome.status);
				} catch (error) {
					// A text that did not go stays counted (stricter, never looser); the log says so.
					run.context.logger.warn(
						`Per-Number Cap: item ${text.itemIndex}'s text could not be uncounted: ${(error as Error).message}`,
					);
				}
			},
			async end() {
				await caps.giveBackUnused(Number.MAX_SAFE_INTEGER);
			},
		};
	},
};
