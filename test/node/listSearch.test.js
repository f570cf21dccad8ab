// @ts-check
/**
 * The "From List" pickers of the resource locators, called as n8n's editor calls them: with a
 * load-options context whose HTTP helper answers like Tatango.
 */
const { listSearch } = require('../../nodes/Tatango/methods');

/**
 * @param {Record<string, unknown>} current the node's current parameters, as the editor holds them
 * @param {(options: any) => { statusCode: number, body: any }} answer
 */
function loadOptionsContext(current, answer) {
	/** @type {any[]} */
	const requests = [];
	const context = {
		requests,
		getNode: () => ({ name: 'Tatango', credentials: { tatangoApi: { id: '1', name: 'T' } } }),
		getCredentials: async () => ({ email: 'a@b.c', apiKey: 'k', requestsPerHour: 3_600_000 }),
		getCurrentNodeParameter: (/** @type {string} */ name, /** @type {any} */ options) => {
			const value = /** @type {any} */ (current)[name];
			return options?.extractValue && value && typeof value === 'object' ? value.value : value;
		},
		helpers: {
			httpRequestWithAuthentication: async (
				/** @type {string} */ _type,
				/** @type {any} */ options,
			) => {
				requests.push({ method: options.method, url: options.url, qs: options.qs });
				return { headers: {}, ...answer(options) };
			},
		},
	};
	return context;
}

describe('custom field picker', () => {
	test("lists the chosen list's fields by label and key, filtered by what is typed", async () => {
		const context = loadOptionsContext(
			{ listId: { __rl: true, mode: 'list', value: '101' } },
			() => ({
				statusCode: 200,
				body: {
					status: 'OK',
					per_page: 1000,
					count: 2,
					page: 1,
					pages_count: 1,
					custom_fields: [
						{ label: 'Favorite Store', key: 'favorite_store' },
						{ label: 'Shoe Size', key: 'shoe_size' },
					],
				},
			}),
		);
		const all = await listSearch.searchCustomFields.call(/** @type {any} */ (context));
		expect(all.results).toEqual([
			{ name: 'Favorite Store (favorite_store)', value: 'favorite_store' },
			{ name: 'Shoe Size (shoe_size)', value: 'shoe_size' },
		]);
		expect(context.requests[0]).toEqual({
			method: 'GET',
			url: 'https://app.tatango.com/api/v2/lists/101/custom_fields',
			qs: { page: 1, per_page: 1000 },
		});
		const filtered = await listSearch.searchCustomFields.call(/** @type {any} */ (context), 'shoe');
		expect(filtered.results).toEqual([{ name: 'Shoe Size (shoe_size)', value: 'shoe_size' }]);
	});

	test('before a list is chosen it offers nothing and asks Tatango nothing', async () => {
		const context = loadOptionsContext({ listId: { __rl: true, mode: 'list', value: '' } }, () => {
			throw new Error('no request expected');
		});
		expect(await listSearch.searchCustomFields.call(/** @type {any} */ (context))).toEqual({
			results: [],
		});
		expect(context.requests).toEqual([]);
	});
});

describe('list picker', () => {
	test('pages through the account’s lists with the picker’s token, filtered by name or ID', async () => {
		const context = loadOptionsContext({}, (options) => ({
			statusCode: 200,
			body: {
				status: 'OK',
				per_page: 100,
				count: 101,
				page: options.qs.page,
				pages_count: 2,
				lists:
					options.qs.page === 1
						? [
								{ id: 101, name: 'Newsletter' },
								{ id: 102, name: 'VIP' },
							]
						: [{ id: 205, name: 'Spring Sale' }],
			},
		}));
		const first = await listSearch.searchLists.call(/** @type {any} */ (context), 'vip');
		expect(first).toEqual({
			results: [{ name: 'VIP (102)', value: '102' }],
			paginationToken: '2',
		});
		const second = await listSearch.searchLists.call(/** @type {any} */ (context), '', '2');
		expect(second).toEqual({
			results: [{ name: 'Spring Sale (205)', value: '205' }],
			paginationToken: undefined,
		});
		expect(context.requests.map((r) => r.qs)).toEqual([
			{ page: 1, per_page: 100 },
			{ page: 2, per_page: 100 },
		]);
	});
});

describe('pickers against an answer that is not Tatango’s (issue 10, case 4)', () => {
	test.each([
		['list', () => listSearch.searchLists, {}],
		[
			'custom field',
			() => listSearch.searchCustomFields,
			{ listId: { __rl: true, mode: 'list', value: '101' } },
		],
	])(
		'the %s picker answered 200 {"status":"OK"}: an error saying so, not an empty picker',
		async (_, search, current) => {
			const context = loadOptionsContext(current, () => ({
				statusCode: 200,
				body: { status: 'OK' },
			}));

			await expect(search().call(/** @type {any} */ (context), '')).rejects.toThrow(
				/^Tatango answered HTTP 200 without "(lists|custom_fields)" \(a list\)/,
			);
		},
	);
});
