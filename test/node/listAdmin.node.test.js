// @ts-check
const { runNode } = require('../helpers/runNode');
const {
	v2Api,
	v2Credentials,
	recordUnmatched,
	expectNoSecrets,
} = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

/**
 * @param {string} operation
 * @param {Record<string, unknown>} parameters
 * @param {{ items?: import('n8n-workflow').IDataObject[], continueOnFail?: boolean }} [options]
 */
const list = (operation, parameters, options = {}) =>
	runNode({
		parameters: /** @type {any} */ ({ resource: 'list', operation, ...parameters }),
		credentials: { tatangoApi: v2Credentials() },
		...options,
	});

const byId = (/** @type {string} */ value) => ({ __rl: true, mode: 'id', value });

/** A list object as Tatango documents it (public docs §1.2). */
const LIST = {
	id: 113,
	name: 'Spring Campaign',
	email_digest: 'ops@acme.example',
	email_subscribe: true,
	email_unsubscribe: null,
	first_optin_message: '',
	second_optin_message: '',
	message_help: 'ACME: reply STOP to end.',
	message_stop: null,
	message_reply: null,
	message_already_subscribed: null,
	message_yes: null,
	keyword_names: ['SPRING', 'BLOOM'],
	counts: { subscribers: 0, unsubscribed: 0, cleaned: 0 },
	opt_in_type: 'single',
	opt_in_requests: [],
};
const SIMPLE_LIST = {
	id: 113,
	name: 'Spring Campaign',
	keyword_names: ['SPRING', 'BLOOM'],
	counts: { subscribers: 0, unsubscribed: 0, cleaned: 0 },
	opt_in_type: 'single',
};

describe('List → Create', () => {
	test('sends the wrapped list with upper-cased keywords; outputs the simplified list', async () => {
		const api = v2Api()
			.post('/api/v2/lists/', {
				list: {
					name: 'Spring Campaign',
					message_help: 'ACME: reply STOP to end.',
					email_digest: 'ops@acme.example',
					email_subscribe: true,
					keyword_names: ['SPRING', 'BLOOM'],
				},
			})
			.reply(200, { status: 'List created', list: LIST });

		const { items, error } = await list('create', {
			name: ' Spring Campaign ',
			additionalFields: {
				messageHelp: 'ACME: reply STOP to end.',
				emailDigest: 'ops@acme.example',
				emailSubscribe: true,
				keywords: 'spring, Bloom, SPRING',
			},
		});

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: SIMPLE_LIST, pairedItem: { item: 0 } }]);
		expectNoSecrets(items);
	});

	test('Simplify off outputs every field of the list', async () => {
		const api = v2Api()
			.post('/api/v2/lists/', { list: { name: 'Spring Campaign' } })
			.reply(200, { status: 'List created', list: LIST });

		const { items } = await list('create', { name: 'Spring Campaign', simple: false });

		api.done();
		expect(items[0].json).toEqual(LIST);
	});

	test.each([
		[
			{ name: 'A name of twenty-six chars' },
			'Invalid Name: "A name of twenty-six chars" is 26 characters long; a list name has at most 25',
		],
		[
			{ name: 'Ok', additionalFields: { keywords: 'ok, x' } },
			'Invalid Keywords: "X" is 1 characters long (after upper-casing); a keyword has 2 to 15',
		],
		[
			{ name: 'Ok', additionalFields: { emailDigest: 'daily' } },
			'Invalid Email Digest To: "daily" is not an e-mail address',
		],
	])('%j is refused before any request', async (parameters, message) => {
		const { error } = await list('create', parameters);
		expect(error.message).toBe(message);
		expect(unmatched).toEqual([]);
	});

	test('a taken keyword is the documented 422, explained', async () => {
		v2Api()
			.post('/api/v2/lists/')
			.reply(422, { status: 'error', error: 'invalid keyword names: JOIN' });

		const { error } = await list('create', {
			name: 'Ok',
			additionalFields: { keywords: 'join' },
		});

		expect(error.message).toBe('Tatango refused the keywords: invalid keyword names: JOIN (422)');
		expect(error.description).toMatch(/Keyword → Check Availability/);
	});

	test('a 503 is not retried: the list may have been created', async () => {
		const api = v2Api().post('/api/v2/lists/').reply(503, { status: 'error', error: 'down' });

		const { error } = await list('create', { name: 'Once' });

		api.done();
		expect(unmatched).toEqual([]);
		expect(error.message).toBe('The list may have been created: Tatango answered HTTP 503 (down)');
		expect(error.description).toMatch(/List → Get Many/);
	});
});

