// @ts-check
const {
	canonicalJson,
	classifyEvent,
	normalizeStatus,
} = require('../../nodes/TatangoTrigger/events');
const { readPayload } = require('../../nodes/TatangoTrigger/webhook/body.rules');
const { toOutputJson } = require('../../nodes/TatangoTrigger/output');
const { samples, TX } = require('./fixtures');

describe('readPayload: what n8n hands over becomes one event object, or a named problem', () => {
	test('an object n8n already parsed (application/json) is used as is', () => {
		const body = samples.deliverySuccess();
		expect(readPayload(body, Buffer.from('ignored'))).toEqual({ ok: true, payload: body });
	});

	test('JSON sent without a JSON content type is parsed from the raw body or the text body', () => {
		const text = JSON.stringify(samples.invalidPhone());
		expect(readPayload(undefined, Buffer.from(text))).toEqual({
			ok: true,
			payload: samples.invalidPhone(),
		});
		expect(readPayload({}, Buffer.from(text))).toEqual({
			ok: true,
			payload: samples.invalidPhone(),
		});
		expect(readPayload(text, undefined)).toEqual({ ok: true, payload: samples.invalidPhone() });
	});

	test.each([
		['malformed JSON text', '{"eventType": "delivery_status",', undefined, 'malformed'],
		['malformed JSON raw body', undefined, Buffer.from('{oops'), 'malformed'],
		['an array', [samples.deliverySuccess()], undefined, 'notObject'],
		['a JSON array as text', '[1,2]', undefined, 'notObject'],
		['a number', 42, undefined, 'notObject'],
		['a JSON string as text', '"hello"', undefined, 'notObject'],
		['null as text', 'null', undefined, 'notObject'],
		['no body at all', undefined, undefined, 'empty'],
		['an empty raw body', undefined, Buffer.alloc(0), 'empty'],
		['whitespace', '   \n', undefined, 'empty'],
		['an empty object', {}, undefined, 'empty'],
		['an empty object as text', '{}', undefined, 'empty'],
	])('%s is refused', (_name, body, rawBody, problem) => {
		expect(readPayload(body, rawBody)).toEqual({ ok: false, problem });
	});
});

