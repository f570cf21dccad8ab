// @ts-check
'use strict';

const { start, v2, control } = require('./helpers');

describe('broadcast messages of a list', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	/** @param {string} phone */
	const subscribe = (phone) =>
		v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: phone, bypass_opt_in_process: true },
		});

	test('a broadcast is texted to the subscribed numbers only, and recorded as a sent message', async () => {
		await subscribe('2065551111');
		await subscribe('2065552222');
		await subscribe('2065553333');
		await v2(sb, 'DELETE', '/lists/101/subscribers/2065553333');

		const r = await v2(sb, 'POST', '/lists/101/messages', {
			message: { content: 'Hello, world!' },
		});
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ status: 'OK', message: { id: expect.any(Number) } });

		const texts = (await control(sb, 'GET', '/inspect')).body.messages;
		const broadcastTo = (/** @type {string} */ phone) =>
			(texts[phone] || []).filter((/** @type {any} */ m) => m.kind === 'broadcast');
		expect(broadcastTo('2065551111')).toEqual([
			expect.objectContaining({ text: 'Hello, world!', listId: 101 }),
		]);
		expect(broadcastTo('2065552222')).toHaveLength(1);
		expect(broadcastTo('2065553333')).toEqual([]);

		const got = await v2(sb, 'GET', `/lists/101/messages/${r.body.message.id}`);
		expect(got.body).toEqual({
			status: 'OK',
			message: expect.objectContaining({
				id: r.body.message.id,
				content: 'Hello, world!',
				status: 'sent',
				is_broadcast: true,
				recipient_count: 2,
				cancelled_at: null,
			}),
		});
	});

	// Public docs §0.9 (S1 "Messaging"): a-z, A-Z, 0-9 and .,:;!?()~=+-_\/@$#&%. Live, an apostrophe
	// or a double quote was answered 422 "Content contains invalid characters" (issue 22).
	test.each([
		["We're open"],
		['Say "hi"'],
		['Line one\nLine two'],
		['£5 off'],
		['Caf\u00e9'],
		['Sale 🎉'],
	])('%p: 422 "Content contains invalid characters", nobody texted', async (content) => {
		await subscribe('2065551111');
		const r = await v2(sb, 'POST', '/lists/101/messages', { message: { content } });
		expect(r.status).toBe(422);
		expect(r.body).toEqual({ status: 'error', error: 'Content contains invalid characters' });
		const texts = (await control(sb, 'GET', '/inspect')).body.messages['2065551111'] || [];
		expect(texts.filter((/** @type {any} */ m) => m.kind === 'broadcast')).toEqual([]);
	});

	test('every documented character and the space are taken', async () => {
		const content = 'AZaz09 .,:;!?()~=+-_\\/@$#&%';
		const r = await v2(sb, 'POST', '/lists/101/messages', { message: { content } });
		expect(r.status).toBe(200);
	});

	test('statistics settle 10 minutes after the send; parts appear after 30', async () => {
		await subscribe('2065551111');
		const { id } = (await v2(sb, 'POST', '/lists/101/messages', { message: { content: 'Hi' } }))
			.body.message;
		const read = async () => (await v2(sb, 'GET', `/lists/101/messages/${id}`)).body.message;

		const fresh = await read();
		expect(fresh).toMatchObject({ recipient_count: 1, pending_count: 1, success_count: 0 });
		expect(fresh).not.toHaveProperty('parts');

		await control(sb, 'POST', '/clock/advance', { minutes: 10 });
		const settled = await read();
		expect(settled).toMatchObject({ pending_count: 0, success_count: 1 });
		expect(settled).not.toHaveProperty('parts');

		await control(sb, 'POST', '/clock/advance', { minutes: 20 });
		expect((await read()).parts).toEqual({ sum: 1, minimum: 1, maximum: 1 });
	});

	test('sent, draft and scheduled messages are separate paginated collections', async () => {
		const sent = await v2(sb, 'GET', '/lists/101/messages');
		expect(sent.body).toMatchObject({
			status: 'OK',
			per_page: 10,
			count: 1,
			page: 1,
			pages_count: 1,
		});
		expect(sent.body.messages[0]).toMatchObject({
			id: 9001,
			status: 'sent',
			message_links: [expect.objectContaining({ link: 'http://bit.ly/sandbox-sale' })],
			parts: expect.any(Object),
		});
		const drafts = await v2(sb, 'GET', '/lists/101/messages/draft');
		expect(drafts.body.messages.map((/** @type {any} */ m) => [m.id, m.status])).toEqual([
			[9002, 'draft'],
		]);
		const scheduled = await v2(sb, 'GET', '/lists/101/messages/scheduled');
		expect(scheduled.body.messages.map((/** @type {any} */ m) => [m.id, m.status])).toEqual([
			[9003, 'scheduled'],
		]);
		const empty = await v2(sb, 'GET', '/lists/102/messages');
		expect(empty.body).toEqual({
			status: 'OK',
			per_page: 10,
			count: 0,
			page: 1,
			pages_count: 0,
			messages: [],
		});

		for (let n = 0; n < 3; n++)
			await v2(sb, 'POST', '/lists/101/messages', { message: { content: `No. ${n}` } });
		const page2 = await v2(sb, 'GET', '/lists/101/messages?per_page=3&page=2');
		expect(page2.body).toMatchObject({ per_page: 3, count: 4, page: 2, pages_count: 2 });
		expect(page2.body.messages.map((/** @type {any} */ m) => m.content)).toEqual(['No. 2']);
	});

	test('start_date and end_date (YYYYMMDD, whole UTC days) filter by send time', async () => {
		const now = new Date((await control(sb, 'GET', '/inspect')).body.now);
		const day = (/** @type {number} */ offset) =>
			new Date(now.getTime() + offset * 86400000).toISOString().slice(0, 10).replace(/-/g, '');
		await v2(sb, 'POST', '/lists/101/messages', { message: { content: 'Today' } });
		const ids = async (/** @type {string} */ query) =>
			(await v2(sb, 'GET', `/lists/101/messages${query}`)).body.messages.map(
				(/** @type {any} */ m) => m.content,
			);
		expect(await ids(`?start_date=${day(0)}`)).toEqual(['Today']);
		expect(await ids(`?end_date=${day(-1)}`)).toEqual([expect.stringContaining('20% off')]);
		expect(await ids(`?start_date=${day(-3)}&end_date=${day(0)}`)).toHaveLength(2);
		const bad = await v2(sb, 'GET', '/lists/101/messages?start_date=2026-01-01');
		expect(bad.status).toBe(422);
		expect(bad.body).toEqual({
			status: 'error',
			error: 'start_date must be a date in YYYYMMDD format',
		});
	});

	test('unknown list or message is 404', async () => {
		expect((await v2(sb, 'GET', '/lists/999/messages')).body).toEqual({
			status: 'error',
			error: 'List not found',
		});
		const missing = await v2(sb, 'GET', '/lists/101/messages/424242');
		expect(missing.status).toBe(404);
		expect(missing.body).toEqual({ status: 'error', error: 'Message not found' });
		expect((await v2(sb, 'GET', '/lists/102/messages/9001')).status).toBe(404);
	});
});
