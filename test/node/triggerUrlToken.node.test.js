// @ts-check
// Sends that name a Tatango Trigger's URL as n8n shows it (their own Webhook URL, or the v3
// credential's Default Webhook URL) add the trigger's derived token; the trigger, run as n8n runs
// it (test/trigger/harness.js), accepts exactly that token. Both sides of issue 23's one paste.
const { runNode } = require('../helpers/runNode');
const {
	v2Api,
	v2Credentials,
	v3Api,
	v3Credentials,
	recordUnmatched,
	expectNoSecrets,
	V2_KEY,
	V3_KEY,
} = require('../helpers/tatangoNock');
const { createTrigger } = require('../trigger/harness');
const { samples } = require('../trigger/fixtures');

const unmatched = recordUnmatched();

const TX = '019687e1-1b54-70f4-a68a-60af7fa776f4';
const FALLBACK = 'Your order shipped: https://shop.example/t/1042';
const BASE = 'https://n8n.shop.example/webhook';
const OTHER_WEBHOOK_ID = '0b7d3c2e-41f5-4c8a-9e6d-2a1b3c4d5e6f';

/** The trigger that receives the sends' events: Source sends, no Secret Token typed. */
const receiver = (/** @type {Parameters<typeof createTrigger>[0]} */ options = {}) =>
	createTrigger({
		webhookBaseUrl: BASE,
		credential: { apiKey: V3_KEY },
		...options,
		parameters: { secretToken: '', ...(options.parameters ?? {}) },
	});

/** @type {Array<[string, string, string, import('n8n-workflow').INodeParameters, string]>} */
const SENDS = [
	['SMS → Send', 'sms', 'send', { content: 'Shipped' }, '/transactional_messages/send_sms'],
	[
		'MMS → Send',
		'mms',
		'send',
		{ content: 'Shipped', smsFailover: FALLBACK },
		'/transactional_messages/send_mms',
	],
	[
		'RCS Message → Send Text',
		'rcs',
		'sendText',
		{ text: 'Shipped', smsFailover: FALLBACK },
		'/transactional_messages/send_rcs_text',
	],
	[
		'WhatsApp → Send Template',
		'whatsApp',
		'sendTemplate',
		{ templateName: 'order_shipped', smsFailover: FALLBACK },
		'/transactional_messages/send_whatsapp',
	],
];

/**
 * Runs one v3 send and returns the webhook URL Tatango received, and the run.
 * @param {[string, string, string, import('n8n-workflow').INodeParameters, string]} send
 * @param {{ own?: string, credentialDefault?: string, echo?: boolean }} o
 */
async function sendAndCapture([, resource, operation, parameters, path], o) {
	/** @type {string | undefined} */
	let received;
	const api = v3Api()
		.post(path, (body) => {
			received = body.webhookUrl;
			return true;
		})
		.reply((_uri, /** @type {any} */ body) =>
			o.echo
				? [422, { message: `webhookUrl ${body.webhookUrl} is not reachable` }]
				: [202, { message: 'accepted', transactionId: TX }],
		);
	const result = await runNode({
		parameters: {
			resource,
			operation,
			phoneNumber: '(206) 555-0200',
			...parameters,
			...(o.own === undefined ? {} : { webhookUrl: o.own }),
		},
		credentials: {
			tatangoV3Api: v3Credentials({ defaultWebhookUrl: o.credentialDefault ?? '' }),
		},
	});
	return { ...result, received, api };
}

/** The query of a URL as n8n hands it to the trigger. */
const queryOf = (/** @type {string} */ url) => Object.fromEntries(new URL(url).searchParams);

describe.each(SENDS)('%s', (...send) => {
	test("the credential's Default Webhook URL is the trigger's plain Production URL: the token is added, the trigger accepts it, the output does not carry it", async () => {
		const trigger = receiver();
		const { received, items, error, api } = await sendAndCapture(send, {
			credentialDefault: trigger.webhookUrl(),
		});
		expect(error).toBeUndefined();
		api.done();
		expect(received).toMatch(
			new RegExp(`^${trigger.webhookUrl().replace(/[.?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]{32}$`),
		);
		const answer = await trigger.post({
			query: queryOf(/** @type {string} */ (received)),
			body: samples.deliverySuccess(),
		});
		expect(answer.status).toBe(200);
		expect(answer.started).toBe(true);
		expect(JSON.stringify(items)).not.toContain(queryOf(/** @type {string} */ (received)).token);
		expect(JSON.stringify(items)).not.toContain('token');
	});
});

