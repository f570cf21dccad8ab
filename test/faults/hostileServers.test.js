// @ts-check
// What the node does when the server at the credential's Base URL is not the Tatango it expects: it
// redirects, answers 429 with no wait at all, takes a send and then answers something unreadable,
// answers 2xx with something that is not JSON, or echoes the request back. Each server here is a
// real TCP server on loopback that records every request it receives, so "nothing further was
// sent" is counted, not assumed.
const { http, rawServer } = require('../helpers/rawHttpServer');
const { runNode } = require('../helpers/runNode');
const { REDACTED } = require('../../nodes/shared/transport/redaction');

const V2_EMAIL = 'owner@shop.example';
const V2_KEY = 'v2-secret-key-1234567890';
const V3_KEY = 'tatango_v3_secret_key_abcdef';
const BASIC = Buffer.from(`${V2_EMAIL}:${V2_KEY}`).toString('base64');
const WEBHOOK_TOKEN = 'webhook-token-0123456789abcdef';
const WEBHOOK_URL = `https://n8n.shop.example/webhook/abc/tatango?token=${WEBHOOK_TOKEN}`;
const SECRETS = [V2_KEY, V3_KEY, BASIC, WEBHOOK_TOKEN, encodeURIComponent(WEBHOOK_TOKEN)];

/** @typedef {import('../helpers/rawHttpServer').Answer} Answer */

const v2 = (/** @type {string} */ baseUrl, overrides = {}) => ({
	email: V2_EMAIL,
	apiKey: V2_KEY,
	baseUrl,
	requestsPerHour: 360_000_000,
	maxRateLimitWait: 10,
	...overrides,
});
const v3 = (/** @type {string} */ baseUrl, overrides = {}) => ({
	apiKey: V3_KEY,
	baseUrl,
	defaultWebhookUrl: WEBHOOK_URL,
	requestsPerSecond: 100_000,
	maxRateLimitWait: 10,
	...overrides,
});

/** @param {string} baseUrl @param {Record<string, unknown>} [credentials] */
const sendSms = (baseUrl, credentials) =>
	runNode({
		parameters: {
			resource: 'transactionalMessage',
			operation: 'send',
			phoneNumber: '2065551234',
			content: 'Your order has shipped',
			options: { webhookCallbackUrl: WEBHOOK_URL },
		},
		credentials: { tatangoApi: v2(baseUrl, credentials) },
		continueOnFail: true,
	});

/** @param {string} baseUrl */
const sendCard = (baseUrl) =>
	runNode({
		parameters: {
			resource: 'rcs',
			operation: 'sendRichCard',
			phoneNumber: '2065551234',
			title: 'Shipped',
			text: 'Track it in the app',
			smsFailover: 'Your order has shipped',
		},
		credentials: { tatangoV3Api: v3(baseUrl) },
		continueOnFail: true,
	});

/** @param {string} baseUrl */
const getReport = (baseUrl) =>
	runNode({
		parameters: { resource: 'momtReport', operation: 'get', reportId: 7 },
		credentials: { tatangoApi: v2(baseUrl) },
		continueOnFail: true,
	});

/** Everything a user, the run data or n8n's log could show of a run. @param {any} result */
const everything = (result) =>
	JSON.stringify({ items: result.items, error: result.error, run: result.run.data.resultData });

describe('redirects are never followed (case 1)', () => {
	test('v2 send answered 307 to another host: one request, nothing reaches the other host, the error names it', async () => {
		const elsewhere = await rawServer(() =>
			http(200, 'OK', { 'Content-Type': 'application/json' }, '{}'),
		);
		const server = await rawServer(() =>
			http(307, 'Temporary Redirect', {
				Location: `${elsewhere.url}/api/v2/transactional_messages`,
			}),
		);

		const result = await sendSms(server.url);

		expect(server.seen).toHaveLength(1);
		expect(elsewhere.seen).toHaveLength(0);
		expect(result.items[0].json.error).toBe(
			`Tatango answered with a redirect (HTTP 307) to ${elsewhere.host}; the node does not follow redirects`,
		);
		expect(result.items[0].json.details).toMatch(/^Nothing was sent to the redirect's target/);
	});

	test('a redirect loop on a v3 send: one POST, not 22', async () => {
		const server = await rawServer((_, i) =>
			http(308, 'Permanent Redirect', { Location: `/transactional_messages/again-${i}` }),
		);

		const result = await sendCard(server.url);

		expect(server.seen.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /transactional_messages/send_rcs_rich_card',
		]);
		expect(result.items[0].json.error).toBe(
			`Tatango answered with a redirect (HTTP 308) to ${server.host}; the node does not follow redirects`,
		);
	});

	test('a read answered 302 is not followed either', async () => {
		const elsewhere = await rawServer(() => http(200, 'OK', {}, '{}'));
		const server = await rawServer(() =>
			http(302, 'Found', { Location: `${elsewhere.url}/login` }),
		);

		const result = await getReport(server.url);

		expect(server.seen).toHaveLength(1);
		expect(elsewhere.seen).toHaveLength(0);
		expect(result.items[0].json.error).toMatch(/^Tatango answered with a redirect \(HTTP 302\)/);
	});
});

describe('429 without a real wait cannot loop (case 2)', () => {
	test.each([['0'], ['0.001'], ['Thu, 01 Jan 1970 00:00:00 GMT']])(
		'Retry-After: %s still waits at least 1 s: a 2 s maximum allows 2 requests, not dozens',
		async (retryAfter) => {
			const server = await rawServer(() =>
				http(
					429,
					'Too Many Requests',
					{ 'Retry-After': retryAfter, 'Content-Type': 'application/json' },
					'{"error":"Too many requests"}',
				),
			);

			const started = Date.now();
			const result = await sendSms(server.url, { maxRateLimitWait: 2 });

			// The first wait (1-1.5 s) fits in 2 s; the second would not: the call gives up by time.
			expect(server.seen).toHaveLength(2);
			expect(Date.now() - started).toBeGreaterThanOrEqual(950);
			expect(result.items[0].json.error).toMatch(
				/^Tatango's rate limit was still exceeded after waiting [12] s; nothing was sent \(429\)$/,
			);
		},
	);
});

