// @ts-check
const { runNode } = require('../helpers/runNode');
const {
	v2Api,
	v2Credentials,
	recordUnmatched,
	networkError,
	expectNoSecrets,
} = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

const SENT = {
	status: 'Message successfully sent.',
	transactional_message: {
		id: 7,
		number: '2065551111',
		content: 'Your order shipped',
		status: 'pending',
	},
};
/** What the node outputs for SENT: the outcome first, Tatango's answer, its ID as transactionId. */
const SENT_ITEM = { outcome: 'sent', ...SENT, transactionId: '7' };

/** @param {import('n8n-workflow').INodeParameters} [extra] */
const sendSms = (extra = {}) =>
	runNode({
		parameters: {
			resource: 'transactionalMessage',
			operation: 'send',
			phoneNumber: '+1 (206) 555-1111',
			content: 'Your order shipped',
			...extra,
		},
		credentials: { tatangoApi: v2Credentials() },
	});

const SMS_BODY = { transactional_message: { number: '2065551111', content: 'Your order shipped' } };

describe('Transactional Message → Send', () => {
	test("SMS: the wrapped body with the ten-digit number; the output is Tatango's answer", async () => {
		const api = v2Api().post('/api/v2/transactional_messages', SMS_BODY).reply(200, SENT);

		const { items, error } = await sendSms();

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: SENT_ITEM, pairedItem: { item: 0 } }]);
	});

	test('MMS: subject, fallback content and attachment ID go out with is_mms; reply webhook as an option', async () => {
		const api = v2Api()
			.post('/api/v2/transactional_messages', {
				transactional_message: {
					number: '2065551111',
					content: 'Summer sale: 20% off everything in store this weekend only.',
					is_mms: true,
					subject: 'Summer sale',
					fallback_content: 'Summer sale: 20% off this weekend',
					attachment_id: 42,
					webhook_callback_url: 'https://n8n.shop.example/webhook/replies',
				},
			})
			.reply(200, SENT);

		const { items, error } = await sendSms({
			content: 'Summer sale: 20% off everything in store this weekend only.',
			isMms: true,
			subject: 'Summer sale',
			fallbackContent: 'Summer sale: 20% off this weekend',
			attachmentId: 42,
			options: { webhookCallbackUrl: 'https://n8n.shop.example/webhook/replies' },
		});

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toHaveLength(1);
	});

	test('MMS fields left in the parameters are not sent when Send as MMS is off', async () => {
		const api = v2Api().post('/api/v2/transactional_messages', SMS_BODY).reply(200, SENT);

		const { error } = await sendSms({
			isMms: false,
			subject: 'left over',
			fallbackContent: 'x',
			attachmentId: 9,
		});

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
	});

	test('SMS content over 160 characters is refused before any request', async () => {
		const api = v2Api().post('/api/v2/transactional_messages').reply(200, SENT);

		const { error } = await sendSms({ content: 'x'.repeat(161) });

		expect(error.message).toBe(
			'Invalid Content: is 161 characters long; the maximum is 160 (an emoji counts as 2)',
		);
		expect(error.context.itemIndex).toBe(0);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	});

	describe('retries: a text must never go out twice', () => {
		test('HTTP 500 is not retried: "may have been sent", exactly one request', async () => {
			const api = v2Api()
				.post('/api/v2/transactional_messages', SMS_BODY)
				.reply(500, { status: 'error', error: 'Internal Server Error' });

			const { items, error } = await sendSms();

			api.done();
			expect(unmatched).toEqual([]); // a second attempt would have been unmatched
			expect(items).toEqual([]);
			expect(error.message).toBe(
				'The message may have been sent: Tatango answered HTTP 500 (Internal Server Error)',
			);
			expect(error.description).toMatch(/did not retry/);
			expect(error.context.itemIndex).toBe(0);
		});

		test('429 with Retry-After: 0 is waited out and sent once more', async () => {
			const api = v2Api()
				.post('/api/v2/transactional_messages', SMS_BODY)
				.reply(429, { status: 'error', error: 'Rate limit exceeded' }, { 'Retry-After': '0' })
				.post('/api/v2/transactional_messages', SMS_BODY)
				.reply(200, SENT);

			const { items, error } = await sendSms();

			expect(error).toBeUndefined();
			api.done(); // both requests made
			expect(unmatched).toEqual([]);
			expect(items).toEqual([{ json: SENT_ITEM, pairedItem: { item: 0 } }]);
		});

		test("429 longer than the credential's Max Wait fails without waiting", async () => {
			const api = v2Api()
				.post('/api/v2/transactional_messages', SMS_BODY)
				.reply(429, { status: 'error', error: 'Rate limit exceeded' }, { 'Retry-After': '3600' });

			const { error } = await runNode({
				parameters: {
					resource: 'transactionalMessage',
					operation: 'send',
					phoneNumber: '2065551111',
					content: 'Your order shipped',
				},
				credentials: { tatangoApi: { ...v2Credentials(), maxRateLimitWait: 60 } },
			});

			api.done();
			expect(unmatched).toEqual([]);
			expect(error.message).toBe(
				"Tatango's rate limit was still exceeded after waiting 0 s; nothing was sent (429)",
			);
			expect(error.description).toMatch(/Max Wait When Rate Limited/);
		});

		test('a refused connection (ECONNREFUSED) proves nothing was sent: retried, then sent', async () => {
			const api = v2Api()
				.post('/api/v2/transactional_messages', SMS_BODY)
				.replyWithError(networkError('ECONNREFUSED'))
				.post('/api/v2/transactional_messages', SMS_BODY)
				.reply(200, SENT);

			const { items, error } = await sendSms();

			expect(error).toBeUndefined();
			api.done();
			expect(unmatched).toEqual([]);
			expect(items).toEqual([{ json: SENT_ITEM, pairedItem: { item: 0 } }]);
		});

		test('a connection reset mid-request is not retried (one request)', async () => {
			const api = v2Api()
				.post('/api/v2/transactional_messages', SMS_BODY)
				.replyWithError(networkError('ECONNRESET'));

			const { error } = await sendSms();

			api.done();
			expect(unmatched).toEqual([]);
			expect(error.description).toMatch(/did not retry it: retrying could text the person twice/);
			expectNoSecrets(error);
		});

		// n8n's NodeApiError swaps a message naming ECONNRESET for its stock "You can retry the request
		// immediately" text; the transport puts its own message back (transport/errors.ts).
		test('a connection reset mid-request says the message may have been sent', async () => {
			v2Api()
				.post('/api/v2/transactional_messages', SMS_BODY)
				.replyWithError(networkError('ECONNRESET'));

			const { error } = await sendSms();

			expect(error.message).toBe(
				'The message may have been sent: the connection failed (ECONNRESET)',
			);
		});
	});
});
