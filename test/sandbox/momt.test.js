// @ts-check
'use strict';

const { start, v2, control, waitFor } = require('./helpers');

jest.setTimeout(30000);

describe('MOMT reports', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start({ momtReportStepMs: 500 });
	});
	afterAll(() => sb.close());

	test('report 1 is complete, with counts and a downloadable s3_url', async () => {
		const r = await v2(sb, 'GET', '/momt_reports/1');
		expect(r.status).toBe(200);
		expect(r.body.status).toBe('OK');
		expect(r.body.momt_report).toMatchObject({
			id: 1,
			account_id: 37,
			percent_complete: 100,
			counts_calculated: true,
			total_rows: 1280,
			processed_rows: 1280,
			mo_count: 214,
			mt_count: 1066,
			is_csv: false,
			date_range: 'json',
		});
		expect(r.body.momt_report.import_completed_at).not.toBeNull();
		const csv = await fetch(r.body.momt_report.s3_url);
		expect(csv.status).toBe(200);
		expect((await csv.text()).split('\n')[0]).toBe('direction,phone_number,content,at');
	});

	test('report 2 is in progress and advances to completion', async () => {
		await control(sb, 'POST', '/reset');
		const first = (await v2(sb, 'GET', '/momt_reports/2')).body.momt_report;
		expect(first.counts_calculated).toBe(false);
		expect(first.percent_complete).toBeGreaterThan(0);
		expect(first.percent_complete).toBeLessThan(100);
		expect(first.import_started_at).not.toBeNull();
		expect(first.import_completed_at).toBeNull();
		expect(first.s3_url).toBeNull();
		const done = await waitFor(async () => {
			const rep = (await v2(sb, 'GET', '/momt_reports/2')).body.momt_report;
			return rep.percent_complete === 100 ? rep : null;
		}, 15000);
		expect(done).toMatchObject({ counts_calculated: true, processed_rows: 640, total_rows: 640 });
		expect(done.import_completed_at).not.toBeNull();
		expect(done.s3_url).toMatch(
			/^http:\/\/127\.0\.0\.1:\d+\/_sandbox\/files\/momt_reports\/2\.csv$/,
		);
	});

	test('a created report starts at 0% and counts the messages the sandbox sent in the range', async () => {
		await control(sb, 'POST', '/reset');
		await v2(sb, 'POST', '/transactional_messages', {
			transactional_message: { number: '2065553001', content: 'one' },
		});
		await v2(sb, 'POST', '/transactional_messages', {
			transactional_message: { number: '2065553002', content: 'two' },
		});
		const from = new Date(Date.now() - 3600000).toISOString();
		const to = new Date(Date.now() + 3600000).toISOString();
		const created = await v2(sb, 'POST', '/momt_reports', {
			date_from: from,
			date_to: to,
			webhook_callback_url: 'https://example.com/cb',
		});
		expect(created.status).toBe(200);
		const rep = created.body.momt_report;
		expect(rep).toMatchObject({
			percent_complete: 0,
			counts_calculated: false,
			import_started_at: null,
			processed_rows: 0,
			webhook_callback_url: null,
		});
		expect(rep.id).toBeGreaterThanOrEqual(3);
		// Progress is visible in between, and it ends complete.
		const seen = new Set();
		const done = await waitFor(async () => {
			const r = (await v2(sb, 'GET', `/momt_reports/${rep.id}`)).body.momt_report;
			seen.add(r.percent_complete);
			return r.counts_calculated ? r : null;
		}, 15000);
		expect(done).toMatchObject({ percent_complete: 100, mt_count: 2, mo_count: 0, total_rows: 2 });
		expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);
		const csv = await (await fetch(done.s3_url)).text();
		expect(csv).toContain('MT,2065553001,one');
	});

	test('clock advance completes a report at once', async () => {
		await control(sb, 'POST', '/config', { momtReportStepMs: 3600000 });
		const created = await v2(sb, 'POST', '/momt_reports', {
			date_from: '2024-01-01T00:00:00Z',
			date_to: '2024-02-01T00:00:00Z',
		});
		const id = created.body.momt_report.id;
		expect((await v2(sb, 'GET', `/momt_reports/${id}`)).body.momt_report.percent_complete).toBe(0);
		await control(sb, 'POST', '/clock/advance', { hours: 5 });
		expect((await v2(sb, 'GET', `/momt_reports/${id}`)).body.momt_report.percent_complete).toBe(
			100,
		);
		await control(sb, 'POST', '/reset');
	});

	test('validation and unknown ids', async () => {
		for (const body of [
			{},
			{ date_from: '2024-01-01T00:00:00Z' },
			{ date_from: 'yesterday', date_to: '2024-01-01T00:00:00Z' },
			{ date_from: '2024-02-01T00:00:00Z', date_to: '2024-01-01T00:00:00Z' },
		]) {
			const r = await v2(sb, 'POST', '/momt_reports', body);
			expect(r.status).toBe(422);
			expect(r.body.status).toBe('error');
		}
		const missing = await v2(sb, 'GET', '/momt_reports/9999');
		expect(missing.status).toBe(404);
		expect(missing.body).toEqual({ status: 'error', error: 'MOMT report not found' });
	});
});
