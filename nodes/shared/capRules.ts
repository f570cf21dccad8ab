// How many texts a number may get in 24 hours: the state laws a preset follows, and a sender's own
// number. Pure: the send check (actions/send/checks/perNumberCap.ts) counts, this says the limit.
import { DateTime } from 'luxon';

import { areaCodeInfo, type CheckedAgainst } from './sendWindow';
import { InvalidInputError, numberOf, textOf, toZonedDateTime } from './validation';

export interface CapRule {
	name: string;
	limit: number;
	/** What the rule counts together, as its text says it. */
	counts: string;
	/** The statute, by section; for the sender's own cap, "the sender's own cap". */
	citation: string;
	/** The state's two-letter code (state rules). */
	region?: string;
	/** The recipient's local day the rule takes effect, and the day a later row replaces it. */
	effectiveFrom?: string;
	effectiveUntil?: string;
	lastCheckedOn?: string;
	checkedAgainst?: CheckedAgainst;
	checkedWhere?: string;
	/**
	 * The rule does not count texts to a person who bought from the sender within this many months
	 * (an established business relationship, as the statute defines it): Last Purchase At.
	 */
	exemptAfterPurchaseWithinMonths?: number;
	note?: string;
}

/**
 * States that limit commercial solicitations to a person to 3 in 24 hours on the same subject matter
 * or issue, whatever number calls or texts (texts are calls under these acts). Each lets a sender
 * rely on the area code (Florida, Oklahoma and Oregon in those words), so the area code decides, as
 * it does for Quiet Hours. A law that changes gets a new row for its region with the dates.
 */
export const STATE_CAP_RULES: readonly CapRule[] = [
	{
		region: 'FL',
		name: 'Florida',
		limit: 3,
		counts: 'commercial telephone solicitations to a person on the same subject matter or issue',
		citation: 'Fla. Stat. § 501.616(6)(b), as amended by ch. 2021-185 (CS/SB 1120)',
		effectiveFrom: '2021-07-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'text',
		checkedWhere:
			'CS/SB 1120 (2021; ch. 2021-185, in force 2021-07-01 per the Senate staff analysis) at flsenate.gov: "(b) More than three commercial telephone solicitation phone calls from any number to a person over a 24-hour period on the same subject matter or issue, regardless of the phone number used to make the call"',
	},
	{
		region: 'MD',
		name: 'Maryland',
		limit: 3,
		counts: 'telephone solicitations to a person on the same subject matter or issue',
		citation:
			'Md. Code, Com. Law § 14-4501 et seq. (Stop the Spam Calls Act of 2023, 2023 SB 90, ch. 413)',
		effectiveFrom: '2024-01-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere:
			'mgaleg.maryland.gov (Chapter 413, effective 2024-01-01); § 14-4502(a)(1)–(3) at lexace.ai, cut off before the limit; the limit ("three calls or text messages per 24 hours about the same subject to the same called party") from dnc.com and WMAR',
	},
	{
		region: 'OK',
		name: 'Oklahoma',
		limit: 3,
		counts: 'commercial telephonic sales calls to a person on the same subject matter or issue',
		citation: 'Okla. Stat. tit. 15, § 775C.4 (Telephone Solicitation Act of 2022, HB 3168)',
		effectiveFrom: '2022-11-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere:
			'the enrolled HB 3168 at legiplex.com, read to its title ("prohibiting commercial telephone sellers or salespersons from making a specified number of commercial telephone solicitation phone calls to a person over a specified time frame"); the number ("More than three sales calls within a 24-hour period on the same matter") from the Senate\'s release (bartlesvilleradio.com, 2022-04-27) and dnc.com',
		note: 'dnc.com says the Act has an established-business-relationship exemption; its terms were not read, so no purchase exempts an Oklahoma text (stricter).',
	},
	{
		region: 'OR',
		name: 'Oregon',
		limit: 3,
		counts: 'telephone solicitations (calls and texts) to a person',
		citation: 'Or. Laws 2025, HB 3865',
		effectiveFrom: '2026-01-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere:
			'Troutman Pepper Locke on JDSupra ("exceeding three solicitations within a 24-hour period, unless an established business relationship exists", defined as "a previous transaction or series of transactions ... within the 18 months preceding a call"), postscript.io (the limit does not apply to replies to the subscriber\'s own text); the enrolled bill could not be read from here',
		exemptAfterPurchaseWithinMonths: 18,
		note: 'The summaries do not say the texts must share a subject: every capped text to the number counts (stricter), unless Cap Subject is set. Replies to the person\'s own message are exempt: mark them "Recipient Asked (No Quiet Hours, No Cap)".',
	},
];

/**
 * The most texts any cap allows in 24 hours, and so the most the memory reads per number and hour
 * (shared/memory/caps.ts: 25 hours of this many slots, whatever the limit, so that a lowered limit
 * still counts every earlier text).
 */
