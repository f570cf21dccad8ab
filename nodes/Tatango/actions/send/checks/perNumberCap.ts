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
} from '../../../../shared/capRules';
import {
	type CapSubject,
	type CountedText,
	type MarkStore,
	readMinutes,
	takeFirst,
	takeFirstMany,
	takeSlot,
	useAhead,
	workflowStore,
} from '../../../../shared/memory';
import type { TatangoClient } from '../../../../shared/transport';
import { textOf, toTenDigitPhone } from '../../../../shared/validation';
import type { SendCheck } from '../types';
import { RECIPIENT_ASKED } from './sendWindow';

const FEATURE = 'Per-Number Cap';

/**
 * Where the setting lives (docs/send-once-and-caps.md): on each send as these fields, and on each
 * credential as a Per-Number Cap Policy a compliance owner sets once; the lower limit wins. A text
 * marked "Recipient Asked for This Text" (Quiet Hours) is neither capped nor counted.
 */
const capFields: INodeProperties[] = [
	{
		displayName: 'Per-Number Cap',
		name: 'perNumberCap',
		type: 'options',
		default: 'off',
		options: [
			{
				name: 'At Most N per 24 Hours',
				value: 'custom',
				description: 'Your own limit, for every number',
			},
			{
				name: "Don't Cap",
				value: 'off',
				description: "No limit, unless the credential's Per-Number Cap Policy sets one",
			},
			{
				name: 'State Limits (FL, MD, OK)',
				value: 'stateRules',
				description:
					'At most 3 texts on the same subject in any 24 hours to a Florida, Maryland or Oklahoma number (by area code)',
			},
		],
		description:
			'Whether to refuse a text that would exceed a number of texts to the same number in any 24 hours, counted in n8n\'s own database across this workflow\'s executions. A refused item sends nothing and carries nextAllowedAt. Texts marked "Recipient Asked for This Text" (Quiet Hours) are not capped.',
	},
	{
		displayName: 'Texts per 24 Hours',
		name: 'perNumberCapLimit',
		type: 'number',
		default: 1,
		typeOptions: { minValue: 1, maxValue: MAX_CUSTOM_CAP },
		displayOptions: { show: { perNumberCap: ['custom'] } },
		description: 'The most texts one number may get in any 24 hours',
	},
	{
		displayName: 'Cap Subject',
		name: 'capSubject',
		type: 'string',
		default: '',
		placeholder: 'e.g. spring-sale',
		displayOptions: { show: { perNumberCap: ['custom', 'stateRules'] } },
		description:
			'What this text is about. Texts with the same subject count together (the state laws count solicitations "on the same subject matter or issue"). Empty: every capped text to the number counts together.',
	},
];

/** One node run's counts: read once per number and subject (takeFirst), then kept up to date by the run's own texts. */
interface RunCaps {
	store: MarkStore;
	counted: Map<string, Promise<CountedText[]>>;
	/** The marks each item's text took, removed again if it certainly did not go. */
	taken: Map<number, { countKey: string; marks: string[] }>;
	/** First texts counted ahead for items not yet sent (readAhead), and the first item not read ahead. */
	ahead: Map<number, { countKey: string; counted: CountedText[]; marks: string[] }>;
	readAheadTo: number;
}

/** Items whose numbers are read ahead, and their first texts counted, in one call. */
const READ_AHEAD = 100;

const runs = new WeakMap<TatangoClient, RunCaps>();

function runOf(context: IExecuteFunctions, tatango: TatangoClient): RunCaps {
	let run = runs.get(tatango);
	if (!run) {
		run = {
			store: workflowStore(context, FEATURE),
			counted: new Map(),
			taken: new Map(),
			ahead: new Map(),
			readAheadTo: 0,
		};
		runs.set(tatango, run);
	}
	return run;
}

