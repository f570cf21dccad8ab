// @ts-check
const { runNode } = require('../helpers/runNode');
const {
	v2Api,
	v2Credentials,
	recordUnmatched,
	expectNoSecrets,
} = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

const list = (/** @type {string} */ value, mode = 'id') => ({ __rl: true, mode, value });

/** A subscriber as Tatango returns it on GET (public docs §1.4/§1.5), with a custom field. */
const SUBSCRIBER = {
	phone_number: '2065551111',
	first_name: 'Ada',
	last_name: 'Lovelace',
	email: 'ada@example.com',
	birthdate: '19780728',
	zip_code: '98101',
	gender: 'Female',
	cleaned_at: null,
	subscribed_at: '2025-06-18T15:36:07Z',
	opted_out_at: null,
	optin_in_progress: false,
	opt_in_method: 'api',
	keyword_name: null,
	carrier: 77,
	carrier_name: 'Verizon',
	global_carrier_id: '100313',
	global_carrier_name: 'Verizon Wireless',
	tags: ['vip'],
	favorite_store: 'Pike Place',
	total_messages_received: 121,
};

const SIMPLIFIED = {
	phone_number: '2065551111',
	first_name: 'Ada',
	last_name: 'Lovelace',
	email: 'ada@example.com',
	birthdate: '19780728',
	zip_code: '98101',
	gender: 'Female',
	cleaned_at: null,
	subscribed_at: '2025-06-18T15:36:07Z',
	opted_out_at: null,
	optin_in_progress: false,
	tags: ['vip'],
	favorite_store: 'Pike Place',
};

describe('Subscriber → Get', () => {
	test('reads the ten-digit number on the list; Simplify (the default) keeps profile, consent, tags and custom fields', async () => {
		const api = v2Api()
			.get('/api/v2/lists/101/subscribers/2065551111')
			.reply(200, { status: 'OK', subscriber: SUBSCRIBER });
		const { items, error, run } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'get',
				listId: list('101'),
				phoneNumber: '+1 (206) 555-1111',
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: SIMPLIFIED, pairedItem: { item: 0 } }]);
		expectNoSecrets(run);
	});

	test('Simplify off gives the record exactly as Tatango returns it', async () => {
		v2Api()
			.get('/api/v2/lists/101/subscribers/2065551111')
			.reply(200, { status: 'OK', subscriber: SUBSCRIBER });
		const { items } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'get',
				listId: list('101'),
				phoneNumber: '2065551111',
				simple: false,
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(items.map((item) => item.json)).toEqual([SUBSCRIBER]);
	});

	test('a number not on the list fails the item by default', async () => {
		v2Api()
			.get('/api/v2/lists/101/subscribers/2065551111')
			.reply(404, { status: 'error', error: 'Subscriber not found' });
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'get',
				listId: list('101'),
				phoneNumber: '2065551111',
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(error.message).toBe('2065551111 is not on list 101, or the list was not found (404)');
	});

	test('with Output Not Found, an unknown number is an item with found = false, and a found one says found = true', async () => {
		v2Api()
			.get('/api/v2/lists/101/subscribers/2065551111')
			.reply(404, { status: 'error', error: 'Subscriber not found' })
			.get('/api/v2/lists/101/subscribers/2065552222')
			.reply(200, { status: 'OK', subscriber: { ...SUBSCRIBER, phone_number: '2065552222' } });
		const { items, error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'get',
				listId: list('101'),
				phoneNumber: '={{ $json.phone }}',
				options: { outputNotFound: true },
			},
			items: [{ phone: '2065551111' }, { phone: '2065552222' }],
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(error).toBeUndefined();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([
			{ json: { found: false, phone_number: '2065551111' }, pairedItem: { item: 0 } },
			{
				json: { found: true, ...SIMPLIFIED, phone_number: '2065552222' },
				pairedItem: { item: 1 },
			},
		]);
	});

	test('with Output Not Found, an unknown list is still an error', async () => {
		v2Api()
			.get('/api/v2/lists/999/subscribers/2065551111')
			.reply(404, { status: 'error', error: 'List not found' });
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'get',
				listId: list('999'),
				phoneNumber: '2065551111',
				options: { outputNotFound: true },
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(error.message).toBe('List 999 was not found in this Tatango account (404)');
		expect(error.httpCode).toBe('404');
	});
});

