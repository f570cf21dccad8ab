// @ts-check
'use strict';

const path = require('node:path');
const { spawn } = require('node:child_process');
const { start, v2, control, waitFor, basic } = require('./helpers');

describe('control API', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());

	test('opt-outs: numbers recorded as opted out of a list are listed as unsubscribed, in pages; nothing is texted', async () => {
		await control(sb, 'POST', '/reset');
		const phones = Array.from({ length: 1500 }, (_, i) => String(2125550000 + i));
		const r = await control(sb, 'POST', '/opt-outs', { listId: 101, phones });
		expect(r.body).toEqual({ status: 'OK', listId: 101, added: 1500, optedOut: 1500 });
		const page2 = await v2(sb, 'GET', '/lists/101/subscribers/unsubscribed?page=2&per_page=1000');
		expect(page2.body).toMatchObject({ count: 1500, page: 2, pages_count: 2 });
		expect(page2.body.phone_numbers).toHaveLength(500);
		expect((await v2(sb, 'GET', '/lists/101/subscribers')).body.count).toBe(0);
		expect((await control(sb, 'GET', '/inspect')).body.messages).toEqual({});
		expect((await control(sb, 'POST', '/opt-outs', { listId: 999, phones })).status).toBe(404);
		expect((await control(sb, 'POST', '/opt-outs', { listId: 101, phones: ['12'] })).status).toBe(
			400,
		);
	});

	test('reset brings back the seeded state and clears requests, messages, faults and clock', async () => {
		await v2(sb, 'POST', '/lists/101/subscribers', { subscriber: { phone_number: '2065558001' } });
		await v2(sb, 'PUT', '/lists/102/opt_in_settings', { opt_in_type: 'single' });
		await v2(sb, 'POST', '/lists/101/webhooks', {
			webhook: { callback_url: 'https://example.com/h', subscribe: true },
		});
		await control(sb, 'POST', '/faults', {
			kind: 'status',
			status: 500,
			match: { path: '/api/v2/nothing' },
		});
		await control(sb, 'POST', '/clock/advance', { hours: 3 });
		await control(sb, 'POST', '/config', { webhookDelayMs: 999 });

		const r = await control(sb, 'POST', '/reset');
		expect(r.body).toEqual({ status: 'OK' });
		const inspect = (await control(sb, 'GET', '/inspect')).body;
		expect(inspect.requests).toEqual([]);
		expect(inspect.messages).toEqual({});
		expect(inspect.messageCounts).toEqual({});
		expect(inspect.webhookDeliveries).toEqual([]);
		expect(inspect.faults).toEqual([]);
		expect(inspect.config.webhookDelayMs).toBe(5);
		expect(Math.abs(Date.parse(inspect.now) - Date.now())).toBeLessThan(60000);
		expect((await v2(sb, 'GET', '/lists/101/subscribers/2065558001')).status).toBe(404);
		expect((await v2(sb, 'GET', '/lists/102')).body.list.opt_in_type).toBe('double');
		expect((await v2(sb, 'GET', '/lists/101/webhooks')).body.count).toBe(0);
	});

	test('inspect shows requests with bodies, messages per phone and counts', async () => {
		await control(sb, 'POST', '/reset');
		await v2(sb, 'POST', '/transactional_messages', {
			transactional_message: { number: '2065558002', content: 'a' },
		});
		await v2(sb, 'POST', '/transactional_messages', {
			transactional_message: { number: '2065558002', content: 'b' },
		});
		await v2(sb, 'POST', '/lists/101/subscribers', { subscriber: { phone_number: '2065558003' } });
		const inspect = (await control(sb, 'GET', '/inspect')).body;
		expect(inspect.messageCounts).toEqual({ 2065558002: 2, 2065558003: 1 });
		expect(inspect.messages['2065558002'].map((/** @type {any} */ m) => [m.kind, m.text])).toEqual([
			['transactional', 'a'],
			['transactional', 'b'],
		]);
		expect(inspect.messages['2065558002'][0].at).toMatch(/Z$/);
		expect(inspect.requests).toHaveLength(3);
		expect(inspect.requests[2]).toMatchObject({
			method: 'POST',
			path: '/api/v2/lists/101/subscribers',
			body: { subscriber: { phone_number: '2065558003' } },
			statusCode: 201,
		});
	});

	test('GET /_sandbox/messages/:phone accepts any phone format', async () => {
		await control(sb, 'POST', '/reset');
		await v2(sb, 'POST', '/transactional_messages', {
			transactional_message: { number: '2065558004', content: 'hello' },
		});
		const r = await control(sb, 'GET', `/messages/${encodeURIComponent('+1 (206) 555-8004')}`);
		expect(r.body).toEqual({
			phone: '2065558004',
			count: 1,
			messages: [expect.objectContaining({ kind: 'transactional', text: 'hello' })],
		});
		expect((await control(sb, 'GET', '/messages/2065558999')).body.count).toBe(0);
		expect((await control(sb, 'GET', '/messages/abc')).status).toBe(400);
	});

	test('config: read, change, and refuse unknown keys or bad values', async () => {
		const before = (await control(sb, 'GET', '/config')).body;
		expect(before).toMatchObject({ webhookDelayMs: 5, rateLimits: { v2: null, v3: null } });
		const after = await control(sb, 'POST', '/config', {
			webhookDelayMs: 20,
			rateLimits: { v3: { limit: 10, windowMs: 1000 } },
		});
		expect(after.body).toMatchObject({
			webhookDelayMs: 20,
			rateLimits: { v2: null, v3: { limit: 10, windowMs: 1000 } },
		});
		expect((await control(sb, 'POST', '/config', { port: 1 })).status).toBe(400);
		expect((await control(sb, 'POST', '/config', { webhookDelayMs: -1 })).status).toBe(400);
		await control(sb, 'POST', '/reset');
		expect((await control(sb, 'GET', '/config')).body.webhookDelayMs).toBe(5);
	});

	test('clock advance needs a positive duration', async () => {
		expect((await control(sb, 'POST', '/clock/advance', {})).status).toBe(400);
		expect((await control(sb, 'POST', '/clock/advance', { hours: -2 })).status).toBe(400);
	});

	test('a reply with no list and no earlier message is a 404', async () => {
		await control(sb, 'POST', '/reset');
		expect(
			(await control(sb, 'POST', '/replies', { phone: '2065558005', text: 'hi' })).status,
		).toBe(404);
	});

	test('startSandbox options override the seed', async () => {
		const custom = await start({
			seed: { lists: [{ id: 7, name: 'Only' }], shortcodes: { 12345: ['HELLO'] } },
		});
		try {
			const lists = await v2(custom, 'GET', '/lists');
			expect(lists.body).toMatchObject({ count: 1, lists: [{ id: 7, name: 'Only' }] });
			expect((await v2(custom, 'GET', '/shortcodes')).body.shortcodes).toEqual(['12345']);
			expect(
				(await v2(custom, 'POST', '/shortcodes/12345/test_keyword', { keyword_name: 'hello' })).body
					.keyword_name,
			).toBe('unavailable');
		} finally {
			await custom.close();
		}
	});
});

