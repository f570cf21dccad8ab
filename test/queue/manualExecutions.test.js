// @ts-check
'use strict';
/**
 * Manual executions (the editor's "Execute workflow") on a queue-mode worker, as n8n 3.0 always
 * runs them: the cluster sets OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true (scripts/lib/queue.js),
 * n8n 2.x's opt-in to that behaviour. A send runs on a worker; Send and Wait for Reply waits
 * there, and the reply resumes it on a worker.
 */
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { rest, sandbox, state, itemsOf, whoRan } = require('./env');
const { ACTION, CREDENTIALS, ranOnNode, chain } = require('./workflows');
const { TEST_NUMBERS } = require('../../sandbox/fixtures');

const NOBODY_LISTENS = 'https://127.0.0.1:9/tatango?token=queueNobodyListensHere01234';

/** Manual Trigger → the Tatango node → Ran On. @param {string} label @param {Record<string, any>} parameters */
function manualWorkflow(label, parameters) {
	return {
		name: `queue: manual ${label} (${crypto.randomBytes(3).toString('hex')})`,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: crypto.randomUUID(),
				name: 'Tatango',
				type: ACTION,
				typeVersion: 1,
				position: [200, 0],
				credentials: CREDENTIALS.v3,
				parameters,
			},
			ranOnNode('Ran On', [], [400, 0]),
		],
		connections: chain(['Start', 'Tatango', 'Ran On']),
		settings: { executionOrder: 'v1' },
	};
}

/** What the editor sends for "Execute workflow"; resolves with the execution's id. @param {string} workflowId */
async function runManually(workflowId) {
	const answer = await rest().request('POST', `/rest/workflows/${workflowId}/run`, {
		triggerToStartFrom: { name: 'Start' },
	});
	expect(answer).toEqual({ executionId: expect.any(String) });
	return answer.executionId;
}

/** Waits until an execution has one of `statuses`. @param {string} id @param {string[]} statuses */
async function executionIn(id, statuses, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const execution = await rest()
			.getExecution(id)
			.catch(() => null);
		if (execution && statuses.includes(execution.status)) return execution;
		if (Date.now() > deadline)
			throw new Error(`execution ${id} is ${execution ? execution.status : 'not saved'}`);
		await n8n.sleep(300);
	}
}

describe('queue mode: manual executions on workers (n8n 3.0 behaviour)', () => {
	beforeEach(() => sandbox.reset());

	test('the cluster runs with OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS=true', () => {
		expect(state().clusterEnv.OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS).toBe('true');
	});

	test('a manual run of a send runs on a worker and sends once', async () => {
		const phone = TEST_NUMBERS.V3_SUCCESS;
		const workflowId = await rest().createWorkflow(
			manualWorkflow('send', {
				resource: 'sms',
				operation: 'send',
				phoneNumber: phone,
				content: 'Manual run on a worker',
				webhookUrl: NOBODY_LISTENS,
			}),
		);
		const executionId = await runManually(workflowId);
		const done = await executionIn(executionId, ['success', 'error', 'crashed']);
		expect(done.status).toBe('success');
		expect(done.mode).toBe('manual');
		const [sent] = itemsOf(done, 'Tatango');
		expect(sent).toMatchObject({ phoneNumber: phone, channel: 'SMS' });
		const [ran] = itemsOf(done, 'Ran On');
		expect(ran.ranOn).toMatch(/^worker-/);
		expect((await whoRan(executionId)).fromLogs.length).toBeGreaterThan(0);
		const texts = ((await sandbox.inspect()).messages[phone] || []).filter(
			(/** @type {any} */ m) => m.text === 'Manual run on a worker',
		);
		expect(texts).toHaveLength(1);
	});

	test('a manual run of Send and Wait waits on a worker; the reply resumes it on a worker', async () => {
		const phone = '2065550190';
		const workflowId = await rest().createWorkflow(
			manualWorkflow('send and wait', {
				resource: 'sms',
				operation: 'sendAndWait',
				phoneNumber: phone,
				message: 'Approve the refund? Reply YES or NO',
			}),
		);
		const executionId = await runManually(workflowId);
		const waiting = await executionIn(executionId, ['waiting', 'success', 'error', 'crashed']);
		expect(waiting.status).toBe('waiting');
		expect((await whoRan(executionId)).fromLogs.length).toBeGreaterThan(0);
		const send = (await sandbox.inspect()).requests.find(
			(/** @type {any} */ q) =>
				q.path === '/transactional_messages/send_sms' && q.body?.phoneNumber === phone,
		);
		// The resume URL is the webhook process's, signed, for this execution.
		expect(send.body.webhookUrl).toMatch(
			new RegExp(`^${state().publicWebhookBase}webhook-waiting/${executionId}/.*\\?signature=`),
		);

		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { phone, text: 'YES' });
		const done = await executionIn(executionId, ['success', 'error', 'crashed']);
		expect(done.status).toBe('success');
		expect(itemsOf(done, 'Tatango')).toEqual([
			expect.objectContaining({ outcome: 'approved', replyText: 'YES', approved: true }),
		]);
		const [ran] = itemsOf(done, 'Ran On');
		expect(ran.ranOn).toMatch(/^worker-/);
	});
});
