// @ts-check
'use strict';

const { start, v2, control, messagesOf } = require('./helpers');

/** @param {string} phone @param {Record<string, unknown>} [extra] */
const sub = (phone, extra = {}) => ({ subscriber: { phone_number: phone, ...extra } });

describe('subscriber state machine', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	/** The number texts YES to the list's shortcode. @param {string} phone @param {number} listId */
	const yes = (phone, listId) => control(sb, 'POST', '/replies', { phone, listId, text: 'YES' });

	test('single opt-in list: a new number is pending (201) until it replies YES, then subscribed with the first opt-in message', async () => {
		const r = await v2(
			sb,
			'POST',
			'/lists/101/subscribers',
			sub('2065551111', {
				first_name: 'Ada',
				tags: 'vip customer, card holder,daily alerts',
				loyalty_id: 'L-7',
				gender: 'Female',
			}),
		);
		expect(r.status).toBe(201);
		expect(r.body.status).toBe('Subscriber being added to campaign pending confirmation');
		expect(r.body.subscriber).toMatchObject({
			phone_number: '2065551111',
			first_name: 'Ada',
			gender: 'Female',
			tags: ['vip customer', 'card holder', 'daily alerts'],
			loyalty_id: 'L-7',
			optin_in_progress: true,
			subscribed_at: null,
			opt_in_method: 'api',
		});
		expect((await messagesOf(sb, '2065551111')).map((/** @type {any} */ m) => m.kind)).toEqual([
			'opt_in_request',
		]);

		await yes('2065551111', 101);
		const got = await v2(sb, 'GET', '/lists/101/subscribers/2065551111');
		expect(got.body.subscriber).toMatchObject({
			loyalty_id: 'L-7',
			optin_in_progress: false,
			opted_out_at: null,
		});
		expect(got.body.subscriber.subscribed_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
		const msgs = await messagesOf(sb, '2065551111');
		expect(msgs.map((/** @type {any} */ m) => m.kind)).toEqual([
			'opt_in_request',
			'opt_in_confirmation',
		]);
		expect(msgs[1]).toMatchObject({ listId: 101 });
		expect(msgs[1].text).toContain('Newsletter: thanks for joining');
	});

	test('with bypass_opt_in_process a single opt-in add subscribes at once (201) with the first opt-in message', async () => {
		const r = await v2(
			sb,
			'POST',
			'/lists/101/subscribers',
			sub('2065551110', { bypass_opt_in_process: true }),
		);
		expect(r.status).toBe(201);
		expect(r.body.status).toBe('Subscriber added');
		expect(r.body.subscriber).toMatchObject({ optin_in_progress: false, opted_out_at: null });
		const msgs = await messagesOf(sb, '2065551110');
		expect(msgs.map((/** @type {any} */ m) => m.kind)).toEqual(['opt_in_confirmation']);
		expect(msgs[0].text).toContain('Newsletter: thanks for joining');
	});

	test('single opt-in list without an opt-in message says so and sends nothing', async () => {
		const r = await v2(
			sb,
			'POST',
			'/lists/103/subscribers',
			sub('2065551112', { bypass_opt_in_process: true }),
		);
		expect(r.status).toBe(201);
		expect(r.body.status).toBe(
			'Subscriber has been added - no opt-in message was sent due to list settings.',
		);
		expect(await messagesOf(sb, '2065551112')).toEqual([]);
	});

	test('bypass_opt_in_response inside subscriber suppresses the confirmation message after the YES', async () => {
		const r = await v2(
			sb,
			'POST',
			'/lists/101/subscribers',
			sub('2065551113', { bypass_opt_in_response: true }),
		);
		expect(r.status).toBe(201);
		expect(r.body.subscriber.optin_in_progress).toBe(true);
		await yes('2065551113', 101);
		expect((await messagesOf(sb, '2065551113')).map((/** @type {any} */ m) => m.kind)).toEqual([
			'opt_in_request',
		]);
		const got = await v2(sb, 'GET', '/lists/101/subscribers/2065551113');
		expect(got.body.subscriber.optin_in_progress).toBe(false);
	});

	test('double opt-in list: pending confirmation (201) and the first opt-in request is sent', async () => {
		const r = await v2(sb, 'POST', '/lists/102/subscribers', sub('2065551114'));
		expect(r.status).toBe(201);
		expect(r.body.status).toBe('Subscriber being added to campaign pending confirmation');
		expect(r.body.subscriber).toMatchObject({ optin_in_progress: true, subscribed_at: null });
		const msgs = await messagesOf(sb, '2065551114');
		expect(msgs.map((/** @type {any} */ m) => m.kind)).toEqual(['opt_in_request']);
		expect(msgs[0].text).toContain('ZIP code');
	});

	test('double opt-in list with bypass_opt_in_process: subscribed at once with the confirmation', async () => {
		const r = await v2(
			sb,
			'POST',
			'/lists/102/subscribers',
			sub('2065551115', { bypass_opt_in_process: true }),
		);
		expect(r.status).toBe(201);
		expect(r.body.status).toBe('Subscriber added');
		expect(r.body.subscriber.optin_in_progress).toBe(false);
		const msgs = await messagesOf(sb, '2065551115');
		expect(msgs.map((/** @type {any} */ m) => m.kind)).toEqual(['opt_in_confirmation']);
		expect(msgs[0].text).toContain('Welcome to VIP Club');
	});

	test('both bypass flags: a silent add', async () => {
		const r = await v2(
			sb,
			'POST',
			'/lists/102/subscribers',
			sub('2065551116', { bypass_opt_in_process: true, bypass_opt_in_response: 'true' }),
		);
		expect(r.body.status).toBe('Subscriber added');
		expect(await messagesOf(sb, '2065551116')).toEqual([]);
	});

	test('already subscribed: 200, no change and no new message', async () => {
		await v2(
			sb,
			'POST',
			'/lists/101/subscribers',
			sub('2065551117', { first_name: 'First', bypass_opt_in_process: true }),
		);
		const again = await v2(
			sb,
			'POST',
			'/lists/101/subscribers',
			sub('2065551117', { first_name: 'Changed' }),
		);
		expect(again.status).toBe(200);
		expect(again.body.status).toBe('Subscriber is already subscribed to this campaign.');
		expect(again.body.subscriber.first_name).toBe('First');
		expect(await messagesOf(sb, '2065551117')).toHaveLength(1);
	});

	test('pending: 200 "already been sent opt-in message", no second request', async () => {
		await v2(sb, 'POST', '/lists/102/subscribers', sub('2065551118'));
		const again = await v2(sb, 'POST', '/lists/102/subscribers', sub('2065551118'));
		expect(again.status).toBe(200);
		expect(again.body.status).toBe(
			'Subscriber has already been sent opt-in message for this campaign.',
		);
		expect(await messagesOf(sb, '2065551118')).toHaveLength(1);
	});

	test('unsubscribe sets opted_out_at and affects only that list; a re-add is refused for 48 h, then resubscribes with the second message', async () => {
		const direct = { bypass_opt_in_process: true };
		await v2(sb, 'POST', '/lists/101/subscribers', sub('2065551119', direct));
		await v2(sb, 'POST', '/lists/104/subscribers', sub('2065551119', direct));
		const del = await v2(sb, 'DELETE', '/lists/101/subscribers/2065551119', undefined, {
			headers: { 'content-type': 'application/json' },
		});
		expect(del.status).toBe(200);
		expect(del.body.status).toBe('successfully unsubscribed');
		expect(del.body.subscriber.opted_out_at).toMatch(/Z$/);
		const other = await v2(sb, 'GET', '/lists/104/subscribers/2065551119');
		expect(other.body.subscriber.opted_out_at).toBeNull();
		const lists = await v2(sb, 'GET', '/lists/101');
		expect(lists.body.list.counts).toEqual({ subscribers: 0, unsubscribed: 1, cleaned: 0 });

		// Live, the refusal is a 201 whose status alone says nothing changed.
		const refused = await v2(sb, 'POST', '/lists/101/subscribers', sub('2065551119', direct));
		expect(refused.status).toBe(201);
		expect(refused.body.status).toMatch(/security timeout: wait 4[78] hours and \d+ minutes/);
		expect(refused.body.subscriber.opted_out_at).toMatch(/Z$/);
		expect((await v2(sb, 'GET', '/lists/101')).body.list.counts.subscribers).toBe(0);

		await control(sb, 'POST', '/clock/advance', { hours: 48 });
		const back = await v2(sb, 'POST', '/lists/101/subscribers', sub('2065551119', direct));
		expect(back.status).toBe(201);
		expect(back.body.status).toBe('Subscriber added');
		expect(back.body.subscriber.opted_out_at).toBeNull();
		const msgs = (await messagesOf(sb, '2065551119')).filter(
			(/** @type {any} */ m) => m.listId === 101,
		);
		expect(msgs.map((/** @type {any} */ m) => m.text)).toEqual([
			expect.stringContaining('thanks for joining'),
			expect.stringContaining('welcome back'),
		]);
	});

	test('with liveOptInRules off (the seed spec), a single opt-in add subscribes at once and a re-add after an opt-out is taken', async () => {
		const seed = await start({ liveOptInRules: false });
		try {
			const add = await v2(seed, 'POST', '/lists/101/subscribers', sub('2065551124'));
			expect(add.status).toBe(201);
			expect(add.body.status).toBe('Subscriber added');
			expect(add.body.subscriber.optin_in_progress).toBe(false);
			await v2(seed, 'DELETE', '/lists/101/subscribers/2065551124');
			const back = await v2(seed, 'POST', '/lists/101/subscribers', sub('2065551124'));
			expect(back.body.status).toBe('Subscriber added');
			expect(back.body.subscriber.opted_out_at).toBeNull();
		} finally {
			await seed.close();
		}
	});

	test('landline and unreachable test numbers are refused with 422', async () => {
		for (const phone of ['2065550100', '2065550101']) {
			const r = await v2(sb, 'POST', '/lists/101/subscribers', sub(phone));
			expect(r.status).toBe(422);
			expect(r.body).toEqual({
				status: 'error',
				error: 'Bad phone number: landline or unreachable carrier',
			});
			expect((await v2(sb, 'GET', `/lists/101/subscribers/${phone}`)).status).toBe(404);
		}
	});

	test('invalid requests are refused with 422 and a clear error', async () => {
		/** @type {[unknown, RegExp][]} */
		const cases = [
			[{ phone_number: '2065551111' }, /subscriber/],
			[{ subscriber: {} }, /Phone number can't be blank/],
			[sub('206-555-1111'), /10 digits/],
			[sub('+12065551111'), /10 digits/],
			[sub('206555111'), /10 digits/],
			[sub('2065551111', { gender: 'male' }), /Gender must be Male or Female/],
			[sub('2065551111', { birthdate: '1990-01-01' }), /Birthdate/],
			[sub('2065551111', { first_name: 'x'.repeat(51) }), /first_name is too long/],
		];
		for (const [body, error] of cases) {
			const r = await v2(sb, 'POST', '/lists/101/subscribers', body);
			expect(r.status).toBe(422);
			expect(r.body.status).toBe('error');
			expect(r.body.error).toMatch(error);
		}
		expect((await control(sb, 'GET', '/inspect')).body.messages).toEqual({});
	});

	test('unknown list → 404 List not found; unknown subscriber → 404 on GET and DELETE', async () => {
		const r = await v2(sb, 'POST', '/lists/999/subscribers', sub('2065551111'));
		expect(r.status).toBe(404);
		expect(r.body).toEqual({ status: 'error', error: 'List not found' });
		const get = await v2(sb, 'GET', '/lists/101/subscribers/2065559999');
		expect(get.status).toBe(404);
		expect(get.body).toEqual({ status: 'error', error: 'Subscriber not found' });
		expect((await v2(sb, 'DELETE', '/lists/101/subscribers/2065559999')).status).toBe(404);
	});

	test('cleaned subscribers show cleaned_at and can be added again', async () => {
		await v2(sb, 'POST', '/lists/101/subscribers', sub('2065551120'));
		const c = await control(sb, 'POST', '/clean', {
			listId: 101,
			phone: '2065551120',
			reason: 'Deactivated',
		});
		expect(c.status).toBe(200);
		const got = await v2(sb, 'GET', '/lists/101/subscribers/2065551120');
		expect(got.body.subscriber.cleaned_at).not.toBeNull();
		expect((await v2(sb, 'GET', '/lists/101')).body.list.counts.cleaned).toBe(1);
		const back = await v2(sb, 'POST', '/lists/101/subscribers', sub('2065551120'));
		expect(back.status).toBe(201);
		expect(back.body.subscriber.cleaned_at).toBeNull();
	});

	test('GET /lists/{id}/subscribers pages the subscribed phone numbers', async () => {
		for (const p of ['2065551121', '2065551122', '2065551123'])
			await v2(sb, 'POST', '/lists/101/subscribers', sub(p, { bypass_opt_in_process: true }));
		// A number still waiting for its YES is not subscribed yet.
		await v2(sb, 'POST', '/lists/101/subscribers', sub('2065551125'));
		const r = await v2(sb, 'GET', '/lists/101/subscribers?per_page=2');
		expect(r.body).toMatchObject({
			per_page: 2,
			count: 3,
			page: 1,
			pages_count: 2,
			phone_numbers: ['2065551121', '2065551122'],
		});
	});
});
