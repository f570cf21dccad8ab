// @ts-check
'use strict';

const { start, v2 } = require('./helpers');

describe('lists, pagination and shortcodes', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());

	test('GET /lists pages at 10 by default', async () => {
		const r = await v2(sb, 'GET', '/lists');
		expect(r.status).toBe(200);
		expect(r.body).toMatchObject({
			status: 'OK',
			per_page: 10,
			count: 12,
			page: 1,
			pages_count: 2,
		});
		expect(r.body.lists.map((/** @type {any} */ l) => l.id)).toEqual([
			101, 102, 103, 104, 105, 106, 107, 108, 109, 110,
		]);
	});

	test('page 2 holds the remaining lists; a page past the end is empty', async () => {
		const p2 = await v2(sb, 'GET', '/lists?page=2');
		expect(p2.body).toMatchObject({ per_page: 10, count: 12, page: 2, pages_count: 2 });
		expect(p2.body.lists.map((/** @type {any} */ l) => l.id)).toEqual([111, 112]);
		const p9 = await v2(sb, 'GET', '/lists?page=9');
		expect(p9.body.lists).toEqual([]);
		expect(p9.body.page).toBe(9);
	});

	test('per_page is honoured and capped at 1000', async () => {
		const five = await v2(sb, 'GET', '/lists?per_page=5&page=3');
		expect(five.body).toMatchObject({ per_page: 5, count: 12, page: 3, pages_count: 3 });
		expect(five.body.lists).toHaveLength(2);
		const big = await v2(sb, 'GET', '/lists?per_page=5000');
		expect(big.body).toMatchObject({ per_page: 1000, pages_count: 1 });
		expect(big.body.lists).toHaveLength(12);
	});

	test('pages_count is 0 for an empty collection', async () => {
		const r = await v2(sb, 'GET', '/lists/101/webhooks');
		expect(r.body).toEqual({
			status: 'OK',
			per_page: 10,
			count: 0,
			page: 1,
			pages_count: 0,
			webhooks: [],
		});
	});

	test('GET /lists/{id} returns the list object; unknown ids are 404 List not found', async () => {
		const r = await v2(sb, 'GET', '/lists/102');
		expect(r.status).toBe(200);
		expect(r.body.list).toMatchObject({
			id: 102,
			name: 'VIP Club',
			opt_in_type: 'double',
			keyword_names: ['VIP'],
			counts: { subscribers: 0, unsubscribed: 0, cleaned: 0 },
		});
		expect(r.body.list.opt_in_requests.map((/** @type {any} */ q) => q.success_action)).toEqual([
			'nextrequest',
			'optinsubscriber',
		]);
		for (const id of ['999', 'abc']) {
			const missing = await v2(sb, 'GET', `/lists/${id}`);
			expect(missing.status).toBe(404);
			expect(missing.body).toEqual({ status: 'error', error: 'List not found' });
		}
	});

	test('GET /shortcodes lists both shortcodes', async () => {
		const r = await v2(sb, 'GET', '/shortcodes');
		expect(r.body).toEqual({ status: 'OK', shortcodes: ['33733', '44844'] });
	});
});
