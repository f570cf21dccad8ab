// @ts-check
/**
 * The send window: where an area code is, which rules hold it, and when a text may reach it. Every
 * rule row, multi-zone area codes (allowed only when allowed in every zone), the 2026 DST changes,
 * Newfoundland, Arizona, Saskatchewan, a Texas Sunday, state holidays, and numbers outside the US
 * and Canada (refused as before).
 */
const {
	checkSendWindow,
	areaCodeInfo,
	SEND_WINDOW_RULES,
	ruleInForce,
	describeHours,
	isHoliday,
	AREA_CODES_TAKEN,
} = require('../../nodes/shared/sendWindow');
const { toTenDigitPhone } = require('../../nodes/shared/validation');

/**
 * @param {string} phone @param {string} at ISO instant
 * @param {'federal'|'federalAndState'} [scope]
 */
const check = (phone, at, scope = 'federalAndState') =>
	checkSendWindow(toTenDigitPhone(phone), Date.parse(at), scope).output;

/** The day of the audit: the rows in force then are the ones the statute tables below describe. */
const AUDIT_DAY = '2026-11-26';

/**
 * Each state's hours as its statute's (or, where marked, a summary's) own words give them, written
 * by hand from the source, not from the code: [opens, closes] per day kind (null: no texts),
 * whether its holidays are barred, and a number in the state (an area code wholly in one zone).
 * The rows must say the same, and the check must allow exactly inside them.
 */
