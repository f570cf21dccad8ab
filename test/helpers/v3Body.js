// @ts-check
'use strict';
// The body one v3 send (nodes/Tatango/actions/send/v3.ts) posts for given parameters, without n8n or
// HTTP: a stand-in context answers getNodeParameter, a stand-in client records the call.
const { sendOnV3 } = require('../../nodes/Tatango/actions/send/v3');
const { SendRun } = require('../../nodes/Tatango/actions/send/run');

/**
 * @param {import('../../nodes/Tatango/actions/send/v3').V3Send} send
 * @param {Record<string, unknown>} parameters the node's parameters of item 0
 * @param {{ defaultWebhookUrl?: string }} [credentials] the v3 credential
 * @returns {Promise<Record<string, unknown>>}
 */
async function v3Body(send, parameters, credentials = {}) {
	/** @type {Record<string, unknown> | undefined} */
	let posted;
	const context = {
		getNodeParameter: (/** @type {string} */ name, /** @type {number} */ _i, fallback) =>
			name in parameters ? parameters[name] : fallback,
		getInputData: () => [{ json: {} }],
		getNode: () => ({ parameters }),
	};
	const tatango = {
		credentials: async () => credentials,
		request: async (/** @type {{ body: Record<string, unknown> }} */ call) => {
			posted = call.body;
			return { statusCode: 200, body: { message: 'ok', transactionId: 'tx-1' } };
		},
	};
	const run = new SendRun(/** @type {any} */ (context), /** @type {any} */ (tatango));
	await sendOnV3(/** @type {any} */ (context), 0, run, send);
	if (!posted) throw new Error('nothing was posted');
	return posted;
}

module.exports = { v3Body };
