// @ts-check
'use strict';
/**
 * A burst of CRM events in a real n8n: 100 webhook calls at once, each starting its own execution
 * of Webhook → SMS Send through one v3 key, against the sandbox limiting that key to 10 calls a
 * second (429 beyond). Every execution of the process takes its turns from the account's one
 * pacer, so the burst is spread at the key's rate instead of being retried into it: every number
 * is texted exactly once, no execution fails, and the sandbox refuses nothing.
 */
const http = require('http');
const axios = require('axios').default;
const { state, rest, activateWorkflow, sandbox, SANDBOX_ACCOUNT } = require('./env');

const BURST = 100;
const RATE = 10;
const SEND_PATH = '/transactional_messages/send_sms';
const FIRST_NUMBER = 2067100000;
const WEBHOOK_ID = `b0a5c0de-0025-4000-8000-${String(Date.now()).slice(-12)}`;
/** Delivery events go nowhere: a loopback port nobody listens on (the sandbox posts them late). */
const EVENTS_URL = 'https://127.0.0.1:9/webhook/burst/tatango?token=burst-not-listening-000';

/** @param {string} credentialId */
function burstWorkflow(credentialId) {
	return {
		name: 'e2e: a burst of CRM events, Webhook → SMS Send',
		nodes: [
			{
				id: 'burst-webhook',
				name: 'CRM Event',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: WEBHOOK_ID,
				// Answer when the send is done: the CRM sees each execution's outcome.
				parameters: { httpMethod: 'POST', path: WEBHOOK_ID, responseMode: 'lastNode', options: {} },
			},
			{
				id: 'burst-send',
				name: 'Text the Customer',
				type: 'n8n-nodes-tatango.tatango',
				typeVersion: 1,
				position: [220, 0],
				parameters: {
					resource: 'sms',
					operation: 'send',
					phoneNumber: '={{ $json.body.phone }}',
					content: 'Thanks for your order',
					webhookUrl: EVENTS_URL,
				},
				credentials: { tatangoV3Api: { id: credentialId, name: 'e2e burst: Tatango v3 at 10/s' } },
			},
		],
		connections: {
			'CRM Event': { main: [[{ node: 'Text the Customer', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

describe('a burst of 100 webhook executions through one v3 key at 10/s', () => {
	/** @type {number} */ let webhookDelayMs;
	beforeAll(async () => {
		webhookDelayMs = (await sandbox.config({})).webhookDelayMs;
	});
	afterAll(async () => {
		await sandbox.config({ rateLimits: { v3: null }, webhookDelayMs });
	});

	test('every number is texted exactly once, no execution fails, no call is refused', async () => {
		const s = state();
		const credential = await rest().request('POST', '/rest/credentials', {
			name: 'e2e burst: Tatango v3 at 10/s',
			type: 'tatangoV3Api',
			data: {
				apiKey: SANDBOX_ACCOUNT.v3ApiKey,
				baseUrl: s.sandboxUrl,
				requestsPerSecond: RATE,
				maxRateLimitWait: 120,
			},
		});
		const workflowId = await activateWorkflow(burstWorkflow(credential.id), [WEBHOOK_ID]);
		await sandbox.reset();
		await sandbox.config({
			rateLimits: { v3: { limit: RATE, windowMs: 1000 } },
			webhookDelayMs: 3_600_000,
		});

		const agent = new http.Agent({ keepAlive: true, maxSockets: BURST });
		const numbers = Array.from({ length: BURST }, (_, i) => String(FIRST_NUMBER + i));
		const started = Date.now();
		const answers = await Promise.all(
			numbers.map((phone) =>
				axios.post(
					`${s.n8nUrl}/webhook/${WEBHOOK_ID}`,
					{ event: 'order.created', phone },
					{ httpAgent: agent, timeout: 180_000, validateStatus: () => true },
				),
			),
		);
		const seconds = (Date.now() - started) / 1000;
		agent.destroy();

		const { requests, messageCounts } = await sandbox.inspect();
		const sends = requests.filter((/** @type {any} */ r) => r.path === SEND_PATH);
		const refused = sends.filter((/** @type {any} */ r) => r.statusCode === 429).length;
		console.log(
			`${BURST} concurrent executions at ${RATE}/s: answered in ${seconds.toFixed(1)} s, ${sends.length} send calls, ${refused} refused (429)`,
		);

		// Each webhook call was answered with its execution's send: accepted, with its transaction.
		expect(answers.map((a) => a.status)).toEqual(Array(BURST).fill(200));
		for (const a of answers) expect(typeof a.data.transactionId).toBe('string');
		// Every number texted exactly once.
		expect(numbers.filter((n) => messageCounts[n] !== 1)).toEqual([]);
		// The burst was spread at the key's rate, not retried into it.
		expect(refused).toBe(0);
		expect(sends).toHaveLength(BURST);
		// n8n recorded every execution as a success.
		const executions = await rest().listExecutions(workflowId);
		expect(executions).toHaveLength(BURST);
		expect(executions.filter((/** @type {any} */ e) => e.status !== 'success')).toEqual([]);
	});
});
