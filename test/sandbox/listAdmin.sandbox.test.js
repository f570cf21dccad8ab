// @ts-check
'use strict';

const { start, v2, control } = require('./helpers');

describe('list administration: create, update, destroy, keywords, tag deletion', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	test('POST /lists/ creates a list with the next ID, upper-cased keywords and the documented defaults', async () => {
		const r = await v2(sb, 'POST', '/lists/', {
			list: {
				name: 'Spring Campaign',
				message_help: 'ACME: reply STOP to end.',
				email_digest: 'ops@acme.example',
				email_subscribe: true,
				keyword_names: ['spring', 'Bloom'],
				unknown_setting: 'ignored',
			},
		});
		expect(r.status).toBe(200);
		expect(r.body).toEqual({
			status: 'List created',
			list: {
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
			},
		});
		const all = await v2(sb, 'GET', '/lists?per_page=100');
		expect(all.body.count).toBe(13);
		// The new keywords are now in use on the shortcode.
		const check = await v2(sb, 'POST', '/shortcodes/33733/test_keyword', { keyword_name: 'bloom' });
		expect(check.body.keyword_name).toBe('unavailable');
	});

	test.each([
		[{ name: '' }, "Name can't be blank"],
		[{ name: 'A name of twenty-six chars' }, 'Name is too long (maximum is 25 characters)'],
		[{ name: 'Ok', keyword_names: ['JOIN'] }, 'invalid keyword names: JOIN'],
		[{ name: 'Ok', keyword_names: ['fresh', 'stop', 'x'] }, 'invalid keyword names: STOP, X'],
		[{ name: 'Ok', keyword_names: 'FRESH' }, 'keyword_names must be an array'],
		[{ name: 'Ok', email_subscribe: 'yes' }, 'email_subscribe must be true, false or null'],
	])('create %j is refused: 422 %s', async (list, error) => {
		const r = await v2(sb, 'POST', '/lists', { list });
		expect(r.status).toBe(422);
		expect(r.body).toEqual({ status: 'error', error });
		expect((await v2(sb, 'GET', '/lists')).body.count).toBe(12);
	});

	test('create without the `list` wrapper is 422', async () => {
		const r = await v2(sb, 'POST', '/lists', { name: 'Flat' });
		expect(r.status).toBe(422);
		expect(r.body.status).toBe('error');
	});

	test('PUT /lists/{id} changes only the fields sent, and not the keywords', async () => {
		const r = await v2(sb, 'PUT', '/lists/101', {
			list: { name: 'Weekly News', message_reply: 'Thanks!', keyword_names: ['OTHER'] },
		});
		expect(r.status).toBe(200);
		expect(r.body.status).toBe('OK');
		expect(r.body.list).toMatchObject({
			id: 101,
			name: 'Weekly News',
			message_reply: 'Thanks!',
			keyword_names: ['JOIN'],
			message_help: 'Newsletter: reply STOP to cancel. Msg&data rates may apply.',
		});
		const bad = await v2(sb, 'PUT', '/lists/101', { list: { name: 'x'.repeat(26) } });
		expect(bad.status).toBe(422);
		expect((await v2(sb, 'GET', '/lists/101')).body.list.name).toBe('Weekly News');
		const missing = await v2(sb, 'PUT', '/lists/999', { list: { name: 'x' } });
		expect(missing.status).toBe(404);
		expect(missing.body).toEqual({ status: 'error', error: 'List not found' });
	});

	test('DELETE /lists/{id} destroys the list and frees its keywords', async () => {
		const r = await v2(sb, 'DELETE', '/lists/101');
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ status: 'List Destroyed' });
		expect((await v2(sb, 'GET', '/lists/101')).status).toBe(404);
		expect((await v2(sb, 'DELETE', '/lists/101')).status).toBe(404);
		const check = await v2(sb, 'POST', '/shortcodes/33733/test_keyword', { keyword_name: 'JOIN' });
		expect(check.body.keyword_name).toBe('available');
	});

	test('PUT /lists/{id}/keywords replaces the keywords; a taken one is the documented 422', async () => {
		const r = await v2(sb, 'PUT', '/lists/101/keywords', { keyword_names: ['test', 'KEYWORD'] });
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ status: 'Keywords changed', keyword_names: ['TEST', 'KEYWORD'] });
		expect((await v2(sb, 'GET', '/lists/101')).body.list.keyword_names).toEqual([
			'TEST',
			'KEYWORD',
		]);
		// JOIN was released; VIP belongs to list 102 on the same shortcode.
		const freed = await v2(sb, 'POST', '/shortcodes/33733/test_keyword', { keyword_name: 'JOIN' });
		expect(freed.body.keyword_name).toBe('available');
		const taken = await v2(sb, 'PUT', '/lists/101/keywords', { keyword_names: ['VIP'] });
		expect(taken.status).toBe(422);
		expect(taken.body).toEqual({ status: 'error', error: 'invalid keyword names: VIP' });
		// A list keeps its own keywords when they are sent again.
		const same = await v2(sb, 'PUT', '/lists/101/keywords', { keyword_names: ['TEST'] });
		expect(same.body.keyword_names).toEqual(['TEST']);
	});

	test('DELETE /lists/{id}/tags is queued: the tags leave the subscribers only later', async () => {
		await control(sb, 'POST', '/config', { queuedJobDelayMs: 60000 });
		await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: '2065551111', tags: 'vip, spring' },
		});
		const r = await v2(sb, 'DELETE', '/lists/101/tags', { tags: ['spring'] });
		expect(r.status).toBe(200);
		expect(r.body).toEqual({ status: 'Tags enqueued for deletion' });
		const before = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(before.body.subscriber.tags).toEqual(['vip', 'spring']);
		await control(sb, 'POST', '/clock/advance', { minutes: 1 });
		const after = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(after.body.subscriber.tags).toEqual(['vip']);
	});

	test('DELETE /lists/{id}/tags needs a non-empty array of names', async () => {
		for (const body of [{}, { tags: [] }, { tags: 'spring' }]) {
			const r = await v2(sb, 'DELETE', '/lists/101/tags', body);
			expect(r.status).toBe(422);
		}
		expect((await v2(sb, 'DELETE', '/lists/999/tags', { tags: ['a'] })).status).toBe(404);
	});
});
