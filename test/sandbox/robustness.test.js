// @ts-check
'use strict';
// The sandbox survives what a hostile or careless client sends (issue 10, sandbox bullets): a very
// deep body, an absurd clock advance, large bodies, fault paths full of wildcards.
const { start, v2, v3, control } = require('./helpers');
const { pathMatches } = require('../../sandbox/faults');
const { MAX_RECORDED_BYTES } = require('../../sandbox/recording');

describe('sandbox robustness', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(async () => {
		await sb.close();
	});
	beforeEach(async () => {
		await control(sb, 'POST', '/reset');
	});

	test('a 100,000-level body is recorded as a note; inspect keeps answering', async () => {
		const deep = `{"phoneNumber":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
		const res = await fetch(`${sb.url}/transactional_messages/send_sms`, {
			method: 'POST',
			headers: { 'content-type': 'application/json', 'x-api-key': 'tatango_key_sandbox' },
			body: deep,
		});
		expect(res.status).toBeLessThan(500);
		const inspect = await control(sb, 'GET', '/inspect');
		expect(inspect.status).toBe(200);
		const recorded = inspect.body.requests.at(-1);
		expect(recorded.body).toEqual({ '[sandbox]': expect.stringMatching(/^body not kept/) });
	});

	test('clock/advance by 1e12 hours is refused and leaves the clock where it was; the API keeps working', async () => {
		const before = await control(sb, 'GET', '/inspect');
		const refused = await control(sb, 'POST', '/clock/advance', { hours: 1e12 });
		expect(refused.status).toBe(400);
		const after = await control(sb, 'GET', '/inspect');
		expect(Date.parse(after.body.now) - Date.parse(before.body.now)).toBeLessThan(60_000);
		expect((await v2(sb, 'GET', '/lists/101')).status).toBe(200);
	});

	test('recorded bodies are bounded in bytes: 10 bodies of 1 MB are not kept whole', async () => {
		const big = 'x'.repeat(1024 * 1024);
		for (let i = 0; i < 10; i++) {
			await v3(sb, '/transactional_messages/send_sms', { phoneNumber: '2065553111', content: big });
		}
		const { body } = await control(sb, 'GET', '/inspect');
		const recordedBytes = JSON.stringify(body.requests).length;
		expect(body.requests).toHaveLength(10);
		expect(recordedBytes).toBeLessThan(1024 * 1024);
		expect(MAX_RECORDED_BYTES).toBeLessThanOrEqual(16 * 1024 * 1024);
		expect(body.requests[0].body).toEqual({ '[sandbox]': expect.stringMatching(/bytes/) });
	}, 30_000);

	test('a fault path with many wildcards matches in linear time', () => {
		const pattern = `/${'*a'.repeat(8)}*b`;
		const path = `/${'a'.repeat(5000)}`;
		const started = process.hrtime.bigint();
		expect(pathMatches(pattern, path)).toBe(false);
		expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(500);
		expect(
			pathMatches('/api/v2/lists/*/subscribers/*', '/api/v2/lists/12/subscribers/2065551111'),
		).toBe(true);
		expect(pathMatches('/a*b*c', '/abc')).toBe(true);
		expect(pathMatches('/a*b*c', '/acb')).toBe(false);
		expect(pathMatches('/ab*ba', '/aba')).toBe(false);
	});
});
