// @ts-check
'use strict';
/**
 * Send and Wait for Reply in queue mode: the refund approval example (examples/), started through
 * the webhook process, sends on a worker and waits; the sandbox's delivery report and the reply
 * reach n8n's resume URL on the webhook process, and the resumed execution runs on a worker. A
 * second run times out: main's wait tracker (once a minute) hands it to a worker.
 */
const fs = require('fs');
const path = require('path');
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const {
	publishWorkflows,
	webhookProcessUrl,
	itemsOf,
	whoRan,
	sandbox,
	rest,
	state,
} = require('./env');

const EXAMPLE = JSON.parse(
	fs.readFileSync(path.join(n8n.REPO_ROOT, 'examples', 'refund-approval-by-sms.json'), 'utf8'),
);
const ASK = 'Ask Manager by SMS';

/** The example with its own path, a limit if given, and each branch noting the process that ran it. */
function refundWorkflow(/** @type {any} */ limit) {
	const workflow = structuredClone(EXAMPLE);
	workflow.name = `${EXAMPLE.name} (queue ${crypto.randomBytes(3).toString('hex')})`;
	const trigger = workflow.nodes.find((/** @type {any} */ n) => n.name === 'Refund Request');
	trigger.parameters.path = `refund-approval-${crypto.randomBytes(4).toString('hex')}`;
	trigger.webhookId = crypto.randomUUID();
	if (limit)
		workflow.nodes.find((/** @type {any} */ n) => n.name === ASK).parameters.options.limitWaitTime =
			{ values: limit };
	for (const name of ['Issue Refund', 'Refund Declined', 'Escalate']) {
		workflow.nodes
			.find((/** @type {any} */ n) => n.name === name)
			.parameters.assignments.assignments.push({
				id: crypto.randomUUID(),
				name: 'ranOn',
				value: '={{ $env.TATANGO_QUEUE_PROCESS }}',
				type: 'string',
			});
	}
	return { workflow, webhookPath: trigger.parameters.path };
}

async function executionWith(
	/** @type {string} */ workflowId,
	/** @type {string[]} */ statuses,
	timeoutMs = 30000,
) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const list = await rest().listExecutions(workflowId);
		const found = list.find((/** @type {any} */ e) => statuses.includes(e.status));
		if (found) return await rest().getExecution(found.id);
		if (Date.now() > deadline)
			throw new Error(`no ${statuses.join('/')} execution of ${workflowId} in ${timeoutMs} ms`);
		await n8n.sleep(300);
	}
}

describe('queue mode: Send and Wait for Reply', () => {
	/** @type {string[]} */ let ids;
	const declined = refundWorkflow(undefined);
	const timeout = refundWorkflow({
		limitType: 'afterTimeInterval',
		resumeAmount: 0.02,
		resumeUnit: 'minutes',
	});

	beforeAll(async () => {
		ids = await publishWorkflows([
			{ workflow: declined.workflow, webhookPaths: [declined.webhookPath] },
			{ workflow: timeout.workflow, webhookPaths: [timeout.webhookPath] },
		]);
		await sandbox.reset();
	});

	test('waits; the delivery report leaves it waiting; "no" resumes it on a worker, down Declined', async () => {
		const phone = '2065550160';
		await axios.post(webhookProcessUrl(declined.webhookPath), {
			managerPhone: phone,
			amount: 120,
			orderId: 7,
		});
		const waiting = await executionWith(ids[0], ['waiting', 'error', 'success']);
		expect(waiting.status).toBe('waiting');
		const [{ transactionId }] = itemsOf(waiting, ASK);

		const deadline = Date.now() + 15000;
		while (
			!(await sandbox.inspect()).webhookDeliveries.some(
				(/** @type {any} */ d) =>
					d.event === 'delivery_status' &&
					d.transactionId === transactionId &&
					d.status === 'delivered',
			)
		) {
			if (Date.now() > deadline) throw new Error('the delivery report was not delivered');
			await n8n.sleep(200);
		}
		expect((await rest().getExecution(waiting.id)).status).toBe('waiting');

		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
			phone,
			text: 'No',
			transactionId,
		});
		const done = await executionWith(ids[0], ['success', 'error']);
		expect(done.id).toBe(waiting.id);
		expect(itemsOf(done, ASK)).toEqual([
			expect.objectContaining({ outcome: 'declined', replyText: 'No', transactionId }),
		]);
		const [branch] = itemsOf(done, 'Refund Declined');
		expect(branch.ranOn).toMatch(/^worker-/);
		expect((await whoRan(done.id)).fromLogs.length).toBeGreaterThan(0);
	});

	test('another run times out: resumed as timed_out on a worker', async () => {
		await axios.post(webhookProcessUrl(timeout.webhookPath), {
			managerPhone: '2065550161',
			amount: 5,
			orderId: 8,
		});
		const waiting = await executionWith(ids[1], ['waiting', 'error', 'success']);
		expect(waiting.status).toBe('waiting');
		const done = await executionWith(ids[1], ['success', 'error'], 100000);
		expect(done.id).toBe(waiting.id);
		expect(itemsOf(done, ASK)).toEqual([
			expect.objectContaining({ outcome: 'timed_out', replyText: null }),
		]);
		expect(itemsOf(done, 'Escalate')[0]).toMatchObject({
			why: 'timed_out',
			ranOn: expect.stringMatching(/^worker-/),
		});
	}, 150000);
});
