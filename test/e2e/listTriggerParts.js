// @ts-check
'use strict';
// Building blocks of the list-trigger tests (e2e and the compatibility suite): a workflow whose
// Tatango Trigger watches a list, the list's webhooks as the sandbox holds them, a number that joins
// the double opt-in list and confirms, and waits on the executions that follow.
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, rest } = require('./env');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');

const LIST_ID = 102; // double opt-in: the subscribe event fires once the number confirms
const V2_AUTH = { username: SANDBOX_ACCOUNT.email, password: SANDBOX_ACCOUNT.v2ApiKey };

/** @param {string} name @param {string} [listId] */
function listTriggerWorkflow(name, listId = String(LIST_ID)) {
	const webhookId = crypto.randomUUID();
	return {
		webhookId,
		workflow: {
			name,
			nodes: [
				{
					id: crypto.randomUUID(),
					name: 'Tatango Trigger',
					type: 'n8n-nodes-tatango.tatangoTrigger',
					typeVersion: 2,
					position: [0, 0],
					webhookId,
					credentials: { tatangoApi: { id: 'tatangoSandboxV2', name: 'Tatango Sandbox (v2)' } },
					parameters: {
						source: 'list',
						listId: { __rl: true, mode: 'id', value: listId },
						listEvents: ['subscribe'],
					},
				},
			],
			connections: {},
		},
	};
}

/** The list's webhooks as the sandbox's control API shows them. */
async function listWebhooks(listId = LIST_ID) {
	return (await axios.get(`${state().sandboxUrl}/_sandbox/webhooks?listId=${listId}`)).data
		.webhooks;
}

/** A number joins the double opt-in list and confirms (zip code, then YES). @param {string} phone */
async function subscribeAndConfirm(phone) {
	const base = state().sandboxUrl;
	await axios.post(
		`${base}/api/v2/lists/${LIST_ID}/subscribers`,
		{ subscriber: { phone_number: phone } },
		{ auth: V2_AUTH },
	);
	for (const text of ['98101', 'YES']) {
		await axios.post(`${base}/_sandbox/replies`, { listId: LIST_ID, phone, text });
	}
}

/** @template T @param {() => Promise<T | null | undefined | false>} probe @param {number} [timeoutMs] */
async function until(probe, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline) throw new Error('timed out');
		await n8n.sleep(200);
	}
}

/** Executions of a workflow after `settleMs` without a new one. @param {string} id */
async function settled(id, settleMs = 2500) {
	let list = await rest().listExecutions(id);
	for (;;) {
		await n8n.sleep(settleMs);
		const again = await rest().listExecutions(id);
		if (again.length === list.length && !again.some((e) => e.status === 'running')) return again;
		list = again;
	}
}

module.exports = {
	LIST_ID,
	V2_AUTH,
	listTriggerWorkflow,
	listWebhooks,
	subscribeAndConfirm,
	until,
	settled,
};
