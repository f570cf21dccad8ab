// @ts-check
const {
	InvalidInputError,
	toListName,
	toKeywordList,
	toDigestEmail,
	toGsm7Text,
	toDateTimeRange,
	toZonedDateTime,
	toUtcDay,
	toUtcDayRange,
	toOptionalHttpUrl,
} = require('../../nodes/shared/validation');
const { toPollSchedule } = require('../../nodes/Tatango/actions/momtReport/waiting.rules');

/** Runs `fn` and returns the InvalidInputError it throws (fails the test if it does not). */
function rejection(/** @type {() => unknown} */ fn) {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidInputError);
		return /** @type {InvalidInputError} */ (error);
	}
	throw new Error('expected an InvalidInputError');
}

describe('list name (at most 25 characters)', () => {
	test.each([
		['Spring Campaign', 'Spring Campaign'],
		['  padded  ', 'padded'],
		['x'.repeat(25), 'x'.repeat(25)],
		['🎉'.repeat(12), '🎉'.repeat(12)],
	])('%p is sent as %p', (input, name) => expect(toListName(input)).toBe(name));

	test.each([
		['', /is required/],
		['   ', /is required/],
		[undefined, /is required/],
		['x'.repeat(26), /is 26 characters long; a list name has at most 25/],
		// An emoji counts as 2, as everywhere in the node and the sandbox.
		['🎉'.repeat(13), /is 26 characters long; a list name has at most 25/],
	])('%p is rejected (%p)', (input, rule) => {
		const error = rejection(() => toListName(input));
		expect(error.field).toBe('Name');
		expect(error.message).toMatch(rule);
	});
});

describe('keyword lists', () => {
	test.each([
		['join, Save ,coupons', ['JOIN', 'SAVE', 'COUPONS']],
		[['sale', 'SALE', 'Sale'], ['SALE']],
		['deals,,  ,vip', ['DEALS', 'VIP']],
		['', []],
		[undefined, []],
		[[], []],
	])('%p is sent as %p', (input, keywords) => expect(toKeywordList(input)).toEqual(keywords));

	test.each([
		['join, x', /"X" is 1 characters long \(after upper-casing\); a keyword has 2 to 15/],
		['abcdefghijklmnop', /16 characters long/],
	])('%p is rejected', (input, rule) => {
		const error = rejection(() => toKeywordList(input));
		expect(error.field).toBe('Keywords');
		expect(error.message).toMatch(rule);
	});

	test('a required list refuses an empty value and names its field', () => {
		const error = rejection(() => toKeywordList(' , ', { field: 'Keyword Names', required: true }));
		expect(error.field).toBe('Keyword Names');
		expect(error.message).toMatch(/needs at least one keyword/);
	});
});

describe('digest e-mail', () => {
	test('empty is left out; an address passes; a long address is fine (no 50-character limit)', () => {
		expect(toDigestEmail('')).toBeUndefined();
		expect(toDigestEmail(' ops@acme.example ')).toBe('ops@acme.example');
		const long = `${'a'.repeat(60)}@acme.example`;
		expect(toDigestEmail(long)).toBe(long);
	});

	test('a non-address names the field', () => {
		const error = rejection(() => toDigestEmail('never'));
		expect(error.field).toBe('Email Digest To');
		expect(error.message).toMatch(/"never" is not an e-mail address/);
	});
});

describe('broadcast content (160 GSM 7-bit characters, as the messaging docs say)', () => {
	test('160 characters pass, 161 fail', () => {
		expect(toGsm7Text('x'.repeat(160), 'Content')).toHaveLength(160);
		expect(rejection(() => toGsm7Text('x'.repeat(161), 'Content')).field).toBe('Content');
	});
});

