// @ts-check
const { runNode } = require('../helpers/runNode');
const { v2Api, v2Credentials, recordUnmatched } = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

/**
 * @param {string} operation
 * @param {Record<string, unknown>} parameters
 */
const broadcast = (operation, parameters) =>
	runNode({
		parameters: /** @type {any} */ ({ resource: 'broadcastMessage', operation, ...parameters }),
		credentials: { tatangoApi: v2Credentials() },
	});

const list101 = { __rl: true, mode: 'id', value: '101' };

/** A sent message as Tatango documents it (public docs §1.9). */
const sentMessage = (/** @type {string} */ sentAt) => ({
	id: 14523,
	content: 'AMCE Retail: Go to http://bit.ly/acme to see deals on anvils. Reply STOP to end.',
	sent_at: sentAt,
	status: 'sent',
	name: 'my message name',
	is_broadcast: true,
	recipient_count: 679571,
	success_count: 675232,
	bounces_count: 4339,
	pending_count: 0,
	clean_count: 2342,
	unsubscribe_count: 1362,
	sms_count: 168808,
	mms_count: 506424,
	send_cost: 5096.78,
	attachment: 'https://url-to-your-mms-attachment',
	cancelled_at: null,
	message_links: [{ id: 42, link: 'http://bit.ly/acme', count: 2356, display_count: 2356 }],
	parts: { sum: 679599, minimum: 1, maximum: 2 },
});

const minutes = (/** @type {number} */ n) => n * 60000;

describe('Broadcast Message → Send', () => {
	test('posts the wrapped content once; the output says when statistics are reliable', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/messages', { message: { content: 'Hello, world!' } })
			.reply(200, { status: 'OK', message: { id: 4 } });
		const before = Date.now();

		const { items, error } = await broadcast('send', { listId: list101, content: 'Hello, world!' });

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		const { json } = items[0];
		expect(json).toEqual({
			listId: 101,
			messageId: 4,
			status: 'OK',
			statsReliable: false,
			statsReliableAt: expect.any(String),
			partsAvailableAt: expect.any(String),
			note: expect.stringMatching(/about 10 minutes after the send.*after 30 minutes/),
		});
		const statsAt = Date.parse(String(json.statsReliableAt));
		expect(statsAt - before).toBeGreaterThanOrEqual(minutes(10));
		expect(statsAt - Date.now()).toBeLessThanOrEqual(minutes(10));
		expect(Date.parse(String(json.partsAvailableAt)) - statsAt).toBe(minutes(20));
	});

	test.each([
		[
			'x'.repeat(161),
			/^Invalid Content: is 161 characters long as an SMS counts them .*; the maximum is 160$/,
		],
		[
			'Sale 🎉',
			/^Invalid Content: Tatango's list messages may use only letters A-Z and a-z, digits, spaces and .*; it contains "🎉" \(U\+1F389\)$/,
		],
		// Live, Tatango answered these 422 "Content contains invalid characters" (issue 22).
		["It's on", /; it contains "'" \(U\+0027\)$/],
		['Say "hi"', /; it contains '"' \(U\+0022\)$/],
		['Line one\nLine two', /; it contains a line break$/],
		[
			'Caf\u00e9 <b>*</b>',
			/; it contains "\u00e9" \(U\+00E9\), "<" \(U\+003C\), ">" \(U\+003E\), "\*" \(U\+002A\)$/,
		],
		['={{ "" }}', /^Invalid Content: is required/],
	])('%p is refused before any request', async (content, message) => {
		const { error } = await broadcast('send', { listId: list101, content });
		if (typeof message === 'string') expect(error.message).toBe(message);
		else expect(error.message).toMatch(message);
		expect(unmatched).toEqual([]);
	});

	test('every character the docs list goes through as typed', async () => {
		const content = 'Abc xyz 0189 .,:;!?()~=+-_\\/@$#&%';
		const api = v2Api()
			.post('/api/v2/lists/101/messages', { message: { content } })
			.reply(200, { status: 'OK', message: { id: 5 } });
		const { error } = await broadcast('send', { listId: list101, content });
		expect(error).toBeUndefined();
		api.done();
	});

	test('Replace Non-GSM Characters sends plain dashes, ellipses and spaces', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/messages', { message: { content: 'On now - 20% off...' } })
			.reply(200, { status: 'OK', message: { id: 5 } });

		const { error } = await broadcast('send', {
			listId: list101,
			content: 'On\u00a0now \u2013 20% off\u2026',
			options: { replaceNonGsm: true },
		});

		expect(error).toBeUndefined();
		api.done();
	});

	test('a curly apostrophe has no allowed stand-in: refused naming it, with how to rephrase', async () => {
		const { error } = await broadcast('send', {
			listId: list101,
			content: 'It\u2019s on \u2013 20% off',
			options: { replaceNonGsm: true },
		});
		expect(error.message).toMatch(/; it contains "\u2019" \(U\+2019\)$/);
		expect(error.description).toBe(
			'Tatango refuses apostrophes and quotation marks in list messages: rephrase without them (e.g. "we are" for "we\'re"). Nothing was sent.',
		);
		expect(unmatched).toEqual([]);
	});

	test('without Replace Non-GSM Characters, a long dash is refused with the option named', async () => {
		const { error } = await broadcast('send', { listId: list101, content: 'On \u2013 now' });
		expect(error.message).toMatch(/; it contains "\u2013" \(U\+2013\)$/);
		expect(error.description).toMatch(/Turn on "Replace Non-GSM Characters"/);
		expect(unmatched).toEqual([]);
	});

	test('a 502 is never retried: the whole list may have been texted', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/messages')
			.reply(502, { status: 'error', error: 'Bad Gateway' });

		const { error } = await broadcast('send', { listId: list101, content: 'Once only' });

		api.done();
		expect(unmatched).toEqual([]);
		expect(error.message).toBe(
			'The message may have been sent: Tatango answered HTTP 502 (Bad Gateway)',
		);
	});
});

