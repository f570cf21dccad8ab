// @ts-check
'use strict';
/**
 * Production executions in queue mode: requests reach the webhook process, which queues them; the
 * workers run them (never main or the webhook process). One published workflow adds a subscriber,
 * sends a transactional SMS and an RCS card; the card's delivery events come back through the
 * webhook process to a published Tatango Trigger workflow, whose executions also run on workers.
 */
const axios = require('axios').default;
const {
	publishWorkflows,
	webhookProcessUrl,
	publicWebhookUrl,
	settledExecutions,
	itemsOf,
	whoRan,
	sandbox,
	rest,
	state,
	workers,
} = require('./env');
const { sendWorkflow, triggerWorkflow } = require('./workflows');

const SENDS = 6;
const phoneOf = (/** @type {number} */ i) => `20655503${String(10 + i).padStart(2, '0')}`;

describe('queue mode: actions and trigger run on workers', () => {
	const send = sendWorkflow();
	const trigger = triggerWorkflow('deliveries');
	/** @type {string} */ let sendId;
	/** @type {string} */ let triggerId;
	/** @type {Array<Record<string, any>>} */ let answers = [];

	beforeAll(async () => {
		const t = Date.now();
		[sendId, triggerId] = await publishWorkflows([
			{ workflow: send.workflow, webhookPaths: [send.webhookPath] },
			{ workflow: trigger.workflow, webhookPaths: [trigger.webhookPath] },
		]);
		console.log(`imported and published 2 workflows in ${((Date.now() - t) / 1000).toFixed(1)}s`);
		await sandbox.reset();
	});

	test('main does not answer production webhooks (N8N_DISABLE_PRODUCTION_MAIN_PROCESS)', async () => {
		const r = await axios.post(
			`${state().mainUrl}/webhook/${send.webhookPath}`,
			{},
			{ validateStatus: () => true },
		);
		expect(r.status).toBe(404);
	});

	test(`${SENDS} concurrent sends through the webhook process: each ran on a worker, both workers took some`, async () => {
		const deliveryUrl = `${publicWebhookUrl(trigger.webhookPath)}?token=${trigger.token}`;
		const t = Date.now();
		const responses = await Promise.all(
			Array.from({ length: SENDS }, (_, i) =>
				axios.post(
					webhookProcessUrl(send.webhookPath),
					{ phone: phoneOf(i), tag: `#${i}`, webhookUrl: deliveryUrl },
					{ timeout: 60000 },
				),
			),
		);
		console.log(`${SENDS} sends answered in ${((Date.now() - t) / 1000).toFixed(1)}s`);
		answers = responses.map((r) => r.data);

		const workerNames = workers().map((w) => w.name);
		/** @type {Record<string, number>} */
		const perWorker = {};
		for (const a of answers) {
			const who = await whoRan(a.executionId, a);
			// The process that evaluated the workflow's nodes, and the worker log, agree: one worker.
			expect(workerNames).toContain(who.fromEnv);
			expect(who.fromLogs).toEqual([who.fromEnv]);
			perWorker[who.fromEnv] = (perWorker[who.fromEnv] || 0) + 1;
		}
		console.log(`executions per worker: ${JSON.stringify(perWorker)}`);
		expect(Object.keys(perWorker).sort()).toEqual([...workerNames].sort());
	});

	test('the outputs are right and the sandbox received every message', async () => {
		expect(answers).toHaveLength(SENDS);
		const seen = await sandbox.inspect();
		for (let i = 0; i < SENDS; i++) {
			const a = answers.find((x) => x.tag === `#${i}`);
			expect(a).toBeDefined();
			expect(a.rcs).toEqual(
				expect.objectContaining({
					message: 'RCS rich card message sent successfully',
					transactionId: expect.any(String),
				}),
			);
			expect(a.sms).toEqual(
				expect.objectContaining({
					transactional_message: expect.objectContaining({ content: `Queue test #${i}` }),
				}),
			);
			expect(JSON.stringify(a.subscriber)).toContain(phoneOf(i));
			const messages = seen.messages[phoneOf(i)] || [];
			expect(messages).toEqual(
				expect.arrayContaining([
					expect.objectContaining({ text: `Queue test #${i}` }),
					expect.objectContaining({ transactionId: a.rcs.transactionId }),
				]),
			);
		}
		// The executions as n8n recorded them (REST on main): production runs, all successful.
		const execs = await settledExecutions(sendId, { count: SENDS, settleMs: 500 });
		expect(execs).toHaveLength(SENDS);
		for (const e of execs) expect([e.mode, e.status]).toEqual(['webhook', 'success']);
	});

	test('delivery events come back through the webhook process and start the trigger workflow on workers', async () => {
		const execs = await settledExecutions(triggerId, {
			count: SENDS,
			timeoutMs: 60000,
			settleMs: 2000,
		});
		expect(execs).toHaveLength(SENDS);
		const c = rest();
		const workerNames = workers().map((w) => w.name);
		/** @type {Record<string, number>} */
		const perWorker = {};
		const txIds = new Set(answers.map((a) => a.rcs.transactionId));
		for (const summary of execs) {
			expect(summary.status).toBe('success');
			const e = await c.getExecution(summary.id);
			const [item] = itemsOf(e, 'Ran On');
			const who = await whoRan(summary.id, item);
			expect(workerNames).toContain(who.fromEnv);
			expect(who.fromLogs).toEqual([who.fromEnv]);
			perWorker[who.fromEnv] = (perWorker[who.fromEnv] || 0) + 1;
			expect(item.event).toBe('delivery_status');
			expect(item.trigger.status).toBe('success');
			expect(txIds.has(item.trigger.transactionId)).toBe(true);
			txIds.delete(item.trigger.transactionId);
		}
		expect(txIds.size).toBe(0); // one execution per message, none twice
		console.log(`trigger executions per worker: ${JSON.stringify(perWorker)}`);

		// The sandbox delivered each event to the webhook process's port, and was answered 200.
		const { webhookDeliveries } = await sandbox.inspect();
		const ours = webhookDeliveries.filter((/** @type {any} */ d) => d.event === 'delivery_status');
		expect(ours).toHaveLength(SENDS);
		for (const d of ours) {
			expect(new URL(d.targetUrl).port).toBe(String(state().ports.webhook));
			expect(d.status).toBe('delivered');
			expect(d.attempts[0].statusCode).toBe(200);
		}
	});
});
