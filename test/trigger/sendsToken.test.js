// @ts-check
// Source "Sends That Name This URL" with no Secret Token typed: the trigger expects the token a send
// adds to its URL (nodes/shared/triggerUrlToken.ts), derived under the key of each credential it
// has from the URL the call came to. Run through n8n-core's WebhookContext (harness.js).
const { createTrigger, GOOD_TOKEN, V3_KEY } = require('./harness');
const { samples } = require('./fixtures');
const { triggerUrlToken, withTriggerToken } = require('../../nodes/shared/triggerUrlToken');

const V2_KEY = 'sandbox-v2-key';
const OTHER_WEBHOOK_ID = '0b7d3c2e-41f5-4c8a-9e6d-2a1b3c4d5e6f';

/** A sends trigger with the v3 credential and no typed token. */
const derived = (/** @type {Parameters<typeof createTrigger>[0]} */ options = {}) =>
	createTrigger({ ...options, parameters: { secretToken: '', ...(options.parameters ?? {}) } });

/** The query a send's URL carries, as n8n parses it for the trigger. */
function queryOf(/** @type {string} */ url) {
	return Object.fromEntries(new URL(url).searchParams);
}

/** @param {any} answer */
function expectRefused(answer) {
	expect(answer.status).toBe(401);
	expect(answer.body).toEqual({ error: 'Unauthorized' });
	expect(answer.started).toBe(false);
	expect(answer.run).toBeNull();
}

describe('the token a send adds is the one the trigger expects', () => {
	test('production URL, same key: the delivery event starts the workflow once', async () => {
		const trigger = derived();
		const sent = withTriggerToken(trigger.webhookUrl(), V3_KEY);
		expect(sent).toBe(
			`${trigger.webhookUrl()}?token=${triggerUrlToken(V3_KEY, trigger.webhookUrl())}`,
		);
		const answer = await trigger.post({ query: queryOf(sent), body: samples.deliverySuccess() });
		expect(answer.status).toBe(200);
		expect(answer.started).toBe(true);
		expect(answer.run.effects).toHaveLength(1);
		// Tatango's second copy is a duplicate, not a second run.
		const again = await trigger.post({ query: queryOf(sent), body: samples.deliverySuccess() });
		expect(again.body).toMatchObject({ started: false, reason: 'duplicate' });
	});

	test('the test URL has its own token: a test call passes with it and not with the production one', async () => {
		const trigger = derived();
		const testUrl = withTriggerToken(trigger.webhookUrl({ test: true }), V3_KEY);
		const productionUrl = withTriggerToken(trigger.webhookUrl(), V3_KEY);
		expect(queryOf(testUrl).token).not.toBe(queryOf(productionUrl).token);
		const body = samples.deliverySuccess();
		expect((await trigger.post({ query: queryOf(testUrl), body, mode: 'manual' })).started).toBe(
			true,
		);
		expectRefused(await trigger.post({ query: queryOf(productionUrl), body, mode: 'manual' }));
		// And the other way round: the test URL's token does not open the production URL.
		expectRefused(await trigger.post({ query: queryOf(testUrl), body }));
	});

	test.each([
		[
			'derived under another key',
			() => withTriggerToken(derived().webhookUrl(), 'tatango_key_other'),
		],
		[
			"of another workflow's trigger",
			() => withTriggerToken(derived({ webhookId: OTHER_WEBHOOK_ID }).webhookUrl(), V3_KEY),
		],
		[
			'of the same path on another n8n',
			() =>
				withTriggerToken(
					derived({ webhookBaseUrl: 'https://n8n.other.test/webhook' }).webhookUrl(),
					V3_KEY,
				),
		],
	])('a token %s gets 401 and starts nothing', async (_name, urlOf) => {
		const trigger = derived();
		const answer = await trigger.post({
			query: queryOf(urlOf()),
			body: samples.deliverySuccess(),
		});
		expectRefused(answer);
		expect(trigger.database.effects).toEqual([]);
	});

	test.each([
		['a forged token', { query: { token: 'A'.repeat(32) } }],
		['a token one character short', { query: {} }],
		['no token', { query: {} }],
		['an empty token', { query: { token: '' } }],
	])('%s gets 401 and starts nothing', async (name, call) => {
		const trigger = derived();
		if (name === 'a token one character short') {
			call = {
				query: {
					token: queryOf(withTriggerToken(trigger.webhookUrl(), V3_KEY)).token.slice(0, -1),
				},
			};
		}
		expectRefused(await trigger.post({ ...call, body: samples.deliverySuccess() }));
		expect(trigger.database.effects).toEqual([]);
	});

	test('the Secret Token is not accepted on a trigger that derives (it has none typed)', async () => {
		expectRefused(
			await derived().post({ query: { token: GOOD_TOKEN }, body: samples.deliverySuccess() }),
		);
	});

	test('URL forms a user may paste name the same trigger: host case, trailing slash, another query', async () => {
		const trigger = derived();
		const url = new URL(trigger.webhookUrl());
		const pasted = `https://${url.host.toUpperCase()}${url.pathname}/?utm=1`;
		const answer = await trigger.post({
			query: queryOf(withTriggerToken(pasted, V3_KEY)),
			body: samples.replyReceived(),
		});
		expect(answer.started).toBe(true);
	});
});