describe('Broadcast Message → Get', () => {
	test('a message sent an hour ago has reliable statistics; Simplify keeps the counts', async () => {
		const sentAt = new Date(Date.now() - minutes(60)).toISOString().replace(/\.\d{3}Z$/, 'Z');
		const api = v2Api()
			.get('/api/v2/lists/101/messages/14523')
			.reply(200, { status: 'OK', message: sentMessage(sentAt) });

		const { items } = await broadcast('get', { listId: list101, messageId: '14523' });

		api.done();
		expect(items[0].json).toEqual({
			id: 14523,
			content: sentMessage(sentAt).content,
			sent_at: sentAt,
			status: 'sent',
			name: 'my message name',
			recipient_count: 679571,
			success_count: 675232,
			bounces_count: 4339,
			pending_count: 0,
			clean_count: 2342,
			unsubscribe_count: 1362,
			statsReliable: true,
			statsReliableAt: new Date(Date.parse(sentAt) + minutes(10)).toISOString(),
			partsAvailableAt: new Date(Date.parse(sentAt) + minutes(30)).toISOString(),
		});
	});

	test('a message sent just now is not reliable yet; Simplify off keeps every field', async () => {
		const sentAt = new Date(Date.now() - minutes(2)).toISOString();
		v2Api()
			.get('/api/v2/lists/101/messages/14523')
			.reply(200, { status: 'OK', message: sentMessage(sentAt) });

		const { items } = await broadcast('get', {
			listId: list101,
			messageId: '14523',
			simple: false,
		});

		expect(items[0].json).toEqual({
			...sentMessage(sentAt),
			statsReliable: false,
			statsReliableAt: expect.any(String),
			partsAvailableAt: expect.any(String),
		});
	});

	test('an unknown message names it; a bad ID is refused before any request', async () => {
		v2Api()
			.get('/api/v2/lists/101/messages/77')
			.reply(404, { status: 'error', error: 'Message not found' });
		const { error } = await broadcast('get', { listId: list101, messageId: '77' });
		expect(error.message).toBe(
			'Message 77 was not found on list 101, or the list was not found (404)',
		);

		const bad = await broadcast('get', { listId: list101, messageId: 'abc' });
		expect(bad.error.message).toBe(
			'Invalid Message ID: "abc" is not a valid ID (a whole number above 0)',
		);
	});
});

describe('Broadcast Message → Get Many', () => {
	const page = (/** @type {Record<string, unknown>[]} */ messages) => ({
		status: 'OK',
		per_page: 50,
		count: messages.length,
		page: 1,
		pages_count: 1,
		messages,
	});

	test.each([
		['sent', '/api/v2/lists/101/messages'],
		['draft', '/api/v2/lists/101/messages/draft'],
		['scheduled', '/api/v2/lists/101/messages/scheduled'],
	])('%s messages come from %s, with the date range as YYYYMMDD', async (status, path) => {
		const api = v2Api()
			.get(path)
			.query({ start_date: '20261101', end_date: '20261130', page: '1', per_page: '50' })
			.reply(200, page([{ id: 1, status, content: 'Hi', sent_at: '2026-11-05T10:00:00-07:00' }]));

		const { items, error } = await broadcast('getMany', {
			listId: list101,
			status,
			filters: { startDate: '2026-11-01T00:00:00', endDate: '2026-11-30T00:00:00' },
		});

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toHaveLength(1);
		expect(items[0].json.id).toBe(1);
		// Only sent messages have delivery statistics to time.
		expect('statsReliable' in items[0].json).toBe(status === 'sent');
	});

	test('no filter sends no dates; a reversed range is refused before any request', async () => {
		const api = v2Api()
			.get('/api/v2/lists/101/messages')
			.query({ page: '1', per_page: '50' })
			.reply(200, page([]));
		const { items } = await broadcast('getMany', { listId: list101 });
		api.done();
		expect(items).toEqual([]);

		const { error } = await broadcast('getMany', {
			listId: list101,
			filters: { startDate: '2026-11-30', endDate: '2026-11-01' },
		});
		expect(error.message).toBe('Invalid End Date: (20261101) is before Start Date (20261130)');
		expect(unmatched).toEqual([]);
	});
});
