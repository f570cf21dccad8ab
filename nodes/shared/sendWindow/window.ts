import { DateTime } from 'luxon';

import { InvalidInputError } from '../validation/InvalidInputError';
import { AREA_CODES, AREA_CODES_TAKEN } from './areaCodes.generated';
import { isHoliday } from './holidays';
import {
	describeHours,
	FEDERAL_RULES,
	STATE_RULES,
	type DayHours,
	type SendWindowRule,
} from './rules';
import { timeZone } from './zones';

/** Which rules a check applies: the country's federal rule, or it and the state's. */
export type SendWindowScope = 'federal' | 'federalAndState';

/** Where an area code is: what the generated table says about it. */
export interface AreaCodeInfo {
	areaCode: string;
	country: 'US' | 'CA';
	/** Two-letter state, territory or province codes (several where the area code covers several). */
	regions: string[];
	/** Every IANA time zone the area code reaches. */
	timeZones: string[];
}

/** Country, regions and time zones of a ten-digit US or Canadian number's area code. */
export function areaCodeInfo(tenDigits: string, field = 'Phone Number'): AreaCodeInfo {
	const areaCode = tenDigits.slice(0, 3);
	const row = AREA_CODES[areaCode];
	if (!row) {
		throw new InvalidInputError(
			field,
			`has area code ${areaCode}, which is not a US or Canadian geographic area code in the node's table (taken ${AREA_CODES_TAKEN}): the recipient's time zone cannot be known`,
		);
	}
	const [country, regions, zones] = row.split('|');
	return {
		areaCode,
		country: country as 'US' | 'CA',
		regions: regions.split(','),
		timeZones: zones.split(','),
	};
}

/** The rules a number is held to under a scope: federal first, then its states'. */
export function rulesFor(info: AreaCodeInfo, scope: SendWindowScope): SendWindowRule[] {
	const rules = [FEDERAL_RULES[info.country]];
	if (scope === 'federalAndState' && info.country === 'US') {
		for (const region of info.regions) {
			const rule = STATE_RULES[region];
			if (rule) rules.push(rule);
		}
	}
	return rules;
}

/** A rule's hours on a local day: null when it allows no text that day. */
function hoursOn(rule: SendWindowRule, local: DateTime): DayHours {
	if (rule.noTextsOn && isHoliday(rule.noTextsOn, local.toISODate() as string)) return null;
	if (local.weekday === 7) return rule.sunday;
	if (local.weekday === 6) return rule.saturday;
	return rule.weekdays;
}

function allows(rule: SendWindowRule, local: DateTime): boolean {
	const hours = hoursOn(rule, local);
	const minute = local.hour * 60 + local.minute;
	return hours !== null && minute >= hours[0] && minute < hours[1];
}

/** One rule read in one of the recipient's time zones. */
interface Reading {
	rule: SendWindowRule;
	zone: string;
}

/** How far ahead the next allowed time is looked for (a holiday weekend is 3 days). */
const SEARCH_DAYS = 10;

/** When a text may go, as the check reports it. */
export interface SendWindowResult {
	allowedNow: boolean;
	/** Now when allowed; else the first moment every rule allows in every zone. */
	nextAllowed: DateTime;
	/** When allowed: the end of the current window (the first rule and zone to close). */
	allowedUntil?: DateTime;
	/** The rule and zone that decided: the one that refuses now, or the first to close. */
	decidedBy: Reading;
	/** The recipient's local time in the deciding zone. */
	localTime: DateTime;
}

/** A local day's wall-clock minute (calendar math: right across a DST change). */
function atMinute(day: DateTime, minutes: number): DateTime {
	return day.set({
		hour: Math.floor(minutes / 60),
		minute: minutes % 60,
		second: 0,
		millisecond: 0,
	});
}

function allAllow(readings: Reading[], instant: DateTime): boolean {
	return readings.every(({ rule, zone }) => allows(rule, instant.setZone(timeZone(zone))));
}

/**
 * Whether a text may reach the number at `at` under the rules, in every zone its area code
 * reaches (the strictest reading), and if not, when it may. Zone arithmetic is luxon's, in the
 * zones as IANA tz carried by the package has them whatever the runtime carries (zones.ts).
 */
export function sendWindow(
	info: AreaCodeInfo,
	rules: SendWindowRule[],
	at: DateTime,
): SendWindowResult {
	const readings: Reading[] = info.timeZones.flatMap((zone) =>
		rules.map((rule) => ({ rule, zone })),
	);
	// State rules before federal ones: when both decide at once, the stricter, specific one is named.
	const byScope = (a: Reading, b: Reading) =>
		(a.rule.scope === 'state' ? 0 : 1) - (b.rule.scope === 'state' ? 0 : 1);

	// `at` in each zone, converted once: the offset lookup is most of the check's cost.
	const locals = new Map<string, DateTime>();
	const localAt = (zone: string) => {
		let local = locals.get(zone);
		if (!local) {
			local = at.setZone(timeZone(zone));
			locals.set(zone, local);
		}
		return local;
	};

	if (readings.every(({ rule, zone }) => allows(rule, localAt(zone)))) {
		// The first window to close decides how long the text may still go. Wall-clock minutes left
		// compare across zones: no DST change falls inside an allowed window (8:00 to 21:30).
		let first: { reading: Reading; left: number; end: number } | undefined;
		for (const reading of [...readings].sort(byScope)) {
			const local = localAt(reading.zone);
			const hours = hoursOn(reading.rule, local) as readonly [number, number];
			const left = hours[1] - (local.hour * 60 + local.minute);
			if (!first || left < first.left) first = { reading, left, end: hours[1] };
		}
		const decided = first as { reading: Reading; left: number; end: number };
		const local = localAt(decided.reading.zone);
		return {
			allowedNow: true,
			nextAllowed: local,
			allowedUntil: atMinute(local, decided.end),
			decidedBy: decided.reading,
			localTime: local,
		};
	}

	// The earliest allowed moment is where some rule's window opens in some zone: try each opening,
	// in time order, until every rule allows in every zone.
	const openings: Array<{ instant: DateTime; reading: Reading }> = [];
	for (const reading of readings) {
		const today = localAt(reading.zone).startOf('day');
		for (let d = 0; d <= SEARCH_DAYS; d++) {
			const day = today.plus({ days: d });
			const hours = hoursOn(reading.rule, day);
			if (!hours) continue;
			const instant = atMinute(day, hours[0]);
			if (instant > at) openings.push({ instant, reading });
		}
	}
	openings.sort(
		(a, b) => a.instant.toMillis() - b.instant.toMillis() || byScope(a.reading, b.reading),
	);
	const next = openings.find(({ instant }) => allAllow(readings, instant));
	if (!next) {
		throw new Error(`No time in the next ${SEARCH_DAYS} days allows a text`);
	}
	// The rule that refuses now decides (a state's before the federal one), in its zone.
	const refusing = [...readings]
		.sort(byScope)
		.find(({ rule, zone }) => !allows(rule, localAt(zone))) as Reading;
	return {
		allowedNow: false,
		nextAllowed: next.instant.setZone(timeZone(refusing.zone)),
		decidedBy: refusing,
		localTime: localAt(refusing.zone),
	};
}

/** The fields of a check's output that describe the rule that decided. */
export function ruleOutput(rule: SendWindowRule) {
	return {
		name: rule.name,
		hours: describeHours(rule),
		source: rule.source,
		checked: rule.checked,
		...(rule.note ? { note: rule.note } : {}),
	};
}