describe('classifyEvent: every documented event gets its normalized fields', () => {
	test.each([
		[
			'delivery_status success',
			samples.deliverySuccess(),
			{
				event: 'delivery_status',
				apiVersion: 'v3',
				status: 'success',
				phoneNumber: '5551234567',
				transactionId: TX,
				occurredAt: '2024-01-15T10:30:00Z',
			},
		],
		[
			'delivery_status soft bounce (no deliveredAt)',
			samples.deliverySoftBounce(),
			{ event: 'delivery_status', status: 'soft bounce', transactionId: TX, occurredAt: null },
		],
		[
			'delivery_status hard bounce',
			samples.deliveryHardBounce(),
			{ event: 'delivery_status', status: 'hard bounce', transactionId: TX },
		],
		[
			'invalid_phone',
			samples.invalidPhone(),
			{
				event: 'invalid_phone',
				apiVersion: 'v3',
				status: null,
				reason: 'Phone is a landline',
				phoneNumber: '5551234567',
				transactionId: TX,
			},
		],
		[
			'reply_received',
			samples.replyReceived(),
			{
				event: 'reply_received',
				replyText: 'Thanks for your message!',
				channel: 'SMS',
				occurredAt: '2024-01-15T10:30:00Z',
				transactionId: TX,
			},
		],
		[
			'v2 subscribe',
			samples.subscribe(),
			{
				event: 'subscribe',
				apiVersion: 'v2',
				optId: '555001',
				listId: '101',
				phoneNumber: '2065550123',
				transactionId: null,
			},
		],
		[
			'v2 unsubscribe',
			samples.unsubscribe(),
			{ event: 'unsubscribe', optId: '555002', occurredAt: '2024-02-01T08:00:00Z' },
		],
		[
			'v2 message_sent',
			samples.messageSent(),
			{
				event: 'message_sent',
				listId: '101',
				phoneNumber: null,
				occurredAt: '2024-01-16T12:00:00Z',
			},
		],
		[
			'v2 campaign_response (a reply)',
			samples.campaignResponse(),
			{
				event: 'campaign_response',
				replyText: 'More please',
				optId: '555001',
				occurredAt: '2024-01-16T12:04:59Z',
			},
		],
		[
			'v2 cleaned',
			samples.cleaned(),
			{ event: 'cleaned', reason: 'Deactivated number', phoneNumber: '2065550123', listId: '101' },
		],
		[
			'v2 transactional_message_reply',
			samples.transactionalReply(),
			{
				event: 'transactional_message_reply',
				apiVersion: 'v2',
				transactionId: '589733',
				replyText: 'I replied to transactional',
				occurredAt: '2016-08-20T15:12:37-07:00',
				phoneNumber: '3474437987',
			},
		],
	])('%s', (_name, payload, expected) => {
		const event = classifyEvent(payload);
		expect(event.recognized).toBe(true);
		expect(event).toMatchObject(expected);
	});

	test('unknown event types are named as sent and marked not recognized', () => {
		expect(classifyEvent({ transactionId: TX, eventType: 'read_receipt', body: {} })).toMatchObject(
			{
				event: 'read_receipt',
				recognized: false,
				apiVersion: 'v3',
				transactionId: TX,
			},
		);
		expect(classifyEvent({ type: 'keyword_changed', campaign_id: 3 })).toMatchObject({
			event: 'keyword_changed',
			recognized: false,
			apiVersion: 'v2',
		});
		expect(classifyEvent({ hello: 'world' })).toMatchObject({
			event: 'unknown',
			recognized: false,
			apiVersion: null,
		});
	});

	test('delivery statuses are folded to the documented spelling; others are kept as sent', () => {
		expect(normalizeStatus('Soft Bounce')).toBe('soft bounce');
		expect(normalizeStatus('hard_bounce')).toBe('hard bounce');
		expect(normalizeStatus(' SUCCESS ')).toBe('success');
		expect(normalizeStatus('delayed')).toBe('delayed');
		expect(normalizeStatus(undefined)).toBeNull();
	});
});

describe('event identity: what counts as the same event delivered again', () => {
	const identity = (payload) => classifyEvent(payload).identity;

	test('the same delivery_status delivered twice has one identity', () => {
		expect(identity(samples.deliverySuccess())).toBe(identity(samples.deliverySuccess()));
	});

	test('a different status, transaction or event type is a different event', () => {
		const success = identity(samples.deliverySuccess());
		expect(identity(samples.deliverySoftBounce())).not.toBe(success);
		expect(identity({ ...samples.deliverySuccess(), transactionId: 'other' })).not.toBe(success);
		expect(identity(samples.invalidPhone())).not.toBe(success);
	});

	test('two different replies to the same send are two events', () => {
		const second = samples.replyReceived();
		second.body.content = 'STOP';
		second.body.sentAt = '2024-01-15T10:31:00Z';
		expect(identity(second)).not.toBe(identity(samples.replyReceived()));
	});

	test('v2 duplicates share the opt_id even when their timestamps differ', () => {
		const retry = { ...samples.subscribe(), timestamp: '2024-01-15T10:30:00.020Z' };
		expect(identity(retry)).toBe(identity(samples.subscribe()));
		expect(identity({ ...samples.subscribe(), opt_id: 555009 })).not.toBe(
			identity(samples.subscribe()),
		);
	});

	test('an ID sent as a number or as a string is the same ID', () => {
		expect(identity({ ...samples.subscribe(), opt_id: '555001' })).toBe(
			identity(samples.subscribe()),
		);
	});

	test('without an ID, only an identical payload is the same event', () => {
		const noId = { eventType: 'delivery_status', body: { status: 'success', phoneNumber: '1' } };
		const reordered = {
			body: { phoneNumber: '1', status: 'success' },
			eventType: 'delivery_status',
		};
		expect(identity(reordered)).toBe(identity(noId));
		expect(identity({ ...noId, body: { status: 'success', phoneNumber: '2' } })).not.toBe(
			identity(noId),
		);
	});

	test('canonicalJson ignores key order only', () => {
		expect(canonicalJson({ b: 1, a: [2, { d: 1, c: 2 }] })).toBe('{"a":[2,{"c":2,"d":1}],"b":1}');
	});
});

