// @ts-check
// Honour Revocations in the trigger's run (execute(), through n8n-core as n8n runs it): the record
// in the workflow's memory (a stand-in here: the real one is n8n's database, proven in
// test/e2e/consent.test.js), the Opt-Out List, the one confirmation text, START clearing it.
const nock = require('nock');
const { recordUnmatched } = require('../helpers/tatangoNock');
const { createTrigger, GOOD_TOKEN } = require('./harness');
const { samples } = require('./fixtures');

/** The workflow's memory, as nodes/shared/memory keeps it, in a Set. */
const memory = {
	revoked: new Set(),
	confirmations: new Set(),
	cleared: /** @type {string[]} */ ([]),
};
jest.mock('../../nodes/TatangoTrigger/consent/memory', () => ({
	consentMemoryOf: () => ({
		recordRevocation: async (/** @type {string} */ phone) => {
			if (memory.revoked.has(phone)) return 'alreadyRecorded';
			memory.revoked.add(phone);
			return 'recorded';
		},
		clearRevocation: async (/** @type {string} */ phone) => {
			memory.revoked.delete(phone);
			memory.cleared.push(phone);
		},
		claimConfirmation: async (/** @type {string} */ key) => {
			if (memory.confirmations.has(key)) return false;
			memory.confirmations.add(key);
			return true;
		},
		releaseConfirmation: async (/** @type {string} */ key) => memory.confirmations.delete(key),
	}),
}));

const V2_BASE = 'https://app.tatango.com';
const V3_BASE = 'https://api.v3.tatango.com';
const V3_KEY = 'v3-key-for-honour-tests';
const TRIGGER_URL = 'https://n8n.example.test/webhook/5f0c5a52-7b1a-4d7e-9a49-3f2a1f1c0c11/tatango';
const authorized = { query: { token: GOOD_TOKEN } };
const PHONE = '2065550123';

beforeEach(() => {
	memory.revoked.clear();
	memory.confirmations.clear();
	memory.cleared = [];
});
afterEach(() => {
	// Every request answered, and every answer prepared was asked for.
	expect(unmatched).toEqual([]);
	expect(nock.pendingMocks()).toEqual([]);
});
// Declared after the check above: its own afterEach (clearing nock) runs after it.
const unmatched = recordUnmatched();

/** @param {Record<string, unknown>} parameters */
const trigger = (parameters) =>
	createTrigger({
		credential: /** @type {any} */ ({
			apiKey: V3_KEY,
			defaultWebhookUrl: TRIGGER_URL,
			requestsPerSecond: 1000,
		}),
		v2Credential: { email: 'ops@shop.example', apiKey: 'v2-key', requestsPerHour: 3_600_000 },
		parameters: { options: { duplicateWindowMinutes: 0 }, ...parameters },
	});
const listReply = (/** @type {string} */ text) => ({
	...samples.campaignResponse(),
	phone_number: PHONE,
	reply_content: text,
});
const v3Reply = (/** @type {string} */ text) => {
	const reply = samples.replyReceived();
	return { ...reply, body: { ...reply.body, phoneNumber: PHONE, content: text } };
};

test('off (the default): a revocation is read, and nothing is done', async () => {
	const answer = await trigger({}).post({
		...authorized,
		body: listReply('please stop texting me'),
	});
	expect(answer.run?.items[0]).toMatchObject({ consent: 'revoked' });
	expect(answer.run?.items[0]).not.toHaveProperty('consentHonoured');
	expect(memory.revoked.size).toBe(0);
});

test('"please stop texting me" to a list: recorded and unsubscribed from the Opt-Out List (said under optOutList and, for saved workflows, complianceList); nobody texted', async () => {
	nock(V2_BASE).delete(`/api/v2/lists/104/subscribers/${PHONE}`).reply(200, {
		status: 'successfully unsubscribed',
		subscriber: {},
	});
	const answer = await trigger({
		honourRevocations: true,
		complianceList: { __rl: true, mode: 'id', value: '104' },
	}).post({ ...authorized, body: listReply('please stop texting me') });
	expect(answer.run?.items[0].consentHonoured).toEqual({
		recorded: 'recorded',
		optOutList: { listId: 104, outcome: 'unsubscribed' },
		complianceList: { listId: 104, outcome: 'unsubscribed' },
	});
	expect(memory.revoked).toEqual(new Set([PHONE]));
});

