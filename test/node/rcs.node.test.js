// @ts-check
const { runNode } = require('../helpers/runNode');
const {
	v3Api,
	v3Credentials,
	recordUnmatched,
	expectNoSecrets,
	DEFAULT_WEBHOOK_URL,
	WEBHOOK_TOKEN,
} = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

const ACCEPTED = {
	message: 'RCS rich card message sent successfully',
	transactionId: '6f1c2d3e-0000-4000-8000-00000000abcd',
};

/**
 * @param {import('n8n-workflow').INodeParameters} [extra]
 * @param {Record<string, unknown>} [credentialOverrides]
 */
const sendCard = (extra = {}, credentialOverrides = {}) =>
	runNode({
		parameters: {
			resource: 'rcs',
			operation: 'sendRichCard',
			phoneNumber: '+1 (206) 555-1111',
			title: 'Summer sale',
			text: '**20% off** everything ☀️',
			mediaUrl: 'https://cdn.shop.example/summer.jpg',
			smsFailover: 'Summer sale: 20% off everything at shop.example',
			...extra,
		},
		credentials: { tatangoV3Api: v3Credentials(credentialOverrides) },
	});

/** @param {string} webhookUrl */
const cardBody = (webhookUrl) => ({
	phoneNumber: '2065551111',
	webhookUrl,
	rcsPayload: {
		richCard: {
			body: {
				title: 'Summer sale',
				text: '**20% off** everything ☀️',
				url: 'https://cdn.shop.example/summer.jpg',
				isVideo: false,
			},
		},
	},
	smsFailover: 'Summer sale: 20% off everything at shop.example',
});

describe('RCS Message → Send Rich Card', () => {
	test("uses the v3 key header and the credential's default webhook URL; the output leaves the URL out", async () => {
		const api = v3Api()
			.post('/transactional_messages/send_rcs_rich_card', cardBody(DEFAULT_WEBHOOK_URL))
			.reply(202, ACCEPTED);

		const { items, error, credentialTypesRequested } = await sendCard();

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		// Only the v3 credential is used (n8n itself loads it again for each authenticated request).
		expect([...new Set(credentialTypesRequested)]).toEqual(['tatangoV3Api']);
		expect(items).toEqual([
			{
				json: { outcome: 'sent', ...ACCEPTED, phoneNumber: '2065551111', channel: 'RCS' },
				pairedItem: { item: 0 },
			},
		]);
		expect(JSON.stringify(items)).not.toContain(WEBHOOK_TOKEN);
		expectNoSecrets(items);
	});

	test("a webhook URL on the node wins over the credential's default", async () => {
		const own = 'https://hooks.shop.example/tatango/campaign-7?token=OWN-TOKEN-99';
		const api = v3Api()
			.post('/transactional_messages/send_rcs_rich_card', cardBody(own))
			.reply(202, ACCEPTED);

		const { items, error } = await sendCard({ webhookUrl: own });

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(JSON.stringify(items)).not.toContain('OWN-TOKEN-99');
	});

	test('typographic characters in the SMS fallback are replaced by GSM ones by default', async () => {
		const api = v3Api()
			.post(
				'/transactional_messages/send_rcs_rich_card',
				(body) => body.smsFailover === 'It\'s here - "Summer" sale...',
			)
			.reply(202, ACCEPTED);

		const { error } = await sendCard({
			smsFailover: 'It\u2019s here \u2014 \u201CSummer\u201D sale\u2026',
		});

		expect(error).toBeUndefined();
		api.done();
	});

	test('no webhook URL anywhere is refused before any request, pointing at the credential', async () => {
		const api = v3Api().post('/transactional_messages/send_rcs_rich_card').reply(202, ACCEPTED);

		const { error } = await sendCard({}, { defaultWebhookUrl: '' });

		expect(error.message).toBe(
			"Invalid Webhook URL (or the credential's Default Webhook URL): is required",
		);
		expect(error.description).toMatch(/Default Webhook URL in the 'Tatango V3 API' credential/);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	});

	test('an emoji in the SMS fallback is refused before any request', async () => {
		const api = v3Api().post('/transactional_messages/send_rcs_rich_card').reply(202, ACCEPTED);

		const { error } = await sendCard({ smsFailover: 'Sale ☀️' });

		expect(error.message).toMatch(
			/^Invalid SMS Fallback: must use only the GSM 7-bit SMS alphabet; it contains "☀"/,
		);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	});

	test('a refused key (403) names the v3 credential and does not echo the key', async () => {
		const api = v3Api()
			.post('/transactional_messages/send_rcs_rich_card')
			.reply(403, { message: 'Forbidden' });

		const { error, run } = await sendCard();

		api.done();
		expect(unmatched).toEqual([]);
		expect(error.message).toBe(
			"Tatango refused the API key of the 'Tatango V3 API' credential (403)",
		);
		expectNoSecrets(error);
		expectNoSecrets(run);
	});
});
