// @ts-check
'use strict';

const http = require('node:http');
const { startSandbox } = require('../../sandbox');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');
const { waitFor: waitUntil } = require('../../scripts/lib/wait');

const V2_EMAIL = SANDBOX_ACCOUNT.email;
const V2_KEY = SANDBOX_ACCOUNT.v2ApiKey;
const V3_KEY = SANDBOX_ACCOUNT.v3ApiKey;

/** Options that make every asynchronous part of the sandbox run in milliseconds. */
const FAST = {
	port: 0,
	webhookDelayMs: 5,
	webhookRetryScale: 0.0001,
	webhookRetryJitter: false,
	momtReportStepMs: 200,
};

/** @param {Record<string, any>} [options] */
function start(options = {}) {
	return startSandbox({ ...FAST, ...options });
}

/** @param {string} email @param {string} key */
function basic(email, key) {
	return 'Basic ' + Buffer.from(`${email}:${key}`).toString('base64');
}

/**
 * A v2 call with the sandbox credentials (or `auth: null` for none, or another header value).
 * @param {{ url: string }} sb
 * @param {string} method
 * @param {string} path under /api/v2
 * @param {unknown} [body]
 * @param {{ auth?: string | null, headers?: Record<string, string> }} [opts]
 */
async function v2(sb, method, path, body, opts = {}) {
	/** @type {Record<string, string>} */
	const headers = { accept: 'application/json', ...(opts.headers || {}) };
	const auth = opts.auth === undefined ? basic(V2_EMAIL, V2_KEY) : opts.auth;
	if (auth) headers.authorization = auth;
	if (body !== undefined) headers['content-type'] = 'application/json';
	const res = await fetch(`${sb.url}/api/v2${path}`, {
		method,
		headers,
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/**
 * A v3 call (`x-api-key`, or `key: null` for none).
 * @param {{ url: string }} sb
 * @param {string} path
 * @param {unknown} body
 * @param {{ key?: string | null }} [opts]
 */
async function v3(sb, path, body, opts = {}) {
	/** @type {Record<string, string>} */
	const headers = { 'content-type': 'application/json' };
	const key = opts.key === undefined ? V3_KEY : opts.key;
	if (key) headers['x-api-key'] = key;
	const res = await fetch(`${sb.url}${path}`, {
		method: 'POST',
		headers,
		body: JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

/**
 * A control-API call.
 * @param {{ url: string }} sb
 * @param {string} method
 * @param {string} path under /_sandbox
 * @param {unknown} [body]
 */
async function control(sb, method, path, body) {
	const res = await fetch(`${sb.url}/_sandbox${path}`, {
		method,
		headers: body === undefined ? {} : { 'content-type': 'application/json' },
		body: body === undefined ? undefined : JSON.stringify(body),
	});
	const text = await res.text();
	return { status: res.status, body: text ? JSON.parse(text) : null };
}

/**
 * Polls until `fn` returns a truthy value (generous timeout: no timing assertions).
 * @template T
 * @param {() => T | Promise<T>} fn
 * @param {number} [timeoutMs]
 * @returns {Promise<T>}
 */
function waitFor(fn, timeoutMs = 5000) {
	return waitUntil(fn, { timeoutMs, intervalMs: 10 });
}

/**
 * A local HTTP receiver for webhooks. `respond` decides each answer's status (default 200).
 * @param {(n: number, req: { path: string, headers: http.IncomingHttpHeaders, body: any }) => number} [respond]
 */
async function receiver(respond = () => 200) {
	/** @type {{ path: string, headers: http.IncomingHttpHeaders, body: any, status: number }[]} */
	const received = [];
	const server = http.createServer((req, res) => {
		let data = '';
		req.on('data', (c) => (data += c));
		req.on('end', () => {
			const entry = {
				path: req.url || '',
				headers: req.headers,
				body: data ? JSON.parse(data) : null,
				status: 0,
			};
			entry.status = respond(received.length + 1, entry);
			received.push(entry);
			res.writeHead(entry.status, { 'content-type': 'application/json' });
			res.end('{}');
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = server.address();
	const port = typeof address === 'object' && address ? address.port : 0;
	return {
		port,
		url: `http://127.0.0.1:${port}`,
		received,
		close: () =>
			new Promise((resolve) => {
				server.closeAllConnections();
				server.close(() => resolve(undefined));
			}),
	};
}

/** @param {{ url: string }} sb @param {string} phone */
async function messagesOf(sb, phone) {
	return (await control(sb, 'GET', `/messages/${phone}`)).body.messages;
}

module.exports = {
	start,
	v2,
	v3,
	control,
	waitFor,
	receiver,
	messagesOf,
	basic,
	V2_EMAIL,
	V2_KEY,
	V3_KEY,
	FAST,
};