test('a number not on the Opt-Out List: "not_on_list"', async () => {
	nock(V2_BASE)
		.delete(`/api/v2/lists/104/subscribers/${PHONE}`)
		.reply(404, { status: 'error', error: 'Subscriber not found' });
	const answer = await trigger({
		honourRevocations: true,
		complianceList: { __rl: true, mode: 'id', value: '104' },
	}).post({ ...authorized, body: listReply('STOP please') });
	expect(answer.run?.items[0].consentHonoured.optOutList).toEqual({
		listId: 104,
		outcome: 'not_on_list',
	});
});

test('a failed unsubscribe fails the run, saying the number is recorded and what to do', async () => {
	nock(V2_BASE).delete(`/api/v2/lists/104/subscribers/${PHONE}`).times(4).reply(500, {});
	await expect(
		trigger({
			honourRevocations: true,
			complianceList: { __rl: true, mode: 'id', value: '104' },
		}).post({ ...authorized, body: listReply('unsubscribe') }),
	).rejects.toThrow(
		/recorded in this workflow, but unsubscribing it from the Opt-Out List 104 failed/,
	);
});

test('"STOP" to a v3 SMS, delivered twice: one confirmation text, through the v3 credential', async () => {
	/** @type {any[]} */
	const sent = [];
	nock(V3_BASE)
		.post('/transactional_messages/send_sms', (body) => {
			sent.push(body);
			return true;
		})
		.reply(202, { message: 'Request accepted', transactionId: 'tx-confirmation' });
	const honouring = trigger({
		honourRevocations: true,
		sendConfirmation: true,
		confirmationText: 'You are unsubscribed. Reply START to opt back in.',
	});
	const first = await honouring.post({ ...authorized, body: v3Reply('STOP') });
	const second = await honouring.post({ ...authorized, body: v3Reply('STOP') });
	expect(first.run?.items[0].consentHonoured).toEqual({
		recorded: 'recorded',
		confirmation: { status: 'sent', channel: 'SMS', transactionId: 'tx-confirmation' },
	});
	expect(second.run?.items[0].consentHonoured).toEqual({ recorded: 'alreadyRecorded' });
	expect(sent).toHaveLength(1);
	expect(sent[0]).toMatchObject({
		phoneNumber: PHONE,
		content: 'You are unsubscribed. Reply START to opt back in.',
	});
	expect(sent[0].webhookUrl).toMatch(/^https:\/\/n8n\.example\.test\/webhook\/.*\/tatango\?token=/);
});

test("a list reply that is Tatango's own keyword gets no confirmation: Tatango answered it", async () => {
	const answer = await trigger({ honourRevocations: true, sendConfirmation: true }).post({
		...authorized,
		body: listReply('STOP'),
	});
	expect(answer.run?.items[0].consentHonoured).toEqual({
		recorded: 'recorded',
		confirmation: { status: 'not_sent', reason: 'Tatango answered its own list keyword' },
	});
});

test('another list reply gets its confirmation as a v2 transactional message', async () => {
	nock(V2_BASE)
		.post('/api/v2/transactional_messages', {
			// The default: only that the texts stop and how to opt back in, nothing to sell.
			transactional_message: {
				number: PHONE,
				content: 'You will get no more texts from us. Reply START to opt back in.',
			},
		})
		.reply(201, { transactional_message: { id: 9001 } });
	const answer = await trigger({ honourRevocations: true, sendConfirmation: true }).post({
		...authorized,
		body: listReply('take me off your list'),
	});
	expect(answer.run?.items[0].consentHonoured.confirmation).toEqual({
		status: 'sent',
		channel: 'V2',
		transactionId: 9001,
	});
});

