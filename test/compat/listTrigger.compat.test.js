// @ts-check
'use strict';
// The Tatango Trigger on a list in this n8n version: publishing registers one list webhook with the
// production URL, a confirmed subscriber starts exactly one run, unpublishing removes the webhook.
const n8n = require('../../scripts/lib/n8n');
const { state, rest, sandbox } = require('../e2e/env');
const {
	LIST_ID,
	listTriggerWorkflow,
	listWebhooks,
	subscribeAndConfirm,
	until,
	settled,
} = require('../e2e/listTriggerParts');
const { capabilities } = require('./versions');

test(`n8n ${capabilities().version}: publish → one list webhook → one event → one run → unpublish → no webhook`, async () => {
	await sandbox.reset();
	const { webhookId, workflow } = listTriggerWorkflow(
		`compat ${capabilities().version}: list trigger`,
	);
	const c = rest();
	const id = await c.createWorkflow(workflow);
	await c.activateWorkflow(id);
	await c.waitForWebhook(`${webhookId}/tatango`);
	const hooks = await until(async () => {
		const found = await listWebhooks();
		return found.length > 0 && found;
	});
	expect(hooks).toHaveLength(1);
	const callback = new URL(hooks[0].callback_url);
	expect(`${callback.origin}${callback.pathname}`).toBe(
		`${state().webhookUrl}webhook/${webhookId}/tatango`,
	);
	expect(hooks[0]).toMatchObject({ enabled: true, subscribe: true, unsubscribe: false });

	await subscribeAndConfirm('2065557111');
	const execution = await c.waitForExecution(id, { timeoutMs: 30000 });
	expect(execution.status).toBe('success');
	expect(n8n.nodeItems(execution)[0]).toMatchObject({
		event: 'subscribe',
		listId: String(LIST_ID),
		phoneNumber: '2065557111',
	});
	expect(await settled(id, 1000)).toHaveLength(1);

	await c.deactivateWorkflow(id);
	await until(async () => (await listWebhooks()).length === 0, 15000);
});
