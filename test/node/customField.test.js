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

const FIELD = {
	label: 'Favorite Store',
	key: 'favorite_store',
	content_type: 'text',
	max_length: 40,
	pattern: null,
	should_validate_regex_via_api: false,
	default_value: null,
};

describe('Custom Field → Get Many', () => {
	test('one item per field of the list, Limit sent as per_page', async () => {
		const api = v2Api()
			.get('/api/v2/lists/101/custom_fields')
			.query({ page: 1, per_page: 50 })
			.reply(200, {
				status: 'OK',
				per_page: 50,
				count: 2,
				page: 1,
				pages_count: 1,
				custom_fields: [FIELD, { ...FIELD, label: 'Shoe Size', key: 'shoe_size' }],
			});
		const { items, error } = await runNode({
			parameters: { resource: 'customField', operation: 'getMany', listId: list('101') },
			credentials,
		});
		expect(error).toBeUndefined();
		api.done();
		expect(items).toEqual([
			{ json: { listId: 101, ...FIELD }, pairedItem: { item: 0 } },
			{
				json: { listId: 101, ...FIELD, label: 'Shoe Size', key: 'shoe_size' },
				pairedItem: { item: 0 },
			},
		]);
	});
});

describe('Custom Field → Create', () => {
	test('posts the documented custom_field object', async () => {
		const answer = {
			status: 'Custom field successfully created',
			custom_field: { ...FIELD, pattern: '^[A-Z]', should_validate_regex_via_api: true },
		};
		const api = v2Api()
			.post('/api/v2/lists/101/custom_fields', {
				custom_field: {
					label: 'Favorite Store',
					key: 'favorite_store',
					content_type: 'text',
					max_length: 40,
					pattern: '^[A-Z]',
					should_validate_regex_via_api: true,
					default_value: 'Downtown',
				},
			})
			.reply(200, answer);
		const { items, error, run } = await runNode({
			parameters: {
				resource: 'customField',
				operation: 'create',
				listId: list('101'),
				label: 'Favorite Store',
				key: 'favorite_store',
				maxLength: 40,
				options: { pattern: '^[A-Z]', validatePatternViaApi: true, defaultValue: 'Downtown' },
			},
			credentials,
		});
		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([{ json: { listId: 101, ...answer }, pairedItem: { item: 0 } }]);
		expectNoSecrets(run);
	});

	test('a number field with only the required parts', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/custom_fields', {
				custom_field: {
					label: 'Shoe Size',
					key: 'shoe_size',
					content_type: 'number',
					max_length: 4,
				},
			})
			.reply(200, { status: 'Custom field successfully created' });
		const { error } = await runNode({
			parameters: {
				resource: 'customField',
				operation: 'create',
				listId: list('101'),
				label: 'Shoe Size',
				key: 'shoe_size',
				contentType: 'number',
				maxLength: 4,
			},
			credentials,
		});
		expect(error).toBeUndefined();
		api.done();
	});

	test('the documented duplicate 422 is the item error, with Tatango’s words', async () => {
		v2Api().post('/api/v2/lists/101/custom_fields').reply(422, {
			status: 'error',
			error: 'Validation failed: Merge tag has already been taken, Label has already been taken',
		});
		const { error } = await runNode({
			parameters: {
				resource: 'customField',
				operation: 'create',
				listId: list('101'),
				label: 'Favorite Store',
				key: 'favorite_store',
				maxLength: 40,
			},
			credentials,
		});
		expect(error.message).toBe(
			'Validation failed: Merge tag has already been taken, Label has already been taken (422)',
		);
	});

	test.each([
		[{ key: 'Favorite-Store' }, /^Invalid Key: key "Favorite-Store" must use only lowercase/],
		[{ maxLength: 0 }, /^Invalid Max Length: "0" must be a whole number from 1 to 9999$/],
		[{ maxLength: 10000 }, /^Invalid Max Length: /],
		[{ label: ' ' }, /^Invalid Label: is required$/],
		[{ options: { pattern: '([a-z' } }, /^Invalid Pattern: "\(\[a-z" is not a regular expression/],
		[
			{ options: { validatePatternViaApi: true } },
			/^Invalid Validate Pattern on API Writes: needs a Pattern/,
		],
		[
			{ contentType: 'number', options: { defaultValue: 'ten' } },
			/^Invalid Default Value: "ten" is not a number$/,
		],
		[{ maxLength: 3, options: { defaultValue: 'Downtown' } }, /^Invalid Default Value: is 8/],
	])('%p is refused before any request', async (change, message) => {
		const { error } = await runNode({
			parameters: {
				resource: 'customField',
				operation: 'create',
				listId: list('101'),
				label: 'Favorite Store',
				key: 'favorite_store',
				maxLength: 40,
				...change,
			},
			credentials,
		});
		expect(error.message).toMatch(message);
		expect(unmatched).toEqual([]);
	});
});

describe('Custom Field → Delete', () => {
	test('deletes by key with the documented body and outputs { deleted: true }', async () => {
		const api = v2Api()
			.delete('/api/v2/lists/101/custom_fields', { key: 'favorite_store' })
			.reply(200, { status: 'Custom field successfully deleted' });
		const { items, error } = await runNode({
			parameters: {
				resource: 'customField',
				operation: 'delete',
				listId: list('101'),
				customFieldKey: list('favorite_store', 'list'),
			},
			credentials,
		});
		expect(error).toBeUndefined();
		api.done();
		expect(items).toEqual([{ json: { deleted: true }, pairedItem: { item: 0 } }]);
	});

	test('an unknown key (404) names the key and the list', async () => {
		v2Api()
			.delete('/api/v2/lists/101/custom_fields')
			.reply(404, { status: 'error', error: 'Custom field not found' });
		const { error } = await runNode({
			parameters: {
				resource: 'customField',
				operation: 'delete',
				listId: list('101'),
				customFieldKey: list('shoe_size'),
			},
			credentials,
		});
		expect(error.message).toBe(
			'Custom field "shoe_size" or list 101 was not found in this Tatango account (404)',
		);
	});
});
