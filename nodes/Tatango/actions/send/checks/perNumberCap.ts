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
import type { CapCount } from '../../../../shared/capCount';
import { type CapTally, CapRun, type TalliesAhead, workflowStore } from '../../../../shared/memory';
import type { TatangoClient } from '../../../../shared/transport';
import type { OutgoingText } from '../text';
import type { SendCheck, SendRunView, RunLedger } from '../types';

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

/** The rule that caps a text, and what its texts are counted with. */
interface CapOfText {
	rule: CapRule;
	/** Whether the credential's policy set the rule (the node's own cap is looser or off). */
	fromPolicy: boolean;
	tally: CapTally;
}

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

/** The ledger's count of a capped text: exact, across every workflow using the ledger. */
async function ledgerCount(ledger: RunLedger, text: OutgoingText): Promise<CapCount> {
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
 * The texts ahead, each with its cap's tally when capped: the memory counts them in batches, the
 * next one while the current one is sent. Read in one go: a hundred numbers evaluated in a row took
 * n8n less time than one at a time between the sends, and read a few at a time between the sends'
 * answers (2 or 4 per turn of the event loop) they held the sends up more than they saved (bench
 * (m), a busy machine: the cap +10 to +21 % of a send against +4 to +9 % read in one go).
 */
function talliesAhead(run: SendRunView): TalliesAhead {
	return async (from, count) => {
		const tallies = [];
		for (const text of run.textsAhead(from, count)) {
			// Not capped, or a field that does not read: its own turn says why.
			const cap = await capRuleOf(text, run.tatango, () => run.context.getTimezone()).catch(
				() => undefined,
			);
			tallies.push({ item: text.itemIndex, tally: cap?.tally });
		}
		return tallies;
	};
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
		// Without a ledger, the workflow's memory counts.
		const caps = new CapRun(() => workflowStore(run.context, FEATURE), talliesAhead(run));
		return {
			async before(text) {
				const cap = await capRuleOf(text, run.tatango, () => run.context.getTimezone());
				if (!cap) return { verdict: 'off' };
				const rule = { name: cap.rule.name, citation: cap.rule.citation };
				const details = { capSubject: cap.tally.subject, limit: cap.rule.limit };
				const result = run.ledger
					? await ledgerCount(run.ledger, text)
					: await caps.count(text.itemIndex, cap.tally);
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
				await caps.end();
			},
		};
	},
};