describe('SMS → Send: which URL gets a token', () => {
	const sms = SENDS[0];

	test("the send's own Webhook URL (the test URL) gets the test URL's token; the credential's is not used", async () => {
		const trigger = receiver();
		const { received } = await sendAndCapture(sms, {
			own: trigger.webhookUrl({ test: true }),
			credentialDefault: trigger.webhookUrl(),
		});
		expect(received?.startsWith(`${trigger.webhookUrl({ test: true })}?token=`)).toBe(true);
		const query = queryOf(/** @type {string} */ (received));
		expect(
			(await trigger.post({ query, body: samples.deliverySuccess(), mode: 'manual' })).started,
		).toBe(true);
		// Not a production call's token.
		expect((await trigger.post({ query, body: samples.deliverySuccess() })).status).toBe(401);
	});

	test("another workflow's trigger gets its own token, which this trigger refuses", async () => {
		const trigger = receiver();
		const other = receiver({ webhookId: OTHER_WEBHOOK_ID });
		const { received } = await sendAndCapture(sms, { credentialDefault: other.webhookUrl() });
		const query = queryOf(/** @type {string} */ (received));
		expect((await other.post({ query, body: samples.deliverySuccess() })).started).toBe(true);
		const refused = await trigger.post({ query, body: samples.deliverySuccess() });
		expect(refused.status).toBe(401);
		expect(trigger.database.effects).toEqual([]);
	});

	test('a trigger whose credential holds another key refuses the token', async () => {
		const trigger = receiver({ credential: { apiKey: 'tatango_key_of_another_account' } });
		const { received } = await sendAndCapture(sms, { credentialDefault: trigger.webhookUrl() });
		const answer = await trigger.post({
			query: queryOf(/** @type {string} */ (received)),
			body: samples.deliverySuccess(),
		});
		expect(answer.status).toBe(401);
		expect(answer.started).toBe(false);
	});

	test.each([
		[
			'a URL that already carries a token',
			`${BASE}/${OTHER_WEBHOOK_ID}/tatango?token=typed-0123456789abcdef`,
		],
		['a URL not shaped like a Tatango Trigger', 'https://hooks.shop.example/receipts'],
		['a Webhook node of n8n', `${BASE}/order-receipts`],
	])('%s is sent as given', async (_name, url) => {
		const { received, error } = await sendAndCapture(sms, { own: url });
		expect(error).toBeUndefined();
		expect(received).toBe(url);
	});

	test('https only, as today: an http trigger URL is refused before any request', async () => {
		const { error, api } = await sendAndCapture(sms, {
			own: `http://n8n.shop.example/webhook/${OTHER_WEBHOOK_ID}/tatango`,
		});
		expect(error?.message).toMatch(/^Invalid Webhook URL: must start with https:\/\//);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	});

	test('a URL that fits 255 characters only without the token is refused before any request; the message shows no token', async () => {
		const host = `${'h'.repeat(60)}.${'n'.repeat(60)}.${'x'.repeat(60)}.example`;
		const url = `https://${host}/webhook/${OTHER_WEBHOOK_ID}/tatango`;
		expect(url.length).toBeLessThanOrEqual(255);
		const { error, api } = await sendAndCapture(sms, { own: url });
		expect(error?.message).toMatch(
			/^Invalid Webhook URL: is \d+ characters long with the Tatango Trigger's token added; the maximum is 255$/,
		);
		expect(api.isDone()).toBe(false);
		expect(JSON.stringify(error)).not.toContain('token=');
	});

	test("Tatango's error echoing the URL shows no token", async () => {
		const trigger = receiver();
		const { error, received } = await sendAndCapture(sms, {
			credentialDefault: trigger.webhookUrl(),
			echo: true,
		});
		expect(error?.message).toContain('is not reachable');
		const token = queryOf(/** @type {string} */ (received)).token;
		expect(JSON.stringify(error)).not.toContain(token);
		expectNoSecrets(error);
	});
});

describe('Transactional Message → Send: the Reply Webhook URL, under the v2 key', () => {
	test("a trigger's plain URL gets the token the trigger derives under its v2 credential", async () => {
		const trigger = receiver({ credential: null, v2Credential: v2Credentials() });
		/** @type {string | undefined} */
		let received;
		const api = v2Api()
			.post('/api/v2/transactional_messages', (body) => {
				received = body.transactional_message.webhook_callback_url;
				return true;
			})
			.reply(200, { status: 'sent', transactional_message: { id: 7 } });
		const { error, items } = await runNode({
			parameters: {
				resource: 'transactionalMessage',
				operation: 'send',
				phoneNumber: '(206) 555-1111',
				content: 'Your order shipped',
				options: { webhookCallbackUrl: trigger.webhookUrl() },
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(error).toBeUndefined();
		api.done();
		expect(received?.startsWith(`${trigger.webhookUrl()}?token=`)).toBe(true);
		const query = queryOf(/** @type {string} */ (received));
		const answer = await trigger.post({ query, body: samples.transactionalReply() });
		expect(answer.started).toBe(true);
		expect(JSON.stringify(items)).not.toContain(query.token);
		// The v3 key derives another token: a trigger with only the v3 credential refuses it.
		const v3Only = receiver();
		expect((await v3Only.post({ query, body: samples.transactionalReply() })).status).toBe(401);
		expect(V2_KEY).not.toBe(V3_KEY);
	});
});