describe('List → Get / Get Many', () => {
	test('Get reads one list by ID', async () => {
		const api = v2Api().get('/api/v2/lists/113').reply(200, { status: 'OK', list: LIST });

		const { items } = await list('get', { listId: byId('113') });

		api.done();
		expect(items).toEqual([{ json: SIMPLE_LIST, pairedItem: { item: 0 } }]);
	});

	test('Get of an unknown list names it', async () => {
		v2Api().get('/api/v2/lists/999').reply(404, { status: 'error', error: 'List not found' });

		const { error } = await list('get', { listId: byId('999') });

		expect(error.message).toBe('List 999 was not found in this Tatango account (404)');
	});

	test('Get Many with Return All reads every page, one item per list', async () => {
		const page = (/** @type {number} */ n, /** @type {number[]} */ ids) => ({
			status: 'OK',
			per_page: 1000,
			count: 3,
			page: n,
			pages_count: 2,
			lists: ids.map((id) => ({ ...LIST, id })),
		});
		const api = v2Api()
			.get('/api/v2/lists')
			.query({ page: '1', per_page: '1000' })
			.reply(200, page(1, [101, 102]))
			.get('/api/v2/lists')
			.query({ page: '2', per_page: '1000' })
			.reply(200, page(2, [103]));

		const { items } = await list('getMany', { returnAll: true, simple: false });

		api.done();
		expect(unmatched).toEqual([]);
		expect(items.map((item) => [item.json.id, item.pairedItem])).toEqual([
			[101, { item: 0 }],
			[102, { item: 0 }],
			[103, { item: 0 }],
		]);
		expect(items[0].json).toEqual({ ...LIST, id: 101 });
	});

	test('Get Many with a Limit asks for no more than it needs', async () => {
		const api = v2Api()
			.get('/api/v2/lists')
			.query({ page: '1', per_page: '2' })
			.reply(200, {
				status: 'OK',
				per_page: 2,
				count: 12,
				page: 1,
				pages_count: 6,
				lists: [LIST, { ...LIST, id: 114 }],
			});

		const { items } = await list('getMany', { limit: 2 });

		api.done();
		expect(items.map((item) => item.json)).toEqual([SIMPLE_LIST, { ...SIMPLE_LIST, id: 114 }]);
	});
});

describe('List → Update', () => {
	test('sends only the fields added; an emptied digest address turns the digest off', async () => {
		const api = v2Api()
			.put('/api/v2/lists/113', {
				list: { name: 'Weekly', message_reply: '', email_digest: '', email_unsubscribe: false },
			})
			.reply(200, { status: 'OK', list: { ...LIST, name: 'Weekly' } });

		const { items, error } = await list('update', {
			listId: byId('113'),
			updateFields: { name: 'Weekly', messageReply: '', emailDigest: '', emailUnsubscribe: false },
		});

		expect(error).toBeUndefined();
		api.done();
		expect(items).toEqual([{ json: { ...SIMPLE_LIST, name: 'Weekly' }, pairedItem: { item: 0 } }]);
	});

	test('nothing to change is refused before any request', async () => {
		const { error } = await list('update', { listId: byId('113'), updateFields: {} });
		expect(error.message).toBe('Invalid Update Fields: has no field to change: add at least one');
		expect(unmatched).toEqual([]);
	});
});

