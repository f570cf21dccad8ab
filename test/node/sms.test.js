// @ts-check
const { runNode } = require('../helpers/runNode');
const {
	v2Credentials,
	v3Api,
	v3Credentials,
	recordUnmatched,
	expectNoSecrets,
	DEFAULT_WEBHOOK_URL,
	WEBHOOK_TOKEN,
} = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

const PATH = '/transactional_messages/send_sms';
const ACCEPTED = {
	message: 'Request accepted, sending message to recipient',
	transactionId: '019687e1-1b54-70f4-a68a-60af7fa776f4',
};

/**
 * @param {import('n8n-workflow').INodeParameters} [extra]
 * @param {{ credentialOverrides?: Record<string, unknown>, items?: import('n8n-workflow').IDataObject[], continueOnFail?: boolean }} [options]
 */
const sendSms = (extra = {}, { credentialOverrides = {}, items, continueOnFail } = {}) =>
	runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			phoneNumber: '+1 (206) 555-1111',
			content: 'Your order #1042 has shipped',
			...extra,
		},
		items,
		continueOnFail,
		credentials: { tatangoV3Api: v3Credentials(credentialOverrides) },
	});

describe('SMS → Send (v3)', () => {
	test("posts the documented body with the v3 key and the credential's default webhook URL; outputs message, transactionId, phoneNumber and channel", async () => {
		const api = v3Api()
			.post(PATH, {
				phoneNumber: '2065551111',
				webhookUrl: DEFAULT_WEBHOOK_URL,
				content: 'Your order #1042 has shipped',
			})
			.reply(202, ACCEPTED);

		const { items, error, credentialTypesRequested } = await sendSms();

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect([...new Set(credentialTypesRequested)]).toEqual(['tatangoV3Api']);
		expect(items).toEqual([
			{
				json: { outcome: 'sent', ...ACCEPTED, phoneNumber: '2065551111', channel: 'SMS' },
				pairedItem: { item: 0 },
			},
		]);
		// The webhook URL carries the trigger's token: it stays out of the output.
		expect(JSON.stringify(items)).not.toContain(WEBHOOK_TOKEN);
		expectNoSecrets(items);
	});

	test("the node's own webhook URL wins over the credential's default", async () => {
		const own = 'https://hooks.shop.example/tatango/orders?token=OWN-77';
		const api = v3Api()
			.post(PATH, (body) => body.webhookUrl === own)
			.reply(202, ACCEPTED);

		const { error } = await sendSms({ webhookUrl: own });

		expect(error).toBeUndefined();
		api.done();
	});

	test('one request per item, each output paired with its item, phone numbers from expressions', async () => {
		const api = v3Api()
			.post(PATH, (body) => body.phoneNumber === '2065551111')
			.reply(202, { ...ACCEPTED, transactionId: 'tx-1' })
			.post(PATH, (body) => body.phoneNumber === '6045550199')
			.reply(202, { ...ACCEPTED, transactionId: 'tx-2' });

		const { items, error } = await sendSms(
			{ phoneNumber: '={{ $json.phone }}', content: '=Hi {{ $json.name }}' },
			{
				items: [
					{ phone: '206-555-1111', name: 'Ana' },
					{ phone: '604.555.0199', name: 'Bo' },
				],
			},
		);

		expect(error).toBeUndefined();
		api.done();
		expect(items.map((item) => [item.json.transactionId, item.pairedItem])).toEqual([
			['tx-1', { item: 0 }],
			['tx-2', { item: 1 }],
		]);
	});

	test('typographic characters in the content are replaced by GSM ones by default', async () => {
		const api = v3Api()
			.post(PATH, (body) => body.content === 'It\'s "shipped" - track it...')
			.reply(202, ACCEPTED);

		const { error } = await sendSms({
			content: 'It\u2019s \u201Cshipped\u201D \u2014 track it\u2026',
		});

		expect(error).toBeUndefined();
		api.done();
	});

	test.each([
		[
			{ content: 'Shipped 📦' },
			/^Invalid Content: must use only the GSM 7-bit SMS alphabet; it contains "📦"/,
		],
		[{ content: '={{ "" }}' }, /^Invalid Content: is required/],
		[{ content: 'x'.repeat(161) }, /^Invalid Content: is 161 characters long/],
		[
			{ content: `${'x'.repeat(155)}€€€` },
			/^Invalid Content: is 161 characters long as an SMS counts them/,
		],
		[
			{ phoneNumber: '+44 20 7946 0958' },
			/^Invalid Phone Number: .* is not a US or Canadian number/,
		],
		[
			{ webhookUrl: 'http://hooks.shop.example/x' },
			/^Invalid Webhook URL: must start with https:\/\//,
		],
	])('%j is refused before any request, naming the field', async (extra, message) => {
		const api = v3Api().post(PATH).reply(202, ACCEPTED);

		const { error } = await sendSms(extra);

		expect(error.message).toMatch(message);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	});

	test('no webhook URL on the node or the credential is refused, pointing at the credential', async () => {
		const api = v3Api().post(PATH).reply(202, ACCEPTED);

		const { error } = await sendSms({}, { credentialOverrides: { defaultWebhookUrl: '' } });

		expect(error.message).toBe(
			"Invalid Webhook URL (or the credential's Default Webhook URL): is required",
		);
		expect(error.description).toMatch(/Default Webhook URL in the 'Tatango V3 API' credential/);
		expect(api.isDone()).toBe(false);
	});

	test('with Continue On Fail a bad item fails alone and the others are sent', async () => {
		const api = v3Api()
			.post(PATH, (body) => body.phoneNumber === '2065551111')
			.reply(202, ACCEPTED);

		const { items, error } = await sendSms(
			{ phoneNumber: '={{ $json.phone }}' },
			{ items: [{ phone: '12' }, { phone: '2065551111' }], continueOnFail: true },
		);

		expect(error).toBeUndefined();
		api.done();
		expect(items[0]).toEqual({
			json: {
				outcome: 'not_sent',
				error: expect.stringMatching(/^Invalid Phone Number/),
				details: expect.any(String),
			},
			pairedItem: { item: 0 },
		});
		expect(items[1].json).toEqual({
			outcome: 'sent',
			...ACCEPTED,
			phoneNumber: '2065551111',
			channel: 'SMS',
		});
	});

	test('a 400 from Tatango fails the item with its message, and is not retried', async () => {
		const api = v3Api()
			.post(PATH)
			.reply(400, { message: 'content must contain GSM 7-bit characters only' });

		const { error } = await sendSms();

		api.done();
		expect(unmatched).toEqual([]);
		expect(error.message + ' ' + (error.description ?? '')).toContain(
			'content must contain GSM 7-bit characters only',
		);
		expectNoSecrets(error);
	});

	test('only the v3 credential is asked for, even when a v2 one is also attached', async () => {
		const api = v3Api().post(PATH).reply(202, ACCEPTED);

		const { error, credentialTypesRequested } = await runNode({
			parameters: { resource: 'sms', operation: 'send', phoneNumber: '2065551111', content: 'Hi' },
			credentials: { tatangoApi: v2Credentials(), tatangoV3Api: v3Credentials() },
		});

		expect(error).toBeUndefined();
		api.done();
		expect([...new Set(credentialTypesRequested)]).toEqual(['tatangoV3Api']);
	});
});
