import type { HolidayCalendar } from './holidays';

/** Minutes after local midnight. */
type Minutes = number;

/** Allowed from `from` (inclusive) until `to` (exclusive), local time; null: no texts that day. */
export type DayHours = readonly [from: Minutes, to: Minutes] | null;

/**
 * One quiet-hours rule: when a marketing text may reach a recipient, by the recipient's local
 * day and time. Federal rules apply to every number of their country, state rules to the numbers
 * of their state's area codes.
 */
export interface SendWindowRule {
	/** `US`, `CA`, or `US-<state>`. */
	id: string;
	name: string;
	scope: 'federal' | 'state';
	country: 'US' | 'CA';
	/** The state's two-letter code (state rules). */
	region?: string;
	weekdays: DayHours;
	saturday: DayHours;
	sunday: DayHours;
	/** Days with no texts at all (see holidays.ts for which days each calendar holds). */
	noTextsOn?: HolidayCalendar;
	/** The statute or rule. */
	source: string;
	/** The date the row was last checked, and against what text. */
	checked: string;
	checkedAgainst: string;
	/** Where sources disagree (the stricter reading is the row), exemptions the node cannot know. */
	note?: string;
}

const h = (hour: number, minute = 0): Minutes => hour * 60 + minute;

/** The same hours every day of the week. */
function everyDay(from: Minutes, to: Minutes) {
	const hours: DayHours = [from, to];
	return { weekdays: hours, saturday: hours, sunday: hours };
}

const CHECKED = '2026-11-25';

/**
 * Secondary summaries read for the state rows (none is legal authority; where they disagree with
 * each other or with the list, the row takes the stricter reading and says so).
 */
const SUMMARIES =
	'summaries at dropcowboy.com/state-compliance (updated 2025-11-01), blog.clickpointsoftware.com/telemarketing-calling-hours-by-state (July 2025), usestello.com/compliance (2026-04-08), support.referrizer.com (TCPA quiet hours article), dnc.com restricted call dates';

/** Federal rules: one per country. */
export const FEDERAL_RULES: Record<'US' | 'CA', SendWindowRule> = {
	US: {
		id: 'US',
		name: 'Federal (TCPA)',
		scope: 'federal',
		country: 'US',
		...everyDay(h(8), h(21)),
		source: '47 CFR 64.1200(c)(1) (Telephone Consumer Protection Act, 47 U.S.C. 227)',
		checked: CHECKED,
		checkedAgainst:
			'the rule as quoted by fedsoc.org (TCPA quiet hours commentary) and leadgen-economy.com (call time restrictions by state): no telephone solicitation before 8 a.m. or after 9 p.m. local time at the called party’s location',
		note: 'The FCC treats a text as a call. Applies to telephone solicitations; what counts as one when the recipient consented is disputed (REACH petition to the FCC), so the node applies it to every text it is asked to check.',
	},
	CA: {
		id: 'CA',
		name: 'Canada (CRTC Telemarketing Rules)',
		scope: 'federal',
		country: 'CA',
		weekdays: [h(9), h(21, 30)],
		saturday: [h(10), h(18)],
		sunday: [h(10), h(18)],
		source:
			'CRTC Unsolicited Telecommunications Rules, Part III (Telemarketing Rules), calling hours',
		checked: CHECKED,
		checkedAgainst:
			'crtc.gc.ca/eng/phone/telemarketing/tobligations/rules-regles.htm: 9:00 a.m.–9:30 p.m. on weekdays, 10:00 a.m.–6:00 p.m. on weekends',
		note: 'The CRTC applies these hours to telemarketing calls; commercial texts fall under CASL, which sets no hours. Applied as the stricter reading. Provincial rules may narrow them; none is in the table.',
	},
};

