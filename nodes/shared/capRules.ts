// How many texts a number may get in 24 hours: the state laws a preset follows, and a sender's own
// number. Pure: the send check (actions/send/checks/perNumberCap.ts) counts, this says the limit.
import { areaCodeInfo } from './sendWindow';
import { InvalidInputError, numberOf, textOf } from './validation';

export interface CapRule {
	name: string;
	limit: number;
	/** What the rule counts together, as its text says it. */
	counts: string;
	source: string;
}

/**
 * States that limit commercial solicitations to a person to 3 in 24 hours on the same subject matter
 * or issue, whatever number calls or texts (texts are calls under these acts). Each presumes a number
 * with the state's area code is a resident's (Florida and Oklahoma in those words), so the area code
 * decides, as it does for Quiet Hours.
 */
export const STATE_CAP_RULES: Record<string, CapRule> = {
	FL: {
		name: 'Florida',
		limit: 3,
		counts: 'commercial telephone solicitations to a person on the same subject matter or issue',
		source: 'Fla. Stat. § 501.616(6)(b), as amended in 2021 (SB 1120)',
	},
	MD: {
		name: 'Maryland',
		limit: 3,
		counts: 'telephone solicitations to a person on the same subject matter or issue',
		source: 'Md. Code, Com. Law § 14-4502 (Stop the Spam Calls Act of 2023, 2023 SB 90)',
	},
	OK: {
		name: 'Oklahoma',
		limit: 3,
		counts: 'commercial telephonic sales calls to a person on the same subject matter or issue',
		source: 'Okla. Stat. tit. 15, § 775C.4 (Telephone Solicitation Act of 2022)',
	},
};

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

/** The rules a choice holds a number to: its state's (by area code) or the custom one. */
export function capRulesFor(phone: string, choice: CapChoice, customLimit: number): CapRule[] {
	if (choice === 'custom') {
		return [
			{
				name: `at most ${customLimit} a day`,
				limit: customLimit,
				counts: 'texts to the number on the same Cap Subject',
				source: "the sender's own cap",
			},
		];
	}
	if (choice !== 'stateRules') return [];
	let regions: string[];
	try {
		regions = areaCodeInfo(phone).regions;
	} catch {
		return []; // not a geographic area code: no state presumes it is its resident's
	}
	return regions.flatMap((region) => (STATE_CAP_RULES[region] ? [STATE_CAP_RULES[region]] : []));
}

/** The strictest of the rules (the lowest limit; the first named on a tie), if any. */
export function strictest(rules: CapRule[]): CapRule | undefined {
	return rules.reduce<CapRule | undefined>(
		(best, rule) => (!best || rule.limit < best.limit ? rule : best),
		undefined,
	);
}
