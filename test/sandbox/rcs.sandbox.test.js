// @ts-check
'use strict';

const { start, v3, control, waitFor, receiver, messagesOf, V3_KEY } = require('./helpers');
const { deliveryUrl } = require('../../sandbox/webhooks');

const PATH = '/transactional_messages/send_rcs_rich_card';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * @param {string} webhookUrl
 * @param {Record<string, unknown>} [extra]
 */
const card = (phoneNumber, webhookUrl, extra = {}) => ({
	phoneNumber,
	webhookUrl,
	rcsPayload: {
		richCard: {
			body: {
				title: 'Summer Sale!',
				text: 'Save up to 50%',
				url: 'https://example.com/a.mp4',
				thumbnailUrl: 'https://example.com/a.jpg',
				isVideo: true,
			},
		},
	},
	smsFailover: 'Summer Sale! Save up to 50%: https://example.com/s',
	...extra,
});

describe('v3 RCS rich card', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {Awaited<ReturnType<typeof receiver>>} */
	let rx;
	/** https URL on loopback: delivered over plain http to the receiver */
	let hook = '';
	beforeAll(async () => {
		sb = await start();
		rx = await receiver();
		hook = `https://127.0.0.1:${rx.port}/webhook/tatango?token=abc`;
	});
	afterAll(async () => {
		await sb.close();
		await rx.close();
	});
	beforeEach(async () => {
		await control(sb, 'POST', '/reset');
		rx.received.length = 0;
	});

	/** @param {string} id */
	const eventsFor = (id) => rx.received.filter((r) => r.body && r.body.transactionId === id);

	test('accepted with 202, a UUID transactionId, and the card recorded for the phone', async () => {
		const r = await v3(sb, PATH, card('2065550200', hook));
		expect(r.status).toBe(202);
		expect(r.body).toEqual({
			message: 'RCS rich card message sent successfully',
			transactionId: expect.stringMatching(UUID),
		});
		expect(await messagesOf(sb, '2065550200')).toEqual([
			expect.objectContaining({ kind: 'rcs', transactionId: r.body.transactionId }),
		]);
	});

	/** @type {[string, Record<string, unknown>][]} */
	const single = [
		[
			'2065550200',
			{
				eventType: 'delivery_status',
				body: {
					phoneNumber: '2065550200',
					status: 'success',
					deliveredAt: expect.stringMatching(/Z$/),
				},
			},
		],
		[
			'2065550201',
			{ eventType: 'delivery_status', body: { phoneNumber: '2065550201', status: 'soft bounce' } },
		],
		[
			'2065550202',
			{ eventType: 'delivery_status', body: { phoneNumber: '2065550202', status: 'hard bounce' } },
		],
		[
			'2065550203',
			{
				eventType: 'invalid_phone',
				body: { phoneNumber: '2065550203', reason: 'Phone is a landline' },
			},
		],
		[
			'4155552671',
			{
				eventType: 'delivery_status',
				body: { phoneNumber: '4155552671', status: 'success', deliveredAt: expect.any(String) },
			},
		],
	];
	test.each(single)(
		'%s gets its event in the v3 envelope with the sender key',
		async (phone, expected) => {
			const r = await v3(sb, PATH, card(phone, hook));
			const id = r.body.transactionId;
			const [event] = await waitFor(() => (eventsFor(id).length ? eventsFor(id) : null));
			expect(event.body).toEqual({ transactionId: id, ...expected });
			expect(event.path).toBe('/webhook/tatango?token=abc');
			expect(event.headers['x-api-key']).toBe(V3_KEY);
			expect(event.headers['content-type']).toContain('application/json');
			// Exactly one event for these numbers.
			await new Promise((res) => setTimeout(res, 50));
			expect(eventsFor(id)).toHaveLength(1);
		},
	);

	test('bounces send the SMS failover; success and invalid_phone do not', async () => {
		for (const phone of ['2065550200', '2065550201', '2065550202', '2065550203']) {
			const r = await v3(sb, PATH, card(phone, hook));
			await waitFor(() => eventsFor(r.body.transactionId).length > 0);
		}
		const kinds = async (/** @type {string} */ p) =>
			(await messagesOf(sb, p)).map((/** @type {any} */ m) => m.kind);
		expect(await kinds('2065550200')).toEqual(['rcs']);
		expect(await kinds('2065550201')).toEqual(['rcs', 'sms_failover']);
		expect(await kinds('2065550202')).toEqual(['rcs', 'sms_failover']);
		expect(await kinds('2065550203')).toEqual(['rcs']);
		expect((await messagesOf(sb, '2065550201'))[1].text).toBe(
			'Summer Sale! Save up to 50%: https://example.com/s',
		);
	});

	test('2065550204 gets delivery_status success, then reply_received', async () => {
		const r = await v3(sb, PATH, card('(206) 555-0204', hook));
		const id = r.body.transactionId;
		const events = await waitFor(() => (eventsFor(id).length >= 2 ? eventsFor(id) : null));
		expect(events.map((e) => e.body.eventType)).toEqual(['delivery_status', 'reply_received']);
		expect(events[0].body.body.status).toBe('success');
		expect(events[1].body).toEqual({
			transactionId: id,
			eventType: 'reply_received',
			body: {
				phoneNumber: '2065550204',
				sentAt: expect.any(String),
				content: 'Thanks for your message!',
				channel: 'RCS',
			},
		});
	});

	test('a reply can also be simulated through the control API', async () => {
		const r = await v3(sb, PATH, card('2065550200', hook));
		await waitFor(() => eventsFor(r.body.transactionId).length === 1);
		const c = await control(sb, 'POST', '/replies', { phone: '2065550200', text: 'STOP please' });
		expect(c.body).toMatchObject({
			outcome: 'reply_received',
			transactionId: r.body.transactionId,
		});
		const events = await waitFor(() =>
			eventsFor(r.body.transactionId).length === 2 ? eventsFor(r.body.transactionId) : null,
		);
		expect(events[1].body.body.content).toBe('STOP please');
	});

	test('phone numbers in any U.S./Canadian format are accepted and reported as 10 digits', async () => {
		for (const [input, digits] of [
			['+1 206-555-0200', '2065550200'],
			['12065550200', '2065550200'],
			['604.555.0199', '6045550199'],
		]) {
			const r = await v3(sb, PATH, card(input, hook));
			expect(r.status).toBe(202);
			const [event] = await waitFor(() =>
				eventsFor(r.body.transactionId).length ? eventsFor(r.body.transactionId) : null,
			);
			expect(event.body.body.phoneNumber).toBe(digits);
		}
	});

	test('invalid requests get 400 {"message"} and send nothing', async () => {
		const long = `https://example.com/${'a'.repeat(240)}`;
		/** @type {[unknown, RegExp][]} */
		const cases = [
			['not json object', /Invalid request body/],
			[card('', hook), /phoneNumber is required/],
			[card('876-555-0100', hook), /valid U\.S\. or Canadian/],
			[card('+44 20 7946 0958', hook), /valid U\.S\. or Canadian/],
			[card('206555020', hook), /valid U\.S\. or Canadian/],
			[card('206-555-CALL', hook), /valid U\.S\. or Canadian/],
			[card('2065550200', 'http://example.com/hook'), /HTTPS/],
			[card('2065550200', 'not a url'), /HTTPS/],
			[card('2065550200', long), /255/],
			[card('2065550200', hook, { rcsPayload: undefined }), /rcsPayload/],
			[card('2065550200', hook, { rcsPayload: { richCard: {} } }), /rcsPayload\.richCard\.body/],
			[
				card('2065550200', hook, { rcsPayload: { richCard: { body: 'text' } } }),
				/rcsPayload\.richCard\.body/,
			],
			[
				card('2065550200', hook, {
					rcsPayload: { richCard: { body: { title: 'x', isVideo: true } } },
				}),
				/url is required when isVideo/,
			],
			[card('2065550200', hook, { smsFailover: undefined }), /smsFailover/],
			[card('2065550200', hook, { smsFailover: '' }), /1 to 160/],
			[card('2065550200', hook, { smsFailover: 'x'.repeat(161) }), /1 to 160/],
			[card('2065550200', hook, { smsFailover: 'Sale 🎉' }), /GSM 7-bit/],
		];
		for (const [body, error] of cases) {
			const r = await v3(sb, PATH, body);
			expect(r.status).toBe(400);
			expect(r.body).toEqual({ message: expect.stringMatching(error) });
		}
		expect(`https://example.com/${'a'.repeat(235)}`.length).toBe(255);
		expect(
			(await v3(sb, PATH, card('2065550200', `https://example.com/${'a'.repeat(235)}`))).status,
		).toBe(202);
		expect((await control(sb, 'GET', '/messages/2065550200')).body.count).toBe(1);
	});

	test('only loopback https URLs are downgraded to http', () => {
		expect(deliveryUrl('https://localhost:5678/webhook/x')).toBe('http://localhost:5678/webhook/x');
		expect(deliveryUrl('https://127.0.0.1:5678/a?b=c')).toBe('http://127.0.0.1:5678/a?b=c');
		expect(deliveryUrl('https://[::1]:5678/a')).toBe('http://[::1]:5678/a');
		expect(deliveryUrl('https://n8n.example.com/webhook/x')).toBe(
			'https://n8n.example.com/webhook/x',
		);
	});

	test('deliveries are listed in inspect', async () => {
		const r = await v3(sb, PATH, card('2065550200', hook));
		await waitFor(async () => {
			const d = (await control(sb, 'GET', '/inspect')).body.webhookDeliveries;
			return d.length === 1 && d[0].status === 'delivered';
		});
		const [delivery] = (await control(sb, 'GET', '/inspect')).body.webhookDeliveries;
		expect(delivery).toMatchObject({
			kind: 'v3',
			event: 'delivery_status',
			url: hook,
			targetUrl: hook.replace('https:', 'http:'),
			transactionId: r.body.transactionId,
		});
		expect(delivery.attempts).toEqual([expect.objectContaining({ statusCode: 200 })]);
	});
});