/** @type {Record<string, { words: string, weekdays: [string,string]|null, saturday: [string,string]|null, sunday: [string,string]|null, holidays?: boolean, phone: string, zone: string }>} */
const STATUTES = {
	AL: {
		words: 'summary: 8 a.m.–8 p.m., none on Sundays or holidays',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: null,
		holidays: true,
		phone: '205-555-0100',
		zone: 'America/Chicago',
	},
	CA: {
		words: 'summary: 9 a.m.–9 p.m.',
		weekdays: ['09:00', '21:00'],
		saturday: ['09:00', '21:00'],
		sunday: ['09:00', '21:00'],
		phone: '415-555-0100',
		zone: 'America/Los_Angeles',
	},
	CT: {
		words: 'summary: 9 a.m.–8 p.m.',
		weekdays: ['09:00', '20:00'],
		saturday: ['09:00', '20:00'],
		sunday: ['09:00', '20:00'],
		phone: '203-555-0100',
		zone: 'America/New_York',
	},
	FL: {
		words: '"before 8 a.m. or after 8 p.m. local time at the called person\'s location"',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: ['08:00', '20:00'],
		phone: '305-555-0100',
		zone: 'America/New_York',
	},
	IL: {
		words: 'summary: 9 a.m.–9 p.m.',
		weekdays: ['09:00', '21:00'],
		saturday: ['09:00', '21:00'],
		sunday: ['09:00', '21:00'],
		phone: '312-555-0100',
		zone: 'America/Chicago',
	},
	KY: {
		words: 'summary: 10 a.m.–9 p.m.',
		weekdays: ['10:00', '21:00'],
		saturday: ['10:00', '21:00'],
		sunday: ['10:00', '21:00'],
		phone: '502-555-0100',
		zone: 'America/New_York',
	},
	LA: {
		words:
			'summary (the General Order as quoted): none 8 p.m.–8 a.m. Monday–Saturday, none on Sundays or legal holidays',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: null,
		holidays: true,
		phone: '504-555-0100',
		zone: 'America/Chicago',
	},
	MA: {
		words: '"between the hours of 8:00 P.M. to 8:00 A.M., local time at the consumer\'s location"',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: ['08:00', '20:00'],
		phone: '617-555-0100',
		zone: 'America/New_York',
	},
	MD: {
		words: 'summary: 8 a.m.–8 p.m.',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: ['08:00', '20:00'],
		phone: '410-555-0100',
		zone: 'America/New_York',
	},
	MI: {
		words: 'summary: 9 a.m.–9 p.m.',
		weekdays: ['09:00', '21:00'],
		saturday: ['09:00', '21:00'],
		sunday: ['09:00', '21:00'],
		phone: '313-555-0100',
		zone: 'America/New_York',
	},
	MN: {
		words: 'summary: 9 a.m.–9 p.m.',
		weekdays: ['09:00', '21:00'],
		saturday: ['09:00', '21:00'],
		sunday: ['09:00', '21:00'],
		phone: '612-555-0100',
		zone: 'America/Chicago',
	},
	MS: {
		words: 'summary: 8 a.m.–8 p.m., none on Sundays or holidays',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: null,
		holidays: true,
		phone: '601-555-0100',
		zone: 'America/Chicago',
	},
	NJ: {
		words:
			'"between the hours of 9:00 p.m. and 8:00 a.m., local time, at the customer\'s location"',
		weekdays: ['08:00', '21:00'],
		saturday: ['08:00', '21:00'],
		sunday: ['08:00', '21:00'],
		phone: '201-555-0100',
		zone: 'America/New_York',
	},
	NM: {
		words: 'summary: 9 a.m.–9 p.m.',
		weekdays: ['09:00', '21:00'],
		saturday: ['09:00', '21:00'],
		sunday: ['09:00', '21:00'],
		phone: '505-555-0100',
		zone: 'America/Denver',
	},
	NV: {
		words: 'summary: 9 a.m.–8 p.m.',
		weekdays: ['09:00', '20:00'],
		saturday: ['09:00', '20:00'],
		sunday: ['09:00', '20:00'],
		phone: '702-555-0100',
		zone: 'America/Los_Angeles',
	},
	OK: {
		words: 'summary: 8 a.m.–8 p.m.',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: ['08:00', '20:00'],
		phone: '405-555-0100',
		zone: 'America/Chicago',
	},
	OR: {
		words: 'summary of HB 3865: "outside the hours of 8 a.m. to 8 p.m."',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: ['08:00', '20:00'],
		phone: '503-555-0100',
		zone: 'America/Los_Angeles',
	},
	PA: {
		words: 'summary: 8 a.m.–9 p.m., none on legal holidays',
		weekdays: ['08:00', '21:00'],
		saturday: ['08:00', '21:00'],
		sunday: ['08:00', '21:00'],
		holidays: true,
		phone: '215-555-0100',
		zone: 'America/New_York',
	},
	RI: {
		words:
			'"hours of operation": Monday–Friday except a holiday 9 a.m.–6 p.m.; Saturday 10 a.m.–5 p.m.',
		weekdays: ['09:00', '18:00'],
		saturday: ['10:00', '17:00'],
		sunday: null,
		holidays: true,
		phone: '401-555-0100',
		zone: 'America/New_York',
	},
	TX: {
		words: 'summary: 9 a.m.–9 p.m. Monday–Saturday, noon–9 p.m. Sunday',
		weekdays: ['09:00', '21:00'],
		saturday: ['09:00', '21:00'],
		sunday: ['12:00', '21:00'],
		phone: '214-555-0100',
		zone: 'America/Chicago',
	},
	UT: {
		words: '"between 9 p.m. and 8 a.m., on a Sunday or on a legal holiday"',
		weekdays: ['08:00', '21:00'],
		saturday: ['08:00', '21:00'],
		sunday: null,
		holidays: true,
		phone: '801-555-0100',
		zone: 'America/Denver',
	},
	WA: {
		words: '"received before 8:00 a.m. or after 8:00 p.m. at the call recipient\'s local time"',
		weekdays: ['08:00', '20:00'],
		saturday: ['08:00', '20:00'],
		sunday: ['08:00', '20:00'],
		phone: '206-555-0100',
		zone: 'America/Los_Angeles',
	},
};

/** An ISO instant for a local wall time in a zone (through Intl, as the node's luxon does). */
function instantOf(/** @type {string} */ local, /** @type {string} */ zone) {
	const { DateTime } = require('luxon');
	return /** @type {string} */ (DateTime.fromISO(local, { zone }).toUTC().toISO());
}