describe('the v2 key, for Transactional Message replies', () => {
	test('a trigger with the v2 credential accepts the token derived under the v2 key', async () => {
		const trigger = derived({ credential: null, v2Credential: { email: 'a@b.c', apiKey: V2_KEY } });
		const sent = withTriggerToken(trigger.webhookUrl(), V2_KEY);
		const answer = await trigger.post({ query: queryOf(sent), body: samples.transactionalReply() });
		expect(answer.started).toBe(true);
		expectRefused(
			await trigger.post({
				query: queryOf(withTriggerToken(trigger.webhookUrl(), V3_KEY)),
				body: samples.transactionalReply(),
			}),
		);
	});

	test('a trigger with both credentials accepts either key', async () => {
		const trigger = derived({ v2Credential: { email: 'a@b.c', apiKey: V2_KEY } });
		for (const [key, body] of [
			[V3_KEY, samples.deliverySuccess()],
			[V2_KEY, samples.transactionalReply()],
		]) {
			const answer = await trigger.post({
				query: queryOf(withTriggerToken(trigger.webhookUrl(), key)),
				body,
			});
			expect(answer.started).toBe(true);
		}
	});
});

describe('a typed Secret Token keeps working: saved triggers of every version are unchanged', () => {
	test.each([
		[1, {}],
		[1.1, {}],
		[2, { source: 'sends' }],
	])('version %s: the typed token passes, the derived one does not', async (typeVersion, extra) => {
		const trigger = createTrigger({
			typeVersion,
			parameters: { secretToken: GOOD_TOKEN, ...extra },
		});
		expect(
			(await trigger.post({ query: { token: GOOD_TOKEN }, body: samples.deliverySuccess() }))
				.started,
		).toBe(true);
		expectRefused(
			await trigger.post({
				query: queryOf(withTriggerToken(trigger.webhookUrl(), V3_KEY)),
				body: samples.deliverySoftBounce(),
			}),
		);
	});

	test('version 2 with the API key check on: derived token and x-api-key both needed', async () => {
		const trigger = derived({
			typeVersion: 2,
			parameters: { source: 'sends', requireApiKey: true },
		});
		const query = queryOf(withTriggerToken(trigger.webhookUrl(), V3_KEY));
		expectRefused(await trigger.post({ query, body: samples.deliverySuccess() }));
		const answer = await trigger.post({
			query,
			headers: { 'x-api-key': V3_KEY },
			body: samples.deliverySuccess(),
		});
		expect(answer.started).toBe(true);
	});
});

describe('activation without a typed token', () => {
	test('listens with the v3 credential and a URL of n8n\u2019s default form', async () => {
		await expect(derived().activate()).resolves.toBe(true);
		await expect(
			derived({ credential: null, v2Credential: { email: 'a@b.c', apiKey: V2_KEY } }).activate(),
		).resolves.toBe(true);
	});

	test('refuses with a credential that has no key', async () => {
		await expect(derived({ credential: { apiKey: ' ' } }).activate()).rejects.toThrow(
			'Choose the Tatango V3 API credential, or set a Secret Token',
		);
	});

	test('refuses a URL sends would not recognise (a custom webhook endpoint), saying to type a token', async () => {
		await expect(
			derived({ webhookBaseUrl: 'https://n8n.example.test/hooks' }).activate(),
		).rejects.toThrow("Sends won't recognise this trigger's URL");
	});
});

describe('the URL called, on an n8n without getWebhookResourceUrl', () => {
	const { urlCalled } = require('../../nodes/TatangoTrigger/sendsToken');
	const production =
		'https://n8n.example.test/n8n/webhook/5f0c5a52-7b1a-4d7e-9a49-3f2a1f1c0c11/tatango';
	/** @param {string} mode */
	const olderN8n = (mode) =>
		/** @type {any} */ ({ getNodeWebhookUrl: () => production, getMode: () => mode });

	test('a production call: the production URL', () => {
		expect(urlCalled(olderN8n('webhook'))).toBe(production);
	});
	test('a test call: the test URL, made as n8n makes it', () => {
		expect(urlCalled(olderN8n('manual'))).toBe(
			'https://n8n.example.test/n8n/webhook-test/5f0c5a52-7b1a-4d7e-9a49-3f2a1f1c0c11/tatango',
		);
	});
});