/** The rule that caps this text, if any, and whether the credential's policy set it. */
async function capOf(
	context: IExecuteFunctions,
	itemIndex: number,
	tatango: TatangoClient,
	phone: string,
	api: 'v2' | 'v3',
): Promise<{ rule: CapRule; fromPolicy: boolean; subject: string } | undefined> {
	const choice = toCapChoice(context.getNodeParameter('perNumberCap', itemIndex, 'off'), FEATURE);
	const nodeRules = capRulesFor(
		phone,
		choice,
		choice === 'custom'
			? toCapLimit(
					context.getNodeParameter('perNumberCapLimit', itemIndex, 1),
					'Texts per 24 Hours',
				)
			: 0,
	);
	const credentials = await tatango.credentials(api);
	const policy = toCapChoice(credentials.perNumberCapPolicy, "Credential's Per-Number Cap Policy");
	const policyRules = capRulesFor(
		phone,
		policy,
		policy === 'custom'
			? toCapLimit(credentials.perNumberCapPolicyLimit, "Credential's Policy Texts per 24 Hours")
			: 0,
	);
	const rule = strictest([...nodeRules, ...policyRules]);
	if (!rule) return undefined;
	const subject =
		choice === 'off'
			? ''
			: textOf(context.getNodeParameter('capSubject', itemIndex, ''), 'Cap Subject').trim();
	return { rule, fromPolicy: !nodeRules.includes(rule), subject };
}

/** The cap of item `item` as its own turn will see it, if its fields read (else its turn says why). */
async function capAhead(
	context: IExecuteFunctions,
	item: number,
	tatango: TatangoClient,
	api: 'v2' | 'v3',
): Promise<{ countKey: string; cap: CapSubject } | undefined> {
	try {
		const quietHours = textOf(context.getNodeParameter('quietHours', item, 'off'), 'Quiet Hours');
		if (quietHours.trim() === RECIPIENT_ASKED) return undefined;
		const phone = toTenDigitPhone(context.getNodeParameter('phoneNumber', item));
		const found = await capOf(context, item, tatango, phone, api);
		if (!found) return undefined;
		const cap = { phone, subject: found.subject, limit: found.rule.limit };
		return { countKey: `${cap.limit}/${phone}/${cap.subject}`, cap };
	} catch {
		return undefined;
	}
}

/**
 * Counts ahead the first text of each number and subject among the next READ_AHEAD items, in one
 * call (takeFirstMany): a campaign texting each number once then costs no call per text. A count
 * taken ahead for an item that never sends is given back at its turn's neighbours or the run's end.
 */
async function readAhead(
	context: IExecuteFunctions,
	tatango: TatangoClient,
	run: RunCaps,
	api: 'v2' | 'v3',
	from: number,
	now: number,
) {
	const end = Math.min(context.getInputData().length, from + READ_AHEAD);
	run.readAheadTo = end;
	const items: number[] = [];
	const caps: CapSubject[] = [];
	const seen = new Set<string>();
	for (let item = from; item < end; item++) {
		const ahead = await capAhead(context, item, tatango, api);
		if (!ahead || run.counted.has(ahead.countKey) || seen.has(ahead.countKey)) continue;
		seen.add(ahead.countKey);
		items.push(item);
		caps.push(ahead.cap);
	}
	const results = await takeFirstMany(run.store, caps, now);
	results.forEach((result, i) => {
		if (result) {
			run.ahead.set(items[i], {
				countKey: countKeyOf(caps[i]),
				counted: result.counted,
				marks: result.taken,
			});
		}
	});
}

const countKeyOf = (cap: CapSubject) => `${cap.limit}/${cap.phone}/${cap.subject}`;

/** Counts taken ahead for items before `item`: they never reached their send. */
async function giveBackPassed(run: RunCaps, item: number) {
	const passed = [...run.ahead].filter(([ahead]) => ahead < item);
	if (passed.length === 0) return;
	for (const [ahead] of passed) run.ahead.delete(ahead);
	await run.store.remove(passed.flatMap(([, { marks }]) => marks));
}

/**
 * Per-Number Cap, the last check before a text: counts the texts to the number (on the subject) in
 * the last 24 hours and refuses one more past the limit, naming the rule, the count and when it may
 * go (`nextAllowedAt`, on the error for Continue On Fail's item). An allowed text is counted before
 * it is sent, and no longer if it certainly did not go.
 */
