// @ts-check
'use strict';
/**
 * One session of "SMS review of an agent's tool call" on the e2e n8n (the e2e suite and the
 * compatibility suite): the scripted model and the refund endpoint started, the model's credential
 * created; then agents published for a reviewer phone, asked for the refund, and replied to.
 */
const axios = require('axios').default;
const { state, activateWorkflow, rest } = require('./env');
const { startScriptedModel, lastToolResult } = require('./scriptedModel');
const { startRefundEndpoint, refundScript, agentReviewWorkflow } = require('./agentReviewParts');
const { executionWith, replyDelivered, messagesTo } = require('./waitingParts');

async function startAgentReviewSession() {
	const model = await startScriptedModel(refundScript);
	const refunds = await startRefundEndpoint();
	const credential = await rest().request('POST', '/rest/credentials', {
		name: 'Scripted model',
		type: 'openAiApi',
		data: { apiKey: 'sk-scripted', url: model.url },
	});
	const openAiCredentialId = credential.id;
	let workflowCount = 0;

	/**
	 * A copy of the agent workflow for one reviewer phone, created (not published).
	 * @param {string} phone @param {Record<string, any>} [review]
	 */
	function agentWorkflow(phone, review) {
		const path = `agent-review-${++workflowCount}-${Date.now()}`;
		const workflow = agentReviewWorkflow({
			name: `Agent review ${workflowCount}`,
			path,
			webhookId: `f1a1c0de-0024-4000-8000-${String(Date.now() + workflowCount).slice(-12)}`,
			openAiCredentialId,
			refundUrl: `${refunds.url}?agent=${workflowCount}`,
			reviewerPhone: phone,
			review,
			v3Credential: { id: state().credentialIds.v3, name: 'Tatango Sandbox (v3)' },
		});
		return { workflow, path, agentNumber: workflowCount };
	}

	/** Publishes a copy of the agent workflow for one reviewer phone. @param {string} phone @param {Record<string, any>} [review] */
	async function publishAgent(phone, review) {
		const { workflow, path, agentNumber } = agentWorkflow(phone, review);
		const workflowId = await activateWorkflow(workflow, [path]);
		return { workflowId, path, agentNumber };
	}

	/** Asks the agent for the refund; resolves once its execution waits for the review. */
	async function askAgent(/** @type {{ workflowId: string, path: string }} */ agent, phone = '') {
		const before = (await rest().listExecutions(agent.workflowId)).map(
			(/** @type {any} */ e) => e.id,
		);
		await axios.post(`${state().n8nUrl}/webhook/${agent.path}`, {
			request: 'Refund order 1042: $120',
		});
		const waiting = await executionWith(
			agent.workflowId,
			['waiting', 'error', 'success'],
			30000,
			before,
		);
		expect(waiting.status).toBe('waiting');
		const sent = (await messagesTo(phone)).at(-1);
		const code = /Reply YES (\d{4}) or NO \1/.exec(sent.text)?.[1];
		return {
			executionId: waiting.id,
			text: sent.text,
			kind: sent.kind,
			code,
			transactionId: sent.transactionId,
		};
	}

	/** @param {string} phone @param {string} text @param {string} [transactionId] */
	async function reply(phone, text, transactionId) {
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { phone, text, transactionId });
		await replyDelivered(text);
	}

	/** The last tool result the model received, in the run that ended the agent. */
	function toolResultSeen() {
		return lastToolResult(model.requests[model.requests.length - 1]);
	}

	async function close() {
		await model.close();
		await refunds.close();
	}

	return {
		model,
		refunds,
		agentWorkflow,
		publishAgent,
		askAgent,
		reply,
		toolResultSeen,
		close,
	};
}

module.exports = { startAgentReviewSession };
