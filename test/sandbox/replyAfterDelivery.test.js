// @ts-check
'use strict';
// POST /_sandbox/replies for a v3 send: the reply reaches the send's webhook URL after the send's
// delivery report, even when asked for before the report went out (a phone answers only what it
// received). Send and Wait for Reply's tests and the playground answer texts this way.
const { start, v3, control, waitFor, receiver } = require('./helpers');

describe('a reply to a v3 SMS through the control API', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	/** @type {Awaited<ReturnType<typeof receiver>>} */
	let rx;
	beforeAll(async () => {
		// The delivery report leaves 300 ms after the send: the reply is asked for before that.
		sb = await start({ webhookDelayMs: 300 });
		rx = await receiver();
	});
	afterAll(async () => {
		await sb.close();
		await rx.close();
	});

	test('is delivered as reply_received with the given text, after the delivery report', async () => {
		const hook = `https://127.0.0.1:${rx.port}/webhook-waiting/42/node?signature=abc`;
		const sent = await v3(sb, '/transactional_messages/send_sms', {
			phoneNumber: '2065550100',
			webhookUrl: hook,
			content: 'Approve refund of $120? Reply YES or NO',
		});
		expect(sent.status).toBe(202);
		const transactionId = sent.body.transactionId;
		const asked = await control(sb, 'POST', '/replies', {
			phone: '2065550100',
			text: 'no',
			transactionId,
		});
		expect(asked.body).toMatchObject({ outcome: 'reply_received', transactionId });
		expect(rx.received).toEqual([]);

		const events = await waitFor(() => (rx.received.length >= 2 ? rx.received : null));
		expect(events.map((e) => e.path)).toEqual([
			'/webhook-waiting/42/node?signature=abc',
			'/webhook-waiting/42/node?signature=abc',
		]);
		expect(events.map((e) => e.body.eventType)).toEqual(['delivery_status', 'reply_received']);
		expect(events[1].body).toEqual({
			transactionId,
			eventType: 'reply_received',
			body: {
				phoneNumber: '2065550100',
				sentAt: expect.any(String),
				content: 'no',
				channel: 'SMS',
			},
		});
	});

	test('after the report is out, the reply goes at once; a reply to an unknown send is a 404', async () => {
		const sent = await v3(sb, '/transactional_messages/send_sms', {
			phoneNumber: '2065550101',
			webhookUrl: `https://127.0.0.1:${rx.port}/hook`,
			content: 'Reply 1 to confirm',
		});
		const transactionId = sent.body.transactionId;
		await waitFor(() => rx.received.some((e) => e.body.transactionId === transactionId));
		await control(sb, 'POST', '/replies', { phone: '2065550101', text: '1', transactionId });
		const reply = await waitFor(() =>
			rx.received.find(
				(e) => e.body.transactionId === transactionId && e.body.eventType === 'reply_received',
			),
		);
		expect(reply.body.body.content).toBe('1');
		const unknown = await control(sb, 'POST', '/replies', {
			phone: '2065550101',
			text: '1',
			transactionId: '019687e1-0000-7000-8000-000000000000',
		});
		expect(unknown.status).toBe(404);
	});
});