describe('a send whose answer cannot be read may have been sent (case 3)', () => {
	test.each([
		[
			'an invalid Content-Length',
			'HPE_INVALID_CONTENT_LENGTH',
			() => 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
		],
		[
			'a body cut off before its Content-Length',
			'ERR_BAD_RESPONSE',
			() =>
				'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"status":',
		],
	])(
		'%s: "may have been sent", one request, no advice to check the Base URL',
		async (_, code, answer) => {
			const server = await rawServer(answer);

			const result = await sendSms(server.url);

			expect(server.seen).toHaveLength(1);
			expect(result.items[0].json.error).toBe(
				`The message may have been sent: the answer could not be read (${code})`,
			);
			expect(result.items[0].json.details).toMatch(/^Tatango may have received the request/);
		},
	);

	test('a read with an unreadable answer says so rather than "could not reach"', async () => {
		const server = await rawServer(
			() => 'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
		);

		const result = await getReport(server.url);

		expect(result.items[0].json.error).toBe(
			"Tatango's answer could not be read (HPE_INVALID_CONTENT_LENGTH)",
		);
	});
});

describe('a 2xx that is not a JSON object is an error (case 4)', () => {
	const html = '<!doctype html><html><body>Sign in to the guest Wi-Fi</body></html>';
	test.each([
		['an HTML page', 'text/html', html, `"${html}"`],
		[
			'invalid JSON',
			'application/json',
			'{"status":"Message successfully',
			'"{"status":"Message successfully"',
		],
		['an empty body', 'application/json', '', 'an empty body'],
		['a JSON array', 'application/json', '["ok"]', '"["ok"]"'],
	])(
		'SMS send answered 200 with %s: "may have been sent" with the status and first bytes',
		async (_, type, body, shown) => {
			const server = await rawServer(() => http(200, 'OK', { 'Content-Type': type }, body));

			const result = await sendSms(server.url);

			expect(server.seen).toHaveLength(1);
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json.error).toBe(
				`The message may have been sent: the answer was HTTP 200 with ${shown} instead of Tatango's JSON answer`,
			);
		},
	);

	test('RCS answered 200 with HTML: an error, not {"0":"<","1":"!",...}', async () => {
		const server = await rawServer(() => http(200, 'OK', { 'Content-Type': 'text/html' }, html));

		const result = await sendCard(server.url);

		expect(result.items[0].json).not.toHaveProperty('0');
		expect(result.items[0].json.error).toMatch(
			/^The message may have been sent: the answer was HTTP 200 with "<!doctype html>/,
		);
	});

	test('a read answered 200 with HTML says what came back, without "may have been sent"', async () => {
		const server = await rawServer(() => http(200, 'OK', { 'Content-Type': 'text/html' }, html));

		const result = await getReport(server.url);

		expect(result.items[0].json.error).toMatch(/^Tatango answered HTTP 200 with "<!doctype html>/);
		expect(result.items[0].json.details).toMatch(/a proxy, a captive portal, a wrong Base URL/);
	});
});

describe('secrets a server echoes never reach an item, an error or the run data (case 5)', () => {
	/** @type {Answer} */
	const echo400 = (request) =>
		http(
			400,
			'Bad Request',
			{ 'Content-Type': 'application/json' },
			JSON.stringify({
				error: `Bad request: ${request.headers} ${request.body}`,
			}),
		);
	/** @type {Answer} */
	const echo200 = (request) =>
		http(
			200,
			'OK',
			{ 'Content-Type': 'application/json' },
			JSON.stringify({
				status: 'Message successfully sent.',
				// The records a successful send documents (v2, v3), so this stays a success.
				transactional_message: { id: 1, status: 'pending' },
				transactionId: '019687e1-1b54-70f4-a68a-60af7fa776f4',
				echo: { headers: request.headers, body: JSON.parse(request.body || '{}') },
				[`header ${request.headers}`]: 'in a key',
			}),
		);

	test.each([
		['v2 send, error', echo400, sendSms, true],
		['v2 send, success', echo200, sendSms, true],
		['v3 RCS, error', echo400, sendCard, true],
		// The v3 output keeps only the documented fields, so the echo does not reach it at all.
		['v3 RCS, success', echo200, sendCard, false],
	])(
		'%s: no secret of the echo is shown (redacted where the echo is kept)',
		async (_, answer, run, kept) => {
			const server = await rawServer(answer);

			const result = await run(server.url);

			// The server did receive the secrets: the echo really carried them.
			expect(
				SECRETS.some(
					(secret) =>
						server.seen[0].headers.includes(secret) || server.seen[0].body.includes(secret),
				),
			).toBe(true);
			const shown = everything(result);
			for (const secret of SECRETS) expect(shown).not.toContain(secret);
			if (kept) expect(shown).toContain(REDACTED);
		},
	);

	test('a redirect whose Location carries the key: the error names the host, not the key', async () => {
		const server = await rawServer(() =>
			http(307, 'Temporary Redirect', { Location: `https://collector.example/?k=${V2_KEY}` }),
		);

		const result = await sendSms(server.url);

		expect(everything(result)).not.toContain(V2_KEY);
		expect(result.items[0].json.error).toMatch(/to collector\.example;/);
	});
});
