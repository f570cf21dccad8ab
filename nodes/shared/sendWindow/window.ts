import { DateTime } from 'luxon';

import { InvalidInputError } from '../validation/InvalidInputError';
import { AREA_CODES, AREA_CODES_TAKEN } from './areaCodes.generated';
import { isHoliday } from './holidays';
import {
	describeHours,
	JURISDICTIONS,
	ruleInForce,
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

/**
 * The jurisdictions a number is held to under a scope: its country's, then its states' (those with
 * a row). Which of a jurisdiction's rows applies depends on the day (`ruleInForce`).
 */
export function jurisdictionsFor(info: AreaCodeInfo, scope: SendWindowScope): string[] {
	const ids: string[] = [info.country];
	if (scope === 'federalAndState' && info.country === 'US') {
		for (const region of info.regions) {
			if (JURISDICTIONS.has(`US-${region}`)) ids.push(`US-${region}`);
		}
	}
	return ids;
}

const localDate = (local: DateTime) => local.toISODate() as string;

/** A jurisdiction's hours on a local day: null when it allows no text that day; all day when it has no rule in force. */
function hoursOn(jurisdiction: string, local: DateTime): DayHours {
	const rule = ruleInForce(jurisdiction, localDate(local));
	if (!rule) return ALL_DAY;
	if (rule.noTextsOn && isHoliday(rule.noTextsOn, localDate(local))) return null;
	if (local.weekday === 7) return rule.sunday;
	if (local.weekday === 6) return rule.saturday;
	return rule.weekdays;
}

const ALL_DAY: DayHours = [0, 24 * 60];

function allows(jurisdiction: string, local: DateTime): boolean {
	const hours = hoursOn(jurisdiction, local);
	const minute = local.hour * 60 + local.minute;
	return hours !== null && minute >= hours[0] && minute < hours[1];
}

/** One jurisdiction read in one of the recipient's time zones. */
interface Reading {
	jurisdiction: string;
	zone: string;
}

/** The rule that decided, in the zone it was read in. */
export interface Decision {
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
	decidedBy: Decision;
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
	return readings.every(({ jurisdiction, zone }) =>
		allows(jurisdiction, instant.setZone(timeZone(zone))),
	);
}

const isState = (jurisdiction: string) => jurisdiction.includes('-');

// State rules before federal ones: when both decide at once, the stricter, specific one is named.
const byScope = (a: Reading, b: Reading) =>
	(isState(a.jurisdiction) ? 0 : 1) - (isState(b.jurisdiction) ? 0 : 1);

const decision = ({ jurisdiction, zone }: Reading, local: DateTime): Decision => ({
	rule: ruleInForce(jurisdiction, localDate(local)) as SendWindowRule,
	zone,
});

/** `at` in one of the recipient's zones. */
type LocalAt = (zone: string) => DateTime;

/**
 * Whether a text may reach the number at `at` under the jurisdictions' rules, each as in force on
 * the recipient's local day, in every zone its area code reaches (the strictest reading), and if
 * not, when it may. Zone arithmetic is luxon's, in the zones as IANA tz carried by the package has
 * them whatever the runtime carries (zones.ts).
 */
export function sendWindow(
	info: AreaCodeInfo,
	jurisdictions: string[],
	at: DateTime,
): SendWindowResult {
	const readings: Reading[] = info.timeZones.flatMap((zone) =>
		jurisdictions.map((jurisdiction) => ({ jurisdiction, zone })),
	);
	// `at` in each zone, converted once: the offset lookup is most of the check's cost.
	const locals = new Map<string, DateTime>();
	const localAt: LocalAt = (zone) => {
		let local = locals.get(zone);
		if (!local) {
			local = at.setZone(timeZone(zone));
			locals.set(zone, local);
		}
		return local;
	};
	return readings.every(({ jurisdiction, zone }) => allows(jurisdiction, localAt(zone)))
		? allowedUntilClose(readings, localAt)
		: refusedUntilOpen(readings, localAt, at);
}

/**
 * Allowed now: the first window to close decides how long the text may still go. Wall-clock minutes
 * left compare across zones: no DST change falls inside an allowed window (8:00 to 21:30). A
 * jurisdiction with no rule in force that day never closes (the federal one always has one).
 */
function allowedUntilClose(readings: Reading[], localAt: LocalAt): SendWindowResult {
	let first: { reading: Reading; left: number; end: number } | undefined;
	for (const reading of [...readings].sort(byScope)) {
		const local = localAt(reading.zone);
		if (!ruleInForce(reading.jurisdiction, localDate(local))) continue;
		const hours = hoursOn(reading.jurisdiction, local) as readonly [number, number];
		const left = hours[1] - (local.hour * 60 + local.minute);
		if (!first || left < first.left) first = { reading, left, end: hours[1] };
	}
	const decided = first as { reading: Reading; left: number; end: number };
	const local = localAt(decided.reading.zone);
	return {
		allowedNow: true,
		nextAllowed: local,
		allowedUntil: atMinute(local, decided.end),
		decidedBy: decision(decided.reading, local),
		localTime: local,
	};
}

/**
 * Refused now: the earliest allowed moment is where some rule's window opens in some zone, so each
 * opening is tried, in time order, until every rule allows in every zone.
 */
function refusedUntilOpen(readings: Reading[], localAt: LocalAt, at: DateTime): SendWindowResult {
	const openings: Array<{ instant: DateTime; reading: Reading }> = [];
	for (const reading of readings) {
		const today = localAt(reading.zone).startOf('day');
		for (let d = 0; d <= SEARCH_DAYS; d++) {
			const day = today.plus({ days: d });
			// Only a rule in force opens a window; a day without one is all open anyway.
			if (!ruleInForce(reading.jurisdiction, localDate(day))) continue;
			const hours = hoursOn(reading.jurisdiction, day);
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
		.find(({ jurisdiction, zone }) => !allows(jurisdiction, localAt(zone))) as Reading;
	return {
		allowedNow: false,
		nextAllowed: next.instant.setZone(timeZone(refusing.zone)),
		decidedBy: decision(refusing, localAt(refusing.zone)),
		localTime: localAt(refusing.zone),
	};
}

/** The fields of a check's output that describe the rule that decided. */
export function ruleOutput(rule: SendWindowRule) {
	return {
		name: rule.name,
		hours: describeHours(rule),
		citation: rule.citation,
		// The name earlier releases gave the citation: workflows saved then may read it.
		source: rule.citation,
		effectiveFrom: rule.effectiveFrom,
		...(rule.effectiveUntil ? { effectiveUntil: rule.effectiveUntil } : {}),
		lastCheckedOn: rule.lastCheckedOn,
		checkedAgainst: rule.checkedAgainst,
		...(rule.note ? { note: rule.note } : {}),
	};
}
