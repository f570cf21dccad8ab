// @ts-check
'use strict';
// The Tatango Trigger on a list, in a real n8n against the sandbox: publishing registers one list
// webhook with the production URL, a confirmed subscriber starts exactly one run, unpublishing
// removes the webhook; "Listen for test event" (driven through the REST call the editor makes) does
// the same with the test URL and removes its webhook after the test event.
const fs = require('fs');
const path = require('path');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, rest, sandbox } = require('./env');
const {
	LIST_ID,
	V2_AUTH,
	listTriggerWorkflow,
	listWebhooks,
	subscribeAndConfirm,
	until,
	settled,
} = require('./listTriggerParts');

describe('Tatango Trigger on a list (real n8n)', () => {
	beforeEach(() => sandbox.reset());

	test('publish → one webhook with the production URL → a confirmed subscriber starts exactly one run → unpublish → no webhook', async () => {
		// Tatango's observed duplicate deliveries: the trigger still starts one run.
		await sandbox.config({ duplicateWebhooks: true });
		const { webhookId, workflow } = listTriggerWorkflow('e2e list trigger (production)');
		const c = rest();
		const id = await c.createWorkflow(workflow);
		await c.activateWorkflow(id);
		await c.waitForWebhook(`${webhookId}/tatango`);
		// n8n 2.x activates through an outbox: the trigger registers a moment after the call returns.
		const hooks = await until(async () => {
			const found = await listWebhooks();
			return found.length > 0 && found;
		});
		await n8n.sleep(500);
		expect(await listWebhooks()).toEqual(hooks);
		expect(hooks).toHaveLength(1);
		const callback = new URL(hooks[0].callback_url);
		expect(`${callback.origin}${callback.pathname}`).toBe(
			`${state().webhookUrl}webhook/${webhookId}/tatango`,
		);
		expect(callback.searchParams.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
		expect(hooks[0]).toMatchObject({ enabled: true, subscribe: true, unsubscribe: false });

		await subscribeAndConfirm('2065557101');
		const execution = await c.waitForExecution(id, { timeoutMs: 30000 });
		expect(execution.status).toBe('success');
		expect(n8n.nodeItems(execution)[0]).toMatchObject({
			event: 'subscribe',
			listId: String(LIST_ID),
			phoneNumber: '2065557101',
		});
		await until(async () => {
			const { webhookDeliveries } = await sandbox.inspect();
			return webhookDeliveries.some((/** @type {any} */ d) => d.attempts.length >= 2);
		});
		expect(await settled(id)).toHaveLength(1);

		// A call without the token is refused and starts nothing.
		const forged = await axios.post(
			`${state().n8nUrl}/webhook/${webhookId}/tatango`,
			{ type: 'subscribe', campaign_id: LIST_ID, opt_id: 1 },
			{ validateStatus: () => true },
		);
		expect(forged.status).toBe(401);

		await c.deactivateWorkflow(id);
		await until(async () => (await listWebhooks()).length === 0, 15000);
		expect(await settled(id, 500)).toHaveLength(1);
	});

	test('listen for test event → one webhook with the test URL → the event runs once → the webhook is removed', async () => {
		const { webhookId, workflow } = listTriggerWorkflow('e2e list trigger (test)');
		const c = rest();
		const id = await c.createWorkflow(workflow);
		// What the editor sends for "Execute workflow" / "Listen for test event" on this trigger.
		const answer = await c.request('POST', `/rest/workflows/${id}/run`, {
			triggerToStartFrom: { name: 'Tatango Trigger' },
		});
		expect(answer).toEqual({ waitingForWebhook: true });

		const hooks = await listWebhooks();
		expect(hooks.map((/** @type {any} */ h) => h.callback_url.split('?')[0])).toEqual([
			`${state().webhookUrl}webhook-test/${webhookId}/tatango`,
		]);

		await subscribeAndConfirm('2065557102');
		const execution = await c.waitForExecution(id, { timeoutMs: 30000 });
		expect(execution.mode).toBe('manual');
		expect(n8n.nodeItems(execution)[0]).toMatchObject({
			event: 'subscribe',
			phoneNumber: '2065557102',
		});
		// n8n stops listening after one test event, and the trigger removes its webhook.
		await until(async () => (await listWebhooks()).length === 0, 15000);
		expect(await settled(id, 500)).toHaveLength(1);
	});

	test('listening while published adds a test webhook; stopping the listener removes only that one', async () => {
		const { webhookId, workflow } = listTriggerWorkflow('e2e list trigger (both)');
		const c = rest();
		const id = await c.createWorkflow(workflow);
		await c.activateWorkflow(id);
		const production = `${state().webhookUrl}webhook/${webhookId}/tatango`;
		const test = `${state().webhookUrl}webhook-test/${webhookId}/tatango`;
		const urls = async () =>
			(await listWebhooks()).map((/** @type {any} */ h) => h.callback_url.split('?')[0]).sort();
		await until(async () => (await urls()).length === 1);

		await c.request('POST', `/rest/workflows/${id}/run`, {
			triggerToStartFrom: { name: 'Tatango Trigger' },
		});
		expect(await urls()).toEqual([production, test].sort());
		// What the editor sends when you stop listening.
		await c.request('DELETE', `/rest/test-webhook/${id}`);
		await until(async () => (await urls()).length === 1, 15000);
		expect(await urls()).toEqual([production]);

		await c.deactivateWorkflow(id);
		await until(async () => (await listWebhooks()).length === 0, 15000);
	});

	test('examples/welcome-new-subscriber.json as shipped: a new subscriber of list 101 gets the welcome SMS, once', async () => {
		const example = JSON.parse(
			fs.readFileSync(path.join(n8n.REPO_ROOT, 'examples', 'welcome-new-subscriber.json'), 'utf8'),
		);
		const c = rest();
		const id = await c.createWorkflow(example);
		await c.activateWorkflow(id);
		await until(async () => (await listWebhooks(101)).length === 1);

		const phone = '2065557103';
		await axios.post(
			`${state().sandboxUrl}/api/v2/lists/101/subscribers`,
			{ subscriber: { phone_number: phone, first_name: 'Ada' } },
			{ auth: V2_AUTH },
		);
		// The add leaves the number pending (Tatango's live opt-in rule): the subscribe event, and
		// so the welcome, comes when the number replies YES. Deliveries are recorded as events fire.
		expect((await sandbox.inspect()).webhookDeliveries).toEqual([]);
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { listId: 101, phone, text: 'YES' });
		const execution = await c.waitForExecution(id, { timeoutMs: 30000 });
		expect(execution.status).toBe('success');
		const { messages } = (await axios.get(`${state().sandboxUrl}/_sandbox/messages/${phone}`)).data;
		const welcome = messages.filter((/** @type {any} */ m) => m.text.startsWith('Welcome'));
		expect(welcome.map((/** @type {any} */ m) => m.text)).toEqual([
			'Welcome to the Newsletter, Ada! Deals every Friday. Reply STOP to opt out.',
		]);
		expect(await settled(id, 500)).toHaveLength(1);
		await c.deactivateWorkflow(id);
		await until(async () => (await listWebhooks(101)).length === 0, 15000);
	});

	test('publishing with a list Tatango does not have fails with a message naming the list; nothing is left in Tatango', async () => {
		const { workflow } = listTriggerWorkflow('e2e list trigger (unknown list)', '999');
		const c = rest();
		const id = await c.createWorkflow(workflow);
		// n8n 2.x activates through an outbox: the trigger's error reaches the editor as a push
		// message ("workflow failed to activate") and n8n's log.
		await c.activateWorkflow(id);
		const logFile = path.join(state().userFolder, 'n8n.log');
		await until(async () =>
			fs
				.readFileSync(logFile, 'utf8')
				.includes('List 999 was not found in this Tatango account (404)'),
		);
		expect((await sandbox.inspect()).listWebhooks).toEqual([]);
	});
});
