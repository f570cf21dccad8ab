import { DateTime } from 'luxon';

/** The states whose quiet-hours rule bars texts on holidays (rules.ts). */
export type HolidayCalendar = 'AL' | 'LA' | 'MS' | 'PA' | 'RI' | 'UT';

type Day = DateTime<true>;
type HolidayOf = (year: number) => Day;

const date = (year: number, month: number, day: number) => DateTime.utc(year, month, day) as Day;

/** The `n`th `weekday` (1 = Monday) of a month; n = -1: the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Day {
	if (n > 0) {
		const first = date(year, month, 1);
		return first.plus({ days: ((weekday - first.weekday + 7) % 7) + (n - 1) * 7 });
	}
	const last = date(year, month, 1).endOf('month').startOf('day') as Day;
	return last.minus({ days: (last.weekday - weekday + 7) % 7 });
}

/** Easter Sunday (Gregorian; the anonymous algorithm): calendar arithmetic, not time zones. */
function easter(year: number): Day {
	const a = year % 19;
	const b = Math.floor(year / 100);
	const c = year % 100;
	const d = Math.floor(b / 4);
	const e = b % 4;
	const f = Math.floor((b + 8) / 25);
	const g = Math.floor((b - f + 1) / 3);
	const hh = (19 * a + b - d - g + 15) % 30;
	const i = Math.floor(c / 4);
	const k = c % 4;
	const l = (32 + 2 * e + 2 * i - hh - k) % 7;
	const m = Math.floor((a + 11 * hh + 22 * l) / 451);
	const month = Math.floor((hh + l - 7 * m + 114) / 31);
	const day = ((hh + l - 7 * m + 114) % 31) + 1;
	return date(year, month, day);
}

const fixed =
	(month: number, day: number): HolidayOf =>
	(year) =>
		date(year, month, day);
const nth =
	(month: number, weekday: number, n: number): HolidayOf =>
	(year) =>
		nthWeekday(year, month, weekday, n);

const NEW_YEAR = fixed(1, 1);
const MLK = nth(1, 1, 3);
const WASHINGTON = nth(2, 1, 3);
const MEMORIAL = nth(5, 1, -1);
const JUNETEENTH = fixed(6, 19);
const INDEPENDENCE = fixed(7, 4);
const LABOR = nth(9, 1, 1);
const COLUMBUS = nth(10, 1, 2);
const VETERANS = fixed(11, 11);
const THANKSGIVING = nth(11, 4, 4);
const CHRISTMAS = fixed(12, 25);
const GOOD_FRIDAY: HolidayOf = (year) => easter(year).minus({ days: 2 });

/** 5 U.S.C. 6103(a). */
const FEDERAL = [
	NEW_YEAR,
	MLK,
	WASHINGTON,
	MEMORIAL,
	JUNETEENTH,
	INDEPENDENCE,
	LABOR,
	COLUMBUS,
	VETERANS,
	THANKSGIVING,
	CHRISTMAS,
];

/**
 * Each state's holidays, as far as a calendar can tell. Where a state's list is shorter than the
 * federal one, the federal days stay in (stricter). Days a governor declares cannot be known.
 */
const CALENDARS: Record<HolidayCalendar, HolidayOf[]> = {
	// Ala. Code § 1-3-8: adds Confederate Memorial Day (4th Monday of April) and Jefferson Davis'
	// birthday (1st Monday of June).
	AL: [...FEDERAL, nth(4, 1, 4), nth(6, 1, 1)],
	// La. R.S. 1:55: adds Mardi Gras, Good Friday and All Saints' Day.
	LA: [...FEDERAL, (y) => easter(y).minus({ days: 47 }), GOOD_FRIDAY, fixed(11, 1)],
	// Miss. Code § 3-3-7: adds Confederate Memorial Day (last Monday of April).
	MS: [...FEDERAL, nth(4, 1, -1)],
	// The 2021 amendment's list: adds Good Friday, Flag Day and Election Day.
	PA: [...FEDERAL, GOOD_FRIDAY, fixed(6, 14), (y) => nthWeekday(y, 11, 1, 1).plus({ days: 1 })],
	// R.I. Gen. Laws § 25-1-1: adds Rhode Island Independence Day (May 4) and Victory Day (2nd
	// Monday of August).
	RI: [...FEDERAL, fixed(5, 4), nth(8, 1, 2)],
	// Utah Code § 63G-1-301: adds Pioneer Day (July 24).
	UT: [...FEDERAL, fixed(7, 24)],
};

/**
 * A holiday on a Saturday is also observed the Friday before, on a Sunday the Monday after: both
 * days are kept (the stricter reading).
 */
function withObserved(day: Day): Day[] {
	if (day.weekday === 6) return [day, day.minus({ days: 1 })];
	if (day.weekday === 7) return [day, day.plus({ days: 1 })];
	return [day];
}

const cache = new Map<string, Set<string>>();

/** The calendar's holidays in a year, as `yyyy-MM-dd`. */
export function holidaysIn(calendar: HolidayCalendar, year: number): Set<string> {
	const key = `${calendar}${year}`;
	let days = cache.get(key);
	if (!days) {
		days = new Set(
			CALENDARS[calendar].flatMap((of) => withObserved(of(year)).map((d) => d.toISODate())),
		);
		cache.set(key, days);
	}
	return days;
}

/** Whether a local date (`yyyy-MM-dd`) is one of the calendar's holidays. */
export function isHoliday(calendar: HolidayCalendar, isoDate: string): boolean {
	const year = Number(isoDate.slice(0, 4));
	// New Year's Day on a Saturday is observed on December 31 of the year before.
	return holidaysIn(calendar, year).has(isoDate) || holidaysIn(calendar, year + 1).has(isoDate);
}
