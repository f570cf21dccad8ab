// @ts-check
'use strict';

const { start, v2, control, messagesOf } = require('./helpers');

const PHONE = '2065554001';

/** @param {string} text */
const reply = (sb, text, listId = 102, phone = PHONE) =>
	control(sb, 'POST', '/replies', { listId, phone, text });

describe('double opt-in sequence (list 102: zip_code → nextrequest, yes → optinsubscriber)', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(async () => {
		await control(sb, 'POST', '/reset');
		await v2(sb, 'POST', '/lists/102/subscribers', { subscriber: { phone_number: PHONE } });
	});

	const kinds = async () => (await messagesOf(sb, PHONE)).map((/** @type {any} */ m) => m.kind);

	test('valid replies walk the requests, then subscribe and send the confirmation', async () => {
		const zip = await reply(sb, '98101');
		expect(zip.body.outcome).toBe('next_request');
		expect(zip.body.sent[0].text).toContain('reply YES');
		expect((await v2(sb, 'GET', `/lists/102/subscribers/${PHONE}`)).body.subscriber).toMatchObject({
			optin_in_progress: true,
			zip_code: '98101',
		});

		const yes = await reply(sb, ' yes ');
		expect(yes.body.outcome).toBe('subscribed');
		const sub = (await v2(sb, 'GET', `/lists/102/subscribers/${PHONE}`)).body.subscriber;
		expect(sub.optin_in_progress).toBe(false);
		expect(sub.subscribed_at).not.toBeNull();
		expect(await kinds()).toEqual(['opt_in_request', 'opt_in_request', 'opt_in_confirmation']);
		expect((await messagesOf(sb, PHONE))[2].text).toContain('Welcome to VIP Club');
		const again = await v2(sb, 'POST', '/lists/102/subscribers', {
			subscriber: { phone_number: PHONE },
		});
		expect(again.body.status).toBe('Subscriber is already subscribed to this campaign.');
	});

	test('an invalid reply sends the retry message and stays on the same request', async () => {
		const bad = await reply(sb, 'not a zip');
		expect(bad.body.outcome).toBe('retry');
		expect(bad.body.sent[0].text).toContain('not a ZIP code');
		expect(await kinds()).toEqual(['opt_in_request', 'opt_in_retry']);
		await reply(sb, '98101');
		const notYes = await reply(sb, 'maybe');
		expect(notYes.body.outcome).toBe('retry');
		expect(notYes.body.sent[0].text).toBe('Please reply YES to join VIP Club.');
		expect(
			(await v2(sb, 'GET', `/lists/102/subscribers/${PHONE}`)).body.subscriber.optin_in_progress,
		).toBe(true);
	});

	test('no reply past follow_up_hour sends the no-response message once', async () => {
		const early = await control(sb, 'POST', '/clock/advance', { hours: 1 });
		expect(early.body.sent).toEqual([]);
		const due = await control(sb, 'POST', '/clock/advance', { hours: 1 });
		expect(due.body.sent).toEqual([
			expect.objectContaining({
				kind: 'opt_in_no_response',
				text: expect.stringContaining('we still need your ZIP code'),
			}),
		]);
		const later = await control(sb, 'POST', '/clock/advance', { hours: 10 });
		expect(later.body.sent).toEqual([]);
		expect(await kinds()).toEqual(['opt_in_request', 'opt_in_no_response']);
		// The next request has its own follow-up timer (24 hours).
		await reply(sb, '98101');
		expect((await control(sb, 'POST', '/clock/advance', { hours: 23 })).body.sent).toEqual([]);
		expect((await control(sb, 'POST', '/clock/advance', { hours: 1 })).body.sent[0].kind).toBe(
			'opt_in_no_response',
		);
	});

	test('bypass_opt_in_response on the add suppresses the final confirmation', async () => {
		await v2(sb, 'POST', '/lists/102/subscribers', {
			subscriber: { phone_number: '2065554002', bypass_opt_in_response: true },
		});
		await reply(sb, '98101', 102, '2065554002');
		const done = await reply(sb, 'YES', 102, '2065554002');
		expect(done.body.outcome).toBe('subscribed');
		expect((await messagesOf(sb, '2065554002')).map((/** @type {any} */ m) => m.kind)).toEqual([
			'opt_in_request',
			'opt_in_request',
		]);
	});

	test('STOP while pending opts out; a returning number gets the second opt-in message', async () => {
		await reply(sb, '98101');
		await reply(sb, 'YES');
		const stop = await reply(sb, 'STOP');
		expect(stop.body.outcome).toBe('unsubscribed');
		expect(
			(await v2(sb, 'GET', `/lists/102/subscribers/${PHONE}`)).body.subscriber.opted_out_at,
		).not.toBeNull();
		// A re-add within 48 h of an opt-out is refused.
		await control(sb, 'POST', '/clock/advance', { hours: 48 });
		const back = await v2(sb, 'POST', '/lists/102/subscribers', {
			subscriber: { phone_number: PHONE },
		});
		expect(back.body.status).toBe('Subscriber being added to campaign pending confirmation');
		await reply(sb, '98101');
		await reply(sb, 'YES');
		const msgs = await messagesOf(sb, PHONE);
		expect(msgs[msgs.length - 1]).toMatchObject({
			kind: 'opt_in_confirmation',
			text: 'Welcome back to VIP Club! Reply STOP to cancel.',
		});
	});

	test('control API errors: unknown list or number', async () => {
		expect((await reply(sb, 'YES', 999)).status).toBe(404);
		expect((await reply(sb, 'YES', 102, '2065559998')).status).toBe(404);
		expect(
			(await control(sb, 'POST', '/replies', { listId: 102, phone: 'abc', text: 'YES' })).status,
		).toBe(400);
	});
});
