// @ts-check
'use strict';
/**
 * The Tatango Trigger on a list in queue mode. n8n runs a trigger's webhook methods where it
 * activates workflows: main (production webhooks are answered only by the webhook process here,
 * N8N_DISABLE_PRODUCTION_MAIN_PROCESS). So main registers the list webhook, with the public URL of
 * the webhook process; the event reaches the webhook process, which checks the derived token with
 * the credential it loads itself, and a worker runs the workflow; unpublishing on main removes it.
 */
const axios = require('axios').default;
const {
	publishWorkflows,
	publicWebhookUrl,
	settledExecutions,
	itemsOf,
	whoRan,
	sandbox,
	rest,
	state,
	workers,
} = require('./env');
const n8n = require('../../scripts/lib/n8n');
const { listTriggerWorkflow } = require('./workflows');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');

const LIST_ID = 102; // double opt-in: subscribe fires once the number confirms
const V2_AUTH = { username: SANDBOX_ACCOUNT.email, password: SANDBOX_ACCOUNT.v2ApiKey };

async function listWebhooks() {
	return (await axios.get(`${state().sandboxUrl}/_sandbox/webhooks?listId=${LIST_ID}`)).data
		.webhooks;
}

/** @template T @param {() => Promise<T>} probe @param {number} [timeoutMs] */
async function until(probe, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline) throw new Error('timed out');
		await n8n.sleep(200);
	}
}

describe('queue mode: a list trigger registers from main, runs on workers', () => {
	const trigger = listTriggerWorkflow(LIST_ID);
	/** @type {string} */ let workflowId;

	beforeAll(async () => {
		await sandbox.reset();
		[workflowId] = await publishWorkflows([
			{ workflow: trigger.workflow, webhookPaths: [trigger.webhookPath] },
		]);
	});

	test('publishing registers one webhook with the webhook process URL; a confirmed subscriber runs once, on a worker; unpublishing removes it', async () => {
		const hooks = await until(async () => {
			const found = await listWebhooks();
			return found.length > 0 && found;
		});
		expect(hooks).toHaveLength(1);
		expect(hooks[0].callback_url.split('?')[0]).toBe(publicWebhookUrl(trigger.webhookPath));

		const phone = '2065557201';
		const base = state().sandboxUrl;
		await axios.post(
			`${base}/api/v2/lists/${LIST_ID}/subscribers`,
			{ subscriber: { phone_number: phone } },
			{ auth: V2_AUTH },
		);
		for (const text of ['98101', 'YES']) {
			await axios.post(`${base}/_sandbox/replies`, { listId: LIST_ID, phone, text });
		}

		const execs = await settledExecutions(workflowId, { count: 1, settleMs: 2000 });
		expect(execs).toHaveLength(1);
		expect([execs[0].mode, execs[0].status]).toEqual(['webhook', 'success']);
		const [item] = itemsOf(await rest().getExecution(execs[0].id), 'Ran On');
		expect(item).toMatchObject({ event: 'subscribe', phoneNumber: phone });
		const who = await whoRan(execs[0].id, item);
		expect(workers().map((w) => w.name)).toContain(who.fromEnv);
		expect(who.fromLogs).toEqual([who.fromEnv]);

		// Delivered to the webhook process's port and accepted there.
		const { webhookDeliveries } = await sandbox.inspect();
		const [delivery] = webhookDeliveries.filter((/** @type {any} */ d) => d.event === 'subscribe');
		expect(new URL(delivery.targetUrl).port).toBe(String(state().ports.webhook));
		expect(delivery.attempts[0].statusCode).toBe(200);

		await rest().deactivateWorkflow(workflowId);
		await until(async () => (await listWebhooks()).length === 0, 20000);
	});
});
