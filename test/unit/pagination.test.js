// @ts-check
const {
	hasNextPage,
	perPageFor,
	requestRecords,
	MAX_PER_PAGE,
} = require('../../nodes/shared/transport/pagination');
const { toLimit, InvalidInputError } = require('../../nodes/shared/validation');

describe('per_page asked for', () => {
	test.each([
		[{ returnAll: true, limit: 0 }, MAX_PER_PAGE],
		[{ returnAll: false, limit: 5 }, 5],
		[{ returnAll: false, limit: 1000 }, 1000],
		[{ returnAll: false, limit: 2500 }, 1000],
	])('%p → %p', (count, perPage) => {
		expect(perPageFor(count)).toBe(perPage);
	});
});

describe('whether another page is read', () => {
	const all = { returnAll: true, limit: 0 };
	test.each([
		['more pages counted', { pages_count: 3 }, 1, 10, 10, all, true],
		['on the last page', { pages_count: 3 }, 3, 10, 30, all, false],
		['nothing at all (pages_count 0)', { pages_count: 0 }, 1, 0, 0, all, false],
		['an empty page before pages_count', { pages_count: 9 }, 2, 0, 10, all, false],
		['no counts in the response', {}, 1, 10, 10, all, false],
		['limit reached', { pages_count: 3 }, 1, 10, 10, { returnAll: false, limit: 10 }, false],
		['limit not reached', { pages_count: 3 }, 1, 10, 10, { returnAll: false, limit: 11 }, true],
	])('%s', (_name, body, page, pageRecords, collected, count, expected) => {
		expect(hasNextPage(body, page, pageRecords, collected, count)).toBe(expected);
	});
});

describe('reading a collection through the client', () => {
	/** A client serving `total` numbered records in pages, recording each call's query. */
	function fakeClient(/** @type {number} */ total) {
		/** @type {any[]} */
		const calls = [];
		return {
			calls,
			credentials: async () => ({}),
			request: async (/** @type {any} */ call, /** @type {number} */ itemIndex) => {
				calls.push({ qs: call.qs, itemIndex, path: call.path });
				const { page, per_page: perPage } = call.qs;
				const records = Array.from({ length: total }, (_, n) => n + 1).slice(
					(page - 1) * perPage,
					page * perPage,
				);
				return {
					statusCode: 200,
					body: {
						status: 'OK',
						per_page: perPage,
						count: total,
						page,
						pages_count: Math.ceil(total / perPage),
						things: records,
					},
				};
			},
		};
	}
	const call = { api: 'v2', method: 'GET', path: '/api/v2/things', qs: { x: 1 }, kind: 'read' };

	test('Return All reads every page at 1,000 a page, keeping the call’s own query', async () => {
		const client = fakeClient(2345);
		const records = await requestRecords(
			/** @type {any} */ (client),
			/** @type {any} */ (call),
			'things',
			{ returnAll: true, limit: 0 },
			4,
		);
		expect(records).toHaveLength(2345);
		expect(records[2344]).toBe(2345);
		expect(client.calls).toEqual([
			{ qs: { x: 1, page: 1, per_page: 1000 }, itemIndex: 4, path: '/api/v2/things' },
			{ qs: { x: 1, page: 2, per_page: 1000 }, itemIndex: 4, path: '/api/v2/things' },
			{ qs: { x: 1, page: 3, per_page: 1000 }, itemIndex: 4, path: '/api/v2/things' },
		]);
	});

	test('a Limit reads only the pages it needs and returns exactly Limit records', async () => {
		const client = fakeClient(2345);
		const records = await requestRecords(
			/** @type {any} */ (client),
			/** @type {any} */ (call),
			'things',
			{ returnAll: false, limit: 3 },
			0,
		);
		expect(records).toEqual([1, 2, 3]);
		expect(client.calls.map((c) => c.qs)).toEqual([{ x: 1, page: 1, per_page: 3 }]);
	});

	test('a Limit above 1,000 reads a second page and cuts it', async () => {
		const client = fakeClient(2345);
		const records = await requestRecords(
			/** @type {any} */ (client),
			/** @type {any} */ (call),
			'things',
			{ returnAll: false, limit: 1500 },
			0,
		);
		expect(records).toHaveLength(1500);
		expect(client.calls).toHaveLength(2);
	});

	test('an empty collection is one call and no records', async () => {
		const client = fakeClient(0);
		const records = await requestRecords(
			/** @type {any} */ (client),
			/** @type {any} */ (call),
			'things',
			{ returnAll: true, limit: 0 },
			0,
		);
		expect(records).toEqual([]);
		expect(client.calls).toHaveLength(1);
	});
});

describe('Limit', () => {
	test.each([
		[50, 50],
		['7', 7],
		[1, 1],
	])('%p is %p', (raw, limit) => expect(toLimit(raw)).toBe(limit));
	test.each([0, -1, 2.5, '', 'ten', undefined])('%p is refused naming Limit', (raw) => {
		expect(() => toLimit(raw)).toThrow(InvalidInputError);
		expect(() => toLimit(raw)).toThrow(/^Limit: /);
	});
});
