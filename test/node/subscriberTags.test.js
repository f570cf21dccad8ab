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
const credentials = { tatangoApi: v2Credentials() };

describe('Subscriber → Update', () => {
	test('puts the changed profile, custom fields and tags to add, under the number in the path', async () => {
		const answer = {
			status: 'Subscriber updated',
			subscriber: {
				phone_number: '2065551111',
				last_name: 'Lovelace',
				tags: ['vip', 'card holder'],
				favorite_store: 'Ballard',
			},
		};
		const api = v2Api()
			.put('/api/v2/lists/101/subscribers/2065551111', {
				subscriber: {
					last_name: 'Lovelace',
					email: 'ada@example.com',
					tags: 'card holder',
					favorite_store: 'Ballard',
				},
			})
			.reply(200, answer);
		const { items, error, run } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'update',
				listId: list('101'),
				phoneNumber: '(206) 555-1111',
				updateFields: {
					lastName: 'Lovelace',
					email: 'ada@example.com',
					tags: ' card holder, ',
					customFields: { field: [{ key: 'favorite_store', value: 'Ballard' }] },
				},
			},
			credentials,
		});
		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: { listId: 101, ...answer }, pairedItem: { item: 0 } }]);
		expectNoSecrets(run);
	});

	test('with no field to change, nothing is sent and the error says to add one', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'update',
				listId: list('101'),
				phoneNumber: '2065551111',
				updateFields: {},
			},
			credentials,
		});
		expect(error.message).toBe('Invalid Update Fields: add at least one field to change');
		expect(unmatched).toEqual([]);
	});

	test('a number not on the list (404) says so', async () => {
		v2Api()
			.put('/api/v2/lists/101/subscribers/2065551111')
			.reply(404, { status: 'error', error: 'Subscriber not found' });
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'update',
				listId: list('101'),
				phoneNumber: '2065551111',
				updateFields: { firstName: 'Ada' },
			},
			credentials,
		});
		expect(error.message).toBe('2065551111 is not on list 101, or the list was not found (404)');
	});
});

describe('Subscriber → Add Tags to Many', () => {
	test('posts ten-digit numbers (repeats dropped) and tags as the documented bulk_tagging', async () => {
		const answer = {
			status: 'Bulk tagging operation queued successfully.',
			number_count: 3,
			tag_count: 2,
			subscribers_to_update: 2,
			replace_tags: true,
			not_subscribed: ['2065553333'],
		};
		const api = v2Api()
			.post('/api/v2/lists/101/bulk_taggings', {
				bulk_tagging: {
					phone_numbers: ['2065551111', '2065552222', '2065553333'],
					tags: ['spring', 'vip'],
					replace_tags: true,
				},
			})
			.reply(200, answer);
		const { items, error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'addTagsToMany',
				listId: list('101'),
				phoneNumbers: '={{ $json.phones }}',
				tags: 'spring, vip, spring',
				replaceTags: true,
			},
			items: [{ phones: ['+1 206 555 1111', '206-555-2222', '2065553333', '2065551111'] }],
			credentials,
		});
		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: { listId: 101, ...answer }, pairedItem: { item: 0 } }]);
	});

	test('numbers typed one per line, replace off by default', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/bulk_taggings', {
				bulk_tagging: {
					phone_numbers: ['2065551111', '2065552222'],
					tags: ['vip'],
					replace_tags: false,
				},
			})
			.reply(200, { status: 'Bulk tagging operation queued successfully.' });
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'addTagsToMany',
				listId: list('101'),
				phoneNumbers: '2065551111\n206-555-2222\n',
				tags: 'vip',
			},
			credentials,
		});
		expect(error).toBeUndefined();
		api.done();
	});

	test.each([
		[
			'1,001 numbers',
			Array.from({ length: 1001 }, (_, n) => String(2065550000 + n)).join(','),
			'vip',
			/^Invalid Phone Numbers: has 1001 numbers; Tatango takes at most 1000 in one call/,
		],
		[
			'51 tags',
			'2065551111',
			Array.from({ length: 51 }, (_, n) => `t${n}`).join(','),
			/^Invalid Tags: has 51 tags; Tatango takes at most 50 in one call$/,
		],
		[
			'a bad number, named by position',
			'2065551111, 555-1234',
			'vip',
			/^Invalid Phone Numbers \(number 2\): /,
		],
		['no tags', '2065551111', ' , ', /^Invalid Tags: needs at least one tag/],
	])('%s is refused before any request', async (_name, phoneNumbers, tags, message) => {
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'addTagsToMany',
				listId: list('101'),
				phoneNumbers,
				tags,
			},
			credentials,
		});
		expect(error.message).toMatch(message);
		expect(unmatched).toEqual([]);
	});
});

describe('Subscriber → Remove Tags', () => {
	test('deletes the tags (as a JSON list) from the number and outputs what was and was not there', async () => {
		const answer = {
			status: 'OK',
			deleted: ['vip'],
			not_found: ['gold'],
			message: 'Tag removal completed with partial success.',
		};
		const api = v2Api()
			.delete('/api/v2/lists/101/subscribers/2065551111/tags', { tags: ['vip', 'gold'] })
			.reply(200, answer);
		const { items, error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'removeTags',
				listId: list('101'),
				phoneNumber: '206-555-1111',
				tags: 'vip, gold',
			},
			credentials,
		});
		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: { listId: 101, ...answer }, pairedItem: { item: 0 } }]);
	});
});
