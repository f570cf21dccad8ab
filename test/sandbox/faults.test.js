// @ts-check
'use strict';

const net = require('node:net');
const { start, v2, v3, control, messagesOf } = require('./helpers');

const TM = '/api/v2/transactional_messages';
/** @param {string} number */
const tm = (number) => ({ transactional_message: { number, content: 'Your order shipped' } });
/** @param {string} phone */
const count = async (sb, phone) => (await control(sb, 'GET', `/messages/${phone}`)).body.count;

/** Sends a v2 request; resolves with the answer or the network error. */
async function attempt(sb, method, path, body) {
	try {
		return await v2(sb, method, path, body);
	} catch (err) {
		return { error: err };
	}
}

describe('fault injection', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	test('status / before: 503 in the v2 shape and nothing sent; the next call works', async () => {
		await control(sb, 'POST', '/faults', [
			{
				match: { method: 'POST', path: TM },
				kind: 'status',
				status: 503,
				phase: 'before',
				times: 1,
			},
		]);
		const r = await v2(sb, 'POST', '/transactional_messages', tm('2065557001'));
		expect(r.status).toBe(503);
		expect(r.body).toEqual({ status: 'error', error: 'Service Unavailable' });
		expect(await count(sb, '2065557001')).toBe(0);
		expect((await v2(sb, 'POST', '/transactional_messages', tm('2065557001'))).status).toBe(200);
		expect(await count(sb, '2065557001')).toBe(1);
	});

	test('status / after: 500 but the message was sent, so a retry makes a visible double send', async () => {
		await control(sb, 'POST', '/faults', {
			match: { path: TM },
			kind: 'status',
			status: 500,
			phase: 'after',
		});
		const r = await v2(sb, 'POST', '/transactional_messages', tm('2065557002'));
		expect(r.status).toBe(500);
		expect(r.body).toEqual({ status: 'error', error: 'Internal Server Error' });
		expect(await count(sb, '2065557002')).toBe(1);
		await v2(sb, 'POST', '/transactional_messages', tm('2065557002'));
		expect((await control(sb, 'GET', '/inspect')).body.messageCounts['2065557002']).toBe(2);
	});

	test('drop / before: the socket closes without an answer and nothing happened', async () => {
		await control(sb, 'POST', '/faults', [{ match: { path: TM }, kind: 'drop', phase: 'before' }]);
		const r = await attempt(sb, 'POST', '/transactional_messages', tm('2065557003'));
		expect(r.error).toBeDefined();
		expect(await count(sb, '2065557003')).toBe(0);
		const { requests } = (await control(sb, 'GET', '/inspect')).body;
		expect(requests[0]).toMatchObject({ path: TM, dropped: true });
		expect(requests[0].statusCode).toBeUndefined();
	});

	test('drop / after: no answer, but the message was sent', async () => {
		await control(sb, 'POST', '/faults', [{ match: { path: TM }, kind: 'drop', phase: 'after' }]);
		const r = await attempt(sb, 'POST', '/transactional_messages', tm('2065557004'));
		expect(r.error).toBeDefined();
		expect(await count(sb, '2065557004')).toBe(1);
	});

	test('drop closes the raw connection with no HTTP bytes', async () => {
		await control(sb, 'POST', '/faults', [{ match: { path: '/api/v2/shortcodes' }, kind: 'drop' }]);
		const { port } = new URL(sb.url);
		const received = await new Promise((resolve, reject) => {
			const socket = net.connect(Number(port), '127.0.0.1', () => {
				socket.write(
					'GET /api/v2/shortcodes HTTP/1.1\r\nHost: x\r\nAuthorization: Basic eA==\r\n\r\n',
				);
			});
			let data = '';
			socket.on('data', (c) => (data += c));
			socket.on('close', () => resolve(data));
			socket.on('error', reject);
		});
		expect(received).toBe('');
	});

	test('slow / before and after: the answer is late but normal', async () => {
		await control(sb, 'POST', '/faults', [
			{ match: { path: TM }, kind: 'slow', delayMs: 300, phase: 'before' },
			{ match: { path: '/api/v2/shortcodes' }, kind: 'slow', delayMs: 300, phase: 'after' },
		]);
		let t = Date.now();
		const a = await v2(sb, 'POST', '/transactional_messages', tm('2065557005'));
		expect(a.status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(250);
		t = Date.now();
		const b = await v2(sb, 'GET', '/shortcodes');
		expect(b.status).toBe(200);
		expect(Date.now() - t).toBeGreaterThanOrEqual(250);
	});

	test('slow / before: nothing happens until the delay passes; slow / after: the effect comes first', async () => {
		await control(sb, 'POST', '/faults', [
			{ match: { path: TM }, kind: 'slow', delayMs: 400, phase: 'before' },
		]);
		const pending = v2(sb, 'POST', '/transactional_messages', tm('2065557006'));
		await new Promise((r) => setTimeout(r, 100));
		expect(await count(sb, '2065557006')).toBe(0);
		await pending;
		expect(await count(sb, '2065557006')).toBe(1);

		await control(sb, 'POST', '/faults', [
			{ match: { path: TM }, kind: 'slow', delayMs: 1500, phase: 'after' },
		]);
		const late = v2(sb, 'POST', '/transactional_messages', tm('2065557007'));
		const seen = await (async () => {
			for (let i = 0; i < 100; i++) {
				if ((await count(sb, '2065557007')) === 1) return true;
				await new Promise((r) => setTimeout(r, 10));
			}
			return false;
		})();
		expect(seen).toBe(true);
		expect((await late).status).toBe(200);
	});

	test('faults are used `times` times, match method and path patterns, and do not hit other requests', async () => {
		await control(sb, 'POST', '/faults', {
			faults: [
				{
					match: { method: 'POST', path: '/api/v2/lists/*/subscribers' },
					kind: 'status',
					status: 502,
					times: 2,
				},
			],
		});
		expect((await v2(sb, 'GET', '/lists/101')).status).toBe(200);
		const body = { subscriber: { phone_number: '2065557008' } };
		expect((await v2(sb, 'POST', '/lists/101/subscribers', body)).status).toBe(502);
		expect((await v2(sb, 'POST', '/lists/104/subscribers', body)).status).toBe(502);
		expect((await v2(sb, 'POST', '/lists/101/subscribers', body)).status).toBe(201);
		expect((await control(sb, 'GET', '/faults')).body.faults).toEqual([]);
	});

	test('v3 faults use the v3 error shape; before-faults strike even before auth', async () => {
		await control(sb, 'POST', '/faults', [
			{
				match: { path: '/transactional_messages/send_rcs_rich_card' },
				kind: 'status',
				status: 500,
			},
		]);
		const r = await v3(sb, '/transactional_messages/send_rcs_rich_card', {}, { key: null });
		expect(r.status).toBe(500);
		expect(r.body).toEqual({ message: 'Internal Server Error' });
	});

	test('a 429 status fault carries Retry-After', async () => {
		await control(sb, 'POST', '/faults', [
			{ match: { path: TM }, kind: 'status', status: 429, retryAfter: 7 },
		]);
		const r = await v2(sb, 'POST', '/transactional_messages', tm('2065557009'));
		expect(r.status).toBe(429);
		expect(r.body).toEqual({ status: 'error', error: 'Rate limit exceeded' });
		expect(r.headers.get('retry-after')).toBe('7');
	});

	test('invalid fault specs are refused; reset clears queued faults', async () => {
		for (const bad of [
			{ kind: 'explode' },
			{ kind: 'status', status: 200 },
			{ kind: 'drop', phase: 'during' },
			{ kind: 'slow', times: 0 },
			{ kind: 'drop', match: { path: 'no-slash' } },
		]) {
			const r = await control(sb, 'POST', '/faults', bad);
			expect(r.status).toBe(400);
			expect(typeof r.body.error).toBe('string');
		}
		await control(sb, 'POST', '/faults', { kind: 'status', status: 500, times: 5 });
		expect((await control(sb, 'GET', '/faults')).body.faults).toHaveLength(1);
		await control(sb, 'POST', '/reset');
		expect((await control(sb, 'GET', '/faults')).body.faults).toEqual([]);
		expect((await v2(sb, 'GET', '/shortcodes')).status).toBe(200);
	});

	test('the control API itself is never faulted', async () => {
		await control(sb, 'POST', '/faults', { kind: 'status', status: 500, times: 3 });
		expect((await control(sb, 'GET', '/inspect')).status).toBe(200);
		expect(await messagesOf(sb, '2065557010')).toEqual([]);
	});
});