export const MAX_CUSTOM_CAP = 20;

export type CapChoice = 'off' | 'stateRules' | 'custom';
const CHOICES: CapChoice[] = ['off', 'stateRules', 'custom'];

/** A Per-Number Cap choice or policy. */
export function toCapChoice(raw: unknown, field: string): CapChoice {
	const value = (textOf(raw ?? '', field).trim() || 'off') as CapChoice;
	if (!CHOICES.includes(value)) {
		throw new InvalidInputError(field, `"${value}" is not a choice; use off, stateRules or custom`);
	}
	return value;
}

/** A custom cap's number of texts: a whole number from 1 to MAX_CUSTOM_CAP. */
export function toCapLimit(raw: unknown, field: string): number {
	const limit = numberOf(raw, field);
	if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CUSTOM_CAP) {
		throw new InvalidInputError(
			field,
			`must be a whole number from 1 to ${MAX_CUSTOM_CAP} (texts in any 24 hours)`,
		);
	}
	return limit;
}

/** What a text's own fields say that a rule's exemption depends on. */
export interface CapContext {
	/** When the text goes (epoch ms): the rule in force on the recipient's local day applies. */
	at: number;
	/** When the recipient last bought from the sender (epoch ms), if the builder said (Last Purchase At). */
	lastPurchaseAt?: number;
}

/** Whether a purchase at `purchasedAt` is within `months` calendar months before `at`. */
function boughtWithin(purchasedAt: number, months: number, at: number): boolean {
	const since = DateTime.fromMillis(at, { zone: 'utc' }).minus({ months }).toMillis();
	return purchasedAt >= since && purchasedAt <= at;
}

/** The state rows in force for a region on a local day. */
export function stateCapRulesOn(region: string, isoDate: string): CapRule[] {
	return STATE_CAP_RULES.filter(
		(rule) =>
			rule.region === region &&
			(rule.effectiveFrom ?? '') <= isoDate &&
			(rule.effectiveUntil === undefined || isoDate < rule.effectiveUntil),
	);
}

/**
 * The rules a choice holds a number to: its state's (by area code) in force on the recipient's
 * local day, less those the text is exempt from, or the custom one.
 */
export function capRulesFor(
	phone: string,
	choice: CapChoice,
	customLimit: number,
	context: CapContext = { at: Date.now() },
): CapRule[] {
	if (choice === 'custom') {
		return [
			{
				name: `at most ${customLimit} a day`,
				limit: customLimit,
				counts: 'texts to the number on the same Cap Subject',
				citation: "the sender's own cap",
			},
		];
	}
	if (choice !== 'stateRules') return [];
	let info: ReturnType<typeof areaCodeInfo>;
	try {
		info = areaCodeInfo(phone);
	} catch {
		return []; // not a geographic area code: no state presumes it is its resident's
	}
	const day = DateTime.fromMillis(context.at, { zone: info.timeZones[0] }).toISODate() as string;
	return info.regions
		.flatMap((region) => stateCapRulesOn(region, day))
		.filter(
			(rule) =>
				!(
					rule.exemptAfterPurchaseWithinMonths !== undefined &&
					context.lastPurchaseAt !== undefined &&
					boughtWithin(context.lastPurchaseAt, rule.exemptAfterPurchaseWithinMonths, context.at)
				),
		);
}

/**
 * Last Purchase At as a builder sets it (an expression giving a date, e.g.
 * `{{ $json.lastPurchaseAt }}`): epoch ms, or undefined when empty. A date without an offset is
 * read in the workflow's time zone; a date after `now` is refused (a purchase not yet made
 * exempts nothing).
 */
export function toLastPurchaseAt(
	raw: unknown,
	field: string,
	timeZone: string,
	now: number,
): number | undefined {
	const parsed = toZonedDateTime(raw, field, timeZone);
	if (!parsed) return undefined;
	if (parsed.epochMs > now) {
		throw new InvalidInputError(
			field,
			`is ${parsed.iso}, after now: the date of the recipient's last purchase from you cannot be in the future`,
		);
	}
	return parsed.epochMs;
}

/** The strictest of the rules (the lowest limit; the first named on a tie), if any. */
export function strictest(rules: CapRule[]): CapRule | undefined {
	return rules.reduce<CapRule | undefined>(
		(best, rule) => (!best || rule.limit < best.limit ? rule : best),
		undefined,
	);
}

/** The rule as a refused item's `rule` shows it: name, limit, citation and, for a law, its dates. */
export function capRuleOutput(rule: CapRule) {
	return {
		name: rule.name,
		limit: rule.limit,
		citation: rule.citation,
		...(rule.effectiveFrom ? { effectiveFrom: rule.effectiveFrom } : {}),
		...(rule.lastCheckedOn ? { lastCheckedOn: rule.lastCheckedOn } : {}),
		...(rule.checkedAgainst ? { checkedAgainst: rule.checkedAgainst } : {}),
	};
}
