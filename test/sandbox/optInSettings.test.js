// @ts-check
'use strict';

const { start, v2, control, messagesOf } = require('./helpers');

const ISO_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

const doubleSettings = () => ({
	opt_in_type: 'double',
	bypass_opt_in_response: false,
	opt_in_requests: [
		{
			collected_data: 'email_address',
			request_message: 'Reply with your e-mail',
			retry_message: 'That is not an e-mail',
			follow_up: true,
			follow_up_hour: 3,
			no_response_message: 'Still there?',
			success_action: 'nextrequest',
		},
		{
			collected_data: 'yes',
			request_message: 'Reply YES to join',
			retry_message: 'Reply YES',
			follow_up: false,
			success_action: 'optinsubscriber',
			opt_in_message: 'Joined!',
			second_opt_in_message: 'Back again!',
		},
	],
});

describe('PUT /lists/{id}/opt_in_settings', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	test('double opt-in settings are stored and echoed with id, list_id, timestamps and bypass flag', async () => {
		const r = await v2(sb, 'PUT', '/lists/105/opt_in_settings', doubleSettings());
		expect(r.status).toBe(200);
		expect(r.body.status).toBe('Opt in settings updated');
		expect(r.body.opt_in_type).toBe('double');
		expect(r.body.opt_in_requests).toHaveLength(2);
		const [first, second] = r.body.opt_in_requests;
		expect(first).toMatchObject({
			collected_data: 'email_address',
			follow_up: true,
			follow_up_hour: 3,
			list_id: 105,
			bypass_opt_in_response: false,
			opt_in_message: null,
			success_action: 'nextrequest',
		});
		expect(second).toMatchObject({
			collected_data: 'yes',
			follow_up: false,
			follow_up_hour: null,
			no_response_message: null,
			opt_in_message: 'Joined!',
		});
		expect(first.id).not.toBe(second.id);
		expect(first.created_at).toMatch(ISO_OFFSET);
		expect(first.updated_at).toMatch(ISO_OFFSET);
		const list = await v2(sb, 'GET', '/lists/105');
		expect(list.body.list.opt_in_type).toBe('double');
		expect(list.body.list.opt_in_requests).toEqual(r.body.opt_in_requests);
	});

	test('the stored settings drive the next add', async () => {
		await v2(sb, 'PUT', '/lists/105/opt_in_settings', doubleSettings());
		const add = await v2(sb, 'POST', '/lists/105/subscribers', {
			subscriber: { phone_number: '2065552001' },
		});
		expect(add.body.status).toBe('Subscriber being added to campaign pending confirmation');
		expect((await messagesOf(sb, '2065552001')).map((/** @type {any} */ m) => m.text)).toEqual([
			'Reply with your e-mail',
		]);
	});

	test('bypass_opt_in_response is echoed on every request item', async () => {
		const r = await v2(sb, 'PUT', '/lists/105/opt_in_settings', {
			...doubleSettings(),
			bypass_opt_in_response: true,
		});
		expect(
			r.body.opt_in_requests.every((/** @type {any} */ q) => q.bypass_opt_in_response === true),
		).toBe(true);
	});

	test('single opt-in returns the documented shape and changes the messages', async () => {
		await v2(sb, 'PUT', '/lists/102/opt_in_settings', doubleSettings());
		const r = await v2(sb, 'PUT', '/lists/102/opt_in_settings', {
			opt_in_type: 'single',
			first_optin_message: 'Hi new',
			second_optin_message: 'Hi again',
		});
		expect(r.status).toBe(200);
		expect(r.body).toEqual({
			opt_in_type: 'single',
			first_optin_message: 'Hi new',
			second_optin_message: 'Hi again',
		});
		const list = await v2(sb, 'GET', '/lists/102');
		expect(list.body.list).toMatchObject({
			opt_in_type: 'single',
			opt_in_requests: [],
			first_optin_message: 'Hi new',
		});
		await v2(sb, 'POST', '/lists/102/subscribers', {
			subscriber: { phone_number: '2065552002' },
		});
		const yes = await control(sb, 'POST', '/replies', {
			listId: 102,
			phone: '2065552002',
			text: 'YES',
		});
		expect(yes.body.outcome).toBe('subscribed');
		const texts = (await messagesOf(sb, '2065552002')).map((/** @type {any} */ m) => m.text);
		expect(texts).toHaveLength(2);
		expect(texts[0]).toMatch(/YES/);
		expect(texts[1]).toBe('Hi new');
	});

	test('invalid settings are refused with 422 and leave the list unchanged', async () => {
		const base = doubleSettings();
		/** @type {[unknown, RegExp][]} */
		const cases = [
			[{}, /opt_in_type/],
			[{ opt_in_type: 'triple' }, /opt_in_type/],
			[{ opt_in_type: 'double', opt_in_requests: [] }, /at least one/],
			[{ opt_in_type: 'double' }, /at least one/],
			[{ opt_in_type: 'single', opt_in_requests: base.opt_in_requests }, /only be set for double/],
			[
				{ ...base, opt_in_requests: [base.opt_in_requests[0]] },
				/last opt-in request's success_action must be optinsubscriber/,
			],
			[
				{
					...base,
					opt_in_requests: [
						{ ...base.opt_in_requests[0], follow_up_hour: null },
						base.opt_in_requests[1],
					],
				},
				/follow_up_hour is required/,
			],
			[
				{
					...base,
					opt_in_requests: [
						base.opt_in_requests[0],
						{ ...base.opt_in_requests[1], follow_up_hour: 4 },
					],
				},
				/follow_up_hour must be empty/,
			],
			[
				{
					...base,
					opt_in_requests: [
						{ ...base.opt_in_requests[0], collected_data: 'shoe_size' },
						base.opt_in_requests[1],
					],
				},
				/collected_data/,
			],
			[
				{
					...base,
					opt_in_requests: [
						{ ...base.opt_in_requests[0], success_action: 'subscribe' },
						base.opt_in_requests[1],
					],
				},
				/success_action/,
			],
			[
				{
					...base,
					opt_in_requests: [
						{ ...base.opt_in_requests[0], request_message: '' },
						base.opt_in_requests[1],
					],
				},
				/request_message/,
			],
		];
		for (const [body, error] of cases) {
			const r = await v2(sb, 'PUT', '/lists/101/opt_in_settings', body);
			expect(r.status).toBe(422);
			expect(r.body).toEqual({ status: 'error', error: expect.stringMatching(error) });
		}
		const list = await v2(sb, 'GET', '/lists/101');
		expect(list.body.list.opt_in_type).toBe('single');
	});

	test('unknown list → 404', async () => {
		const r = await v2(sb, 'PUT', '/lists/999/opt_in_settings', doubleSettings());
		expect(r.status).toBe(404);
		expect(r.body.error).toBe('List not found');
	});
});
