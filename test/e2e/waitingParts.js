// @ts-check
'use strict';
// Helpers for tests of executions that wait for a text: find an execution by status, wait until
// the sandbox has delivered a reply, read what the sandbox texted a phone.
const n8n = require('../../scripts/lib/n8n');
const { rest, sandbox } = require('./env');

/**
 * Waits until the workflow has an execution (other than `skip`) with one of `statuses`; returns it
 * with its data. @param {string} workflowId @param {string[]} statuses @param {string[]} [skip]
 */
async function executionWith(workflowId, statuses, timeoutMs = 30000, skip = []) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const list = await rest().listExecutions(workflowId);
		const found = list.find(
			(/** @type {any} */ e) => statuses.includes(e.status) && !skip.includes(e.id),
		);
		if (found) return await rest().getExecution(found.id);
		if (Date.now() > deadline)
			throw new Error(
				`no ${statuses.join('/')} execution of ${workflowId} in ${timeoutMs} ms: ${JSON.stringify(list.map((/** @type {any} */ e) => e.status))}`,
			);
		await n8n.sleep(300);
	}
}

/** Waits until an execution has one of `statuses`; returns it. @param {string} id @param {string[]} statuses */
async function executionStatus(id, statuses, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const execution = await rest().getExecution(id);
		if (statuses.includes(execution.status)) return execution;
		if (Date.now() > deadline) throw new Error(`execution ${id} is ${execution.status}`);
		await n8n.sleep(300);
	}
}

/** Waits until the sandbox has delivered a reply event with `content` (answered 2xx); returns it. */
async function replyDelivered(/** @type {string} */ content, timeoutMs = 15000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const found = (await sandbox.inspect()).webhookDeliveries.find(
			(/** @type {any} */ d) =>
				d.payload?.eventType === 'reply_received' &&
				d.payload?.body?.content === content &&
				d.status === 'delivered',
		);
		if (found) return found;
		if (Date.now() > deadline) throw new Error(`the reply "${content}" was not delivered`);
		await n8n.sleep(200);
	}
}

/** What the sandbox texted `phone`, in order ({ kind, text, transactionId, ... }). */
async function messagesTo(/** @type {string} */ phone) {
	return (await sandbox.inspect()).messages[phone] ?? [];
}

module.exports = { executionWith, executionStatus, replyDelivered, messagesTo };