test('START (or UNSTOP) from the number clears the record; "can you stop by at 5?" does nothing', async () => {
	const honouring = trigger({ honourRevocations: true });
	await honouring.post({ ...authorized, body: v3Reply('no more texts') });
	expect(memory.revoked.has(PHONE)).toBe(true);
	const visit = await honouring.post({ ...authorized, body: v3Reply('can you stop by at 5?') });
	expect(visit.run?.items[0]).not.toHaveProperty('consentHonoured');
	expect(memory.revoked.has(PHONE)).toBe(true);
	const start = await honouring.post({ ...authorized, body: v3Reply('START') });
	expect(start.run?.items[0].consentHonoured).toEqual({ revocationCleared: true });
	expect(memory.revoked.has(PHONE)).toBe(false);
});

test('a STOP the Events filter does not select is still honored, and passed on to nobody', async () => {
	const deliveryOnly = { events: ['delivery_status'] };
	const ignoring = await trigger(deliveryOnly).post({ ...authorized, body: v3Reply('STOP') });
	expect(ignoring.started).toBe(false);
	expect(memory.revoked.size).toBe(0);

	const honouring = await trigger({ ...deliveryOnly, honourRevocations: true }).post({
		...authorized,
		body: v3Reply('STOP'),
	});
	expect(honouring.started).toBe(true);
	expect(memory.revoked).toEqual(new Set([PHONE]));
	expect(honouring.run?.items).toEqual([]);
	expect(honouring.run?.effects).toEqual([]);
	// A reply with nothing to honor stays unselected.
	const chat = await trigger({ ...deliveryOnly, honourRevocations: true }).post({
		...authorized,
		body: v3Reply('what time do you open?'),
	});
	expect(chat.started).toBe(false);
});

test('a reply that keeps the texts while stopping the emails: nothing recorded, nobody texted', async () => {
	const answer = await trigger({ honourRevocations: true, sendConfirmation: true }).post({
		...authorized,
		body: v3Reply('Please stop the emails, texts are fine'),
	});
	expect(answer.run?.items[0]).toMatchObject({
		consent: null,
		consentReason: 'asks to keep the texts',
	});
	expect(answer.run?.items[0]).not.toHaveProperty('consentHonoured');
	expect(memory.revoked.size).toBe(0);
});

test('an unclear reply: treated as revoked by default, or held for a person', async () => {
	const unclear = v3Reply('why do you keep texting me');
	const held = await trigger({ honourRevocations: true, unclearReplies: 'hold' }).post({
		...authorized,
		body: unclear,
	});
	expect(held.run?.items[0].consentHonoured).toEqual({
		held: 'unclear',
		reason: 'a complaint that the texts keep coming, with no request to stop',
	});
	expect(memory.revoked.size).toBe(0);

	const treated = await trigger({ honourRevocations: true }).post({ ...authorized, body: unclear });
	expect(treated.run?.items[0].consentHonoured).toEqual({
		treatedAsRevoked: 'unclear',
		recorded: 'recorded',
	});
	expect(memory.revoked).toEqual(new Set([PHONE]));
});

test('a bare YES confirms something pending: it clears no revocation', async () => {
	const honouring = trigger({ honourRevocations: true });
	await honouring.post({ ...authorized, body: v3Reply('STOP') });
	const yes = await honouring.post({ ...authorized, body: v3Reply('YES') });
	expect(yes.run?.items[0]).toMatchObject({ consent: 'opt_in', consentWords: 'yes' });
	expect(yes.run?.items[0]).not.toHaveProperty('consentHonoured');
	expect(memory.revoked.has(PHONE)).toBe(true);
});

test('the ledger records what Honor Revocations acts on: not a bare YES; an unclear reply as set', () => {
	const { consentKindOf } = require('../../nodes/TatangoTrigger/consent/ledger');
	const { readConsent } = require('../../nodes/shared/consent/classify');
	const reply = /** @type {any} */ ({ event: 'reply_received' });
	const kind = (/** @type {string} */ text, /** @type {unknown} */ unclear) =>
		consentKindOf(reply, readConsent(text), unclear);
	expect(kind('STOP', undefined)).toBe('revocation');
	expect(kind('START', undefined)).toBe('opt_in');
	expect(kind('YES', undefined)).toBeUndefined();
	expect(kind('why do you keep texting me', 'revoke')).toBe('revocation');
	expect(kind('why do you keep texting me', 'hold')).toBeUndefined();
	expect(kind('Please stop the emails, texts are fine', 'revoke')).toBeUndefined();
});
