import type { HolidayCalendar } from './holidays';

/** Minutes after local midnight. */
type Minutes = number;

/** Allowed from `from` (inclusive) until `to` (exclusive), local time; null: no texts that day. */
export type DayHours = readonly [from: Minutes, to: Minutes] | null;

/**
 * What a row was last compared with: the statute's or regulation's own words (`text`), or only a
 * secondary summary (`summary`: a law firm's note, a vendor's table, a regulator's plain-language
 * page), because the text could not be read from here.
 */
export type CheckedAgainst = 'text' | 'summary';

/**
 * One quiet-hours rule as a law states it, for the days it is in force: when a marketing text may
 * reach a recipient, by the recipient's local day and time. Federal rules apply to every number of
 * their country, state rules to the numbers of their state's area codes. A law that changes gets a
 * new row with the same `id` (the old one's `effectiveUntil` is the new one's `effectiveFrom`), so a
 * text is held to the rule in force on the recipient's local day, with no release in between.
 */
export interface SendWindowRule {
	/** `US`, `CA`, or `US-<state>`: the jurisdiction; its rows never overlap in time. */
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
	/** The statute or regulation, by section. */
	citation: string;
	/** The recipient's local day the rule takes effect (`yyyy-MM-dd`). */
	effectiveFrom: string;
	/** The local day a later row replaces it (exclusive); absent while it is the law. */
	effectiveUntil?: string;
	/** The day the row was last compared with its source. */
	lastCheckedOn: string;
	checkedAgainst: CheckedAgainst;
	/** What was read on `lastCheckedOn`, and what it says. */
	checkedWhere: string;
	/** Readings taken where the text is unclear, and what the node cannot know. */
	note?: string;
}

const h = (hour: number, minute = 0): Minutes => hour * 60 + minute;

/** The same hours every day of the week. */
function everyDay(from: Minutes, to: Minutes) {
	const hours: DayHours = [from, to];
	return { weekdays: hours, saturday: hours, sunday: hours };
}

/** Monday to Saturday at these hours, no texts on Sundays. */
function noSundays(from: Minutes, to: Minutes) {
	const hours: DayHours = [from, to];
	return { weekdays: hours, saturday: hours, sunday: null };
}

/**
 * The `effectiveFrom` of a rule in force when the table began whose own start date was not
 * checked: far enough back that every day a workflow may ask about is covered.
 */
export const NOT_CHECKED = '2021-01-01';

/** The summaries the state rows were first built from (none is legal authority). */
const SUMMARIES =
	'secondary summaries only: dropcowboy.com/state-compliance (2025-11-01), blog.clickpointsoftware.com/telemarketing-calling-hours-by-state (2025-07), usestello.com/compliance (2026-04-08), support.referrizer.com (TCPA quiet hours), dnc.com restricted call dates; the statute text was not found';

type StateRow = Omit<SendWindowRule, 'id' | 'scope' | 'country' | 'region'> & { region: string };

/** A state's row: `US-<region>`, state scope. */
const state = (row: StateRow): SendWindowRule => ({
	...row,
	id: `US-${row.region}`,
	scope: 'state',
	country: 'US',
});

/**
 * Every rule, federal and state, each with the dates it is in force. Sorted by id, then date. The
 * audit of 2026-11-26 compared every row with its source; `checkedAgainst` says with what.
 */
