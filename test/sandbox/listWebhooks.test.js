// @ts-check
'use strict';

const { start, v2, control, waitFor, receiver } = require('./helpers');
const { createContext } = require('../../sandbox/context');

const ISO_OFFSET = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

describe('list webhooks', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start();
	});
	afterAll(() => sb.close());
	beforeEach(() => control(sb, 'POST', '/reset'));

	test('create, get, list, update and delete', async () => {
		const created = await v2(sb, 'POST', '/lists/101/webhooks', {
			webhook: {
				callback_url: 'https://example.com/hook?api_key=s3cret',
				subscribe: true,
				unsubscribe: true,
				message_sent: false,
			},
		});
		expect(created.status).toBe(200);
		expect(created.body.status).toBe('Webhook created');
		const hook = created.body.webhook;
		expect(hook).toMatchObject({
			callback_url: 'https://example.com/hook?api_key=s3cret',
			enabled: true,
			list_id: 101,
			subscribe: true,
			unsubscribe: true,
			message_sent: false,
		});
		expect(hook.created_at).toMatch(ISO_OFFSET);
		expect(hook.updated_at).toMatch(ISO_OFFSET);

		expect((await v2(sb, 'GET', `/lists/101/webhooks/${hook.id}`)).body).toEqual({
			status: 'OK',
			webhook: hook,
		});
		const all = await v2(sb, 'GET', '/lists/101/webhooks');
		expect(all.body).toMatchObject({ status: 'OK', count: 1, pages_count: 1, webhooks: [hook] });

		const updated = await v2(sb, 'PUT', `/lists/101/webhooks/${hook.id}`, {
			webhook: { message_sent: true },
		});
		expect(updated.body.status).toBe('Webhook updated');
		expect(updated.body.webhook).toMatchObject({
			message_sent: true,
			subscribe: true,
			callback_url: hook.callback_url,
		});

		expect((await v2(sb, 'DELETE', `/lists/101/webhooks/${hook.id}`)).body).toEqual({
			status: 'Webhook destroyed',
		});
		const gone = await v2(sb, 'GET', `/lists/101/webhooks/${hook.id}`);
		expect(gone.status).toBe(404);
		expect(gone.body).toEqual({ status: 'error', error: 'Webhook not found' });
	});

	test('errors: unknown list, unknown webhook, bad callback_url', async () => {
		const noList = await v2(sb, 'GET', '/lists/999/webhooks');
		expect(noList.status).toBe(404);
		expect(noList.body).toEqual({ status: 'error', error: 'List not found' });
		expect(
			(await v2(sb, 'PUT', '/lists/101/webhooks/77', { webhook: { subscribe: true } })).status,
		).toBe(404);
		expect((await v2(sb, 'DELETE', '/lists/101/webhooks/77')).status).toBe(404);
		const bad = await v2(sb, 'POST', '/lists/101/webhooks', {
			webhook: { callback_url: 'ftp://x' },
		});
		expect(bad.status).toBe(422);
		expect(
			(await v2(sb, 'POST', '/lists/101/webhooks', { callback_url: 'https://example.com' })).status,
		).toBe(422);
	});

	test('the list is paginated; the control API shows every registered webhook', async () => {
		for (const listId of [101, 101, 101, 104]) {
			await v2(sb, 'POST', `/lists/${listId}/webhooks`, {
				webhook: { callback_url: `https://example.com/${listId}`, subscribe: true },
			});
		}
		const page2 = await v2(sb, 'GET', '/lists/101/webhooks?per_page=2&page=2');
		expect(page2.body).toMatchObject({ count: 3, per_page: 2, page: 2, pages_count: 2 });
		expect(page2.body.webhooks).toHaveLength(1);

		const all = (await control(sb, 'GET', '/webhooks')).body;
		expect(all.count).toBe(4);
		expect(all.webhooks.map((/** @type {any} */ h) => h.list_id)).toEqual([101, 101, 101, 104]);
		const one = (await control(sb, 'GET', '/webhooks?listId=104')).body;
		expect(one.webhooks).toEqual([
			expect.objectContaining({ callback_url: 'https://example.com/104' }),
		]);
		expect((await control(sb, 'GET', '/inspect')).body.listWebhooks).toEqual(all.webhooks);
		await control(sb, 'POST', '/reset');
		expect((await control(sb, 'GET', '/webhooks')).body).toEqual({ count: 0, webhooks: [] });
	});

	test('unknown list on every route: 404 "List not found"', async () => {
		for (const [method, path] of [
			['POST', '/lists/999/webhooks'],
			['GET', '/lists/999/webhooks/1'],
			['PUT', '/lists/999/webhooks/1'],
			['DELETE', '/lists/999/webhooks/1'],
		]) {
			const res = await v2(
				sb,
				method,
				path,
				method === 'POST' || method === 'PUT'
					? { webhook: { callback_url: 'https://example.com' } }
					: undefined,
			);
			expect([method, res.status, res.body]).toEqual([
				method,
				404,
				{ status: 'error', error: 'List not found' },
			]);
		}
	});

	describe('delivery', () => {
		/** @type {Awaited<ReturnType<typeof receiver>>} */
		let rx;
		beforeAll(async () => {
			rx = await receiver();
		});
		afterAll(() => rx.close());
		beforeEach(() => {
			rx.received.length = 0;
		});

		/** @param {number} listId @param {Record<string, boolean>} flags */
		const addHook = (listId, flags) =>
			v2(sb, 'POST', `/lists/${listId}/webhooks`, {
				webhook: { callback_url: `${rx.url}/list-hook?api_key=k`, ...flags },
			});
		/** @param {string} type */
		const ofType = (type) => rx.received.filter((r) => r.body.type === type);

		test('subscribe and unsubscribe events carry the documented fields', async () => {
			await addHook(101, { subscribe: true, unsubscribe: true });
			await v2(sb, 'POST', '/lists/101/subscribers', {
				subscriber: {
					phone_number: '2065555001',
					first_name: 'Ada',
					birthdate: '19780728',
					tags: 'a, b',
					bypass_opt_in_process: true,
				},
			});
			const [sub] = await waitFor(() => (ofType('subscribe').length ? ofType('subscribe') : null));
			expect(sub.path).toBe('/list-hook?api_key=k');
			expect(sub.body).toMatchObject({
				type: 'subscribe',
				account_id: 37,
				campaign_id: 101,
				opt_id: expect.any(Number),
				phone_number: '2065555001',
				carrier_id: expect.any(Number),
				carrier_name: expect.any(String),
				first_name: 'Ada',
				birthdate: '07/28/1978',
				birthday: '07/28',
				tag_list: ['a', 'b'],
				last_opt_in_method: 'api',
				total_messages_received: 1,
			});
			expect(sub.body.timestamp).toMatch(ISO_OFFSET);
			expect(sub.body.first_opt_in_timestamp).toMatch(ISO_OFFSET);

			await v2(sb, 'DELETE', '/lists/101/subscribers/2065555001');
			const [unsub] = await waitFor(() =>
				ofType('unsubscribe').length ? ofType('unsubscribe') : null,
			);
			expect(unsub.body).toMatchObject({
				type: 'unsubscribe',
				campaign_id: 101,
				phone_number: '2065555001',
				unsubscribe_date: expect.stringMatching(ISO_OFFSET),
			});
			expect(unsub.body.opt_id).not.toBe(sub.body.opt_id);
		});

		test('subscribe fires on confirmation, not on a pending add', async () => {
			await addHook(102, { subscribe: true });
			await v2(sb, 'POST', '/lists/102/subscribers', {
				subscriber: { phone_number: '2065555002' },
			});
			await control(sb, 'POST', '/replies', { listId: 102, phone: '2065555002', text: '98101' });
			// Deliveries are recorded the moment an event fires, so an empty list means no event.
			expect((await control(sb, 'GET', '/inspect')).body.webhookDeliveries).toEqual([]);
			await control(sb, 'POST', '/replies', { listId: 102, phone: '2065555002', text: 'YES' });
			const [sub] = await waitFor(() => (ofType('subscribe').length ? ofType('subscribe') : null));
			expect(sub.body).toMatchObject({ campaign_id: 102, zip_code: '98101' });
		});

		test('campaign_response, cleaned and message_sent events', async () => {
			await addHook(101, { reply_received: true, cleaned: true, message_sent: true });
			await v2(sb, 'POST', '/lists/101/subscribers', {
				subscriber: { phone_number: '2065555003', bypass_opt_in_process: true },
			});
			const sent = await v2(sb, 'POST', '/lists/101/messages', {
				message: { content: 'Flash sale today' },
			});
			expect(sent.body).toEqual({ status: 'OK', message: { id: expect.any(Number) } });
			const [ms] = await waitFor(() =>
				ofType('message_sent').length ? ofType('message_sent') : null,
			);
			expect(ms.body).toMatchObject({
				type: 'message_sent',
				campaign_id: 101,
				message_id: sent.body.message.id,
				content: 'Flash sale today',
				recipient_count: '1',
				success_count: 1,
				is_mms: false,
			});

			await control(sb, 'POST', '/replies', { listId: 101, phone: '2065555003', text: 'Love it' });
			const [cr] = await waitFor(() =>
				ofType('campaign_response').length ? ofType('campaign_response') : null,
			);
			expect(cr.body).toMatchObject({
				type: 'campaign_response',
				campaign_id: 101,
				phone_number: '2065555003',
				reply_content: 'Love it',
				content: 'Flash sale today',
				message_id: sent.body.message.id,
				is_mms: false,
				attachment_urls: [],
			});

			await control(sb, 'POST', '/clean', {
				listId: 101,
				phone: '2065555003',
				reason: 'Number deactivated',
			});
			const [cl] = await waitFor(() => (ofType('cleaned').length ? ofType('cleaned') : null));
			expect(cl.body).toMatchObject({
				type: 'cleaned',
				campaign_id: 101,
				phone_number: '2065555003',
				clean_reason: 'Number deactivated',
				subscriber_id: expect.any(Number),
				last_message_id: expect.any(Number),
			});
			expect(ofType('subscribe')).toHaveLength(0);
		});

		test('disabled flags and other lists get nothing', async () => {
			await addHook(101, { subscribe: false, unsubscribe: true });
			await addHook(104, { subscribe: true });
			await v2(sb, 'POST', '/lists/101/subscribers', {
				subscriber: { phone_number: '2065555004', bypass_opt_in_process: true },
			});
			expect((await control(sb, 'GET', '/inspect')).body.webhookDeliveries).toEqual([]);
			await v2(sb, 'DELETE', '/lists/101/subscribers/2065555004');
			const deliveries = (await control(sb, 'GET', '/inspect')).body.webhookDeliveries;
			expect(deliveries.map((/** @type {any} */ d) => d.event)).toEqual(['unsubscribe']);
			await waitFor(() => rx.received.length === 1);
			expect(rx.received[0].body.type).toBe('unsubscribe');
		});

		test('every enabled webhook of the list gets the event; a disabled one does not', async () => {
			await v2(sb, 'POST', '/lists/101/webhooks', {
				webhook: { callback_url: `${rx.url}/one`, subscribe: true },
			});
			await v2(sb, 'POST', '/lists/101/webhooks', {
				webhook: { callback_url: `${rx.url}/two`, subscribe: true },
			});
			const off = await v2(sb, 'POST', '/lists/101/webhooks', {
				webhook: { callback_url: `${rx.url}/off`, subscribe: true },
			});
			await v2(sb, 'PUT', `/lists/101/webhooks/${off.body.webhook.id}`, {
				webhook: { enabled: false },
			});
			await v2(sb, 'POST', '/lists/101/subscribers', {
				subscriber: { phone_number: '2065555006', bypass_opt_in_process: true },
			});
			await waitFor(() => rx.received.length === 2);
			await new Promise((r) => setTimeout(r, 50));
			expect(rx.received.map((r) => r.path).sort()).toEqual(['/one', '/two']);
			expect(rx.received[0].body).toEqual(rx.received[1].body);
		});

		test('a transactional reply is posted to webhook_callback_url', async () => {
			const t = await v2(sb, 'POST', '/transactional_messages', {
				transactional_message: {
					number: '3474437987',
					content: 'Your code is 1234',
					webhook_callback_url: `${rx.url}/tm`,
				},
			});
			const c = await control(sb, 'POST', '/replies', {
				phone: '3474437987',
				text: 'I replied to transactional',
			});
			expect(c.body.outcome).toBe('transactional_message_reply');
			const [reply] = await waitFor(() => (rx.received.length ? rx.received : null));
			expect(reply.path).toBe('/tm');
			expect(reply.body).toEqual({
				type: 'transactional_message_reply',
				transactional_message_id: t.body.transactional_message.id,
				received_at: expect.stringMatching(ISO_OFFSET),
				phone_number: '3474437987',
				carrier: expect.any(Number),
				carrier_name: expect.any(String),
				content: 'I replied to transactional',
			});
		});

		test('duplicateWebhooks sends a successful delivery twice', async () => {
			await control(sb, 'POST', '/config', { duplicateWebhooks: true });
			await addHook(101, { subscribe: true });
			await v2(sb, 'POST', '/lists/101/subscribers', {
				subscriber: { phone_number: '2065555005', bypass_opt_in_process: true },
			});
			const two = await waitFor(() =>
				ofType('subscribe').length === 2 ? ofType('subscribe') : null,
			);
			expect(two[0].body).toEqual(two[1].body);
		});
	});

	describe('retries', () => {
		test('failed deliveries are retried until one succeeds', async () => {
			const rx = await receiver((n) => (n <= 3 ? 500 : 200));
			try {
				await v2(sb, 'POST', '/lists/101/webhooks', {
					webhook: { callback_url: `${rx.url}/flaky`, subscribe: true },
				});
				await v2(sb, 'POST', '/lists/101/subscribers', {
					subscriber: { phone_number: '2065555010', bypass_opt_in_process: true },
				});
				await waitFor(() => rx.received.length === 4, 10000);
				const d = await waitFor(async () => {
					const [delivery] = (await control(sb, 'GET', '/inspect')).body.webhookDeliveries;
					return delivery && delivery.status === 'delivered' ? delivery : null;
				});
				expect(d.attempts.map((/** @type {any} */ a) => a.statusCode)).toEqual([
					500, 500, 500, 200,
				]);
				expect(new Set(rx.received.map((r) => r.body.opt_id)).size).toBe(1);
			} finally {
				await rx.close();
			}
		});

		test('after 10 retries (11 attempts) the sandbox gives up', async () => {
			const rx = await receiver(() => 503);
			try {
				await v2(sb, 'POST', '/lists/101/webhooks', {
					webhook: { callback_url: `${rx.url}/down`, subscribe: true },
				});
				await v2(sb, 'POST', '/lists/101/subscribers', {
					subscriber: { phone_number: '2065555011', bypass_opt_in_process: true },
				});
				const d = await waitFor(async () => {
					const [delivery] = (await control(sb, 'GET', '/inspect')).body.webhookDeliveries;
					return delivery && delivery.status === 'failed' ? delivery : null;
				}, 20000);
				expect(d.attempts).toHaveLength(11);
				await new Promise((r) => setTimeout(r, 100));
				expect(rx.received).toHaveLength(11);
			} finally {
				await rx.close();
			}
		}, 30000);

		test('an unreachable callback is retried too (network errors count as failures)', async () => {
			const rx = await receiver();
			const deadUrl = rx.url;
			await rx.close();
			await control(sb, 'POST', '/config', { webhookMaxRetries: 2 });
			await v2(sb, 'POST', '/lists/101/webhooks', {
				webhook: { callback_url: `${deadUrl}/x`, subscribe: true },
			});
			await v2(sb, 'POST', '/lists/101/subscribers', {
				subscriber: { phone_number: '2065555012', bypass_opt_in_process: true },
			});
			const d = await waitFor(async () => {
				const [delivery] = (await control(sb, 'GET', '/inspect')).body.webhookDeliveries;
				return delivery && delivery.status === 'failed' ? delivery : null;
			});
			expect(d.attempts).toHaveLength(3);
			expect(d.attempts[0].error).toBeTruthy();
		});

		test('the backoff follows (retry_count ** 4) + 15 + rand(30) * (retry_count + 1) seconds, scaled', () => {
			const ctx = createContext({ webhookRetryScale: 1, webhookRetryJitter: false });
			expect([0, 1, 2, 3, 4].map((n) => ctx.dispatcher.backoffMs(n))).toEqual([
				15000, 16000, 31000, 96000, 271000,
			]);
			ctx.config.webhookRetryScale = 0.001;
			expect(ctx.dispatcher.backoffMs(2)).toBeCloseTo(31);
			ctx.config.webhookRetryJitter = true;
			for (let i = 0; i < 50; i++) {
				const ms = ctx.dispatcher.backoffMs(1);
				expect(ms).toBeGreaterThanOrEqual(16);
				expect(ms).toBeLessThanOrEqual(16 + 29 * 2);
			}
		});
	});
});
