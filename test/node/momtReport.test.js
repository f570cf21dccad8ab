// @ts-check
/**
 * MOMT Report → Get and Create. `sleep` (n8n-workflow) and `Date.now` are replaced by a clock
 * the test owns, so Wait Until Complete runs in no time and the waits it asks for are recorded.
 */
const mockTime = { now: Date.parse('2026-11-23T12:00:00Z'), sleeps: /** @type {number[]} */ ([]) };
jest.mock('n8n-workflow', () => ({
	...jest.requireActual('n8n-workflow'),
	sleep: async (/** @type {number} */ ms) => {
		mockTime.sleeps.push(ms);
		mockTime.now += ms;
	},
}));

const { runNode } = require('../helpers/runNode');
const { v2Api, v2Credentials, recordUnmatched } = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

beforeEach(() => {
	mockTime.sleeps = [];
	// Time passes between node runs: the account's pacer (shared by runs) has no turn to wait for.
	mockTime.now += 60_000;
	jest.spyOn(Date, 'now').mockImplementation(() => mockTime.now);
});
afterEach(() => jest.restoreAllMocks());

/**
 * @param {string} operation
 * @param {Record<string, unknown>} parameters
 * @param {string} [timezone]
 */
const momt = (operation, parameters, timezone) =>
	runNode({
		parameters: /** @type {any} */ ({ resource: 'momtReport', operation, ...parameters }),
		credentials: { tatangoApi: v2Credentials() },
		timezone,
	});

/** A MOMT report as Tatango documents it (public docs §1.12), at some stage. */
const report = (/** @type {Record<string, unknown>} */ fields = {}) => ({
	id: 3,
	account_id: 22,
	s3_url: null,
	import_started_at: null,
	import_completed_at: null,
	total_rows: null,
	processed_rows: 0,
	percent_complete: 0,
	mo_count: 0,
	mt_count: 0,
	shortcode: null,
	date_range: 'json',
	date_from: '2026-11-01T00:00:00-07:00',
	date_to: '2026-11-23T00:00:00-08:00',
	campaign: null,
	carrier: null,
	phone_number: null,
	direction: null,
	status_array: null,
	created_at: '2026-11-23T04:00:00-08:00',
	updated_at: '2026-11-23T04:00:00-08:00',
	counts_calculated: false,
	type: null,
	is_csv: false,
	webhook_callback_url: null,
	run_errors: null,
	message_type: null,
	cancelled: null,
	...fields,
});
const DONE = {
	s3_url: 'https://s3.example/momt/3.csv',
	total_rows: 40,
	processed_rows: 40,
	percent_complete: 100,
	mo_count: 3,
	mt_count: 37,
	counts_calculated: true,
};
/** What Simplify keeps of a report. */
const simple = (/** @type {Record<string, any>} */ r) => ({
	id: r.id,
	s3_url: r.s3_url,
	total_rows: r.total_rows,
	percent_complete: r.percent_complete,
	mo_count: r.mo_count,
	mt_count: r.mt_count,
	date_from: r.date_from,
	date_to: r.date_to,
	created_at: r.created_at,
	counts_calculated: r.counts_calculated,
	run_errors: r.run_errors,
	cancelled: r.cancelled,
});

describe('MOMT Report → Get', () => {
	test('GET without body or query; outputs the report with isComplete', async () => {
		const unfinished = report({ percent_complete: 40, counts_calculated: false });
		const api = v2Api()
			.get('/api/v2/momt_reports/2', (requestBody) => !requestBody)
			.reply(200, { status: 'OK', momt_report: unfinished });

		const { items, error } = await momt('get', { reportId: ' 2 ', simple: false });

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([
			{ json: { isComplete: false, ...unfinished }, pairedItem: { item: 0 } },
		]);
	});

	test('Simplify (the default) keeps progress, counts and the download link', async () => {
		const done = report(DONE);
		v2Api().get('/api/v2/momt_reports/3').reply(200, { status: 'OK', momt_report: done });

		const { items } = await momt('get', { reportId: '3' });

		expect(items[0].json).toEqual({ isComplete: true, ...simple(done) });
	});

	test.each([
		['counts calculated', { percent_complete: 99, counts_calculated: true }],
		['100 percent', { percent_complete: 100, counts_calculated: false }],
	])('complete when %s', async (_name, fields) => {
		v2Api()
			.get('/api/v2/momt_reports/2')
			.reply(200, { status: 'OK', momt_report: report(fields) });

		const { items } = await momt('get', { reportId: '2' });

		expect(items[0].json.isComplete).toBe(true);
	});

	test('a GET answered 503 is retried and then succeeds: one item, two requests', async () => {
		const api = v2Api()
			.get('/api/v2/momt_reports/2')
			.reply(503, '<html><body>Service Unavailable</body></html>')
			.get('/api/v2/momt_reports/2')
			.reply(200, { status: 'OK', momt_report: report(DONE) });

		const { items, error } = await momt('get', { reportId: '2' });

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toHaveLength(1);
		expect(items[0].json.isComplete).toBe(true);
	});

	test('an unknown report (404) names it', async () => {
		v2Api().get('/api/v2/momt_reports/77').reply(404, { status: 'error', error: 'Not found' });

		const { error } = await momt('get', { reportId: '77' });

		expect(error.message).toBe('MOMT report 77 was not found in this Tatango account (404)');
	});

	test('a report ID that is not a number is refused before any request', async () => {
		const { error } = await momt('get', { reportId: 'last' });

		expect(error.message).toBe(
			'Invalid Report ID: "last" is not a valid ID (a whole number above 0)',
		);
		expect(unmatched).toEqual([]);
	});
});