describe('sandbox/cli.js', () => {
	test('prints the URL and credentials, serves, and stops cleanly on SIGTERM', async () => {
		const child = spawn(
			process.execPath,
			[path.join(__dirname, '../../sandbox/cli.js'), '--port', '0'],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		);
		let out = '';
		child.stdout.on('data', (c) => (out += c));
		const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
		try {
			const url = await waitFor(() => /listening on (http:\/\/\S+)/.exec(out)?.[1], 10000);
			expect(out).toContain('sandbox@example.com');
			expect(out).toContain('sandbox-v2-key');
			expect(out).toContain('tatango_key_sandbox');
			const res = await fetch(`${url}/api/v2/accounts/me`, {
				headers: { authorization: basic('sandbox@example.com', 'sandbox-v2-key') },
			});
			expect(res.status).toBe(200);
		} finally {
			child.kill('SIGTERM');
		}
		expect(await exited).toBe(0);
	}, 20000);

	test('refuses an unknown argument with exit code 2', async () => {
		const child = spawn(
			process.execPath,
			[path.join(__dirname, '../../sandbox/cli.js'), '--bogus'],
			{ stdio: ['ignore', 'pipe', 'pipe'] },
		);
		const code = await new Promise((resolve) => child.on('exit', resolve));
		expect(code).toBe(2);
	});
});