test.each([
	['SMS', 'SMS'],
	['MMS', 'MMS'],
	['RCS', 'RCS'],
	['WHATSAPP', 'WHATSAPP'],
	[undefined, null],
])('a reply over channel %p outputs channel %p, as sent', (sent, output) => {
	const payload = samples.replyReceived();
	/** @type {any} */ (payload.body).channel = sent;
	const json = toOutputJson(classifyEvent(payload), payload, new Date());
	expect(json.channel).toBe(output);
	expect(json.event).toBe('reply_received');
});

test('the output item has the normalized fields and the payload exactly as received', () => {
	const payload = samples.deliverySuccess();
	const json = toOutputJson(classifyEvent(payload), payload, new Date('2024-01-15T10:30:01.000Z'));
	expect(json).toEqual({
		event: 'delivery_status',
		status: 'success',
		phoneNumber: '5551234567',
		transactionId: TX,
		receivedAt: '2024-01-15T10:30:01.000Z',
		occurredAt: '2024-01-15T10:30:00Z',
		apiVersion: 'v3',
		recognized: true,
		optId: null,
		listId: null,
		replyText: null,
		channel: null,
		reason: null,
		sessionId: '5551234567',
		chatInput: null,
		consent: null,
		consentWords: null,
		consentLanguage: null,
		consentReason: null,
		payload: samples.deliverySuccess(),
	});
	expect(json).not.toHaveProperty('identity');
});

test.each([
	['2065550100', '2065550100'],
	['12065550100', '2065550100'],
	['+1 (206) 555-0100', '2065550100'],
	[12065550100, '2065550100'],
	['447911123456', '447911123456'],
])(
	'sessionId: the phone %p as ten digits (%p), the same conversation whatever form Tatango sends',
	(sent, sessionId) => {
		const payload = { ...samples.campaignResponse(), phone_number: sent };
		const json = toOutputJson(classifyEvent(payload), payload, new Date());
		expect(json.sessionId).toBe(sessionId);
		expect(json.phoneNumber).toBe(String(sent));
		expect(json.chatInput).toBe(json.replyText);
		expect(json.chatInput).toEqual(expect.any(String));
	},
);

test('an event without a phone number has no sessionId; chatInput is only set for replies', () => {
	const payload = { type: 'message_sent', campaign_id: 101, message_id: 9 };
	const json = toOutputJson(classifyEvent(payload), payload, new Date());
	expect(json.sessionId).toBeNull();
	expect(json.chatInput).toBeNull();
});

describe('consent: every reply event is read for a revocation, a help request or an opt-in', () => {
	/** @type {Array<[string, (text: string) => any]>} */
	const replies = [
		[
			'reply_received',
			(text) => ({
				...samples.replyReceived(),
				body: { ...samples.replyReceived().body, content: text },
			}),
		],
		['campaign_response', (text) => ({ ...samples.campaignResponse(), reply_content: text })],
		['transactional_message_reply', (text) => ({ ...samples.transactionalReply(), content: text })],
	];
	test.each(replies)('%s', (event, withText) => {
		const read = (/** @type {string} */ text) => {
			const payload = withText(text);
			const json = toOutputJson(classifyEvent(payload), payload, new Date());
			expect(json.event).toBe(event);
			return [json.consent, json.consentWords, json.consentLanguage];
		};
		expect(read('please stop texting me')).toEqual(['revoked', 'stop texting', 'en']);
		expect(read('no más mensajes')).toEqual(['revoked', 'no más mensajes', 'es']);
		expect(read('HELP')).toEqual(['help', 'help', 'en']);
		expect(read('UNSTOP')).toEqual(['opt_in', 'unstop', 'en']);
		expect(read('can you stop by at 5?')).toEqual([null, null, null]);
	});

	test('other events carry no consent, whatever text they hold', () => {
		const payload = { ...samples.unsubscribe(), reply_content: 'STOP' };
		expect(toOutputJson(classifyEvent(payload), payload, new Date()).consent).toBeNull();
	});
});