describe('MOMT Report → Create', () => {
	test("posts the unwrapped range in the workflow's time zone and the callback URL", async () => {
		const created = report();
		const api = v2Api()
			.post('/api/v2/momt_reports', {
				date_from: '2026-11-01T00:00:00-07:00',
				date_to: '2026-11-23T00:00:00-08:00',
				webhook_callback_url: 'https://n8n.example.com/webhook/momt',
			})
			.reply(200, { status: 'OK', momt_report: created });

		const { items, error } = await momt(
			'create',
			{
				dateFrom: '2026-11-01T00:00:00',
				dateTo: '2026-11-23T00:00:00',
				options: { callbackUrl: 'https://n8n.example.com/webhook/momt' },
			},
			'America/Los_Angeles',
		);

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([
			{ json: { isComplete: false, ...simple(created) }, pairedItem: { item: 0 } },
		]);
		expect(mockTime.sleeps).toEqual([]);
	});

	test.each([
		[{ dateFrom: '={{ "" }}', dateTo: '2026-11-23' }, 'Invalid Date From: is required'],
		[
			{ dateFrom: '2026-11-23', dateTo: '2026-11-01' },
			'Invalid Date To: (2026-11-01T00:00:00+00:00) must be after Date From (2026-11-23T00:00:00+00:00)',
		],
		[
			{ dateFrom: '2026-11-01', dateTo: '2026-11-23', options: { callbackUrl: 'mailto:x@y.z' } },
			'Invalid Callback URL: must be an http(s) URL; got mailto://',
		],
		[
			{
				dateFrom: '2026-11-01',
				dateTo: '2026-11-23',
				waitUntilComplete: true,
				checkEverySeconds: 1,
			},
			'Invalid Check Every (Seconds): must be at least 3 seconds (Tatango allows one call every 3 seconds); got 1',
		],
		[
			{
				dateFrom: '2026-11-01',
				dateTo: '2026-11-23',
				waitUntilComplete: true,
				maxWaitMinutes: 120,
			},
			'Invalid Max Wait (Minutes): must be more than 0 and at most 60 minutes; got 120',
		],
	])('%j is refused before any request', async (parameters, message) => {
		const { error } = await momt('create', parameters, 'UTC');
		expect(error.message).toBe(message);
		expect(unmatched).toEqual([]);
	});

	test('Wait Until Complete checks at the chosen interval and outputs the finished report', async () => {
		const api = v2Api()
			.post('/api/v2/momt_reports')
			.reply(200, { status: 'OK', momt_report: report() })
			.get('/api/v2/momt_reports/3')
			.reply(200, { status: 'OK', momt_report: report({ percent_complete: 50 }) })
			.get('/api/v2/momt_reports/3')
			.reply(200, { status: 'OK', momt_report: report(DONE) });

		const { items, error } = await momt(
			'create',
			{
				dateFrom: '2026-11-01',
				dateTo: '2026-11-23',
				waitUntilComplete: true,
				maxWaitMinutes: 5,
				checkEverySeconds: 20,
			},
			'UTC',
		);

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(mockTime.sleeps.filter((ms) => ms >= 1000)).toEqual([20_000, 20_000]);
		expect(items).toEqual([
			{
				json: { isComplete: true, ...simple(report(DONE)), waitedSeconds: 40 },
				pairedItem: { item: 0 },
			},
		]);
	});

	test('when the limit passes first, the unfinished report is output with a note', async () => {
		const api = v2Api()
			.post('/api/v2/momt_reports')
			.reply(200, { status: 'OK', momt_report: report() })
			.get('/api/v2/momt_reports/3')
			.times(3)
			.reply(200, { status: 'OK', momt_report: report({ percent_complete: 25 }) });

		const { items } = await momt(
			'create',
			{
				dateFrom: '2026-11-01',
				dateTo: '2026-11-23',
				waitUntilComplete: true,
				maxWaitMinutes: 0.5,
				checkEverySeconds: 12,
			},
			'UTC',
		);

		api.done();
		expect(unmatched).toEqual([]);
		// 12 + 12 + the 6 s left of the 30 s limit.
		expect(mockTime.sleeps.filter((ms) => ms >= 1000)).toEqual([12_000, 12_000, 6_000]);
		expect(items[0].json).toMatchObject({
			id: 3,
			isComplete: false,
			percent_complete: 25,
			waitedSeconds: 30,
			note: 'The report was not complete after 0.5 minutes; read it later with MOMT Report → Get.',
		});
	});

	test('a report Tatango stops (run_errors) ends the wait at once', async () => {
		v2Api()
			.post('/api/v2/momt_reports')
			.reply(200, { status: 'OK', momt_report: report() })
			.get('/api/v2/momt_reports/3')
			.reply(200, { status: 'OK', momt_report: report({ run_errors: 'S3 upload failed' }) });

		const { items } = await momt(
			'create',
			{ dateFrom: '2026-11-01', dateTo: '2026-11-23', waitUntilComplete: true },
			'UTC',
		);

		expect(unmatched).toEqual([]);
		expect(items[0].json).toMatchObject({
			isComplete: false,
			run_errors: 'S3 upload failed',
			note: expect.stringMatching(/stopped this report/),
		});
	});

	test('a check that fails says the report exists and how to read it later', async () => {
		v2Api()
			.post('/api/v2/momt_reports')
			.reply(200, { status: 'OK', momt_report: report() })
			.get('/api/v2/momt_reports/3')
			.reply(403, { status: 'error', error: 'This API key is disabled' });

		const { error } = await momt(
			'create',
			{ dateFrom: '2026-11-01', dateTo: '2026-11-23', waitUntilComplete: true },
			'UTC',
		);

		expect(error.message).toMatch(/This API key is disabled \(403\)/);
		expect(error.description).toMatch(
			/MOMT report 3 was created; read it later with MOMT Report → Get\.$/,
		);
	});
});
