// @ts-check
'use strict';

const { start, v2, control } = require('./helpers');

const FIELD = {
	label: 'Favorite Store',
	key: 'favorite_store',
	content_type: 'text',
	max_length: 40,
};

describe('custom fields (public docs §0.5, §1.8)', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	test('created, listed with the v2 page counts, and on every subscriber as a flat key', async () => {
		const created = await v2(sb, 'POST', '/lists/101/custom_fields', {
			custom_field: { ...FIELD, default_value: 'Downtown' },
		});
		expect(created.status).toBe(200);
		expect(created.body).toEqual({
			status: 'Custom field successfully created',
			custom_field: {
				...FIELD,
				pattern: null,
				should_validate_regex_via_api: false,
				default_value: 'Downtown',
			},
		});
		const listed = await v2(sb, 'GET', '/lists/101/custom_fields?per_page=1');
		expect(listed.body).toMatchObject({
			status: 'OK',
			per_page: 1,
			count: 1,
			page: 1,
			pages_count: 1,
			custom_fields: [{ key: 'favorite_store' }],
		});
		await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: '2065551111', bypass_opt_in_process: true },
		});
		const got = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(got.body.subscriber.favorite_store).toBe('Downtown');
		await v2(sb, 'PUT', '/lists/101/subscribers/2065551111', {
			subscriber: { favorite_store: 'Ballard' },
		});
		const updated = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(updated.body.subscriber.favorite_store).toBe('Ballard');
	});

	test.each([
		[
			{ ...FIELD, content_type: 'string' },
			'Content type string not allowed. Allowed types are: text, datetime, number',
		],
		[{ ...FIELD, max_length: undefined }, 'Max. characters must be greater than 0'],
		[{ ...FIELD, max_length: 10000 }, 'Max. characters must be less than or equal to 9999'],
		[{ ...FIELD, key: 'Favorite-Store' }, 'Validation failed: Merge tag is invalid'],
		[{ ...FIELD, label: '' }, "Validation failed: Label can't be blank"],
	])('%p is refused: %s', async (field, error) => {
		const r = await v2(sb, 'POST', '/lists/101/custom_fields', { custom_field: field });
		expect(r).toMatchObject({ status: 422, body: { status: 'error', error } });
	});

	test('a duplicate is the documented 422', async () => {
		await v2(sb, 'POST', '/lists/101/custom_fields', { custom_field: FIELD });
		const again = await v2(sb, 'POST', '/lists/101/custom_fields', { custom_field: FIELD });
		expect(again).toMatchObject({
			status: 422,
			body: {
				status: 'error',
				error: 'Validation failed: Merge tag has already been taken, Label has already been taken',
			},
		});
	});

	test('deleted by key (the values leave the subscribers); an unknown key is 404', async () => {
		await v2(sb, 'POST', '/lists/101/custom_fields', { custom_field: FIELD });
		await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: {
				phone_number: '2065551111',
				bypass_opt_in_process: true,
				favorite_store: 'Pike',
			},
		});
		const deleted = await v2(sb, 'DELETE', '/lists/101/custom_fields', { key: 'favorite_store' });
		expect(deleted).toMatchObject({
			status: 200,
			body: { status: 'Custom field successfully deleted' },
		});
		const got = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(got.body.subscriber).not.toHaveProperty('favorite_store');
		const again = await v2(sb, 'DELETE', '/lists/101/custom_fields', { key: 'favorite_store' });
		expect(again).toMatchObject({
			status: 404,
			body: { status: 'error', error: 'Custom field not found' },
		});
	});
});
