// @ts-check
'use strict';
// Send and Wait for Reply in a real n8n, with examples/refund-approval-by-sms.json as shipped:
// a request starts it, the execution waits; the sandbox's delivery report reaches n8n's signed
// resume URL and leaves it waiting; a forged POST is refused by n8n; a "no" texted back resumes it
// down the Declined branch. Other runs time out (n8n's wait tracker checks once a minute) and
// meet a hard bounce.
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, activateWorkflow, rest, sandbox } = require('./env');
const { TEST_NUMBERS } = require('../../sandbox/fixtures');
const { executionWith, replyDelivered } = require('./waitingParts');
const {
	ASK,
	refundWorkflow,
	startApproval,
	outputOf,
	postDirect,
	smsSentTo,
} = require('./refundApprovalParts');

describe('Send and Wait for Reply in a real n8n (examples/refund-approval-by-sms.json)', () => {
	/** @type {number} */ let webhookDelayMs;
	beforeAll(async () => {
		webhookDelayMs = (await sandbox.config({})).webhookDelayMs;
	});
	afterAll(async () => {
		await sandbox.config({ webhookDelayMs });
	});

	test('waits; the delivery report leaves it waiting; a forged POST is refused; "no" resumes it down Declined', async () => {
		const s = state();
		await sandbox.reset();
		// Delivery reports a second after the send, as from a carrier: an event that reaches n8n
		// before it has saved the execution as waiting gets 409 (see docs/send-and-wait.md).
		await sandbox.config({ webhookDelayMs: 1500 });
		const { workflow, webhookPath } = refundWorkflow('declined');
		const workflowId = await activateWorkflow(workflow, [webhookPath]);
		const phone = '2065550150';
		const { executionId, transactionId, webhookUrl, sent } = await startApproval(
			workflowId,
			webhookPath,
			phone,
		);

		expect(sent).toMatchObject({ outcome: 'waiting', phoneNumber: phone });
		expect(webhookUrl).toMatch(
			new RegExp(
				`^${s.webhookUrl}webhook-waiting/${executionId}/[0-9a-f-]+\\?signature=[0-9a-f]{64}$`,
			),
		);
		expect(webhookUrl.length).toBeLessThanOrEqual(255);

		// The sandbox reports the delivery to the resume URL: answered 200, the execution still waits.
		const deadline = Date.now() + 15000;
		let delivery;
		while (
			!(delivery = (await sandbox.inspect()).webhookDeliveries.find(
				(/** @type {any} */ d) =>
					d.event === 'delivery_status' &&
					d.transactionId === transactionId &&
					d.status === 'delivered',
			))
		) {
			if (Date.now() > deadline) {
				const { webhookDeliveries } = await sandbox.inspect();
				throw new Error(
					`the delivery report was not delivered: ${JSON.stringify(webhookDeliveries)}`,
				);
			}
			await n8n.sleep(200);
		}
		expect(delivery.url).toBe(webhookUrl);
		expect(delivery.attempts.at(-1).statusCode).toBe(200);
		expect((await rest().getExecution(executionId)).status).toBe('waiting');

		// Forged calls: no signature, another execution's ID. n8n answers 401 and nothing resumes.
		const reply = (/** @type {string} */ content) => ({
			transactionId,
			eventType: 'reply_received',
			body: { phoneNumber: phone, sentAt: new Date().toISOString(), content, channel: 'SMS' },
		});
		expect(await postDirect(webhookUrl.replace(/\?signature=.*$/, ''), reply('YES'))).toBe(401);
		// The signature of this execution on another execution's URL: refused (404 when there is none).
		expect([401, 404]).toContain(
			await postDirect(
				webhookUrl.replace(`/${executionId}/`, `/${Number(executionId) + 1}/`),
				reply('YES'),
			),
		);
		expect((await rest().getExecution(executionId)).status).toBe('waiting');

		// The manager texts "no".
		await axios.post(`${s.sandboxUrl}/_sandbox/replies`, { phone, text: 'no', transactionId });
		const done = await executionWith(workflowId, ['success', 'error'], 30000);
		expect(done.id).toBe(executionId);
		expect(done.status).toBe('success');
		expect(outputOf(done, ASK)).toEqual([
			{
				outcome: 'declined',
				replyText: 'no',
				repliedAt: expect.any(String),
				phoneNumber: phone,
				transactionId,
				reason: null,
				approved: false,
				consent: null,
				consentWords: null,
			},
		]);
		expect(outputOf(done, 'Refund Declined')).toEqual([
			expect.objectContaining({ refund: 'declined', answer: 'no' }),
		]);
		expect(outputOf(done, 'Issue Refund')).toBeUndefined();
		expect(outputOf(done, 'Escalate')).toBeUndefined();
		await rest().deactivateWorkflow(workflowId);
	});

	test('an unclear reply gets the retry text once; a reply to the retry text is read; "yes" resumes it down Approved', async () => {
		const s = state();
		await sandbox.reset();
		await sandbox.config({ webhookDelayMs: 1500 });
		const { workflow, webhookPath } = refundWorkflow('retry');
		const workflowId = await activateWorkflow(workflow, [webhookPath]);
		const phone = '2065550152';
		const { executionId, transactionId, webhookUrl } = await startApproval(
			workflowId,
			webhookPath,
			phone,
		);
		const reply = (/** @type {string} */ text) =>
			axios.post(`${s.sandboxUrl}/_sandbox/replies`, { phone, text });

		await reply('maybe');
		await replyDelivered('maybe');
		const [, retry] = await smsSentTo(phone);
		expect(retry).toMatchObject({
			content: 'Sorry, we did not get that. Please reply YES or NO.',
			webhookUrl: expect.stringContaining(`retryOf=${transactionId}`),
		});
		expect(retry.webhookUrl.split('?')[0]).toBe(webhookUrl.split('?')[0]);
		expect((await rest().getExecution(executionId)).status).toBe('waiting');

		// The latest text to the phone is the retry: this reply answers it, and gets no second retry.
		await reply('hmm, not sure');
		await replyDelivered('hmm, not sure');
		expect(await smsSentTo(phone)).toHaveLength(2);
		expect((await rest().getExecution(executionId)).status).toBe('waiting');

		await reply('Yes');
		const done = await executionWith(workflowId, ['success', 'error'], 30000);
		expect(done.id).toBe(executionId);
		expect(outputOf(done, ASK)).toEqual([
			expect.objectContaining({ outcome: 'approved', replyText: 'Yes', approved: true }),
		]);
		expect(outputOf(done, 'Issue Refund')).toEqual([
			expect.objectContaining({ refund: 'issued', approvedBy: phone }),
		]);
		expect(await smsSentTo(phone)).toHaveLength(2);
		await rest().deactivateWorkflow(workflowId);
	});

	test('Free Text: the first reply resumes it with the text as written', async () => {
		await sandbox.reset();
		await sandbox.config({ webhookDelayMs: 1500 });
		const { workflow, webhookPath } = refundWorkflow('free-text');
		const ask = workflow.nodes.find((/** @type {any} */ n) => n.name === ASK);
		ask.parameters.responseType = 'freeText';
		ask.parameters.message = 'Order 1042 asks for a refund of $120. How much should we refund?';
		const workflowId = await activateWorkflow(workflow, [webhookPath]);
		const phone = '2065550153';
		const { executionId, transactionId } = await startApproval(workflowId, webhookPath, phone);

		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
			phone,
			text: 'Only $60, please',
			transactionId,
		});
		const done = await executionWith(workflowId, ['success', 'error'], 30000);
		expect(done.id).toBe(executionId);
		expect(outputOf(done, ASK)).toEqual([
			expect.objectContaining({
				outcome: 'text',
				replyText: 'Only $60, please',
				phoneNumber: phone,
				transactionId,
			}),
		]);
		// The example's switch knows no "text": Free Text has its own branches in a real workflow.
		expect(outputOf(done, 'Issue Refund')).toBeUndefined();
		expect(await smsSentTo(phone)).toHaveLength(1);
		await rest().deactivateWorkflow(workflowId);
	});

	test('a hard bounce resumes it as undeliverable (No Answer branch), without waiting for the limit', async () => {
		const { workflow, webhookPath } = refundWorkflow('bounce');
		const workflowId = await activateWorkflow(workflow, [webhookPath]);
		await axios.post(`${state().n8nUrl}/webhook/${webhookPath}`, {
			managerPhone: TEST_NUMBERS.V3_HARD_BOUNCE,
			amount: 120,
			orderId: 1042,
		});
		const done = await executionWith(workflowId, ['success', 'error'], 30000);
		expect(outputOf(done, ASK)).toEqual([
			expect.objectContaining({ outcome: 'undeliverable', reason: 'hard bounce' }),
		]);
		expect(outputOf(done, 'Escalate')).toEqual([expect.objectContaining({ why: 'undeliverable' })]);
		await rest().deactivateWorkflow(workflowId);
	});

	test('with no reply, Limit Wait Time resumes it as timed_out (n8n checks waiting executions once a minute)', async () => {
		const { workflow, webhookPath } = refundWorkflow('timeout', {
			limitType: 'afterTimeInterval',
			resumeAmount: 0.02,
			resumeUnit: 'minutes',
		});
		const workflowId = await activateWorkflow(workflow, [webhookPath]);
		const { executionId, transactionId } = await startApproval(
			workflowId,
			webhookPath,
			'2065550151',
		);
		const done = await executionWith(workflowId, ['success', 'error'], 100000);
		expect(done.id).toBe(executionId);
		expect(outputOf(done, ASK)).toEqual([
			{
				outcome: 'timed_out',
				replyText: null,
				repliedAt: null,
				phoneNumber: '2065550151',
				transactionId,
				reason: null,
				approved: false,
			},
		]);
		expect(outputOf(done, 'Escalate')).toEqual([
			expect.objectContaining({ refund: 'needs review', why: 'timed_out' }),
		]);
		await rest().deactivateWorkflow(workflowId);
	}, 150000);
});
