// @ts-check
// The trigger's own list webhook: checkExists / create / delete run as n8n runs them (n8n-core's
// HookContext, static data saved after each), against the sandbox over real HTTP.
const { createTrigger, NODE_NAME } = require('./harness');
const { samples } = require('./fixtures');
const { start, control, v2 } = require('../sandbox/helpers');

const V2_EMAIL = 'sandbox@example.com';
const V2_KEY = 'sandbox-v2-key';

/** @type {Awaited<ReturnType<typeof start>>} */
let sb;
beforeAll(async () => {
	sb = await start();
});
afterAll(() => sb.close());
beforeEach(() => control(sb, 'POST', '/reset'));

/** @param {string} [key] */
const v2Credential = (key = V2_KEY) => ({
	email: V2_EMAIL,
	apiKey: key,
	baseUrl: sb.url,
	requestsPerHour: 3_600_000,
});

/**
 * A version 2 trigger on a list (the new default source).
 * @param {Record<string, unknown>} [parameters]
 * @param {Parameters<typeof createTrigger>[0]} [options]
 */
function listTrigger(parameters = {}, options = {}) {
	return createTrigger({
		typeVersion: 2,
		credential: null,
		v2Credential: v2Credential(),
		workflowId: 'wf-list-1',
		...options,
		parameters: {
			listId: { __rl: true, mode: 'list', value: '101' },
			listEvents: ['subscribe', 'campaign_response'],
			...parameters,
		},
	});
}

/** The list's webhooks as Tatango (the sandbox) has them. @param {number} [listId] */
async function webhooksOf(listId = 101) {
	return (await v2(sb, 'GET', `/lists/${listId}/webhooks?per_page=1000`)).body.webhooks;
}

/** Requests the node made to the webhook endpoints, as "METHOD path". */
async function webhookCalls() {
	const { requests } = (await control(sb, 'GET', '/inspect')).body;
	return requests
		.filter((/** @type {any} */ r) => r.path.includes('/webhooks'))
		.map((/** @type {any} */ r) => `${r.method} ${r.path.split('?')[0]}`);
}

/** Publishing as n8n does it: checkExists, then create if it said no. @param {any} trigger */
async function publish(trigger, o = {}) {
	if (await trigger.hook('checkExists', o)) return 'adopted';
	await trigger.hook('create', o);
	return 'created';
}

/** @param {any} trigger @returns {Record<string, { listId: string, webhookId: string }>} */
const registered = (trigger) =>
	trigger.database.staticData?.[`node:${NODE_NAME}`]?.listWebhooks ?? {};

describe('which source a saved trigger has', () => {
	test('version 2 starts on a list; versions 1 and 1.1 keep sends (no Source saved)', async () => {
		const v2Trigger = listTrigger();
		expect(await publish(v2Trigger)).toBe('created');
		expect(await webhooksOf()).toHaveLength(1);

		for (const typeVersion of [1, 1.1]) {
			const old = createTrigger({ typeVersion });
			expect(await old.activate()).toBe(true);
			const answer = await old.post({ body: samples.deliverySuccess() });
			expect(answer.started).toBe(true);
		}
		// The old triggers registered nothing.
		expect(await webhooksOf()).toHaveLength(1);
	});
});

