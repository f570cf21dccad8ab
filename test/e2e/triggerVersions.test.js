// @ts-check
'use strict';
// The Tatango Trigger's two versions in a real n8n. Version 1.1 exists only to spare n8n a
// per-call expression it evaluates for start nodes of version 1; in exchange n8n no longer reads
// bodies without a parsable content type for it, so the trigger reads them itself. Workflows saved
// with version 1 keep working.
const crypto = require('crypto');
const http = require('http');
const n8n = require('../../scripts/lib/n8n');
const { state, activateWorkflow, rest } = require('./env');
const { TEST_NUMBERS } = require('../../sandbox/fixtures');

const TOKEN = 'e2eVersionsToken0123456789abcd';

/** @param {number} typeVersion */
async function publishTrigger(typeVersion) {
	const webhookId = crypto.randomUUID();
	const id = await activateWorkflow(
		{
			name: `e2e Tatango Trigger v${typeVersion}`,
			nodes: [
				{
					id: 't1',
					name: 'Tatango Trigger',
					type: 'n8n-nodes-tatango.tatangoTrigger',
					typeVersion,
					position: [0, 0],
					webhookId,
					parameters: { secretToken: TOKEN },
				},
			],
			connections: {},
		},
		[`${webhookId}/tatango`],
	);
	return { id, url: `${state().n8nUrl}/webhook/${webhookId}/tatango?token=${TOKEN}` };
}

/**
 * POSTs `body` with exactly the headers given: no content type unless one is named.
 * @param {string} url @param {string} body @param {Record<string, string>} headers
 * @returns {Promise<{ status: number, body: any }>}
 */
function post(url, body, headers = {}) {
	return new Promise((resolve, reject) => {
		const req = http.request(
			url,
			{ method: 'POST', headers: { 'content-length': Buffer.byteLength(body), ...headers } },
			(res) => {
				let text = '';
				res.on('data', (chunk) => (text += chunk));
				res.on('end', () =>
					resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }),
				);
			},
		);
		req.on('error', reject);
		req.end(body);
	});
}

/** @param {string} transactionId */
const deliveryEvent = (transactionId) =>
	JSON.stringify({
		transactionId,
		eventType: 'delivery_status',
		body: { phoneNumber: TEST_NUMBERS.V3_SUCCESS, status: 'success' },
	});

describe('Tatango Trigger versions (real n8n)', () => {
	test.each([
		['1.1, no content type', 1.1, {}],
		['1.1, application/json', 1.1, { 'content-type': 'application/json' }],
		['1, no content type', 1, {}],
		['1, application/json', 1, { 'content-type': 'application/json' }],
	])('version %s: the event starts a run that outputs it', async (_label, typeVersion, headers) => {
		const trigger = await publishTrigger(typeVersion);
		const transactionId = `e2e-version-${crypto.randomUUID()}`;
		const answer = await post(trigger.url, deliveryEvent(transactionId), headers);
		expect(answer).toEqual({ status: 200, body: { received: true, started: true } });
		const execution = await rest().waitForExecution(trigger.id, { timeoutMs: 30000 });
		expect(execution.status).toBe('success');
		const [item] = n8n.nodeItems(execution);
		expect(item).toMatchObject({ event: 'delivery_status', status: 'success', transactionId });
	});
});
