// @ts-check
const { runNode } = require('../helpers/runNode');
const { v2Api, v2Credentials, recordUnmatched } = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

/** @param {string} reportId */
const get = (reportId) =>
	runNode({
		parameters: { resource: 'momtReport', operation: 'get', reportId },
		credentials: { tatangoApi: v2Credentials() },
	});

const report = (/** @type {Record<string, unknown>} */ fields) => ({
	status: 'OK',
	momt_report: {
		id: 2,
		account_id: 37,
		processed_rows: 40,
		total_rows: 100,
		mo_count: 3,
		mt_count: 37,
		...fields,
	},
});

describe('MOMT Report → Get', () => {
	test('GET without body or query; an unfinished report is not complete', async () => {
		const body = report({ percent_complete: 40, counts_calculated: false });
		const api = v2Api()
			.get('/api/v2/momt_reports/2', (requestBody) => !requestBody)
			.reply(200, body);

		const { items, error } = await get(' 2 ');

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: { isComplete: false, ...body }, pairedItem: { item: 0 } }]);
	});

	test.each([
		['counts calculated', { percent_complete: 99, counts_calculated: true }],
		['100 percent', { percent_complete: 100, counts_calculated: false }],
	])('complete when %s', async (_name, fields) => {
		const api = v2Api().get('/api/v2/momt_reports/2').reply(200, report(fields));

		const { items } = await get('2');

		api.done();
		expect(items[0].json.isComplete).toBe(true);
	});

	test('a GET answered 503 is retried and then succeeds: one item, two requests', async () => {
		const body = report({ percent_complete: 100, counts_calculated: true });
		const api = v2Api()
			.get('/api/v2/momt_reports/2')
			.reply(503, '<html><body>Service Unavailable</body></html>')
			.get('/api/v2/momt_reports/2')
			.reply(200, body);

		const { items, error } = await get('2');

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: { isComplete: true, ...body }, pairedItem: { item: 0 } }]);
	});

	test('an unknown report (404) names it', async () => {
		const api = v2Api()
			.get('/api/v2/momt_reports/77')
			.reply(404, { status: 'error', error: 'Not found' });

		const { error } = await get('77');

		api.done();
		expect(unmatched).toEqual([]);
		expect(error.message).toBe('MOMT report 77 was not found in this Tatango account (404)');
	});

	test('a report ID that is not a number is refused before any request', async () => {
		const { error } = await get('last');

		expect(error.message).toBe(
			'Invalid Report ID: "last" is not a valid ID (a whole number above 0)',
		);
		expect(unmatched).toEqual([]);
	});
});