describe('MOMT report date-times', () => {
	test.each([
		// n8n's date picker: a wall time, read in the workflow's time zone (DST-aware).
		['2026-11-01T00:00:00', 'America/Los_Angeles', '2026-11-01T00:00:00-07:00'],
		['2026-11-02T00:00:00', 'America/Los_Angeles', '2026-11-02T00:00:00-08:00'],
		['2026-07-01', 'Europe/Berlin', '2026-07-01T00:00:00+02:00'],
		['2026-07-01 09:30', 'UTC', '2026-07-01T09:30:00+00:00'],
		// An explicit offset is kept, whatever the workflow's zone.
		['2016-08-08T22:10:41+01:00', 'America/New_York', '2016-08-08T22:10:41+01:00'],
		['2026-11-01T08:00:00.000Z', 'America/New_York', '2026-11-01T08:00:00+00:00'],
		[new Date('2026-11-01T08:00:00Z'), 'Asia/Tokyo', '2026-11-01T08:00:00+00:00'],
		// A Luxon DateTime (what {{ $now }} is) serializes with its own offset.
		[{ toISO: () => '2026-11-01T10:00:00.000-05:00' }, 'UTC', '2026-11-01T10:00:00-05:00'],
	])('%p in %s is sent as %s', (input, zone, iso) => {
		expect(toZonedDateTime(input, 'Date From', zone)?.iso).toBe(iso);
	});

	test.each([
		['yesterday', /"yesterday" is not a date/],
		['2026-02-30T00:00:00', /not a real date and time/],
		['2026-01-01T24:00:00', /not a real date and time/],
	])('%p is rejected', (input, rule) => {
		const error = rejection(() => toZonedDateTime(input, 'Date From', 'UTC'));
		expect(error.field).toBe('Date From');
		expect(error.message).toMatch(rule);
	});

	const fields = { from: 'Date From', to: 'Date To' };
	test('a range needs both ends, the start first', () => {
		expect(toDateTimeRange('2026-11-01', '2026-11-30', fields, 'UTC')).toEqual({
			from: '2026-11-01T00:00:00+00:00',
			to: '2026-11-30T00:00:00+00:00',
		});
		expect(rejection(() => toDateTimeRange('', '2026-11-30', fields, 'UTC')).field).toBe(
			'Date From',
		);
		expect(rejection(() => toDateTimeRange('2026-11-01', '', fields, 'UTC')).field).toBe('Date To');
		const reversed = rejection(() => toDateTimeRange('2026-11-30', '2026-11-01', fields, 'UTC'));
		expect(reversed.field).toBe('Date To');
		expect(reversed.message).toMatch(/must be after Date From/);
		// Compared as instants: 09:00 in New York is after 14:30 in Berlin the same day.
		expect(() =>
			toDateTimeRange('2026-11-01T14:30:00+01:00', '2026-11-01T09:00:00-05:00', fields, 'UTC'),
		).not.toThrow();
	});
});

describe('message filter days (YYYYMMDD, UTC)', () => {
	test.each([
		['20261101', '20261101'],
		['2026-11-01', '20261101'],
		// The date picker's value is the calendar day picked.
		['2026-11-01T00:00:00', '20261101'],
		// With an offset, the instant's UTC day.
		['2026-11-01T20:00:00-08:00', '20261102'],
		[new Date('2026-11-01T23:59:59Z'), '20261101'],
		['', undefined],
	])('%p is sent as %p', (input, day) => expect(toUtcDay(input, 'Start Date')).toBe(day));

	test('a range may be open on either side but not reversed', () => {
		const fields = { from: 'Start Date', to: 'End Date' };
		expect(toUtcDayRange('2026-11-01', '', fields)).toEqual({ from: '20261101', to: undefined });
		expect(toUtcDayRange('2026-11-01', '2026-11-01', fields)).toEqual({
			from: '20261101',
			to: '20261101',
		});
		const error = rejection(() => toUtcDayRange('20261102', '20261101', fields));
		expect(error.field).toBe('End Date');
		expect(error.message).toMatch(/\(20261101\) is before Start Date \(20261102\)/);
		expect(rejection(() => toUtcDay('11/01/2026', 'Start Date')).message).toMatch(
			/is not a date \(e\.g\. 20261101/,
		);
	});
});

describe('waiting for a report', () => {
	test.each([
		[10, 15, { maxWaitMs: 600_000, intervalMs: 15_000 }],
		['0.5', '3', { maxWaitMs: 30_000, intervalMs: 3_000 }],
		[60, 60, { maxWaitMs: 3_600_000, intervalMs: 60_000 }],
	])('wait %p min, check every %p s', (minutes, seconds, schedule) => {
		expect(toPollSchedule(minutes, seconds)).toEqual(schedule);
	});

	test.each([
		[0, 10, 'Max Wait (Minutes)', /more than 0 and at most 60/],
		[61, 10, 'Max Wait (Minutes)', /at most 60 minutes; got 61/],
		['', 10, 'Max Wait (Minutes)', /got $/],
		[10, 2, 'Check Every (Seconds)', /at least 3 seconds/],
		[1, 90, 'Check Every (Seconds)', /longer than Max Wait/],
	])('wait %p min, check every %p s is rejected on %s', (minutes, seconds, field, rule) => {
		const error = rejection(() => toPollSchedule(minutes, seconds));
		expect(error.field).toBe(field);
		expect(error.message).toMatch(rule);
	});
});

describe('callback URL (optional, http or https as in the docs example)', () => {
	test.each([
		['', undefined],
		['http://requestb.in/1d60vok1', 'http://requestb.in/1d60vok1'],
		[' https://n8n.example/webhook/momt ', 'https://n8n.example/webhook/momt'],
	])('%p is sent as %p', (input, url) =>
		expect(toOptionalHttpUrl(input, 'Callback URL')).toBe(url),
	);

	test.each([
		['ftp://example.com/x', /must be an http\(s\) URL/],
		['not a url', /is not a URL/],
	])('%p is rejected', (input, rule) => {
		const error = rejection(() => toOptionalHttpUrl(input, 'Callback URL'));
		expect(error.field).toBe('Callback URL');
		expect(error.message).toMatch(rule);
	});
});
