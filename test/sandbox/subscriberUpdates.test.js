// @ts-check
'use strict';

const { start, v2, control } = require('./helpers');

/** Adds a subscribed number (both bypass flags: no opt-in wait, no texts). */
const addSubscribed = (
	/** @type {any} */ sb,
	/** @type {string} */ phone,
	/** @type {Record<string, unknown>} */ extra = {},
) =>
	v2(sb, 'POST', '/lists/101/subscribers', {
		subscriber: {
			phone_number: phone,
			bypass_opt_in_process: true,
			bypass_opt_in_response: true,
			...extra,
		},
	});

describe('subscriber update, tag removal and bulk tagging (public docs §1.6, §1.8)', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	test('PUT changes the profile and custom fields and adds tags to the existing ones', async () => {
		await addSubscribed(sb, '2065551111', { first_name: 'Ada', tags: 'vip', store: 'Pike' });
		const r = await v2(sb, 'PUT', '/lists/101/subscribers/2065551111', {
			subscriber: { last_name: 'Lovelace', tags: 'card holder, vip', store: 'Ballard' },
		});
		expect(r.status).toBe(200);
		expect(r.body.status).toBe('Subscriber updated');
		expect(r.body.subscriber).toMatchObject({
			phone_number: '2065551111',
			first_name: 'Ada',
			last_name: 'Lovelace',
			tags: ['vip', 'card holder'],
			store: 'Ballard',
		});
	});

	test('PUT on a number not on the list is 404 "Subscriber not found"; bad fields are 422', async () => {
		const missing = await v2(sb, 'PUT', '/lists/101/subscribers/2065559999', {
			subscriber: { first_name: 'X' },
		});
		expect(missing).toMatchObject({
			status: 404,
			body: { status: 'error', error: 'Subscriber not found' },
		});
		await addSubscribed(sb, '2065551111');
		const bad = await v2(sb, 'PUT', '/lists/101/subscribers/2065551111', {
			subscriber: { gender: 'X' },
		});
		expect(bad).toMatchObject({ status: 422, body: { status: 'error' } });
	});

	test('DELETE …/tags removes the tags it finds and lists the others', async () => {
		await addSubscribed(sb, '2065551111', { tags: 'vip, card holder' });
		const r = await v2(sb, 'DELETE', '/lists/101/subscribers/2065551111/tags', {
			tags: ['vip', 'gold'],
		});
		expect(r.status).toBe(200);
		expect(r.body).toEqual({
			status: 'OK',
			deleted: ['vip'],
			not_found: ['gold'],
			message: 'Tag removal completed with partial success.',
		});
		const got = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(got.body.subscriber.tags).toEqual(['card holder']);
	});

	test('bulk tagging answers with counts at once and tags subscribed numbers when the queued job runs', async () => {
		await addSubscribed(sb, '2065551111', { tags: 'old' });
		await addSubscribed(sb, '2065552222');
		const r = await v2(sb, 'POST', '/lists/101/bulk_taggings', {
			bulk_tagging: {
				phone_numbers: ['2065551111', '2065552222', '2065553333', '12345'],
				tags: ['spring', 'vip'],
				replace_tags: false,
			},
		});
		expect(r.status).toBe(200);
		expect(r.body).toEqual({
			status: 'Bulk tagging operation queued successfully.',
			number_count: 4,
			tag_count: 2,
			subscribers_to_update: 2,
			replace_tags: false,
			not_subscribed: ['2065553333'],
			invalid_numbers: ['12345'],
		});
		const before = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(before.body.subscriber.tags).toEqual(['old']);
		await control(sb, 'POST', '/clock/advance', { minutes: 10 });
		const after = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(after.body.subscriber.tags).toEqual(['old', 'spring', 'vip']);
	});

	test('bulk tagging with replace_tags replaces; over 1,000 numbers or 50 tags is 422', async () => {
		await addSubscribed(sb, '2065551111', { tags: 'old' });
		await v2(sb, 'POST', '/lists/101/bulk_taggings', {
			bulk_tagging: { phone_numbers: ['2065551111'], tags: ['new'], replace_tags: true },
		});
		await control(sb, 'POST', '/clock/advance', { minutes: 10 });
		const after = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(after.body.subscriber.tags).toEqual(['new']);

		const manyNumbers = Array.from({ length: 1001 }, (_, n) => String(2065550000 + n));
		const tooManyNumbers = await v2(sb, 'POST', '/lists/101/bulk_taggings', {
			bulk_tagging: { phone_numbers: manyNumbers, tags: ['x'] },
		});
		expect(tooManyNumbers.status).toBe(422);
		const manyTags = Array.from({ length: 51 }, (_, n) => `t${n}`);
		const tooManyTags = await v2(sb, 'POST', '/lists/101/bulk_taggings', {
			bulk_tagging: { phone_numbers: ['2065551111'], tags: manyTags },
		});
		expect(tooManyTags.status).toBe(422);
		const unknownList = await v2(sb, 'POST', '/lists/999/bulk_taggings', {
			bulk_tagging: { phone_numbers: ['2065551111'], tags: ['x'] },
		});
		expect(unknownList).toMatchObject({ status: 404, body: { error: 'List not found' } });
	});
});