describe('List → Delete', () => {
	test('outputs { deleted: true }', async () => {
		const api = v2Api()
			.delete('/api/v2/lists/113', (body) => !body)
			.reply(200, { status: 'List Destroyed' });

		const { items } = await list('delete', { listId: byId('113') });

		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: { deleted: true }, pairedItem: { item: 0 } }]);
	});

	test('a delete whose answer was lost is retried; the 404 that follows allows for an earlier success', async () => {
		const api = v2Api()
			.delete('/api/v2/lists/113')
			.reply(502, '<html>Bad Gateway</html>')
			.delete('/api/v2/lists/113')
			.reply(404, { status: 'error', error: 'List not found' });

		const { error } = await list('delete', { listId: byId('113') });

		api.done();
		expect(unmatched).toEqual([]);
		expect(error.message).toBe(
			'List 113 was not found in this Tatango account: it does not exist, or it was already deleted (404)',
		);
	});
});

describe('List → Set Keywords', () => {
	test('sends the unwrapped keyword_names; outputs what Tatango set', async () => {
		const api = v2Api()
			.put('/api/v2/lists/101/keywords', { keyword_names: ['TEST', 'KEYWORD'] })
			.reply(200, { status: 'Keywords changed', keyword_names: ['TEST', 'KEYWORD'] });

		const { items } = await list('setKeywords', { listId: byId('101'), keywords: 'test, keyword' });

		api.done();
		expect(items).toEqual([
			{
				json: { listId: 101, status: 'Keywords changed', keyword_names: ['TEST', 'KEYWORD'] },
				pairedItem: { item: 0 },
			},
		]);
	});

	test('no keyword at all is refused (it would take every keyword off the list)', async () => {
		const { error } = await list('setKeywords', { listId: byId('101'), keywords: ' , ' });
		expect(error.message).toMatch(/^Invalid Keywords: needs at least one keyword/);
		expect(unmatched).toEqual([]);
	});

	test('with Continue On Fail a taken keyword is that item’s error; the next item still runs', async () => {
		const api = v2Api()
			.put('/api/v2/lists/101/keywords', { keyword_names: ['VIP'] })
			.reply(422, { status: 'error', error: 'invalid keyword names: VIP' })
			.put('/api/v2/lists/101/keywords', { keyword_names: ['FRESH'] })
			.reply(200, { status: 'Keywords changed', keyword_names: ['FRESH'] });

		const { items } = await list(
			'setKeywords',
			{ listId: byId('101'), keywords: '={{ $json.kw }}' },
			{ items: [{ kw: 'vip' }, { kw: 'fresh' }], continueOnFail: true },
		);

		api.done();
		expect(
			items.map((item) => [item.json.error ?? item.json.keyword_names, item.pairedItem]),
		).toEqual([
			['Tatango refused the keywords: invalid keyword names: VIP (422)', { item: 0 }],
			[['FRESH'], { item: 1 }],
		]);
	});
});

describe('List → Delete Tags', () => {
	test('sends the unwrapped tags; the output says the deletion is queued', async () => {
		const api = v2Api()
			.delete('/api/v2/lists/101/tags', { tags: ['vip', 'spring sale'] })
			.reply(200, { status: 'Tags enqueued for deletion' });

		const { items } = await list('deleteTags', {
			listId: byId('101'),
			tags: 'vip, spring sale, vip',
		});

		api.done();
		expect(items).toEqual([
			{
				json: {
					listId: 101,
					tags: ['vip', 'spring sale'],
					status: 'Tags enqueued for deletion',
					queued: true,
					note: 'Queued: Tatango removes these tags from the subscribers of the list within about 10 minutes.',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('no tag is refused before any request', async () => {
		const { error } = await list('deleteTags', { listId: byId('101'), tags: '={{ " , " }}' });
		expect(error.message).toMatch(/^Invalid Tags: needs at least one tag/);
		expect(unmatched).toEqual([]);
	});
});
