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

describe('live opt-in rules (public docs §1.4), with liveOptInRules on', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start({ liveOptInRules: true });
	});
	afterAll(async () => {
		await sb.close();
	});

	test('an add without the bypass flags on a single opt-in list stays pending until YES (201)', async () => {
		const add = await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: '2065553201' },
		});
		expect(add.status).toBe(201);
		expect(add.body.status).toBe('Subscriber being added to campaign pending confirmation');
		expect(add.body.subscriber.optin_in_progress).toBe(true);
		const messages = await control(sb, 'GET', '/messages/2065553201');
		expect(messages.body.messages.map((/** @type {any} */ m) => m.kind)).toEqual([
			'opt_in_request',
		]);

		await control(sb, 'POST', '/replies', { phone: '2065553201', listId: 101, text: 'yes' });
		const got = await v2(sb, 'GET', '/lists/101/subscribers/2065553201');
		expect(got.body.subscriber.optin_in_progress).toBe(false);
		expect(got.body.subscriber.subscribed_at).toBeTruthy();
	});

	test('with bypass_opt_in_process the add subscribes at once (201)', async () => {
		const add = await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: '2065553202', bypass_opt_in_process: true },
		});
		expect(add.status).toBe(201);
		expect(add.body.subscriber.optin_in_progress).toBe(false);
	});

	test('a re-add within 48 h of an opt-out answers 201 with the refusal only in status; after 48 h it is taken', async () => {
		const phone = '2065553203';
		await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: phone, bypass_opt_in_process: true },
		});
		await v2(sb, 'DELETE', `/lists/101/subscribers/${phone}`);
		const refused = await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: phone, bypass_opt_in_process: true },
		});
		expect(refused.status).toBe(201);
		expect(refused.body.status).toMatch(/security timeout: wait 4[78] hours and \d+ minutes/);
		expect(refused.body.subscriber.opted_out_at).toBeTruthy();

		await control(sb, 'POST', '/clock/advance', { hours: 48 });
		const taken = await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: phone, bypass_opt_in_process: true },
		});
		expect(taken.status).toBe(201);
		expect(taken.body.subscriber.opted_out_at).toBeNull();
	});
});