export const perNumberCapCheck: SendCheck = {
	fields: capFields,
	async before(context, itemIndex, tatango, text) {
		const quietHours = textOf(
			context.getNodeParameter('quietHours', itemIndex, 'off'),
			'Quiet Hours',
		);
		if (quietHours.trim() === RECIPIENT_ASKED) return undefined;
		const api = text.channel === 'V2' ? 'v2' : 'v3';
		const cap = await capOf(context, itemIndex, tatango, text.phoneNumber, api);
		if (!cap) return undefined;
		const { rule, fromPolicy, subject } = cap;

		const run = runOf(context, tatango);
		const capSubject: CapSubject = { phone: text.phoneNumber, subject, limit: rule.limit };
		const countKey = countKeyOf(capSubject);
		const now = Date.now();
		await giveBackPassed(run, itemIndex);
		let reading = run.counted.get(countKey);
		if (!reading && itemIndex >= run.readAheadTo) {
			await readAhead(context, tatango, run, api, itemIndex, now);
		}
		const ahead = run.ahead.get(itemIndex);
		run.ahead.delete(itemIndex);
		if (!reading && ahead?.countKey === countKey) {
			const taken = { counted: ahead.counted, taken: ahead.marks };
			if (await useAhead(run.store, capSubject, taken, now)) {
				run.counted.set(countKey, Promise.resolve(ahead.counted));
				run.taken.set(itemIndex, { countKey, marks: taken.taken });
				return undefined;
			}
		}
		if (ahead) await run.store.remove(ahead.marks); // counted ahead otherwise: not this text's
		if (!reading) {
			// The run's first text to this number and subject: counted in one call if it had none lately.
			const first = takeFirst(run.store, capSubject, now);
			reading = first.then(({ counted }) => counted);
			run.counted.set(countKey, reading);
			const { taken } = await first;
			if (taken) {
				run.taken.set(itemIndex, { countKey, marks: taken });
				return undefined;
			}
		}
		const counted = await reading;
		for (;;) {
			const result = await takeSlot(run.store, capSubject, counted, now);
			if ('taken' in result) {
				run.taken.set(itemIndex, { countKey, marks: result.taken });
				return undefined;
			}
			if (result.allowed === 'unknown') {
				await readMinutes(run.store, capSubject, result.readMinutesOf);
				continue;
			}
			const nextAllowedAt = new Date(result.nextAllowedAt).toISOString();
			const about = subject ? ` on "${subject}"` : '';
			const label =
				rule.citation === "the sender's own cap" ? 'the Per-Number Cap' : `the ${rule.name} limit`;
			const error = new NodeOperationError(
				context.getNode(),
				`Not sent: ${text.phoneNumber} has had ${result.count} texts${about} in the last 24 hours, ${label} (${rule.limit} in 24 hours). It may be sent from ${nextAllowedAt}.`,
				{
					itemIndex,
					description: `${fromPolicy ? "The credential's Per-Number Cap Policy" : 'Per-Number Cap'} held this text back; nothing was sent. Rule: ${rule.name}, ${rule.citation}: at most ${rule.limit} ${rule.counts} in 24 hours. Counted in this workflow's memory in n8n's database. With Continue On Fail the item's JSON carries nextAllowedAt, for a Wait node set to resume then. A one-time code or a reply the recipient asked for: set Quiet Hours to "Recipient Asked for This Text".`,
				},
			);
			error.context.itemFields = {
				nextAllowedAt,
				count: result.count,
				capSubject: subject,
				rule: capRuleOutput(rule),
			};
			throw error;
		}
	},
	async after(context, itemIndex, tatango, _text, outcome) {
		const run = runs.get(tatango);
		const taken = run?.taken.get(itemIndex);
		if (!run || !taken) return;
		run.taken.delete(itemIndex);
		if (outcome.status !== 'notSent') return;
		try {
			await run.store.remove(taken.marks);
			const counted = await run.counted.get(taken.countKey);
			counted?.pop(); // this item's text was the last counted
		} catch (error) {
			// A text that did not go stays counted (stricter, never looser); the log says so.
			context.logger.warn(
				`Per-Number Cap: item ${itemIndex}'s text could not be uncounted: ${(error as Error).message}`,
			);
		}
	},
	async endRun(_context, tatango) {
		const run = runs.get(tatango);
		runs.delete(tatango);
		if (run) await giveBackPassed(run, Number.MAX_SAFE_INTEGER);
	},
};