export const SEND_WINDOW_RULES: readonly SendWindowRule[] = [
	{
		id: 'US',
		name: 'Federal (TCPA)',
		scope: 'federal',
		country: 'US',
		...everyDay(h(8), h(21)),
		citation: '47 CFR 64.1200(c)(1) (under 47 U.S.C. 227)',
		effectiveFrom: '1992-12-20',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'text',
		checkedWhere:
			'the paragraph as quoted word for word at nwdebtresolution.com ("No person or entity shall initiate any telephone solicitation to: (1) Any residential telephone subscriber before the hour of 8 a.m. or after 9 p.m. (local time at the called party\'s location)"); ecfr.gov itself could not be read from here',
		note: "The FCC treats a text as a call. The rule binds telephone solicitations, which by 64.1200(f)(15) exclude messages sent with the recipient's prior express invitation or permission or within an established business relationship; the node cannot know either, so it applies the hours to every text it is asked to check. The revoke-all part of 64.1200(a)(10) (in force 2027-01-31) is about opt-outs, not hours: it is not a row here.",
	},
	{
		id: 'CA',
		name: 'Canada (CRTC Telemarketing Rules)',
		scope: 'federal',
		country: 'CA',
		weekdays: [h(9), h(21, 30)],
		saturday: [h(10), h(18)],
		sunday: [h(10), h(18)],
		citation:
			'CRTC Unsolicited Telecommunications Rules, Part III (Telemarketing Rules), calling hours (Telecom Decision CRTC 2007-48)',
		effectiveFrom: '2008-09-30',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere:
			'the CRTC\'s own plain-language list crtc.gc.ca/eng/phone/telemarketing/tobligations/rules-regles.htm ("Telemarketing calls can only be made between the hours of 9:00 a.m. and 9:30 p.m. on weekdays and between 10:00 a.m. and 6:00 p.m. on weekends"); the amalgamated Rules at crtc.gc.ca/eng/trules-reglest.htm were found but their hours paragraph could not be read',
		note: 'The CRTC applies these hours to telemarketing calls; commercial texts fall under CASL, which sets no hours. Applied as the stricter reading. Provincial rules may narrow them; none is in the table.',
	},
	state({
		region: 'AL',
		name: 'Alabama',
		...noSundays(h(8), h(20)),
		noTextsOn: 'AL',
		citation:
			'Ala. Code § 8-19A-1 et seq.; Ala. Admin. Code r. 770-X-5-.17 (Public Service Commission)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: SUMMARIES,
		note: 'dnc.com reads the PSC rule as binding telephone utilities only; taken as binding here (stricter).',
	}),
	state({
		region: 'CA',
		name: 'California',
		...everyDay(h(9), h(21)),
		citation: 'Cal. Pub. Util. Code § 2872(c)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: SUMMARIES,
		note: 'Written for automatic dialing-announcing devices; only usestello.com lists it for texts. Taken as the stricter reading.',
	}),
	state({
		region: 'CT',
		name: 'Connecticut',
		...everyDay(h(9), h(20)),
		citation: 'Conn. Gen. Stat. § 42-288a, as amended by P.A. 23-98',
		effectiveFrom: '2023-10-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: `§ 42-288a at casetext.com (current with the 2024 sessions) and cga.ct.gov chapter 743m were found, but the text was cut off before the subsection with the hours; § 42-288a(a)(7) there does cover "a text or media message". Hours from ${SUMMARIES}`,
		note: 'clickpointsoftware.com lists 9 a.m.–9 p.m.; the other summaries list 9 a.m.–8 p.m.: the stricter 8 p.m. is used until the text is read.',
	}),
	state({
		region: 'FL',
		name: 'Florida',
		...everyDay(h(8), h(20)),
		citation: 'Fla. Stat. § 501.616(6)(a), as amended by ch. 2021-185 (CS/SB 1120); § 501.059',
		effectiveFrom: '2021-07-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'text',
		checkedWhere:
			'the enrolled CS/SB 1120 (2021; ch. 2021-185, in force 2021-07-01 per the Senate staff analysis) at flsenate.gov and § 501.616 at lawserver.com: "A commercial telephone solicitation phone call before 8 a.m. or after 8 p.m. local time at the called person\'s location"',
	}),
	state({
		region: 'IL',
		name: 'Illinois',
		...everyDay(h(9), h(21)),
		citation:
			'815 ILCS 305/15(a) (Automatic Telephone Dialers Act); 815 ILCS 413/15(a) (Telephone Solicitations Act)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: `815 ILCS 413/15(a) as printed in HB 2853 (2005, ilga.gov): "No person shall solicit the sale of goods or services in this State by placing a telephone call during the hours between 9 p.m. and 8 a.m." (live operators); 815 ILCS 305/15(a) (an autodialer playing a recorded message) at ilga.gov, cut off before its hours; the 9 a.m. from ${SUMMARIES}`,
		note: 'Neither act plainly covers a text: 413 governs live operators (8 a.m.–9 p.m. in its text), 305 autodialers that play a recorded message (9 a.m.–9 p.m. per the summaries). The stricter 9 a.m. is kept until 305/15 is read.',
	}),
	state({
		region: 'KY',
		name: 'Kentucky',
		...everyDay(h(10), h(21)),
		citation: 'Ky. Rev. Stat. § 367.46955',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: `§ 367.46955 at lawserver.com and self-law.org (current 2024) was found, but the list was cut off before its hours paragraph; hours from ${SUMMARIES}`,
		note: 'KRS 367.461(2)(e) allows automated calling equipment 8 a.m.–9 p.m.; the summaries list 10 a.m.–9 p.m. for telephone solicitations: the stricter 10 a.m. is used.',
	}),
	state({
		region: 'LA',
		name: 'Louisiana',
		...noSundays(h(8), h(20)),
		noTextsOn: 'LA',
		citation:
			'La. R.S. 45:844.31; La. Pub. Serv. Comm’n General Order R-29617 § V(A)(2) (no calls on Sundays or legal holidays, none 8 p.m.–8 a.m. Monday–Saturday)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: `the General Order as quoted by dnc.com (holiday alerts 2023); lpsc.louisiana.gov/DNC_Emergency (2024-09-24) confirms the General Order is in effect; ${SUMMARIES}`,
		note: 'Louisiana also bars telemarketing during a declared state of emergency, and its governor may declare further holidays: the node cannot know either.',
	}),
	state({
		region: 'MA',
		name: 'Massachusetts',
		...everyDay(h(8), h(20)),
		citation: '201 CMR 12.02(2) (under Mass. Gen. Laws ch. 159C)',
		effectiveFrom: '2003-01-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'text',
		checkedWhere:
			'201 CMR 12.02 at regulations.justia.com (current through Register 1531, 2024-09-27): "No telephone solicitor shall make or cause to be made an unsolicited telephonic sales call to a consumer between the hours of 8:00 P.M. to 8:00 A.M., local time at the consumer\'s location"',
		note: 'Chapter 159C took effect on 2003-01-01 (mass.gov); the date of 12.02(2) itself was not checked.',
	}),
	state({
		region: 'MD',
		name: 'Maryland',
		...everyDay(h(8), h(20)),
		citation:
			'Md. Code, Com. Law § 14-4501 et seq. (Stop the Spam Calls Act of 2023, 2023 SB 90, ch. 413)',
		effectiveFrom: '2024-01-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere:
			'mgaleg.maryland.gov (SB 90, 2023: approved as Chapter 413, effective 2024-01-01); § 14-4501 (a telephone solicitation "by telephone call, text message, or voicemail") and § 14-4502(a)(1)–(3) at lexace.ai, cut off before the hours; the hours ("between 8:00am and 8:00pm in the called party’s time zone") from dnc.com and WMAR (2024-01-01)',
		note: 'The subsection that sets the hours was not read, so the citation names the subtitle.',
	}),
	state({
		region: 'MI',
		name: 'Michigan',
		...everyDay(h(9), h(21)),
		citation: 'Mich. Comp. Laws § 445.111 et seq. (Home Solicitation Sales Act)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: SUMMARIES,
		note: 'usestello.com cites MCL 750.540e instead; both list 9 a.m.–9 p.m. SB 351 (a new Telephone Solicitation Act with its own quiet hours) passed the Senate on 2026-01-29 and was not enacted as far as could be found on 2026-11-26: not a row until it is law and in force.',
	}),
	state({
		region: 'MN',
		name: 'Minnesota',
		...everyDay(h(9), h(21)),
		citation: 'Minn. Stat. §§ 325E.26–325E.31',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: `the Attorney General's memorandum on §§ 325E.26–.31 (ag.state.mn.us, 2016-04-21) quotes § 325E.27's consent rule, not the hours; hours from ${SUMMARIES}`,
		note: 'The statute governs automatic dialing-announcing devices (prerecorded voice); taken for texts as the stricter reading.',
	}),
	state({
		region: 'MS',
		name: 'Mississippi',
		...noSundays(h(8), h(20)),
		noTextsOn: 'MS',
		citation: 'Miss. Code Ann. § 77-3-701 et seq. (Telephone Solicitation Act)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: SUMMARIES,
		note: 'dropcowboy.com allows 8 a.m.–8 p.m. on holidays; dnc.com lists Mississippi’s holidays as restricted: no texts on holidays (stricter).',
	}),
	state({
		region: 'NJ',
		name: 'New Jersey',
		...everyDay(h(8), h(21)),
		citation: 'N.J. Stat. § 56:8-128(d); N.J. Admin. Code § 13:45D-4.1',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'text',
		checkedWhere:
			'§ 56:8-128 (current through L. 2024, c. 62) as published from casetext: "d. A telemarketer shall not make or cause to be made any unsolicited telemarketing sales call to any customer between the hours of 9:00 p.m. and 8:00 a.m., local time, at the customer\'s location"; lemonlawclaims.com reads N.J.A.C. 13:45D-4.1 the same way',
		note: 'Changed on 2026-11-26 from 8 p.m., which came from one summary and refused lawful texts every evening: the statute says 9 p.m., the federal hours. The row stays so that New Jersey numbers name their own statute.',
	}),
	state({
		region: 'NM',
		name: 'New Mexico',
		...everyDay(h(9), h(21)),
		citation: 'N.M. Stat. § 57-12-22',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: SUMMARIES,
	}),
	state({
		region: 'NV',
		name: 'Nevada',
		...everyDay(h(9), h(20)),
		citation: 'Nev. Rev. Stat. ch. 599B (section not confirmed)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: SUMMARIES,
		note: 'Only dropcowboy.com lists Nevada (9 a.m.–8 p.m.); kept as the stricter reading until the chapter is read.',
	}),
	state({
		region: 'OK',
		name: 'Oklahoma',
		...everyDay(h(8), h(20)),
		citation: 'Okla. Stat. tit. 15, § 775C.4 (Telephone Solicitation Act of 2022, HB 3168)',
		effectiveFrom: '2022-11-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere:
			'the enrolled HB 3168 (2022) at legiplex.com, read to its title ("providing the time frame during which a commercial telephone seller or salesperson may make commercial solicitation phone calls") and § 775C.2; § 775C.5 (Westlaw: effective 2022-11-01); the hours ("Sales calls before 8 a.m. and after 8 p.m.") from the Senate\'s release as reported by bartlesvilleradio.com (2022-04-27) and dnc.com',
	}),
	state({
		region: 'OR',
		name: 'Oregon',
		...everyDay(h(8), h(20)),
		citation:
			'Or. Laws 2025, HB 3865 (telephone solicitation, texts included; amends ORS 646.561 to 646.578)',
		effectiveFrom: '2026-01-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere:
			'Troutman Pepper Locke on JDSupra ("Oregon Passes New Telephone Solicitation Law": signed 2025-07-24, "outside the hours of 8 a.m. to 8 p.m."), postscript.io ("Quiet hours begin at 8 pm ... and end at 8 am" from 2026-01-01), citizenportal.ai on the Senate Judiciary A3 amendment (2025-05-21: 8 a.m.–8 p.m., texts and RCS included, in force 2026-01-01); the enrolled bill text at olis.oregonlegislature.gov could not be read from here',
		note: 'A sender may rely on the area code (503, 541, 458, 971). Direct responses to the person\'s own message are exempt: mark them "Recipient Asked (No Quiet Hours, No Cap)". The established business relationship exempts from the 3-in-24-hours limit (capRules.ts), not from these hours, as the summaries read it.',
	}),
	state({
		region: 'PA',
		name: 'Pennsylvania',
		...everyDay(h(8), h(21)),
		noTextsOn: 'PA',
		citation:
			'73 P.S. § 2241 et seq. (Telemarketer Registration Act, as amended in 2021: no solicitation on legal holidays)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere: `dnc.com (the amendment's holiday list); ${SUMMARIES}`,
		note: 'dropcowboy.com shows narrower Saturday hours for Pennsylvania that no other source confirms; not applied.',
	}),
	state({
		region: 'RI',
		name: 'Rhode Island',
		weekdays: [h(9), h(18)],
		saturday: [h(10), h(17)],
		sunday: null,
		noTextsOn: 'RI',
		citation:
			'R.I. Gen. Laws § 5-61-3.6 and § 5-61-2(9) ("hours of operation": Monday–Friday except a state or federal holiday 9 a.m.–6 p.m.; Saturday 10 a.m.–5 p.m.)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'text',
		checkedWhere:
			'§ 5-61-3.6 at webserver.rilin.state.ri.us ("except during hours of operation, as defined in § 5-61-2(9)"; P.L. 1999, ch. 456) and § 5-61-2 at instalawyer.io',
	}),
	state({
		region: 'TX',
		name: 'Texas',
		weekdays: [h(9), h(21)],
		saturday: [h(9), h(21)],
		sunday: [h(12), h(21)],
		citation:
			'Tex. Bus. & Com. Code § 301.051; texts are telephone solicitations since SB 140 (2025, in force 2025-09-01)',
		effectiveFrom: '2025-09-01',
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'summary',
		checkedWhere:
			'the Senate Research Center\'s analysis of enrolled SB 140 (capitol.texas.gov, 2025-06-11: ch. 302 takes ch. 304\'s definition of "telephone call", texts included); Foster Garvey (2025-09-25: texts "only between the hours of 9 am and 9 pm Monday through Saturday and between noon and 9 pm on Sundays"), Cloud Communications and Mondaq (signed 2025-06-20, in force 2025-09-01); the text of § 301.051 itself was not found',
		note: "Foster Garvey reads the hours in Texas local time (Central), Cloud Communications in the recipient's: the row reads them in the recipient's zone, as every row does (El Paso on Mountain time). Varnum (2025-11) reports a settlement exempting consent-based texts from ch. 302's registration; it does not touch the hours, which stay applied.",
	}),
	state({
		region: 'UT',
		name: 'Utah',
		...noSundays(h(8), h(21)),
		noTextsOn: 'UT',
		citation:
			'Utah Code § 13-25a-103(3) (no solicitation without prior express consent between 9 p.m. and 8 a.m., on a Sunday or on a legal holiday)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'text',
		checkedWhere: 'the statute text at codes.findlaw.com (current as of 2025-01-01)',
		note: 'Does not apply with the recipient’s prior express consent; the node cannot know consent, so it applies the rule.',
	}),
	state({
		region: 'WA',
		name: 'Washington',
		...everyDay(h(8), h(20)),
		citation: 'RCW 19.158.040(2)',
		effectiveFrom: NOT_CHECKED,
		lastCheckedOn: '2026-11-26',
		checkedAgainst: 'text',
		checkedWhere:
			'RCW 19.158.040 at app.leg.wa.gov: "(2) A commercial telephone solicitor shall not place calls to any person which will be received before 8:00 a.m. or after 8:00 p.m. at the call recipient\'s local time"',
		note: 'The row cited 19.158.040(1) (unfair or deceptive solicitation) before; the hours are in (2). RCW 80.36.390, cited before, sets no hours.',
	}),
];

/** The row of a jurisdiction in force on a local day (`yyyy-MM-dd`), if any. */
export function ruleInForce(id: string, isoDate: string): SendWindowRule | undefined {
	return SEND_WINDOW_RULES.find(
		(rule) =>
			rule.id === id &&
			rule.effectiveFrom <= isoDate &&
			(rule.effectiveUntil === undefined || isoDate < rule.effectiveUntil),
	);
}

/** Every jurisdiction with a row, by id. */
export const JURISDICTIONS: ReadonlySet<string> = new Set(SEND_WINDOW_RULES.map((rule) => rule.id));

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
