// @ts-check
'use strict';

const { start, v2, v3, control, basic, V2_EMAIL } = require('./helpers');

describe('sandbox authentication', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());

	test('v2 accepts the sandbox e-mail and key and returns the account', async () => {
		const r = await v2(sb, 'GET', '/accounts/me');
		expect(r.status).toBe(200);
		expect(r.body).toEqual({
			status: 'OK',
			account: { id: 37, email: V2_EMAIL, username: 'sandbox' },
		});
	});

	test('v2 refuses a wrong key, a wrong e-mail and a missing header with 401', async () => {
		const wrongKey = await v2(sb, 'GET', '/accounts/me', undefined, {
			auth: basic(V2_EMAIL, 'nope'),
		});
		const wrongEmail = await v2(sb, 'GET', '/accounts/me', undefined, {
			auth: basic('other@example.com', 'sandbox-v2-key'),
		});
		const none = await v2(sb, 'GET', '/lists', undefined, { auth: null });
		const bearer = await v2(sb, 'GET', '/lists', undefined, { auth: 'Bearer sandbox-v2-key' });
		for (const r of [wrongKey, wrongEmail, none, bearer]) {
			expect(r.status).toBe(401);
			expect(r.body).toEqual({ status: 'error', error: 'API key authorization failure' });
		}
	});

	test('v2 answers 403 for the disabled key', async () => {
		const r = await v2(sb, 'GET', '/accounts/me', undefined, {
			auth: basic(V2_EMAIL, 'disabled-v2-key'),
		});
		expect(r.status).toBe(403);
		expect(r.body).toEqual({ status: 'error', error: 'This API key is disabled' });
	});

	test('v2 refuses a request that does not accept JSON with 406', async () => {
		const r = await v2(sb, 'GET', '/accounts/me', undefined, { headers: { accept: 'text/html' } });
		expect(r.status).toBe(406);
		expect(r.body.status).toBe('error');
	});

	test('v3 refuses a missing or unknown key with 403 Forbidden, before validating the body', async () => {
		const none = await v3(sb, '/transactional_messages/send_rcs_rich_card', {}, { key: null });
		const wrong = await v3(
			sb,
			'/transactional_messages/send_rcs_rich_card',
			{},
			{ key: 'tatango_key_other' },
		);
		for (const r of [none, wrong]) {
			expect(r.status).toBe(403);
			expect(r.body).toEqual({ message: 'Forbidden' });
		}
	});

	test('v3 with the sandbox key reaches validation (the credential test: 400, not 403)', async () => {
		const r = await v3(sb, '/transactional_messages/send_rcs_rich_card', {});
		expect(r.status).toBe(400);
		expect(typeof r.body.message).toBe('string');
		expect(r.body.message).not.toBe('Forbidden');
	});

	test('the request log keeps headers but never the credentials', async () => {
		await control(sb, 'POST', '/reset');
		await v2(sb, 'GET', '/accounts/me');
		await v3(sb, '/transactional_messages/send_rcs_rich_card', { phoneNumber: 'x' });
		const { body } = await control(sb, 'GET', '/inspect');
		expect(body.requests).toHaveLength(2);
		const [first, second] = body.requests;
		expect(first).toMatchObject({ method: 'GET', path: '/api/v2/accounts/me', statusCode: 200 });
		expect(first.headers.authorization).toBe('[redacted]');
		expect(second).toMatchObject({
			method: 'POST',
			path: '/transactional_messages/send_rcs_rich_card',
			body: { phoneNumber: 'x' },
			statusCode: 400,
		});
		expect(second.headers['x-api-key']).toBe('[redacted]');
		expect(JSON.stringify(body.requests)).not.toContain('tatango_key_sandbox');
		expect(JSON.stringify(body.requests)).not.toContain(
			Buffer.from(`${V2_EMAIL}:sandbox-v2-key`).toString('base64'),
		);
	});

	test('unknown paths answer 404 in the API shape', async () => {
		const r2 = await v2(sb, 'GET', '/nothing-here');
		expect(r2.status).toBe(404);
		expect(r2.body).toEqual({ status: 'error', error: 'Not found' });
		const r3 = await v3(sb, '/transactional_messages/send_nothing', {});
		expect(r3.status).toBe(404);
		expect(r3.body).toEqual({ message: 'Not Found' });
	});
});
