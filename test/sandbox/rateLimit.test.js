// @ts-check
'use strict';

const { start, v2, v3, control, basic } = require('./helpers');

const RCS = '/transactional_messages/send_rcs_rich_card';

describe('rate limits', () => {
	test('off by default', async () => {
		const sb = await start();
		try {
			for (let i = 0; i < 30; i++) expect((await v2(sb, 'GET', '/shortcodes')).status).toBe(200);
		} finally {
			await sb.close();
		}
	});

	describe('configured', () => {
		/** @type {Awaited<ReturnType<typeof start>>} */
		let sb;
		beforeAll(async () => {
			sb = await start({
				rateLimits: { v2: { limit: 3, windowMs: 60000 }, v3: { limit: 2, windowMs: 10000 } },
			});
		});
		afterAll(() => sb.close());
		beforeEach(() => control(sb, 'POST', '/reset'));

		test('v2: the call over the limit gets 429, the v2 body and Retry-After in seconds', async () => {
			for (let i = 0; i < 3; i++) expect((await v2(sb, 'GET', '/accounts/me')).status).toBe(200);
			const r = await v2(sb, 'GET', '/accounts/me');
			expect(r.status).toBe(429);
			expect(r.body).toEqual({ status: 'error', error: 'Rate limit exceeded' });
			const retryAfter = Number(r.headers.get('retry-after'));
			expect(Number.isInteger(retryAfter)).toBe(true);
			expect(retryAfter).toBeGreaterThanOrEqual(1);
			expect(retryAfter).toBeLessThanOrEqual(60);
		});

		test('v2: a refused call has no effect', async () => {
			for (let i = 0; i < 3; i++) await v2(sb, 'GET', '/lists');
			const r = await v2(sb, 'POST', '/transactional_messages', {
				transactional_message: { number: '2065556001', content: 'hi' },
			});
			expect(r.status).toBe(429);
			expect((await control(sb, 'GET', '/messages/2065556001')).body.count).toBe(0);
		});

		test('v3: 429 {"message":"Too Many Requests"} as API Gateway answers a throttle: no Retry-After', async () => {
			for (let i = 0; i < 2; i++) expect((await v3(sb, RCS, {})).status).toBe(400);
			const r = await v3(sb, RCS, {});
			expect(r.status).toBe(429);
			expect(r.body).toEqual({ message: 'Too Many Requests' });
			expect(r.headers.get('retry-after')).toBeNull();
			expect(r.headers.get('x-amzn-errortype')).toBe('TooManyRequestsException');
			expect(r.headers.get('x-amzn-requestid')).toMatch(/^[0-9a-f-]{36}$/);
		});

		test('limits are per API and per credential', async () => {
			for (let i = 0; i < 3; i++) await v2(sb, 'GET', '/lists');
			expect((await v2(sb, 'GET', '/lists')).status).toBe(429);
			// v3 has its own budget.
			expect((await v3(sb, RCS, {})).status).toBe(400);
			// Bad credentials are not counted against, nor blocked by, the good one's window.
			expect(
				(await v2(sb, 'GET', '/lists', undefined, { auth: basic('sandbox@example.com', 'wrong') }))
					.status,
			).toBe(401);
		});

		test('a second credential has its own window', async () => {
			const other = await start({
				accounts: {
					v2: [
						{ email: 'a@example.com', apiKey: 'ka', accountId: 1, username: 'a' },
						{ email: 'b@example.com', apiKey: 'kb', accountId: 2, username: 'b' },
					],
				},
				rateLimits: { v2: { limit: 1, windowMs: 60000 } },
			});
			try {
				expect(
					(await v2(other, 'GET', '/lists', undefined, { auth: basic('a@example.com', 'ka') }))
						.status,
				).toBe(200);
				expect(
					(await v2(other, 'GET', '/lists', undefined, { auth: basic('a@example.com', 'ka') }))
						.status,
				).toBe(429);
				expect(
					(await v2(other, 'GET', '/lists', undefined, { auth: basic('b@example.com', 'kb') }))
						.status,
				).toBe(200);
			} finally {
				await other.close();
			}
		});

		test('the window reopens after windowMs', async () => {
			await control(sb, 'POST', '/config', { rateLimits: { v2: { limit: 1, windowMs: 300 } } });
			expect((await v2(sb, 'GET', '/lists')).status).toBe(200);
			expect((await v2(sb, 'GET', '/lists')).status).toBe(429);
			await new Promise((r) => setTimeout(r, 400));
			expect((await v2(sb, 'GET', '/lists')).status).toBe(200);
		});

		test('POST /_sandbox/config can switch limits off; reset restores the startup limits', async () => {
			await control(sb, 'POST', '/config', { rateLimits: { v2: null } });
			for (let i = 0; i < 6; i++) expect((await v2(sb, 'GET', '/lists')).status).toBe(200);
			await control(sb, 'POST', '/reset');
			for (let i = 0; i < 3; i++) await v2(sb, 'GET', '/lists');
			expect((await v2(sb, 'GET', '/lists')).status).toBe(429);
		});

		test('invalid limit config is refused', async () => {
			const r = await control(sb, 'POST', '/config', {
				rateLimits: { v2: { limit: 0, windowMs: 1000 } },
			});
			expect(r.status).toBe(400);
			expect(r.body.error).toMatch(/limit/);
		});
	});
});
