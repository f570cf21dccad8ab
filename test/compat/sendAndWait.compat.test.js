// @ts-check
'use strict';
// Send and Wait for Reply in this n8n version, with examples/refund-approval-by-sms.json as
// shipped: a request starts it, the execution waits with a signed resume URL; "yes" texted back
// resumes it down the Approved branch.
const axios = require('axios').default;
const { state, activateWorkflow, rest, sandbox } = require('../e2e/env');
const { executionWith } = require('../e2e/waitingParts');
const { ASK, refundWorkflow, startApproval, outputOf } = require('../e2e/refundApprovalParts');
const { capabilities } = require('./versions');

test(`n8n ${capabilities().version}: waits with a signed resume URL; "yes" resumes it down Approved`, async () => {
	await sandbox.reset();
	const { workflow, webhookPath } = refundWorkflow(`compat-${Date.now()}`);
	const workflowId = await activateWorkflow(workflow, [webhookPath]);
	const phone = '2065550170';
	const { executionId, transactionId, webhookUrl, sent } = await startApproval(
		workflowId,
		webhookPath,
		phone,
	);
	expect(sent).toMatchObject({ outcome: 'waiting', phoneNumber: phone });
	expect(webhookUrl).toMatch(
		new RegExp(
			`^${state().webhookUrl}webhook-waiting/${executionId}/[0-9a-f-]+\\?signature=[0-9a-f]{64}$`,
		),
	);

	await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { phone, text: 'yes', transactionId });
	const done = await executionWith(workflowId, ['success', 'error'], 30000);
	expect(done.id).toBe(executionId);
	expect(done.status).toBe('success');
	expect(outputOf(done, ASK)).toEqual([
		expect.objectContaining({
			outcome: 'approved',
			replyText: 'yes',
			approved: true,
			transactionId,
		}),
	]);
	expect(outputOf(done, 'Issue Refund')).toEqual([
		expect.objectContaining({ refund: 'issued', approvedBy: phone }),
	]);
	await rest().deactivateWorkflow(workflowId);
});