describe('publish: create', () => {
	test('one webhook on the list with the production URL, the derived token and the chosen events', async () => {
		const trigger = listTrigger();
		expect(await publish(trigger)).toBe('created');
		const [hook] = await webhooksOf();
		const url = new URL(hook.callback_url);
		expect(`${url.origin}${url.pathname}`).toBe(trigger.webhookUrl());
		expect(url.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(hook).toMatchObject({
			enabled: true,
			list_id: 101,
			subscribe: true,
			reply_received: true,
			unsubscribe: false,
			message_sent: false,
			cleaned: false,
		});
		// Static data holds the list and webhook ID: no token, no key.
		expect(registered(trigger)).toEqual({
			[trigger.webhookUrl()]: { listId: '101', webhookId: String(hook.id) },
		});
		const saved = JSON.stringify(trigger.database.staticData);
		expect(saved).not.toContain(url.searchParams.get('token'));
		expect(saved).not.toContain(V2_KEY);
	});

	test('the same credential always derives the same token; another key or trigger another one', async () => {
		await publish(listTrigger());
		const first = (await webhooksOf())[0].callback_url;
		await control(sb, 'POST', '/reset');
		await publish(listTrigger());
		expect((await webhooksOf())[0].callback_url).toBe(first);

		await control(sb, 'POST', '/reset');
		await publish(listTrigger({}, { workflowId: 'wf-list-2' }));
		expect((await webhooksOf())[0].callback_url).not.toBe(first);
	});

	test('calls carrying the derived token start the workflow; others get 401', async () => {
		const trigger = listTrigger();
		await publish(trigger);
		const token = new URL((await webhooksOf())[0].callback_url).searchParams.get('token');
		const good = await trigger.post({ body: samples.subscribe(), query: { token } });
		expect(good.status).toBe(200);
		expect(good.run?.effects).toHaveLength(1);
		for (const query of [{ token: 'x'.repeat(43) }, {}]) {
			const bad = await trigger.post({ body: samples.subscribe(), query });
			expect(bad.status).toBe(401);
			expect(bad.started).toBe(false);
		}
	});

	test('a list event 3,000 levels deep or with 2 MB of text: 400 before anything walks it; a forged token in a header or an array: 401', async () => {
		const trigger = listTrigger();
		await publish(trigger);
		const token = new URL((await webhooksOf())[0].callback_url).searchParams.get('token');
		/** @type {any} */
		let deep = { type: 'subscribe' };
		for (let n = 0; n < 3000; n++) deep = { deep };
		for (const body of [deep, { ...samples.subscribe(), note: 'x'.repeat(2_000_000) }]) {
			const answer = await trigger.post({ body, query: { token } });
			expect(answer.status).toBe(400);
			expect(answer.started).toBe(false);
		}
		for (const call of [
			{ query: { token: [token, token] } },
			{ headers: { 'x-tatango-token': 'forged-token-0123456789abcdef' } },
			{ query: { token: `${token} ` } },
		]) {
			const answer = await trigger.post({ body: samples.subscribe(), ...call });
			expect(answer.status).toBe(401);
		}
	});

	test('only the chosen events of the chosen list start the workflow', async () => {
		const trigger = listTrigger({ listEvents: ['subscribe'] });
		await publish(trigger);
		const token = new URL((await webhooksOf())[0].callback_url).searchParams.get('token');
		const unsubscribe = await trigger.post({ body: samples.unsubscribe(), query: { token } });
		expect(unsubscribe.body).toMatchObject({ started: false, reason: 'event type not selected' });
		const elsewhere = await trigger.post({
			body: { ...samples.subscribe(), campaign_id: 102 },
			query: { token },
		});
		expect(elsewhere.body).toMatchObject({ started: false, reason: 'another list' });
	});
});

describe('checkExists: adopt, correct, recreate', () => {
	test('its own webhook (ID in static data) is found: nothing created', async () => {
		const trigger = listTrigger();
		await publish(trigger);
		expect(await publish(trigger)).toBe('adopted');
		const calls = await webhookCalls();
		const hooks = await webhooksOf();
		expect(hooks).toHaveLength(1);
		expect(calls).toEqual([
			'GET /api/v2/lists/101/webhooks',
			'POST /api/v2/lists/101/webhooks',
			`GET /api/v2/lists/101/webhooks/${hooks[0].id}`,
		]);
	});

	test('without static data, a webhook of the list with this URL and events is adopted', async () => {
		const first = listTrigger();
		await publish(first);
		const [hook] = await webhooksOf();
		// The same trigger with its static data gone (an imported workflow, say).
		const again = listTrigger();
		expect(await publish(again)).toBe('adopted');
		expect(await webhooksOf()).toEqual([hook]);
		expect(registered(again)[again.webhookUrl()]).toEqual({
			listId: '101',
			webhookId: String(hook.id),
		});
	});

	test('a webhook with this URL but other events (or disabled) is corrected, not duplicated', async () => {
		await publish(listTrigger());
		const [hook] = await webhooksOf();
		await v2(sb, 'PUT', `/lists/101/webhooks/${hook.id}`, {
			webhook: { subscribe: false, cleaned: true, enabled: false },
		});
		const trigger = listTrigger({ listEvents: ['subscribe', 'unsubscribe'] });
		expect(await publish(trigger)).toBe('adopted');
		const hooks = await webhooksOf();
		expect(hooks).toHaveLength(1);
		expect(hooks[0]).toMatchObject({
			id: hook.id,
			enabled: true,
			subscribe: true,
			unsubscribe: true,
			cleaned: false,
			reply_received: false,
		});
	});

	test('two webhooks with this URL: one is kept, the other removed', async () => {
		await publish(listTrigger());
		const [hook] = await webhooksOf();
		await v2(sb, 'POST', '/lists/101/webhooks', {
			webhook: { callback_url: hook.callback_url, subscribe: true },
		});
		expect(await webhooksOf()).toHaveLength(2);
		expect(await publish(listTrigger())).toBe('adopted');
		expect((await webhooksOf()).map((/** @type {any} */ h) => h.id)).toEqual([hook.id]);
	});

	test('a webhook deleted in Tatango behind its back is recreated', async () => {
		const trigger = listTrigger();
		await publish(trigger);
		const [hook] = await webhooksOf();
		await v2(sb, 'DELETE', `/lists/101/webhooks/${hook.id}`);
		expect(await publish(trigger)).toBe('created');
		const hooks = await webhooksOf();
		expect(hooks).toHaveLength(1);
		expect(hooks[0].id).not.toBe(hook.id);
		expect(hooks[0].callback_url).toBe(hook.callback_url);
		expect(registered(trigger)[trigger.webhookUrl()].webhookId).toBe(String(hooks[0].id));
	});

	test('other webhooks of the list are left alone', async () => {
		await v2(sb, 'POST', '/lists/101/webhooks', {
			webhook: { callback_url: 'https://crm.example.com/tatango', subscribe: true },
		});
		const trigger = listTrigger();
		await publish(trigger);
		await trigger.hook('delete');
		expect((await webhooksOf()).map((/** @type {any} */ h) => h.callback_url)).toEqual([
			'https://crm.example.com/tatango',
		]);
	});
});

describe('unpublish: delete', () => {
	test('removes the webhook and its static data; a second delete is harmless', async () => {
		const trigger = listTrigger();
		await publish(trigger);
		expect(await trigger.hook('delete')).toBe(true);
		expect(await webhooksOf()).toEqual([]);
		expect(registered(trigger)).toEqual({});
		expect(await trigger.hook('delete')).toBe(true);
	});

	test('finds its webhook without static data (by its URL)', async () => {
		await publish(listTrigger());
		expect(await listTrigger().hook('delete')).toBe(true);
		expect(await webhooksOf()).toEqual([]);
	});

	test('a webhook already deleted in Tatango counts as deleted', async () => {
		const trigger = listTrigger();
		await publish(trigger);
		await v2(sb, 'DELETE', `/lists/101/webhooks/${(await webhooksOf())[0].id}`);
		expect(await trigger.hook('delete')).toBe(true);
		expect(registered(trigger)).toEqual({});
	});

	test('moved to another list: publishing removes the webhook from the old one', async () => {
		const trigger = listTrigger();
		await publish(trigger);
		const moved = createTrigger({
			typeVersion: 2,
			credential: null,
			v2Credential: v2Credential(),
			workflowId: 'wf-list-1',
			database: trigger.database,
			parameters: { listId: { __rl: true, mode: 'id', value: '104' }, listEvents: ['subscribe'] },
		});
		expect(await publish(moved)).toBe('created');
		expect(await webhooksOf(101)).toEqual([]);
		expect(await webhooksOf(104)).toHaveLength(1);
	});
});

describe('test and production URLs', () => {
	test('each gets its own webhook; stopping the test leaves the published one', async () => {
		const trigger = listTrigger();
		await publish(trigger);
		await publish(trigger, { test: true });
		const urls = (await webhooksOf()).map((/** @type {any} */ h) => h.callback_url.split('?')[0]);
		expect(urls.sort()).toEqual([trigger.webhookUrl(), trigger.webhookUrl({ test: true })].sort());
		await trigger.hook('delete', { test: true });
		expect(
			(await webhooksOf()).map((/** @type {any} */ h) => h.callback_url.split('?')[0]),
		).toEqual([trigger.webhookUrl()]);
	});
});

describe('errors the user can act on', () => {
	test('an unknown list: 404, named', async () => {
		const trigger = listTrigger({ listId: { __rl: true, mode: 'id', value: '999' } });
		await expect(publish(trigger)).rejects.toMatchObject({
			message: 'List 999 was not found in this Tatango account (404)',
			description: expect.stringContaining('List not found'),
		});
	});

	test("a refused webhook: 422 with Tatango's text", async () => {
		await control(sb, 'POST', '/faults', {
			match: { method: 'POST', path: '/api/v2/lists/101/webhooks' },
			kind: 'status',
			status: 422,
			phase: 'before',
			times: 1,
		});
		await expect(publish(listTrigger())).rejects.toMatchObject({
			message: 'Tatango refused the list webhook: Unprocessable Entity (422)',
			httpCode: '422',
		});
		expect(await webhooksOf()).toEqual([]);
	});

	test('a create whose answer is lost (503 after Tatango made it): one webhook, not two; publishing again adopts it', async () => {
		await control(sb, 'POST', '/faults', {
			match: { method: 'POST', path: '/api/v2/lists/101/webhooks' },
			kind: 'status',
			status: 503,
			phase: 'after',
			times: 1,
		});
		const trigger = listTrigger();

		await expect(publish(trigger)).rejects.toThrow(/^The list webhook may have been created/);
		expect(await webhooksOf()).toHaveLength(1);

		expect(await publish(trigger)).toBe('adopted');
		expect(await webhooksOf()).toHaveLength(1);
	});

	test('a key that may not manage webhooks: 403', async () => {
		const trigger = listTrigger({}, { v2Credential: v2Credential('disabled-v2-key') });
		const error = await publish(trigger).catch((e) => e);
		expect(error.message).toBe(
			"The API key of the Tatango API credential may not manage this list's webhooks (403)",
		);
		expect(error.description).toContain('This API key is disabled');
		expect(JSON.stringify(error)).not.toContain('disabled-v2-key');
	});

	test("an http URL: says n8n's WEBHOOK_URL must be public https, before any request", async () => {
		const trigger = listTrigger({}, { webhookBaseUrl: 'http://localhost:5678/webhook' });
		await expect(publish(trigger)).rejects.toMatchObject({
			message: expect.stringContaining('Tatango calls only https URLs'),
			description: expect.stringContaining('WEBHOOK_URL'),
		});
		expect(await webhookCalls()).toEqual([]);
	});

	test('no list chosen, no events chosen: named before any request', async () => {
		await expect(
			publish(listTrigger({ listId: { __rl: true, mode: 'list', value: '' } })),
		).rejects.toThrow('List: choose the list');
		await expect(publish(listTrigger({ listEvents: [] }))).rejects.toThrow(
			'Events: choose at least one event of the list',
		);
		expect(await webhookCalls()).toEqual([]);
	});
});

describe('a server that is not Tatango during registration (issue 10, cases 1 and 4)', () => {
	const { http, rawServer } = require('../helpers/rawHttpServer');
	/** @param {string} baseUrl */
	const against = (baseUrl) => listTrigger({}, { v2Credential: { ...v2Credential(), baseUrl } });
	const json = (/** @type {unknown} */ body) =>
		http(200, 'OK', { 'Content-Type': 'application/json' }, JSON.stringify(body));

	test('a redirect on the first look-up: not followed, named, nothing registered anywhere', async () => {
		const elsewhere = await rawServer(() => json({ webhooks: [] }));
		const server = await rawServer(() =>
			http(307, 'Temporary Redirect', { Location: `${elsewhere.url}/api/v2/lists/101/webhooks` }),
		);

		await expect(publish(against(server.url))).rejects.toThrow(
			`Tatango answered with a redirect (HTTP 307) to ${elsewhere.host}; the node does not follow redirects`,
		);
		expect(server.seen).toHaveLength(1);
		expect(elsewhere.seen).toHaveLength(0);
	});

	test('an HTML page for the webhooks: an error, not "no webhook yet" followed by a create', async () => {
		const server = await rawServer(() =>
			http(200, 'OK', { 'Content-Type': 'text/html' }, '<html>Sign in</html>'),
		);

		await expect(publish(against(server.url))).rejects.toThrow(
			/^Tatango answered HTTP 200 with "<html>Sign in<\/html>"/,
		);
		expect(server.seen.map((r) => r.method)).toEqual(['GET']);
	});

	test.each([
		['an object', { webhooks: { id: 1 }, pages_count: 1 }],
		['missing', { status: 'OK', pages_count: 1 }],
	])('webhooks %s: an error naming it, not a TypeError or "none"', async (_, body) => {
		const server = await rawServer(() => json(body));

		await expect(publish(against(server.url))).rejects.toThrow(
			/^Tatango answered HTTP 200 without "webhooks" \(a list\)/,
		);
		expect(server.seen.map((r) => r.method)).toEqual(['GET']);
	});

	test('a page count no page fills: stops at the first empty page, not a million requests', async () => {
		const server = await rawServer((request) =>
			request.method === 'GET'
				? json({ webhooks: [], page: 1, pages_count: 1_000_000 })
				: json({ status: 'Webhook created', webhook: { id: 9 } }),
		);

		expect(await publish(against(server.url))).toBe('created');
		expect(server.seen.map((r) => r.method)).toEqual(['GET', 'POST']);
	});

	test("a refusal that echoes the request: neither the key nor the callback URL's token is shown", async () => {
		const server = await rawServer((request) =>
			request.method === 'GET'
				? json({ webhooks: [], pages_count: 0 })
				: http(
						422,
						'Unprocessable Entity',
						{ 'Content-Type': 'application/json' },
						JSON.stringify({
							status: 'error',
							error: `Refused: ${request.headers} ${request.body}`,
						}),
					),
		);

		const error = await publish(against(server.url)).catch((e) => e);

		const token = new URL(JSON.parse(server.seen[1].body).webhook.callback_url).searchParams.get(
			'token',
		);
		expect(token).toBeTruthy();
		expect(error.message).toMatch(/^Tatango refused the list webhook: Refused: /);
		const shown = JSON.stringify({
			...error,
			message: error.message,
			description: error.description,
		});
		for (const secret of [
			V2_KEY,
			/** @type {string} */ (token),
			Buffer.from(`${V2_EMAIL}:${V2_KEY}`).toString('base64'),
		]) {
			expect(shown).not.toContain(secret);
		}
	});

	test('a server that ignores "page": stops at the repeated page, not a thousand look-ups', async () => {
		const server = await rawServer(() =>
			json({
				webhooks: [{ id: 1, callback_url: 'https://elsewhere.example/hook' }],
				pages_count: 1000,
			}),
		);

		await expect(publish(against(server.url))).rejects.toThrow(
			/^Tatango answered page 2 of .* with the same records as page 1/,
		);
		expect(server.seen).toHaveLength(2);
	});

	test('a webhook ID with slashes from the server stays one path segment (no other resource is read or deleted)', async () => {
		const id = '../../subscribers/2065551111';
		const server = await rawServer((request) =>
			request.method === 'POST'
				? json({ status: 'Webhook created', webhook: { id } })
				: request.method === 'GET' && request.path.startsWith('/api/v2/lists/101/webhooks?')
					? json({ webhooks: [], pages_count: 0 })
					: json({ status: 'OK', webhook: { id } }),
		);
		const trigger = against(server.url);
		expect(await publish(trigger)).toBe('created');
		await trigger.hook('checkExists').catch(() => undefined);
		await trigger.hook('delete').catch(() => undefined);

		const byId = server.seen.filter((r) => r.method !== 'POST' && !r.path.includes('?'));
		expect(byId.length).toBeGreaterThan(0);
		for (const r of byId) {
			expect(r.path).toBe('/api/v2/lists/101/webhooks/..%2F..%2Fsubscribers%2F2065551111');
		}
	});

	test('its own webhook answered without "webhook": an error, not a second registration', async () => {
		const server = await rawServer((request) =>
			request.method === 'GET' && request.path.startsWith('/api/v2/lists/101/webhooks/')
				? json({ status: 'OK' })
				: request.method === 'GET'
					? json({ webhooks: [], pages_count: 0 })
					: json({ status: 'Webhook created', webhook: { id: 9 } }),
		);
		const trigger = against(server.url);
		expect(await publish(trigger)).toBe('created');

		await expect(trigger.hook('checkExists')).rejects.toThrow(
			/^Tatango answered HTTP 200 without "webhook" \(an object\)/,
		);
		expect(server.seen.filter((r) => r.method === 'POST')).toHaveLength(1);
	});
});

describe('"Consent Revoked" on a list', () => {
	test('switches on the replies Tatango sends, since a revocation arrives as one', () => {
		const { desiredWebhook } = require('../../nodes/TatangoTrigger/listWebhook');
		expect(
			desiredWebhook('https://n8n.example.com/webhook/x/tatango', ['consent_revoked']),
		).toEqual({
			callback_url: 'https://n8n.example.com/webhook/x/tatango',
			subscribe: false,
			unsubscribe: false,
			message_sent: false,
			reply_received: true,
			cleaned: false,
		});
	});
});