/** State rules stricter than the federal one, by state code. */
export const STATE_RULES: Record<string, SendWindowRule> = Object.fromEntries(
	(
		[
			{
				region: 'AL',
				name: 'Alabama',
				weekdays: [h(8), h(20)],
				saturday: [h(8), h(20)],
				sunday: null,
				noTextsOn: 'AL',
				source:
					'Ala. Code § 8-19A-1 et seq.; Ala. Admin. Code r. 770-X-5-.17 (Public Service Commission)',
				checkedAgainst: SUMMARIES,
				note: 'dnc.com reads the PSC rule as binding telephone utilities only; taken as binding here (stricter).',
			},
			{
				region: 'CA',
				name: 'California',
				...everyDay(h(9), h(21)),
				source: 'Cal. Pub. Util. Code § 2872(c)',
				checkedAgainst: SUMMARIES,
				note: 'Written for automatic dialing-announcing devices; only usestello.com lists it for texts. Taken as the stricter reading.',
			},
			{
				region: 'CT',
				name: 'Connecticut',
				...everyDay(h(9), h(20)),
				source: 'Conn. Gen. Stat. § 42-288a, as amended by P.A. 23-98 (in force 2023-10-01)',
				checkedAgainst: SUMMARIES,
				note: 'clickpointsoftware.com lists 9 a.m.–9 p.m.; the others and issue 22 list 9 a.m.–8 p.m.: the stricter 8 p.m. is used.',
			},
			{
				region: 'FL',
				name: 'Florida',
				...everyDay(h(8), h(20)),
				source:
					'Fla. Stat. § 501.059 (Florida Telephone Solicitation Act) and § 501.616(6), as amended in 2021 (SB 1120) and 2023 (HB 761)',
				checkedAgainst: SUMMARIES,
			},
			{
				region: 'IL',
				name: 'Illinois',
				...everyDay(h(9), h(21)),
				source:
					'815 ILCS 305/30 (Automatic Telephone Dialers Act); 815 ILCS 413/15 (Telephone Solicitations Act)',
				checkedAgainst: SUMMARIES,
				note: 'dropcowboy.com lists 8 a.m.–9 p.m. (413/15); clickpointsoftware.com and usestello.com 9 a.m.–9 p.m. (autodialed and prerecorded calls): the stricter 9 a.m. is used.',
			},
			{
				region: 'KY',
				name: 'Kentucky',
				...everyDay(h(10), h(21)),
				source: 'Ky. Rev. Stat. § 367.46955',
				checkedAgainst: SUMMARIES,
			},
			{
				region: 'LA',
				name: 'Louisiana',
				weekdays: [h(8), h(20)],
				saturday: [h(8), h(20)],
				sunday: null,
				noTextsOn: 'LA',
				source:
					'La. R.S. 45:844.31 et seq.; La. Pub. Serv. Comm’n General Order R-29617 § V(A)(2) (no calls on Sundays or legal holidays, none 8 p.m.–8 a.m. Monday–Saturday)',
				checkedAgainst: `the General Order as quoted by dnc.com (holiday alerts 2023); ${SUMMARIES}`,
				note: 'Louisiana also bars telemarketing during a declared state of emergency, and its governor may declare further holidays: the node cannot know either.',
			},
			{
				region: 'MA',
				name: 'Massachusetts',
				...everyDay(h(8), h(20)),
				source: 'Mass. Gen. Laws ch. 159C; 201 CMR 12.00',
				checkedAgainst: SUMMARIES,
			},
			{
				region: 'MD',
				name: 'Maryland',
				...everyDay(h(8), h(20)),
				source: 'Md. Code, Com. Law, Title 14 (Stop the Spam Calls Act, 2023 SB 90)',
				checkedAgainst: SUMMARIES,
			},
			{
				region: 'MI',
				name: 'Michigan',
				...everyDay(h(9), h(21)),
				source: 'Mich. Comp. Laws § 445.111 et seq. (Home Solicitation Sales Act)',
				checkedAgainst: SUMMARIES,
				note: 'usestello.com cites MCL 750.540e instead; both list 9 a.m.–9 p.m.',
			},
			{
				region: 'MN',
				name: 'Minnesota',
				...everyDay(h(9), h(21)),
				source: 'Minn. Stat. §§ 325E.26–325E.31',
				checkedAgainst: SUMMARIES,
			},
			{
				region: 'MS',
				name: 'Mississippi',
				weekdays: [h(8), h(20)],
				saturday: [h(8), h(20)],
				sunday: null,
				noTextsOn: 'MS',
				source: 'Miss. Code Ann. § 77-3-701 et seq. (Telephone Solicitation Act)',
				checkedAgainst: SUMMARIES,
				note: 'dropcowboy.com allows 8 a.m.–8 p.m. on holidays; dnc.com lists Mississippi’s holidays as restricted: no texts on holidays (stricter).',
			},
			{
				region: 'NJ',
				name: 'New Jersey',
				...everyDay(h(8), h(20)),
				source: 'N.J. Stat. § 56:8-119 et seq.; N.J. Admin. Code § 13:45D-4.1',
				checkedAgainst: SUMMARIES,
				note: 'Issue 22 and referrizer.com list 8 a.m.–8 p.m.; other summaries leave New Jersey at the federal 9 p.m.: the stricter 8 p.m. is used.',
			},
			{
				region: 'NM',
				name: 'New Mexico',
				...everyDay(h(9), h(21)),
				source: 'N.M. Stat. § 57-12-22',
				checkedAgainst: SUMMARIES,
			},
			{
				region: 'NV',
				name: 'Nevada',
				...everyDay(h(9), h(20)),
				source:
					'Nevada telephone solicitation law (Nev. Rev. Stat. ch. 599B); section not confirmed here',
				checkedAgainst: SUMMARIES,
				note: 'Only dropcowboy.com lists Nevada (9 a.m.–8 p.m.); kept as the stricter reading.',
			},
			{
				region: 'OK',
				name: 'Oklahoma',
				...everyDay(h(8), h(20)),
				source: 'Okla. Stat. tit. 15, § 775C.4 (Telephone Solicitation Act of 2022)',
				checkedAgainst: SUMMARIES,
			},
			{
				region: 'PA',
				name: 'Pennsylvania',
				...everyDay(h(8), h(21)),
				noTextsOn: 'PA',
				source:
					'73 P.S. § 2241 et seq. (Telemarketer Registration Act, as amended in 2021: no solicitation on legal holidays)',
				checkedAgainst: `dnc.com (the amendment's holiday list); ${SUMMARIES}`,
				note: 'dropcowboy.com shows narrower Saturday hours for Pennsylvania that no other source confirms; not applied.',
			},
			{
				region: 'RI',
				name: 'Rhode Island',
				weekdays: [h(9), h(18)],
				saturday: [h(10), h(17)],
				sunday: null,
				noTextsOn: 'RI',
				source:
					'R.I. Gen. Laws § 5-61-3.6 and § 5-61-2 ("hours of operation": Monday–Friday except a state or federal holiday 9 a.m.–6 p.m.; Saturday 10 a.m.–5 p.m.)',
				checkedAgainst:
					'the statute text at webserver.rilin.state.ri.us (§ 5-61-3.6) and instalawyer.io (§ 5-61-2)',
			},
			{
				region: 'TX',
				name: 'Texas',
				weekdays: [h(9), h(21)],
				saturday: [h(9), h(21)],
				sunday: [h(12), h(21)],
				source:
					'Tex. Bus. & Com. Code § 301.051; texts are telephone solicitations since 2025-09-01 (SB 140, chs. 302 and 304)',
				checkedAgainst: SUMMARIES,
				note: 'Issue 22 cites ch. 302 (registration); the hours are in § 301.051.',
			},
			{
				region: 'UT',
				name: 'Utah',
				weekdays: [h(8), h(21)],
				saturday: [h(8), h(21)],
				sunday: null,
				noTextsOn: 'UT',
				source:
					'Utah Code § 13-25a-103(3) (no solicitation without prior express consent between 9 p.m. and 8 a.m., on a Sunday or on a legal holiday)',
				checkedAgainst: 'the statute text at codes.findlaw.com (current as of 2025-01-01)',
				note: 'Does not apply with the recipient’s prior express consent; the node cannot know consent, so it applies the rule.',
			},
			{
				region: 'WA',
				name: 'Washington',
				...everyDay(h(8), h(20)),
				source: 'RCW 19.158.040(1); RCW 80.36.390',
				checkedAgainst: SUMMARIES,
			},
		] as Array<Omit<SendWindowRule, 'id' | 'scope' | 'country' | 'checked'>>
	).map((row) => [
		row.region as string,
		{ ...row, id: `US-${row.region}`, scope: 'state', country: 'US', checked: CHECKED },
	]),
);

const DAY_NAMES = ['Mon–Fri', 'Sat', 'Sun'] as const;

function clock(minutes: Minutes): string {
	return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
}

function hoursText(hours: DayHours): string {
	return hours ? `${clock(hours[0])}–${clock(hours[1])}` : 'none';
}

/** A rule's hours as people read them, e.g. "Mon–Sat 9:00–21:00, Sun 12:00–21:00". */
export function describeHours(rule: SendWindowRule): string {
	const days = [rule.weekdays, rule.saturday, rule.sunday].map(hoursText);
	let text: string;
	if (days[0] === days[1] && days[1] === days[2]) text = `every day ${days[0]}`;
	else if (days[0] === days[1]) text = `Mon–Sat ${days[0]}, Sun ${days[2]}`;
	else text = days.map((d, i) => `${DAY_NAMES[i]} ${d}`).join(', ');
	return rule.noTextsOn ? `${text}; none on holidays` : text;
}
