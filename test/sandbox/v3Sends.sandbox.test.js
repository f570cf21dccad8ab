// @ts-check
'use strict';

// Every v3 send endpoint of the sandbox: the documented 202 answers, 400 validation, the test
// numbers' outcomes on every channel, replies on the send's channel, and the daily quota.
const { start, v3, control, waitFor, receiver, messagesOf, V3_KEY } = require('./helpers');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const FALLBACK = 'Your order shipped: https://shop.example/t/1042';

/**
 * One valid request per endpoint (the documented example shapes), its 202 message, its channel
 * and the `kind` the sandbox records the message as.
 * @type {Record<string, { body: Record<string, unknown>, message: string, channel: string, kind: string, failover: boolean }>}
 */
const SENDS = {
	send_sms: {
		body: { content: 'Your order #1042 has shipped' },
		message: 'Request accepted, sending message to recipient',
		channel: 'SMS',
		kind: 'sms',
		failover: false,
	},
	send_mms: {
		body: {
			content: 'Your order #1042 has shipped 📦',
			smsFailover: FALLBACK,
			subject: 'Shipped',
			attachmentUrl: 'https://cdn.shop.example/box.jpg',
		},
		message: 'Request accepted, sending message to recipient',
		channel: 'MMS',
		kind: 'mms',
		failover: true,
	},
	send_rcs_text: {
		body: { rcsPayload: { text: '**Shipped!** 📦' }, smsFailover: FALLBACK },
		message: 'Request accepted, sending message to recipient',
		channel: 'RCS',
		kind: 'rcs',
		failover: true,
	},
	send_rcs_carousel: {
		body: {
			rcsPayload: {
				cards: [
					{ body: { title: 'Boots', text: 'Warm', url: 'https://e.x/1.jpg', isVideo: false } },
					{
						body: {
							title: 'Hats',
							text: 'Wool',
							url: 'https://e.x/2.mp4',
							thumbnailUrl: 'https://e.x/2.jpg',
							isVideo: true,
						},
					},
				],
			},
			smsFailover: FALLBACK,
		},
		message: 'RCS carousel message sent successfully',
		channel: 'RCS',
		kind: 'rcs',
		failover: true,
	},
	send_rcs_file: {
		body: {
			rcsPayload: { file: { url: 'https://e.x/weekly-news-letter.pdf' } },
			smsFailover: FALLBACK,
		},
		message: 'RCS file message sent successfully',
		channel: 'RCS',
		kind: 'rcs',
		failover: true,
	},
	send_whatsapp: {
		body: { whatsAppTemplateName: 'order_shipped', smsFailover: { content: FALLBACK } },
		message: 'Whatsapp template sent successfully',
		channel: 'WHATSAPP',
		kind: 'whatsapp',
		failover: true,
	},
};