/** A page of `GET /lists/{id}/subscribers` as the docs show it (§0.3, §1.8). */
const page = (
	/** @type {string[]} */ phones,
	/** @type {number} */ pageNumber,
	/** @type {number} */ perPage,
	/** @type {number} */ count,
) => ({
	status: 'OK',
	per_page: perPage,
	count,
	page: pageNumber,
	pages_count: Math.ceil(count / perPage),
	phone_numbers: phones,
});

describe('Subscriber → Get Many', () => {
	test('Return All reads every page at 1,000 a page; one item per number, all paired with their input', async () => {
		const first = Array.from({ length: 1000 }, (_, n) => String(2065550000 + n));
		const api = v2Api()
			.get('/api/v2/lists/101/subscribers')
			.query({ page: 1, per_page: 1000 })
			.reply(200, page(first, 1, 1000, 1002))
			.get('/api/v2/lists/101/subscribers')
			.query({ page: 2, per_page: 1000 })
			.reply(200, page(['2065559998', '2065559999'], 2, 1000, 1002));
		const { items, error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'getMany',
				listId: list('101'),
				returnAll: true,
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toHaveLength(1002);
		expect(items[0]).toEqual({
			json: { listId: 101, phone_number: '2065550000', status: 'subscribed' },
			pairedItem: { item: 0 },
		});
		expect(items[1001].json.phone_number).toBe('2065559999');
		expect(items.every((item) => JSON.stringify(item.pairedItem) === '{"item":0}')).toBe(true);
	});

	test('the Unsubscribed status reads /subscribers/unsubscribed; Limit asks for that many; each input item gets its own records', async () => {
		const api = v2Api()
			.get('/api/v2/lists/101/subscribers/unsubscribed')
			.query({ page: 1, per_page: 2 })
			.reply(200, page(['2065551111', '2065552222'], 1, 2, 9))
			.get('/api/v2/lists/102/subscribers/unsubscribed')
			.query({ page: 1, per_page: 2 })
			.reply(200, page([], 1, 2, 0));
		const { items, error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'getMany',
				listId: list('={{ $json.list }}'),
				status: 'unsubscribed',
				limit: 2,
			},
			items: [{ list: 101 }, { list: 102 }],
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		// The second list has no one: no items for it, and nothing else is shifted.
		expect(items).toEqual([
			{
				json: { listId: 101, phone_number: '2065551111', status: 'unsubscribed' },
				pairedItem: { item: 0 },
			},
			{
				json: { listId: 101, phone_number: '2065552222', status: 'unsubscribed' },
				pairedItem: { item: 0 },
			},
		]);
	});

	test('with Continue On Fail, a failing item is one error item between the others’ records', async () => {
		v2Api()
			.get('/api/v2/lists/101/subscribers')
			.query(true)
			.reply(200, page(['2065551111'], 1, 50, 1))
			.get('/api/v2/lists/999/subscribers')
			.query(true)
			.reply(404, { status: 'error', error: 'List not found' })
			.get('/api/v2/lists/103/subscribers')
			.query(true)
			.reply(200, page(['2065553333', '2065554444'], 1, 50, 2));
		const { items, error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'getMany',
				listId: list('={{ $json.list }}'),
			},
			items: [{ list: 101 }, { list: 999 }, { list: 103 }],
			credentials: { tatangoApi: v2Credentials() },
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(
			items.map((item) => [item.json.phone_number ?? item.json.error, item.pairedItem]),
		).toEqual([
			['2065551111', { item: 0 }],
			['List 999 was not found in this Tatango account (404)', { item: 1 }],
			['2065553333', { item: 2 }],
			['2065554444', { item: 2 }],
		]);
	});

	test('a Limit of 0 is refused before any request', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'getMany',
				listId: list('101'),
				limit: 0,
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(error.message).toMatch(/^Invalid Limit: "0" is not a number of records/);
		expect(unmatched).toEqual([]);
	});
});
