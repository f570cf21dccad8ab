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
	FEDERAL_RULES,
	STATE_RULES,
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

/** A number in each state with a rule row (an area code wholly in one zone). */
const NUMBER_IN = {
	AL: ['205-555-0100', 'America/Chicago'],
	CA: ['415-555-0100', 'America/Los_Angeles'],
	CT: ['203-555-0100', 'America/New_York'],
	FL: ['305-555-0100', 'America/New_York'],
	IL: ['312-555-0100', 'America/Chicago'],
	KY: ['502-555-0100', 'America/New_York'],
	LA: ['504-555-0100', 'America/Chicago'],
	MA: ['617-555-0100', 'America/New_York'],
	MD: ['410-555-0100', 'America/New_York'],
	MI: ['313-555-0100', 'America/New_York'],
	MN: ['612-555-0100', 'America/Chicago'],
	MS: ['601-555-0100', 'America/Chicago'],
	NJ: ['201-555-0100', 'America/New_York'],
	NM: ['505-555-0100', 'America/Denver'],
	NV: ['702-555-0100', 'America/Los_Angeles'],
	OK: ['405-555-0100', 'America/Chicago'],
	PA: ['215-555-0100', 'America/New_York'],
	RI: ['401-555-0100', 'America/New_York'],
	TX: ['214-555-0100', 'America/Chicago'],
	UT: ['801-555-0100', 'America/Denver'],
	WA: ['206-555-0100', 'America/Los_Angeles'],
};

/** An ISO instant for a local wall time in a zone (through Intl, as the node's luxon does). */
function instantOf(/** @type {string} */ local, /** @type {string} */ zone) {
	const { DateTime } = require('luxon');
	return /** @type {string} */ (DateTime.fromISO(local, { zone }).toUTC().toISO());
}

const dayHours = (/** @type {readonly [number, number] | null} */ h) => h;

describe('every state rule row', () => {
	test('each row names a statute, a checked date and what it was checked against', () => {
		for (const rule of [...Object.values(STATE_RULES), ...Object.values(FEDERAL_RULES)]) {
			expect(rule.source).toMatch(/\S{3}/);
			expect(rule.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
			expect(rule.checkedAgainst.length).toBeGreaterThan(10);
		}
		expect(Object.keys(NUMBER_IN).sort()).toEqual(Object.keys(STATE_RULES).sort());
	});

	// 2026-11-24 is a Tuesday, 2026-11-28 a Saturday, 2026-11-29 a Sunday: no holiday in any row.
	const days = [
		['weekdays', '2026-11-24'],
		['saturday', '2026-11-28'],
		['sunday', '2026-11-29'],
	];
	const cases = Object.entries(STATE_RULES).flatMap(([state, rule]) =>
		days.map(([day, date]) => [state, day, date, rule[day]]),
	);

	test.each(cases)('%s on %s (%s): allowed exactly inside its hours', (state, day, date, hours) => {
		const [phone, zone] = NUMBER_IN[state];
		const h = dayHours(hours);
		const fed = FEDERAL_RULES.US[day];
		const minute = (/** @type {number} */ m) =>
			`${date}T${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
		if (h === null) {
			const noon = check(phone, instantOf(`${date}T12:00`, zone));
			expect(noon.allowedNow).toBe(false);
			expect(noon.rule.name).toBe(STATE_RULES[state].name);
			return;
		}
		// The window is the state's hours within the federal ones.
		const from = Math.max(h[0], fed[0]);
		const to = Math.min(h[1], fed[1]);
		expect(check(phone, instantOf(minute(from - 1), zone)).allowedNow).toBe(false);
		expect(check(phone, instantOf(minute(from), zone)).allowedNow).toBe(true);
		expect(check(phone, instantOf(minute(to - 1), zone)).allowedNow).toBe(true);
		const closed = check(phone, instantOf(minute(to), zone));
		expect(closed.allowedNow).toBe(false);
		if (to < fed[1]) expect(closed.rule.name).toBe(STATE_RULES[state].name);
		// Federal only: the state's narrower hours no longer refuse.
		if (to < fed[1]) {
			expect(check(phone, instantOf(minute(to), zone), 'federal').allowedNow).toBe(true);
		}
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
				source: expect.stringContaining('501.059'),
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
		expect(describeHours(STATE_RULES.RI)).toBe(
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