const minutesOf = (/** @type {string} */ hhmm) =>
	Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const FEDERAL = [8 * 60, 21 * 60];

describe('every row carries its dates and its source', () => {
	test('citation, effective date, last checked date, and text or summary; rows of one jurisdiction never overlap', () => {
		for (const rule of SEND_WINDOW_RULES) {
			expect(rule.citation).toMatch(/\S{3}/);
			expect(rule.effectiveFrom).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(rule.lastCheckedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(['text', 'summary']).toContain(rule.checkedAgainst);
			expect(rule.checkedWhere.length).toBeGreaterThan(20);
			if (rule.effectiveUntil) expect(rule.effectiveUntil > rule.effectiveFrom).toBe(true);
			for (const other of SEND_WINDOW_RULES) {
				if (other === rule || other.id !== rule.id) continue;
				const overlap =
					rule.effectiveFrom < (other.effectiveUntil ?? '9999') &&
					other.effectiveFrom < (rule.effectiveUntil ?? '9999');
				expect(`${rule.id} ${rule.effectiveFrom} overlaps: ${overlap}`).toBe(
					`${rule.id} ${rule.effectiveFrom} overlaps: false`,
				);
			}
		}
	});

	test('the statute table and the rows in force on the audit day name the same states', () => {
		const inForce = SEND_WINDOW_RULES.filter(
			(rule) => rule.scope === 'state' && ruleInForce(rule.id, AUDIT_DAY) === rule,
		).map((rule) => rule.region);
		expect(inForce.sort()).toEqual(Object.keys(STATUTES).sort());
	});

	test('no row cites an issue: rows cite law', () => {
		for (const rule of SEND_WINDOW_RULES) {
			expect(`${rule.citation} ${rule.note ?? ''} ${rule.checkedWhere}`).not.toMatch(
				/\bissue\s*#?\d/i,
			);
		}
	});
});

describe('each state row, as its statute reads (a time just inside and just outside, each kind of day)', () => {
	// 2026-11-24 is a Tuesday, 2026-11-28 a Saturday, 2026-11-29 a Sunday: no holiday in any row.
	const days = /** @type {const} */ ([
		['weekdays', '2026-11-24'],
		['saturday', '2026-11-28'],
		['sunday', '2026-11-29'],
	]);
	const cases = Object.keys(STATUTES).flatMap((state) =>
		days.map(([day, date]) => /** @type {[string, typeof day, string]} */ ([state, day, date])),
	);

	test.each(Object.keys(STATUTES))('%s: the row holds the statute’s hours', (state) => {
		const statute = STATUTES[state];
		const rule = /** @type {import('../../nodes/shared/sendWindow').SendWindowRule} */ (
			ruleInForce(`US-${state}`, AUDIT_DAY)
		);
		for (const [day] of days) {
			const hours = statute[day];
			expect([day, rule[day]]).toEqual([day, hours && hours.map(minutesOf)]);
		}
		expect(Boolean(rule.noTextsOn)).toBe(Boolean(statute.holidays));
		expect(rule.checkedAgainst).toBe(statute.words.startsWith('summary') ? 'summary' : 'text');
	});

	// Christmas 2026 is a Friday: a holiday in every calendar; a weekday noon otherwise allowed.
	test.each(Object.keys(STATUTES))(
		'%s on Christmas Day at noon: refused only where the law names holidays',
		(state) => {
			const { phone, zone, holidays } = STATUTES[state];
			const out = check(phone, instantOf('2026-12-25T12:00', zone));
			expect(out.allowedNow).toBe(!holidays);
			if (holidays) expect(out.rule.name).toBe(ruleInForce(`US-${state}`, AUDIT_DAY)?.name);
		},
	);

	test.each(cases)('%s on %s (%s): allowed exactly inside its hours', (state, day, date) => {
		const { phone, zone } = STATUTES[state];
		const hours = STATUTES[state][day];
		const minute = (/** @type {number} */ m) =>
			`${date}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
		const name = ruleInForce(`US-${state}`, AUDIT_DAY)?.name;
		if (hours === null) {
			const noon = check(phone, instantOf(`${date}T12:00`, zone));
			expect(noon.allowedNow).toBe(false);
			expect(noon.rule.name).toBe(name);
			return;
		}
		// The window is the state's hours within the federal ones.
		const from = Math.max(minutesOf(hours[0]), FEDERAL[0]);
		const to = Math.min(minutesOf(hours[1]), FEDERAL[1]);
		expect(check(phone, instantOf(minute(from - 1), zone)).allowedNow).toBe(false);
		expect(check(phone, instantOf(minute(from), zone)).allowedNow).toBe(true);
		expect(check(phone, instantOf(minute(to - 1), zone)).allowedNow).toBe(true);
		const closed = check(phone, instantOf(minute(to), zone));
		expect(closed.allowedNow).toBe(false);
		// At a shared closing time the state's own statute is named (New Jersey's 9 p.m.).
		expect(closed.rule.name).toBe(to <= FEDERAL[1] ? name : 'Federal (TCPA)');
		expect(closed.rule.citation).toBe(ruleInForce(`US-${state}`, AUDIT_DAY)?.citation);
		// Federal only: the state's narrower hours no longer refuse.
		if (to < FEDERAL[1]) {
			expect(check(phone, instantOf(minute(to), zone), 'federal').allowedNow).toBe(true);
		}
	});
});

describe('Oregon (HB 3865, in force 2026-01-01) and New Jersey (N.J.S.A. 56:8-128(d))', () => {
	test('503 at 20:30 Pacific on a weekday: refused under Oregon, next 08:00 the day after', () => {
		const out = check('503-555-0100', instantOf('2026-11-24T20:30', 'America/Los_Angeles'));
		expect(out).toMatchObject({
			allowedNow: false,
			stateOrProvince: 'OR',
			localTime: '2026-11-24T20:30:00-08:00',
			nextAllowedAt: '2026-11-25T08:00:00-08:00',
			rule: expect.objectContaining({
				name: 'Oregon',
				hours: 'every day 8:00–20:00',
				citation: expect.stringContaining('HB 3865'),
				effectiveFrom: '2026-01-01',
				lastCheckedOn: '2026-11-26',
				checkedAgainst: 'summary',
			}),
		});
		// 971 and 458 are Oregon too.
		expect(
			check('971-555-0100', instantOf('2026-11-24T20:30', 'America/Los_Angeles')).rule.name,
		).toBe('Oregon');
		expect(
			check('458-555-0100', instantOf('2026-11-24T19:59', 'America/Los_Angeles')).allowedNow,
		).toBe(false); // 20:59 in Malheur County (Mountain)
	});

	test('the day before the law: 20:30 on 2025-12-31 is allowed until the federal 21:00; from 2026-01-01 refused, with no release in between', () => {
		expect(ruleInForce('US-OR', '2025-12-31')).toBeUndefined();
		const before = check('503-555-0100', instantOf('2025-12-31T20:30', 'America/Los_Angeles'));
		expect(before.allowedNow).toBe(true);
		expect(before.allowedUntil).toBe('2025-12-31T21:00:00-08:00');
		expect(before.rule.name).toBe('Federal (TCPA)');
		// 20:30 on the day the law starts: refused, next the day after at 8:00.
		const after = check('503-555-0100', instantOf('2026-01-01T20:30', 'America/Los_Angeles'));
		expect(after.allowedNow).toBe(false);
		expect(after.rule.name).toBe('Oregon');
		expect(after.nextAllowedAt).toBe('2026-01-02T08:00:00-08:00');
		// A check late on the last day before it: the next window is read under the new law.
		const eve = check('503-555-0100', instantOf('2025-12-31T21:30', 'America/Los_Angeles'));
		expect(eve.nextAllowedAt).toBe('2026-01-01T08:00:00-08:00');
	});

	test('New Jersey at 20:30 Eastern: allowed (the statute says 9 p.m.), until 21:00 under its own statute', () => {
		const out = check('201-555-0100', instantOf('2026-11-24T20:30', 'America/New_York'));
		expect(out.allowedNow).toBe(true);
		expect(out.allowedUntil).toBe('2026-11-24T21:00:00-05:00');
		expect(out.rule).toMatchObject({
			name: 'New Jersey',
			citation: expect.stringContaining('56:8-128(d)'),
		});
	});
});

describe('federal rules', () => {
	test.each([
		['New York 7:59 refused, 8:00 allowed', '212-555-0100', '2026-11-24T07:59', '2026-11-24T08:00'],
		[
			'Kansas City 20:59 allowed, 21:00 refused',
			'816-555-0100',
			'2026-11-24T21:00',
			'2026-11-24T20:59',
		],
	])('%s', (_, phone, refusedAt, allowedAt) => {
		const zone = areaCodeInfo(toTenDigitPhone(phone)).timeZones[0];
		expect(check(phone, instantOf(refusedAt, zone), 'federal').allowedNow).toBe(false);
		expect(check(phone, instantOf(allowedAt, zone), 'federal').allowedNow).toBe(true);
	});

	test('Canada: CRTC hours, 9:00-21:30 on weekdays and 10:00-18:00 on weekends', () => {
		const at = (/** @type {string} */ local) =>
			check('416-555-0100', instantOf(local, 'America/Toronto'));
		expect(at('2026-11-24T21:29').allowedNow).toBe(true);
		expect(at('2026-11-24T21:30').allowedNow).toBe(false);
		expect(at('2026-11-28T09:59').allowedNow).toBe(false);
		const saturdayEvening = at('2026-11-28T18:00');
		expect(saturdayEvening.allowedNow).toBe(false);
		expect(saturdayEvening.rule.name).toBe('Canada (CRTC Telemarketing Rules)');
		expect(saturdayEvening.rule.checkedAgainst).toBe('summary');
		expect(saturdayEvening.nextAllowedAt).toBe('2026-11-29T10:00:00-05:00');
		expect(saturdayEvening.country).toBe('CA');
		expect(saturdayEvening.stateOrProvince).toBe('ON');
	});
});

describe('the output', () => {
	test('a refused Florida number at 20:30: the rule, local time and next allowed time with offset', () => {
		const out = check('+1 (305) 555-0100', '2026-11-28T01:30:00Z');
		expect(out).toEqual({
			phoneNumber: '3055550100',
			country: 'US',
			areaCode: '305',
			stateOrProvince: 'FL',
			timeZones: ['America/New_York'],
			checkedAt: '2026-11-28T01:30:00Z',
			localTime: '2026-11-27T20:30:00-05:00',
			timeZone: 'America/New_York',
			allowedNow: false,
			nextAllowedAt: '2026-11-28T08:00:00-05:00',
			rules: 'federalAndState',
			rule: expect.objectContaining({
				name: 'Florida',
				hours: 'every day 8:00–20:00',
				citation: expect.stringContaining('501.616(6)(a)'),
				checkedAgainst: 'text',
			}),
		});
	});

	test('the same moment is 19:30 in Chicago: allowed, until the federal 21:00 (Illinois: 9:00-21:00)', () => {
		const out = check('312-555-0100', '2026-11-28T01:30:00Z');
		expect(out.allowedNow).toBe(true);
		expect(out.localTime).toBe('2026-11-27T19:30:00-06:00');
		expect(out.nextAllowedAt).toBe(out.localTime);
		expect(out.allowedUntil).toBe('2026-11-27T21:00:00-06:00');
	});
});

describe('area codes that span time zones: allowed only when allowed in every zone', () => {
	test.each([
		['850 (Florida panhandle)', '850', ['America/Chicago', 'America/New_York']],
		['208 (Idaho)', '208', ['America/Boise', 'America/Denver', 'America/Los_Angeles']],
		['270 (Kentucky)', '270', ['America/Chicago', 'America/New_York']],
		['423 (Tennessee)', '423', ['America/Chicago', 'America/New_York']],
		['541 (Oregon)', '541', ['America/Denver', 'America/Los_Angeles']],
		['458 (overlay of 541)', '458', ['America/Denver', 'America/Los_Angeles']],
		['928 (Arizona, Navajo Nation keeps DST)', '928', ['America/Denver', 'America/Phoenix']],
		[
			'701 (North Dakota)',
			'701',
			['America/Chicago', 'America/Denver', 'America/North_Dakota/Center'],
		],
	])('%s reaches %j', (_, code, zones) => {
		expect(areaCodeInfo(`${code}5550100`).timeZones).toEqual(zones);
	});

	test('850 at 20:30 Eastern (19:30 Central): refused by Florida in the Eastern part; next at 8:00 Central', () => {
		const out = check('850-555-0100', '2026-11-28T01:30:00Z');
		expect(out.allowedNow).toBe(false);
		expect(out.localTime).toBe('2026-11-27T20:30:00-05:00');
		expect(out.timeZone).toBe('America/New_York');
		// 8:00 Eastern is 7:00 Central: the window opens when both are past 8:00.
		expect(out.nextAllowedAt).toBe('2026-11-28T09:00:00-05:00');
	});

	test('850 at 7:30 Central (8:30 Eastern): refused in the Central part', () => {
		const out = check('850-555-0100', '2026-11-24T13:30:00Z');
		expect(out.allowedNow).toBe(false);
		expect(out.timeZone).toBe('America/Chicago');
		expect(out.localTime).toBe('2026-11-24T07:30:00-06:00');
	});

	test('Texas 915 (El Paso, Mountain) vs 214 (Dallas, Central): the same instant, different answers', () => {
		const instant = '2026-11-25T02:30:00Z'; // 20:30 Central, 19:30 Mountain
		expect(check('214-555-0100', instant).allowedNow).toBe(true);
		expect(check('915-555-0100', instant).allowedNow).toBe(true);
		const late = '2026-11-25T03:30:00Z'; // 21:30 Central, 20:30 Mountain
		expect(check('214-555-0100', late).allowedNow).toBe(false);
		expect(check('915-555-0100', late).allowedNow).toBe(true);
	});
});

describe('time zones without daylight saving, half-hour offsets', () => {
	test('Newfoundland (709) is UTC-3:30 in November; Labrador (Atlantic) is checked too', () => {
		expect(areaCodeInfo('7095550100').timeZones).toEqual(['America/St_Johns', 'America/Goose_Bay']);
		// 21:00 UTC = 17:30 NST and 17:00 AST, a Tuesday: both in the CRTC's 9:00-21:30.
		const out = check('709-555-0100', '2026-11-24T21:00:00Z');
		expect(out.allowedNow).toBe(true);
		// 00:45 UTC Wednesday = 21:15 NST (allowed) but 20:45 AST: still allowed; 01:05 UTC = 21:35 NST: refused.
		const late = check('709-555-0100', '2026-11-25T01:05:00Z');
		expect(late.allowedNow).toBe(false);
		expect(late.localTime).toBe('2026-11-24T21:35:00-03:30');
		// Wednesday 9:00 in Labrador (AST) is 9:30 in Newfoundland: both past 9:00 only then.
		expect(late.nextAllowedAt).toBe('2026-11-25T09:30:00-03:30');
	});

	test('Arizona (602) keeps UTC-7 all year: 20:30 in July is 20:30 MST, allowed', () => {
		const july = check('602-555-0100', '2026-07-01T03:30:00Z');
		expect(july.localTime).toBe('2026-06-30T20:30:00-07:00');
		expect(july.allowedNow).toBe(true);
		// The same UTC instant in Denver (MDT, UTC-6) is 21:30: refused.
		expect(check('303-555-0100', '2026-07-01T03:30:00Z').allowedNow).toBe(false);
	});

	test('Saskatchewan (306) keeps UTC-6 all year', () => {
		const out = check('306-555-0100', '2026-07-01T03:00:00Z');
		expect(out.localTime).toBe('2026-06-30T21:00:00-06:00');
		expect(out.allowedNow).toBe(true);
		expect(out.stateOrProvince).toBe('SK');
	});
});

describe('daylight saving changes (2026-03-08 and 2026-11-01 in the US)', () => {
	test('spring forward: 1:30 EST, next allowed 8:00 EDT, not 9:00', () => {
		const out = check('212-555-0100', '2026-03-08T06:30:00Z', 'federal');
		expect(out.localTime).toBe('2026-03-08T01:30:00-05:00');
		expect(out.nextAllowedAt).toBe('2026-03-08T08:00:00-04:00');
	});

	test('spring forward: the window closes at 21:00 EDT that day', () => {
		const out = check('212-555-0100', '2026-03-08T12:30:00Z', 'federal');
		expect(out.allowedNow).toBe(true);
		expect(out.allowedUntil).toBe('2026-03-08T21:00:00-04:00');
	});

	test('fall back: 1:30 EDT, next allowed 8:00 EST', () => {
		const out = check('212-555-0100', '2026-11-01T05:30:00Z', 'federal');
		expect(out.localTime).toBe('2026-11-01T01:30:00-04:00');
		expect(out.nextAllowedAt).toBe('2026-11-01T08:00:00-05:00');
	});

	test('fall back: 12:59 UTC is 7:59 EST, refused; 13:00 UTC is 8:00 EST, allowed', () => {
		expect(check('212-555-0100', '2026-11-01T12:59:00Z', 'federal').allowedNow).toBe(false);
		expect(check('212-555-0100', '2026-11-01T13:00:00Z', 'federal').allowedNow).toBe(true);
	});
});

describe('Sundays and holidays', () => {
	test('a Texas Sunday: 10:00 refused until noon; Saturday 10:00 allowed', () => {
		const sunday = check('214-555-0100', instantOf('2026-11-29T10:00', 'America/Chicago'));
		expect(sunday.allowedNow).toBe(false);
		expect(sunday.rule.name).toBe('Texas');
		expect(sunday.rule.hours).toBe('Mon–Sat 9:00–21:00, Sun 12:00–21:00');
		expect(sunday.nextAllowedAt).toBe('2026-11-29T12:00:00-06:00');
		expect(check('214-555-0100', instantOf('2026-11-28T10:00', 'America/Chicago')).allowedNow).toBe(
			true,
		);
	});

	test('Rhode Island on Thanksgiving (2026-11-26): refused all day; next the Friday at 9:00', () => {
		const out = check('401-555-0100', instantOf('2026-11-26T12:00', 'America/New_York'));
		expect(out.allowedNow).toBe(false);
		expect(out.rule.name).toBe('Rhode Island');
		expect(out.nextAllowedAt).toBe('2026-11-27T09:00:00-05:00');
	});

	test('Alabama on a Saturday before a Sunday: the Monday after; Jefferson Davis’ birthday is a holiday', () => {
		const out = check('205-555-0100', instantOf('2026-11-28T20:30', 'America/Chicago'));
		expect(out.nextAllowedAt).toBe('2026-11-30T08:00:00-06:00');
		expect(isHoliday('AL', '2026-06-01')).toBe(true);
		expect(check('205-555-0100', instantOf('2026-06-01T12:00', 'America/Chicago')).allowedNow).toBe(
			false,
		);
	});

	test('Utah: Pioneer Day (2026-07-24, a Friday) refused, the Thursday before allowed', () => {
		expect(check('801-555-0100', instantOf('2026-07-24T12:00', 'America/Denver')).allowedNow).toBe(
			false,
		);
		expect(check('801-555-0100', instantOf('2026-07-23T12:00', 'America/Denver')).allowedNow).toBe(
			true,
		);
	});

	test('a holiday on a weekend is kept, and so is its observed weekday', () => {
		// 2026-07-04 is a Saturday: observed Friday 2026-07-03.
		expect(isHoliday('PA', '2026-07-04')).toBe(true);
		expect(isHoliday('PA', '2026-07-03')).toBe(true);
		// New Year's Day 2028 is a Saturday: observed 2027-12-31.
		expect(isHoliday('RI', '2027-12-31')).toBe(true);
		// Louisiana: Mardi Gras 2026 is February 17; Pennsylvania: Good Friday 2026 is April 3.
		expect(isHoliday('LA', '2026-02-17')).toBe(true);
		expect(isHoliday('PA', '2026-04-03')).toBe(true);
		expect(isHoliday('PA', '2026-04-02')).toBe(false);
	});

	test('Louisiana and Mississippi: no Sunday texts; federal only: Sunday 12:00 allowed', () => {
		for (const phone of ['504-555-0100', '601-555-0100']) {
			const sunday = instantOf('2026-11-29T12:00', 'America/Chicago');
			expect(check(phone, sunday).allowedNow).toBe(false);
			expect(check(phone, sunday, 'federal').allowedNow).toBe(true);
		}
	});
});

describe('numbers the table cannot place', () => {
	test('outside the US and Canada: refused as before, naming the country', () => {
		expect(() => toTenDigitPhone('+1 876 555 0100')).toThrow(/Jamaica/);
		expect(() => toTenDigitPhone('+44 20 7946 0958')).toThrow(/not a US or Canadian number/);
	});

	test('a non-geographic area code (toll-free 800): its time zone cannot be known', () => {
		expect(() => checkSendWindow('8005550100', Date.now(), 'federal')).toThrow(
			new RegExp(`area code 800.*taken ${AREA_CODES_TAKEN}.*cannot be known`),
		);
	});

	test('territories are US: Puerto Rico (787) is UTC-4 all year', () => {
		const out = check('787-555-0100', '2026-11-25T00:30:00Z');
		expect(out).toMatchObject({ country: 'US', stateOrProvince: 'PR', allowedNow: true });
		expect(out.localTime).toBe('2026-11-24T20:30:00-04:00');
	});

	test('an area code across provinces names them all (782: Nova Scotia and Prince Edward Island)', () => {
		expect(areaCodeInfo('7825550100')).toMatchObject({ country: 'CA', regions: ['NS', 'PE'] });
	});

	test('describeHours reads like a rule', () => {
		expect(describeHours(/** @type {any} */ (ruleInForce('US-RI', AUDIT_DAY)))).toBe(
			'Mon–Fri 9:00–18:00, Sat 10:00–17:00, Sun none; none on holidays',
		);
	});
});

describe('a broadcast to a whole list (docs/send-window.md#broadcasts)', () => {
	const { AREA_CODES } = require('../../nodes/shared/sendWindow/areaCodes.generated');
	/** Every area code of the 50 states and DC (territories span Guam to American Samoa). */
	const STATES = Object.keys(AREA_CODES).filter((code) =>
		/^US\|(?!PR|VI|GU|MP|AS)/.test(AREA_CODES[code]),
	);
	const everywhere = (/** @type {string} */ iso) =>
		STATES.filter((code) => !check(`${code}5550100`, iso).allowedNow);

	test('weekdays 14:00-18:00 Eastern fit every state’s federal and state hours, in summer and winter', () => {
		expect(everywhere('2026-07-15T18:00:00Z')).toEqual([]); // 14:00 EDT
		expect(everywhere('2026-07-15T21:59:00Z')).toEqual([]); // 17:59 EDT
		expect(everywhere('2026-11-25T19:00:00Z')).toEqual([]); // 14:00 EST
		expect(everywhere('2026-11-25T22:59:00Z')).toEqual([]); // 17:59 EST
	});

	test('outside it some state refuses: 13:30 Eastern is 7:30 in Hawaii, 18:00 closes Rhode Island, Sunday closes five states', () => {
		expect(everywhere('2026-07-15T17:30:00Z')).toContain('808');
		expect(everywhere('2026-07-15T22:00:00Z')).toContain('401');
		expect(everywhere('2026-11-29T19:00:00Z')).toEqual(
			expect.arrayContaining(['205', '504', '601', '401', '801']),
		);
	});
});
