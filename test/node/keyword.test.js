// @ts-check
const { runNode } = require('../helpers/runNode');
const { v2Api, v2Credentials, recordUnmatched } = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

const shortcode = (/** @type {string} */ value, mode = 'id') => ({ __rl: true, mode, value });

/** @param {string} keyword */
const run = (keyword, code = '33733') =>
	runNode({
		parameters: {
			resource: 'keyword',
			operation: 'checkAvailability',
			shortcodeId: shortcode(code),
			keyword,
		},
		credentials: { tatangoApi: v2Credentials() },
	});

describe('Keyword → Check Availability', () => {
	test('posts the trimmed, upper-cased keyword to the shortcode; available', async () => {
		const api = v2Api()
			.post('/api/v2/shortcodes/33733/test_keyword', { keyword_name: 'SUMMER25' })
			.reply(200, { status: 'OK', keyword_name: 'available' });

		const { items, error } = await run('  summer25 ');

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([
			{
				json: {
					shortcode: '33733',
					keyword: 'SUMMER25',
					available: true,
					response: { status: 'OK', keyword_name: 'available' },
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('a keyword in use (200 unavailable) is an answer, not an error', async () => {
		const api = v2Api()
			.post('/api/v2/shortcodes/33733/test_keyword', { keyword_name: 'DEALS' })
			.reply(200, { status: 'OK', keyword_name: 'unavailable', error: 'Name is in use' });

		const { items, error } = await run('Deals');

		expect(error).toBeUndefined();
		api.done();
		expect(items[0].json).toMatchObject({
			keyword: 'DEALS',
			available: false,
			reason: 'Name is in use',
		});
	});

	test('the 422 "invalid keyword names" answer also means unavailable', async () => {
		const api = v2Api()
			.post('/api/v2/shortcodes/44844/test_keyword', { keyword_name: 'NEWS' })
			.reply(422, { status: 'error', error: 'invalid keyword names: NEWS' });

		const { items, error } = await run('news', '44844');

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]); // answered, not retried
		expect(items[0].json).toEqual({
			shortcode: '44844',
			keyword: 'NEWS',
			available: false,
			reason: 'invalid keyword names: NEWS',
			response: { status: 'error', error: 'invalid keyword names: NEWS' },
		});
	});

	test('a keyword of one character is refused before any request', async () => {
		const api = v2Api().post('/api/v2/shortcodes/33733/test_keyword').reply(200, {});

		const { items, error } = await run('x');

		expect(items).toEqual([]);
		expect(error.message).toBe(
			'Invalid Keyword: "X" is 1 characters long (after upper-casing); a keyword has 2 to 15',
		);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	});
});
