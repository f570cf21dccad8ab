// @ts-check
'use strict';
// Building blocks of the Send and Wait tests (e2e and the compatibility suite), with
// examples/refund-approval-by-sms.json as shipped: a copy of the example on its own webhook path,
// one approval started and seen waiting, a node's output in an execution, what the sandbox sent.
const fs = require('fs');
const path = require('path');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, sandbox } = require('./env');
const { executionWith } = require('./waitingParts');

const EXAMPLE = JSON.parse(
	fs.readFileSync(path.join(n8n.REPO_ROOT, 'examples', 'refund-approval-by-sms.json'), 'utf8'),
);
const ASK = 'Ask Manager by SMS';

/** A copy of the example with its own webhook path and, if given, another time limit. */
function refundWorkflow(/** @type {string} */ pathSuffix, /** @type {any} */ limit) {
	const workflow = structuredClone(EXAMPLE);
	workflow.name = `${EXAMPLE.name} (${pathSuffix})`;
	const trigger = workflow.nodes.find((/** @type {any} */ n) => n.name === 'Refund Request');
	trigger.parameters.path = `refund-approval-${pathSuffix}`;
	trigger.webhookId = `f1a1c0de-0015-4000-8000-${String(Date.now()).slice(-12)}`;
	if (limit)
		workflow.nodes.find((/** @type {any} */ n) => n.name === ASK).parameters.options.limitWaitTime =
			{ values: limit };
	return { workflow, webhookPath: trigger.parameters.path };
}

/** The node's output items in an execution (the last run of the node). */
function outputOf(/** @type {any} */ execution, /** @type {string} */ node) {
	const runs = execution.data.resultData.runData[node];
	return runs
		? runs[runs.length - 1].data.main[0].map((/** @type {any} */ i) => i.json)
		: undefined;
}

/** Starts one refund approval: POSTs to the published trigger, waits for the waiting execution. */
async function startApproval(
	/** @type {string} */ workflowId,
	/** @type {string} */ webhookPath,
	/** @type {string} */ managerPhone,
) {
	const r = await axios.post(`${state().n8nUrl}/webhook/${webhookPath}`, {
		managerPhone,
		amount: 120,
		orderId: 1042,
	});
	expect(r.status).toBe(200);
	const waiting = await executionWith(workflowId, ['waiting', 'error', 'success']);
	expect(waiting.status).toBe('waiting');
	const [sent] = outputOf(waiting, ASK);
	const send = (await sandbox.inspect()).requests.find(
		(/** @type {any} */ q) =>
			q.path === '/transactional_messages/send_sms' &&
			q.body &&
			q.body.phoneNumber === managerPhone,
	);
	return {
		executionId: waiting.id,
		transactionId: sent.transactionId,
		webhookUrl: send.body.webhookUrl,
		sent,
	};
}

/** What n8n's resume URL answers to a direct POST (over plain http, as the sandbox reaches it). */
async function postDirect(/** @type {string} */ url, /** @type {unknown} */ body) {
	const r = await axios.post(url.replace(/^https:/, 'http:'), body, { validateStatus: () => true });
	return r.status;
}

/** The v3 SMS the sandbox was asked to send to `phone`, in order. */
async function smsSentTo(/** @type {string} */ phone) {
	return (await sandbox.inspect()).requests
		.filter(
			(/** @type {any} */ q) =>
				q.path === '/transactional_messages/send_sms' && q.body?.phoneNumber === phone,
		)
		.map((/** @type {any} */ q) => q.body);
}

module.exports = { EXAMPLE, ASK, refundWorkflow, outputOf, startApproval, postDirect, smsSentTo };