describe('v3 sends of every channel', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {Awaited<ReturnType<typeof receiver>>} */
	let rx;
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
	/** @param {string} name @param {string} phone @param {Record<string, unknown>} [change] */
	const send = (name, phone, change = {}) =>
		v3(sb, `/transactional_messages/${name}`, {
			phoneNumber: phone,
			webhookUrl: hook,
			...SENDS[name].body,
			...change,
		});

	describe.each(Object.keys(SENDS))('%s', (name) => {
		const spec = SENDS[name];

		test('202 with the documented message and a UUID transactionId; recorded for the phone', async () => {
			const r = await send(name, '+1 (206) 555-0200');
			expect(r.status).toBe(202);
			expect(r.body).toEqual({ message: spec.message, transactionId: expect.stringMatching(UUID) });
			expect(await messagesOf(sb, '2065550200')).toEqual([
				expect.objectContaining({ kind: spec.kind, transactionId: r.body.transactionId }),
			]);
		});

		test.each([
			[
				'2065550200',
				'delivery_status',
				{ status: 'success', deliveredAt: expect.stringMatching(/Z$/) },
			],
			['2065550201', 'delivery_status', { status: 'soft bounce' }],
			['2065550202', 'delivery_status', { status: 'hard bounce' }],
			['2065550203', 'invalid_phone', { reason: 'Phone is a landline' }],
		])('test number %s → %s %j, with the sender key', async (phone, eventType, fields) => {
			const r = await send(name, phone);
			const id = r.body.transactionId;
			const [event] = await waitFor(() => (eventsFor(id).length ? eventsFor(id) : null));
			expect(event.body).toEqual({
				transactionId: id,
				eventType,
				body: { phoneNumber: phone, ...fields },
			});
			expect(event.headers['x-api-key']).toBe(V3_KEY);
			const kinds = (await messagesOf(sb, phone)).map((/** @type {any} */ m) => m.kind);
			const bounced = /bounce/.test(JSON.stringify(fields));
			expect(kinds).toEqual(bounced && spec.failover ? [spec.kind, 'sms_failover'] : [spec.kind]);
		});

		test(`2065550204: delivered, then a reply on channel ${spec.channel}`, async () => {
			const r = await send(name, '2065550204');
			const id = r.body.transactionId;
			const events = await waitFor(() => (eventsFor(id).length >= 2 ? eventsFor(id) : null));
			expect(events.map((e) => e.body.eventType)).toEqual(['delivery_status', 'reply_received']);
			expect(events[1].body.body).toEqual({
				phoneNumber: '2065550204',
				sentAt: expect.any(String),
				content: 'Thanks for your message!',
				channel: spec.channel,
			});
		});
	});

	test('a reply through the control API goes to the latest v3 send, on its channel', async () => {
		const r = await send('send_sms', '2065550200');
		await waitFor(() => eventsFor(r.body.transactionId).length === 1);
		const c = await control(sb, 'POST', '/replies', { phone: '2065550200', text: 'Where is it?' });
		expect(c.body).toMatchObject({
			outcome: 'reply_received',
			transactionId: r.body.transactionId,
		});
		const events = await waitFor(() =>
			eventsFor(r.body.transactionId).length === 2 ? eventsFor(r.body.transactionId) : null,
		);
		expect(events[1].body.body).toMatchObject({ content: 'Where is it?', channel: 'SMS' });
	});

	/** @type {[string, Record<string, unknown>, RegExp][]} */
	const invalid = [
		['send_sms', { content: undefined }, /content is required/],
		['send_sms', { content: 'Shipped 📦' }, /content must contain GSM 7-bit/],
		['send_sms', { content: 'x'.repeat(161) }, /content must be 1 to 160/],
		['send_sms', { phoneNumber: '+44 20 7946 0958' }, /valid U\.S\. or Canadian/],
		['send_sms', { webhookUrl: 'http://example.com/x' }, /webhookUrl must be a valid HTTPS URL/],
		['send_sms', { webhookUrl: undefined }, /webhookUrl is required/],
		['send_mms', { content: 'x'.repeat(3501) }, /content must be at most 3500/],
		['send_mms', { smsFailover: undefined }, /smsFailover is required/],
		['send_mms', { subject: 'x'.repeat(41) }, /subject must be at most 40/],
		['send_mms', { attachmentUrl: 'not a url' }, /attachmentUrl must be a valid URL/],
		[
			'send_rcs_text',
			{ rcsPayload: { text: 'x'.repeat(3001) } },
			/rcsPayload\.text must be at most 3000/,
		],
		['send_rcs_text', { rcsPayload: 'hi' }, /rcsPayload is required/],
		['send_rcs_text', { smsFailover: 'Sale ☀️' }, /smsFailover must contain GSM 7-bit/],
		['send_rcs_carousel', { rcsPayload: { cards: [] } }, /1 to 3 cards/],
		[
			'send_rcs_carousel',
			{ rcsPayload: { cards: [1, 2, 3, 4].map(() => ({ body: { title: 'x' } })) } },
			/1 to 3 cards/,
		],
		[
			'send_rcs_carousel',
			{ rcsPayload: { cards: [{ body: { isVideo: true } }] } },
			/cards\[0\]\.body\.url is required/,
		],
		[
			'send_rcs_carousel',
			{
				rcsPayload: {
					cards: [{ body: { title: 'Boots', url: 'https://e.x/1.jpg', isVideo: false } }],
				},
			},
			/^Invalid rcsPayload: rcsPayload\.cards\[0\]\.body\.text is required$/,
		],
		[
			'send_rcs_carousel',
			{
				rcsPayload: {
					cards: [{ body: { text: 'Warm', url: 'https://e.x/1.jpg', isVideo: false } }],
				},
			},
			/^Invalid rcsPayload: rcsPayload\.cards\[0\]\.body\.title is required$/,
		],
		[
			'send_rcs_carousel',
			{ rcsPayload: { cards: [{ body: { title: 'Boots', text: 'Warm', isVideo: false } }] } },
			/^Invalid rcsPayload: rcsPayload\.cards\[0\]\.body\.url is required$/,
		],
		[
			'send_rcs_carousel',
			{
				rcsPayload: {
					cards: [{ body: { title: 'Boots', text: 'Warm', url: 'https://e.x/1.jpg' } }],
				},
			},
			/^Invalid rcsPayload: rcsPayload\.cards\[0\]\.body\.isVideo is required$/,
		],
		['send_rcs_file', { rcsPayload: { file: {} } }, /rcsPayload\.file\.url must be a valid URL/],
		['send_whatsapp', { smsFailover: FALLBACK }, /smsFailover must be an object/],
		['send_whatsapp', { smsFailover: { content: '' } }, /smsFailover\.content must be 1 to 160/],
		['send_whatsapp', { whatsAppTemplateName: '' }, /whatsAppTemplateName is required/],
	];
	test.each(invalid)('%s with %j → 400 %p, nothing sent', async (name, change, message) => {
		const r = await send(name, '2065550200', change);
		expect(r.status).toBe(400);
		expect(r.body).toEqual({ message: expect.stringMatching(message) });
		expect(await messagesOf(sb, '2065550200')).toEqual([]);
	});

	test('WhatsApp template upload: 202 "submitted for approval"; bad fields 400', async () => {
		const template = {
			name: 'order_shipped',
			language: 'en_US',
			category: 'UTILITY',
			structure: { type: 'TEXT', body: { text: 'Your order has shipped' } },
			webhookUrl: hook,
		};
		const ok = await v3(sb, '/whatsapp_template/upload', template);
		expect(ok.status).toBe(202);
		expect(ok.body).toEqual({ message: 'WhatsApp template submitted for approval' });
		const { body } = await control(sb, 'GET', '/inspect');
		expect(body.whatsAppTemplates).toEqual([
			expect.objectContaining({ name: 'order_shipped', category: 'UTILITY' }),
		]);
		for (const [change, message] of /** @type {[Record<string, unknown>, RegExp][]} */ ([
			[{ language: 'e' }, /language must be a string of 2 to 5/],
			[{ language: 'en_USA' }, /language must be a string of 2 to 5/],
			[{ category: 'PROMO' }, /category must be one of MARKETING, AUTHENTICATION, UTILITY/],
			[{ structure: 'TEXT' }, /structure is required/],
			[{ name: '' }, /name is required/],
			[{ webhookUrl: 'http://x.example' }, /HTTPS/],
		])) {
			const r = await v3(sb, '/whatsapp_template/upload', { ...template, ...change });
			expect([r.status, r.body.message]).toEqual([400, expect.stringMatching(message)]);
		}
	});
});

