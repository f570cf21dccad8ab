// @ts-check
/**
 * Shared set-up of the fault tests: one real Tatango sandbox per test file (port 0), reset before
 * each test, its control API (faults, config, inspect) over real HTTP, and credentials pointing at
 * it whose pacing adds no waiting and whose rate-limit wait is short.
 *
 * The node runs through test/helpers/runNode.js (n8n-core's WorkflowExecute) and reaches the
 * sandbox over real loopback HTTP: nothing here loads nock. Every test asserts on what the sandbox
 * recorded, so a request intercepted anywhere else would fail the test rather than pass it.
 */
const http = require('http');
const net = require('net');
const axios = require('axios').default;

const { startSandbox } = require('../../sandbox');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');
const { runNode } = require('../helpers/runNode');

const V2_EMAIL = SANDBOX_ACCOUNT.email;
const V2_KEY = SANDBOX_ACCOUNT.v2ApiKey;
const V3_KEY = SANDBOX_ACCOUNT.v3ApiKey;
/** A loopback webhook URL nobody listens on; the sandbox posts RCS events late (see below) anyway. */
const WEBHOOK_URL =
	'https://127.0.0.1:9/webhook/fault-tests/tatango?token=fault-tests-token-0123456789';

/**
 * @typedef {Awaited<ReturnType<typeof startSandbox>>} Sandbox
 * @typedef {{ id: number, at: string, method: string, path: string, body: any, statusCode?: number, dropped?: boolean }} RecordedRequest
 */

/**
 * Starts a sandbox for the file (beforeAll), resets it before each test, closes it (afterAll).
 * @returns {{ sandbox: () => Sandbox, control: ReturnType<typeof controlOf> }}
 */
function useSandbox() {
	/** @type {Sandbox | undefined} */
	let sb;
	beforeAll(async () => {
		// RCS delivery events are not what these tests look at: post them long after the test.
		sb = await startSandbox({ port: 0, webhookDelayMs: 600_000 });
	});
	beforeEach(async () => {
		await axios.post(`${current().url}/_sandbox/reset`);
	});
	afterAll(async () => {
		await sb?.close();
	});
	const current = () => {
		if (!sb) throw new Error('the sandbox is not running');
		return sb;
	};
	return { sandbox: current, control: controlOf(() => current().url) };
}

/** The sandbox's control API (sandbox/CONTRACT.md). @param {() => string} url */
function controlOf(url) {
	return {
		/** @param {unknown} faults */
		faults: async (faults) => (await axios.post(`${url()}/_sandbox/faults`, faults)).data,
		/** @param {unknown} config */
		config: async (config) => (await axios.post(`${url()}/_sandbox/config`, config)).data,
		/** @returns {Promise<{ requests: RecordedRequest[], messageCounts: Record<string, number>, messages: Record<string, any[]>, faults: any[] }>} */
		inspect: async () => (await axios.get(`${url()}/_sandbox/inspect`)).data,
		/** The API requests the sandbox saw for one method and path. @param {string} method @param {string} path */
		requestsTo: async (method, path) =>
			/** @type {RecordedRequest[]} */ (
				(await axios.get(`${url()}/_sandbox/inspect`)).data.requests
			).filter((r) => r.method === method && r.path === path),
	};
}

/**
 * v2 credential data for a base URL: no pacing delay, a short rate-limit wait.
 * @param {string} baseUrl @param {Record<string, unknown>} [overrides]
 */
const v2Credentials = (baseUrl, overrides = {}) => ({
	email: V2_EMAIL,
	apiKey: V2_KEY,
	baseUrl,
	requestsPerHour: 360_000_000,
	maxRateLimitWait: 10,
	...overrides,
});

/**
 * v3 credential data for a base URL: no pacing delay, a short rate-limit wait.
 * @param {string} baseUrl @param {Record<string, unknown>} [overrides]
 */
const v3Credentials = (baseUrl, overrides = {}) => ({
	apiKey: V3_KEY,
	baseUrl,
	defaultWebhookUrl: WEBHOOK_URL,
	requestsPerSecond: 100_000,
	maxRateLimitWait: 10,
	...overrides,
});

/** Distinct valid US mobile numbers (none of the sandbox's special test numbers). @param {number} count */
const phones = (count, first = 0) =>
	Array.from({ length: count }, (_, i) => `20655531${String(first + i).padStart(2, '0')}`);

/**
 * Transactional SMS, one per item, the number taken from `$json.phone`.
 * @param {{ baseUrl: string, phones: string[], credentials?: Record<string, unknown>, continueOnFail?: boolean }} o
 */
function sendTransactional(o) {
	return runNode({
		parameters: {
			resource: 'transactionalMessage',
			operation: 'send',
			phoneNumber: '={{ $json.phone }}',
			content: 'Your order has shipped',
		},
		items: o.phones.map((phone) => ({ phone })),
		credentials: { tatangoApi: v2Credentials(o.baseUrl, o.credentials) },
		continueOnFail: o.continueOnFail,
	});
}

/**
 * RCS rich cards, one per item, the number taken from `$json.phone`.
 * @param {{ baseUrl: string, phones: string[], credentials?: Record<string, unknown>, continueOnFail?: boolean }} o
 */
function sendRcs(o) {
	return runNode({
		parameters: {
			resource: 'rcs',
			operation: 'sendRichCard',
			phoneNumber: '={{ $json.phone }}',
			title: 'Your order has shipped',
			text: 'Track it in the app',
			smsFailover: 'Your order has shipped',
		},
		items: o.phones.map((phone) => ({ phone })),
		credentials: { tatangoV3Api: v3Credentials(o.baseUrl, o.credentials) },
		continueOnFail: o.continueOnFail,
	});
}

/**
 * A TCP port on 127.0.0.1 that nothing listens on (it was bound a moment ago and released), for
 * "connection refused".
 * @returns {Promise<number>}
 */
function closedPort() {
	return new Promise((resolve, reject) => {
		const server = net.createServer();
		server.on('error', reject);
		server.listen(0, '127.0.0.1', () => {
			const address = server.address();
			const port = typeof address === 'object' && address ? address.port : 0;
			server.close(() => resolve(port));
		});
	});
}

/**
 * A reverse proxy in front of the sandbox that removes `Retry-After` from every answer, as some
 * gateways do. The sandbox always sends one with a 429; through this proxy the node sees a 429
 * without it and must fall back to its own backoff.
 * @param {string} targetUrl
 * @returns {Promise<{ url: string, close: () => Promise<void> }>}
 */
async function startRetryAfterStrippingProxy(targetUrl) {
	const target = new URL(targetUrl);
	const server = http.createServer((req, res) => {
		const upstream = http.request(
			{
				host: target.hostname,
				port: target.port,
				method: req.method,
				path: req.url,
				headers: req.headers,
			},
			(answer) => {
				const headers = { ...answer.headers };
				delete headers['retry-after'];
				res.writeHead(answer.statusCode ?? 502, headers);
				answer.pipe(res);
			},
		);
		upstream.on('error', () => res.destroy());
		req.pipe(upstream);
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		url: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve(undefined));
			}),
	};
}

module.exports = {
	V2_EMAIL,
	V2_KEY,
	V3_KEY,
	WEBHOOK_URL,
	useSandbox,
	v2Credentials,
	v3Credentials,
	phones,
	sendTransactional,
	sendRcs,
	closedPort,
	startRetryAfterStrippingProxy,
};
