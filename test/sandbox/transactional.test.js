// @ts-check
'use strict';

const { start, v2, control, messagesOf } = require('./helpers');

/** @param {Record<string, unknown>} fields */
const tm = (fields) => ({ transactional_message: fields });

describe('POST /transactional_messages', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	test('an SMS is accepted (200, pending) and recorded for the phone', async () => {
		const r = await v2(
			sb,
			'POST',
			'/transactional_messages',
			tm({ number: '2835550430', content: 'Test me!' }),
		);
		expect(r.status).toBe(200);
		expect(r.body).toEqual({
			status: 'Message successfully sent.',
			transactional_message: {
				id: expect.any(Number),
				number: '2835550430',
				content: 'Test me!',
				status: 'pending',
			},
		});
		const msgs = await messagesOf(sb, '2835550430');
		expect(msgs).toEqual([
			expect.objectContaining({
				kind: 'transactional',
				text: 'Test me!',
				transactionalMessageId: r.body.transactional_message.id,
			}),
		]);
	});

	test('160 characters is the SMS limit', async () => {
		expect(
			(
				await v2(
					sb,
					'POST',
					'/transactional_messages',
					tm({ number: '2835550430', content: 'x'.repeat(160) }),
				)
			).status,
		).toBe(200);
		const r = await v2(
			sb,
			'POST',
			'/transactional_messages',
			tm({ number: '2835550430', content: 'x'.repeat(161) }),
		);
		expect(r.status).toBe(422);
		expect(r.body.error).toMatch(/content is too long.*160/);
	});

	test('an MMS needs subject (≤40), fallback_content (≤160) and attachment_id; content up to 5000', async () => {
		const ok = {
			number: '2835550431',
			content: 'y'.repeat(5000),
			is_mms: true,
			subject: 's'.repeat(40),
			fallback_content: 'f'.repeat(160),
			attachment_id: 42,
		};
		const r = await v2(sb, 'POST', '/transactional_messages', tm(ok));
		expect(r.status).toBe(200);
		expect((await messagesOf(sb, '2835550431'))[0]).toMatchObject({
			kind: 'transactional_mms',
			isMms: true,
		});
		/** @type {[Record<string, unknown>, RegExp][]} */
		const bad = [
			[{ content: 'y'.repeat(5001) }, /5000/],
			[{ subject: undefined }, /subject/],
			[{ subject: 's'.repeat(41) }, /subject is too long/],
			[{ fallback_content: undefined }, /fallback_content/],
			[{ fallback_content: 'f'.repeat(161) }, /fallback_content is too long/],
			[{ attachment_id: undefined }, /attachment_id/],
		];
		for (const [change, error] of bad) {
			const res = await v2(sb, 'POST', '/transactional_messages', tm({ ...ok, ...change }));
			expect(res.status).toBe(422);
			expect(res.body).toEqual({ status: 'error', error: expect.stringMatching(error) });
		}
		expect(await messagesOf(sb, '2835550431')).toHaveLength(1);
	});

	test('bad numbers, empty content and the flat (unwrapped) form are refused with 422 and nothing is sent', async () => {
		/** @type {[unknown, RegExp][]} */
		const cases = [
			[tm({ number: '283-555-0430', content: 'hi' }), /10 digits/],
			[tm({ number: '12835550430', content: 'hi' }), /10 digits/],
			[tm({ content: 'hi' }), /number is required/],
			[tm({ phone_number: '2835550430', content: 'hi' }), /number is required/],
			[tm({ number: '2835550430', content: '' }), /content can't be blank/],
			[{ phone_number: '2835550430', content: 'hi' }, /transactional_message/],
			[{ number: '2835550430', content: 'hi' }, /transactional_message/],
		];
		for (const [body, error] of cases) {
			const r = await v2(sb, 'POST', '/transactional_messages', body);
			expect(r.status).toBe(422);
			expect(r.body.status).toBe('error');
			expect(r.body.error).toMatch(error);
		}
		expect((await control(sb, 'GET', '/inspect')).body.messageCounts).toEqual({});
	});

	test('unparseable JSON is a 400 in the v2 error shape', async () => {
		const res = await fetch(`${sb.url}/api/v2/transactional_messages`, {
			method: 'POST',
			headers: {
				authorization:
					'Basic ' + Buffer.from('sandbox@example.com:sandbox-v2-key').toString('base64'),
				'content-type': 'application/json',
			},
			body: '{"transactional_message":',
		});
		expect(res.status).toBe(400);
		expect(await res.json()).toEqual({ status: 'error', error: 'Invalid JSON in request body' });
	});
});