describe('v3 daily quota', () => {
	test('off by default; when set, the call over it gets 429 until midnight UTC, then passes again', async () => {
		const sb = await start({ v3DailyQuota: 2 });
		try {
			const body = {
				phoneNumber: '2065550200',
				webhookUrl: 'https://127.0.0.1:9/x',
				content: 'hi',
			};
			const path = '/transactional_messages/send_sms';
			expect((await v3(sb, path, body)).status).toBe(202);
			expect((await v3(sb, path, body)).status).toBe(202);
			const refused = await v3(sb, path, body);
			expect(refused.status).toBe(429);
			// API Gateway's answer to a spent quota: the same status as the throttle, another body.
			expect(refused.body).toEqual({ message: 'Limit Exceeded' });
			expect(refused.headers.get('retry-after')).toBeNull();
			expect(refused.headers.get('x-amzn-errortype')).toBe('LimitExceededException');
			expect(await messagesOf(sb, '2065550200')).toHaveLength(2);
			// Midnight UTC is at most a day away.
			await control(sb, 'POST', '/clock/advance', { ms: 86_400_000 });
			expect((await v3(sb, path, body)).status).toBe(202);
			// 0: today's quota is already spent.
			await control(sb, 'POST', '/config', { v3DailyQuota: 0 });
			expect(await v3(sb, path, body)).toMatchObject({
				status: 429,
				body: { message: 'Limit Exceeded' },
			});
			// Changed at runtime like the other limits.
			const c = await control(sb, 'POST', '/config', { v3DailyQuota: null });
			expect(c.body.v3DailyQuota).toBeNull();
		} finally {
			await sb.close();
		}
	});
});
