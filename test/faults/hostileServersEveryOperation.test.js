// @ts-check
// Issue 10's transport cases (1, 3, 4, 5) on every operation, not only the sends they were first
// found on: a redirect to another host, a reply that cannot be read after the request was written,
// a 2xx that is not a JSON object, and a server that echoes the request. Also a redirect or an
// HTML page in the middle of Return All pagination and of a MOMT report's polling. Each server is a
// real TCP server on loopback that counts every request it receives.
const { http, rawServer } = require('../helpers/rawHttpServer');
const { runNode } = require('../helpers/runNode');
const { LIST, PHONE, operationsFor } = require('../helpers/operations');

const V2_EMAIL = 'owner@shop.example';
const V2_KEY = 'v2-secret-key-1234567890';
const V3_KEY = 'tatango_v3_secret_key_abcdef';
const BASIC = Buffer.from(`${V2_EMAIL}:${V2_KEY}`).toString('base64');
const WEBHOOK_TOKEN = 'webhook-token-0123456789abcdef';
const WEBHOOK_URL = `https://n8n.shop.example/webhook/abc/tatango?token=${WEBHOOK_TOKEN}`;
const SECRETS = [V2_KEY, V3_KEY, BASIC, WEBHOOK_TOKEN];

/**
 * [operation, parameters, what a failure after the request was written must say may have happened
 * (a pattern), or null when the call is repeatable and changes nothing anyone receives]: every
 * operation of the registry (test/helpers/operations.js). A text that may have gone out must be
 * said, so nobody resends it by hand.
 */
const OPERATIONS = operationsFor('hostileServers').map(
	([name, entry]) =>
		/** @type {[string, import('n8n-workflow').INodeParameters, string | null]} */ ([
			name,
			entry.parameters,
			entry.mayHave,
		]),
);

/**
 * @param {import('n8n-workflow').INodeParameters} parameters @param {string} baseUrl
 * @param {number} [maxRateLimitWait] seconds
 */
const run = (parameters, baseUrl, maxRateLimitWait = 10) =>
	runNode({
		parameters,
		credentials: {
			tatangoApi: {
				email: V2_EMAIL,
				apiKey: V2_KEY,
				baseUrl,
				requestsPerHour: 360_000_000,
				maxRateLimitWait,
			},
			tatangoV3Api: {
				apiKey: V3_KEY,
				baseUrl,
				defaultWebhookUrl: WEBHOOK_URL,
				requestsPerSecond: 100_000,
				maxRateLimitWait,
			},
		},
		continueOnFail: true,
	});

/** Everything a user, the run data or n8n's log could show of a run. @param {any} result */
const everything = (result) =>
	JSON.stringify({ items: result.items, error: result.error, run: result.run.data.resultData });

describe('a redirect is never followed, on any operation (case 1)', () => {
	test.each(OPERATIONS)(
		'%s answered 307 to another host: one request, none to that host',
		async (_, parameters) => {
			const elsewhere = await rawServer(() =>
				http(200, 'OK', { 'Content-Type': 'application/json' }, '{}'),
			);
			const server = await rawServer(() =>
				http(307, 'Temporary Redirect', { Location: `${elsewhere.url}/steal` }),
			);

			const result = await run(parameters, server.url);

			expect(server.seen).toHaveLength(1);
			expect(elsewhere.seen).toHaveLength(0);
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json.error).toBe(
				`Tatango answered with a redirect (HTTP 307) to ${elsewhere.host}; the node does not follow redirects`,
			);
		},
	);
});

describe('an answer that cannot be read after the request was written (case 3)', () => {
	const malformed = () =>
		'HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}';

	test.each(OPERATIONS)(
		'%s: one request; what may have happened is said, never "could not reach"',
		async (_, parameters, mayHave) => {
			const server = await rawServer(malformed);

			const result = await run(parameters, server.url);

			expect(server.seen).toHaveLength(1);
			const said = mayHave ? `${mayHave}: the answer` : "Tatango's answer";
			expect(result.items[0].json.error).toMatch(
				new RegExp(`^${said} could not be read \\(HPE_INVALID_CONTENT_LENGTH\\)$`),
			);
		},
	);
});

describe('a 2xx that is not a JSON object is an error on every operation (case 4)', () => {
	const html = '<!doctype html><html><body>Sign in to the guest Wi-Fi</body></html>';
	const bodies = /** @type {Array<[string, string, string]>} */ ([
		['an HTML page', 'text/html', html],
		['invalid JSON', 'application/json', '{"status":"ok'],
		['an empty body', 'application/json', ''],
		['a JSON array', 'application/json', '[{"id":1}]'],
		['a JSON string', 'application/json', '"ok"'],
	]);
	const cases = OPERATIONS.flatMap(([name, parameters, mayHave]) =>
		bodies.map(
			([what, type, body]) => /** @type {const} */ ([name, what, parameters, mayHave, type, body]),
		),
	);

	test.each(cases)(
		'%s answered 200 with %s: an error showing what came back',
		async (_, __, parameters, mayHave, type, body) => {
			const server = await rawServer(() => http(200, 'OK', { 'Content-Type': type }, body));

			const result = await run(parameters, server.url);

			expect(server.seen).toHaveLength(1);
			expect(result.items).toHaveLength(1);
			const said = mayHave ? `${mayHave}: the answer was` : 'Tatango answered';
			expect(result.items[0].json.error).toMatch(
				new RegExp(`^${said} HTTP 200 with .* instead of Tatango's JSON answer$`),
			);
		},
	);
});

describe('secrets a server echoes reach no item, error or run data on any operation (case 5)', () => {
	/** @type {Array<[string, import('../helpers/rawHttpServer').Answer]>} */
	const echoes = [
		[
			'a 200 echo',
			(request) =>
				http(
					200,
					'OK',
					{ 'Content-Type': 'application/json' },
					JSON.stringify({
						status: 'ok',
						lists: [{ echo: request.headers }],
						phone_numbers: [request.body],
						custom_fields: [{ echo: request.body }],
						messages: [{ echo: request.headers }],
						list: { echo: request.headers },
						subscriber: { echo: request.headers },
						message: { echo: request.body },
						momt_report: { id: 1, echo: request.headers },
						[`key ${request.headers}`]: request.body,
					}),
				),
		],
		[
			'a 422 echo',
			(request) =>
				http(
					422,
					'Unprocessable Entity',
					{ 'Content-Type': 'application/json' },
					JSON.stringify({
						status: 'error',
						error: `Bad: ${request.headers} ${request.body}`,
						message: request.headers,
					}),
				),
		],
	];
	const cases = OPERATIONS.flatMap(([name, parameters]) =>
		echoes.map(([what, answer]) => /** @type {const} */ ([name, what, parameters, answer])),
	);

	test.each(cases)('%s, %s: no secret is shown', async (_, __, parameters, answer) => {
		const server = await rawServer(answer);

		const result = await run(parameters, server.url);

		const sent = `${server.seen[0].headers}\n${server.seen[0].body}`;
		expect(SECRETS.some((secret) => sent.includes(secret))).toBe(true);
		const shown = everything(result);
		for (const secret of SECRETS) expect(shown).not.toContain(secret);
	});
});

describe('Return All pagination and report polling meet a hostile page', () => {
	const page1 = JSON.stringify({ lists: [{ id: 1, name: 'A' }], pages_count: 3 });

	test('page 2 redirects: the run fails naming the host; nothing reaches it, page 3 is not asked', async () => {
		const elsewhere = await rawServer(() => http(200, 'OK', {}, '{}'));
		const server = await rawServer((_, i) =>
			i === 0
				? http(200, 'OK', { 'Content-Type': 'application/json' }, page1)
				: http(308, 'Permanent Redirect', { Location: `${elsewhere.url}/api/v2/lists?page=2` }),
		);

		const result = await run(
			{ resource: 'list', operation: 'getMany', returnAll: true },
			server.url,
		);

		expect(server.seen.map((r) => r.path)).toEqual([
			'/api/v2/lists?page=1&per_page=1000',
			'/api/v2/lists?page=2&per_page=1000',
		]);
		expect(elsewhere.seen).toHaveLength(0);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toMatch(
			/^Tatango answered with a redirect \(HTTP 308\) to /,
		);
	});

	test('page 2 is an HTML page: an error, not page 1 alone as if it were everything', async () => {
		const server = await rawServer((_, i) =>
			i === 0
				? http(200, 'OK', { 'Content-Type': 'application/json' }, page1)
				: http(200, 'OK', { 'Content-Type': 'text/html' }, '<html>portal</html>'),
		);

		const result = await run(
			{ resource: 'list', operation: 'getMany', returnAll: true },
			server.url,
		);

		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toMatch(
			/^Tatango answered HTTP 200 with "<html>portal<\/html>"/,
		);
	});

	test('Wait Until Complete: a poll answered with HTML fails naming the created report', async () => {
		const server = await rawServer((_, i) =>
			i === 0
				? http(
						201,
						'Created',
						{ 'Content-Type': 'application/json' },
						JSON.stringify({ momt_report: { id: 77, percent_complete: 0 } }),
					)
				: http(200, 'OK', { 'Content-Type': 'text/html' }, '<html>portal</html>'),
		);

		const result = await run(
			{
				resource: 'momtReport',
				operation: 'create',
				dateFrom: '2026-01-01T00:00:00Z',
				dateTo: '2026-01-02T00:00:00Z',
				waitUntilComplete: true,
				maxWaitMinutes: 0.1,
				checkEverySeconds: 3,
			},
			server.url,
		);

		expect(server.seen).toHaveLength(2);
		expect(result.items[0].json.error).toMatch(
			/^Tatango answered HTTP 200 with "<html>portal<\/html>"/,
		);
		expect(result.items[0].json.details).toMatch(
			/MOMT report 77 was created; read it later with MOMT Report → Get\.$/,
		);
	}, 15_000);
});

test('Subscriber → Add answered 503 every time: retried (a second add texts nothing), then says the opt-in text may have been sent', async () => {
	const server = await rawServer(() =>
		http(503, 'Service Unavailable', { 'Content-Type': 'application/json' }, '{"error":"busy"}'),
	);

	const result = await run(
		{ resource: 'subscriber', operation: 'add', listId: LIST, phoneNumber: PHONE },
		server.url,
	);

	expect(server.seen).toHaveLength(4);
	expect(result.items[0].json.error).toBe(
		'The opt-in text may have been sent (the subscriber may have been added): Tatango answered HTTP 503 (busy)',
	);
	expect(result.items[0].json.details).toMatch(/Running this again is safe/);
}, 15_000);

describe('a 2xx JSON object without what Tatango documents for the call is an error, not an empty result', () => {
	test.each([
		['list → getMany', { resource: 'list', operation: 'getMany', returnAll: true }, 'lists'],
		[
			'subscriber → getMany',
			{ resource: 'subscriber', operation: 'getMany', listId: LIST, returnAll: true },
			'phone_numbers',
		],
		[
			'customField → getMany',
			{ resource: 'customField', operation: 'getMany', listId: LIST, returnAll: true },
			'custom_fields',
		],
		[
			'broadcastMessage → getMany',
			{ resource: 'broadcastMessage', operation: 'getMany', listId: LIST, returnAll: true },
			'messages',
		],
	])(
		'%s answered 200 whose records are not a list: an error naming what is missing, not zero records',
		async (_, parameters, key) => {
			const server = await rawServer(() =>
				http(
					200,
					'OK',
					{ 'Content-Type': 'application/json' },
					JSON.stringify({ status: 'OK', [key]: 'none', pages_count: 9 }),
				),
			);

			const result = await run(/** @type {any} */ (parameters), server.url);

			expect(server.seen).toHaveLength(1);
			expect(result.items).toHaveLength(1);
			expect(result.items[0].json.error).toMatch(
				new RegExp(
					`^Tatango answered HTTP 200 without "${key}" \\(a list\\), which its answer to this call always has`,
				),
			);
		},
	);

	test('MOMT Report → Get answered {} : an error, not an empty report', async () => {
		const server = await rawServer(() =>
			http(200, 'OK', { 'Content-Type': 'application/json' }, '{}'),
		);

		const result = await run({ resource: 'momtReport', operation: 'get', reportId: 7 }, server.url);

		expect(result.items[0].json.error).toMatch(
			/^Tatango answered HTTP 200 without "momt_report" \(an object\)/,
		);
	});

	test('MOMT Report → Create with Wait Until Complete, answered without a report ID: says so, polls nothing', async () => {
		const server = await rawServer(() =>
			http(
				200,
				'OK',
				{ 'Content-Type': 'application/json' },
				JSON.stringify({ status: 'OK', momt_report: { percent_complete: 0 } }),
			),
		);

		const result = await run(
			{
				resource: 'momtReport',
				operation: 'create',
				dateFrom: '2026-01-01T00:00:00Z',
				dateTo: '2026-01-02T00:00:00Z',
				waitUntilComplete: true,
				maxWaitMinutes: 0.1,
				checkEverySeconds: 3,
			},
			server.url,
		);

		expect(server.seen).toHaveLength(1);
		expect(result.items[0].json.error).toBe(
			"Tatango's answer to creating the report has no report ID (id: null), so it cannot be checked until complete",
		);
	});
});

describe('SMS → Send and Wait for Reply against a server that is not Tatango', () => {
	const { startWaitingRun } = require('../helpers/waitingRun');
	/** @param {string} baseUrl */
	const sendAndWait = (baseUrl) =>
		startWaitingRun({
			parameters: {
				resource: 'sms',
				operation: 'sendAndWait',
				phoneNumber: PHONE,
				message: 'Approve refund of $120? Reply YES or NO',
			},
			credentials: {
				tatangoV3Api: { apiKey: V3_KEY, baseUrl, requestsPerSecond: 100_000, maxRateLimitWait: 10 },
			},
			continueOnFail: true,
		});

	test.each([
		[
			'a redirect',
			() => http(307, 'Temporary Redirect', { Location: 'https://collector.example/x' }),
			/^Tatango answered with a redirect \(HTTP 307\) to collector\.example/,
		],
		[
			'an unreadable answer',
			() =>
				'HTTP/1.1 202 Accepted\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}',
			/^The message may have been sent: the answer could not be read \(HPE_INVALID_CONTENT_LENGTH\)$/,
		],
		[
			'an HTML page',
			() => http(200, 'OK', { 'Content-Type': 'text/html' }, '<html>portal</html>'),
			/^The message may have been sent: the answer was HTTP 200 with "<html>portal<\/html>"/,
		],
	])('%s: one request, an error item, no wait', async (_, answer, error) => {
		const server = await rawServer(answer);

		const run = await sendAndWait(server.url);

		expect(server.seen).toHaveLength(1);
		expect(run.waitTill).toBeUndefined();
		expect(run.items).toHaveLength(1);
		expect(run.items[0].json.error).toMatch(error);
	});

	test("an echo of the request: neither the key nor the resume URL's signature is shown", async () => {
		const server = await rawServer((request) =>
			http(
				202,
				'Accepted',
				{ 'Content-Type': 'application/json' },
				JSON.stringify({ message: 'ok', transactionId: `${request.headers} ${request.body}` }),
			),
		);

		const run = await sendAndWait(server.url);

		const signature = new URL(JSON.parse(server.seen[0].body).webhookUrl).searchParams.get(
			'signature',
		);
		expect(signature).toBeTruthy();
		const shown = JSON.stringify({ items: run.items, run: run.run.data.resultData });
		expect(shown).not.toContain(V3_KEY);
		expect(shown).not.toContain(/** @type {string} */ (signature));
	});
});

describe("Send and Wait for Reply's resume webhook: a deep or huge event (issue 10, case 14)", () => {
	const { startWaitingRun, postToResumeUrl } = require('../helpers/waitingRun');
	const TX = '019687e1-1b54-70f4-a68a-60af7fa776f4';

	async function waitingRun() {
		const server = await rawServer(() =>
			http(
				202,
				'Accepted',
				{ 'Content-Type': 'application/json' },
				JSON.stringify({ message: 'ok', transactionId: TX }),
			),
		);
		const waiting = await startWaitingRun({
			parameters: {
				resource: 'sms',
				operation: 'sendAndWait',
				phoneNumber: PHONE,
				message: 'Reply YES or NO',
			},
			credentials: {
				tatangoV3Api: { apiKey: V3_KEY, baseUrl: server.url, requestsPerSecond: 100_000 },
			},
		});
		return { waiting, url: JSON.parse(server.seen[0].body).webhookUrl };
	}

	/** @param {number} levels */
	const nested = (levels) => {
		/** @type {any} */
		let value = 'deep';
		for (let n = 0; n < levels; n++) value = { value };
		return value;
	};

	test.each([
		[
			'5,000 levels deep, of an event type the node does not use',
			{ transactionId: TX, eventType: nested(5000), body: nested(5000) },
		],
		[
			'5,000 levels deep around a delivery report',
			{
				transactionId: TX,
				eventType: 'delivery_status',
				body: { status: 'success', extra: nested(5000) },
			},
		],
	])('%s: answered, the execution keeps waiting', async (_, event) => {
		const { waiting, url } = await waitingRun();

		const answer = await postToResumeUrl(waiting, url, event);

		expect(answer.resumed).toBe(false);
		expect([200, 400]).toContain(answer.statusCode);
	});

	test('a reply with a 5,000-level extra field resumes with the reply text only', async () => {
		const { waiting, url } = await waitingRun();

		const answer = await postToResumeUrl(waiting, url, {
			transactionId: TX,
			eventType: 'reply_received',
			body: { content: 'YES', phoneNumber: PHONE, extra: nested(5000) },
		});

		expect(answer.resumed).toBe(true);
		expect(answer.items[0].json).toMatchObject({ outcome: 'approved', replyText: 'YES' });
		expect(JSON.stringify(answer.items[0].json)).not.toContain('deep');
	});
});

describe('429 on a read, on a page of Return All and on a v3 send (case 2)', () => {
	const tooMany = (/** @type {string} */ retryAfter) => () =>
		http(
			429,
			'Too Many Requests',
			{ 'Retry-After': retryAfter, 'Content-Type': 'application/json' },
			'{"message":"Too Many Requests"}',
		);

	test.each([
		['list → getMany', { resource: 'list', operation: 'getMany', returnAll: true }],
		[
			'rcs → sendText',
			{
				resource: 'rcs',
				operation: 'sendText',
				phoneNumber: PHONE,
				text: 'Shipped',
				smsFailover: 'Shipped',
			},
		],
	])(
		'%s: Retry-After of a day is not waited (it exceeds Max Wait): one request, said at once',
		async (_, parameters) => {
			const server = await rawServer(tooMany('86400'));

			const started = Date.now();
			const result = await run(/** @type {any} */ (parameters), server.url);

			expect(server.seen).toHaveLength(1);
			expect(Date.now() - started).toBeLessThan(5000);
			expect(result.items[0].json.error).toBe(
				"Tatango's rate limit was still exceeded after waiting 0 s; nothing was sent (429)",
			);
		},
	);

	test('page 2 answering Retry-After: 0 forever: each wait lasts at least 1 s, so Max Wait (2 s) allows 2 tries, not a loop', async () => {
		const server = await rawServer((_, i) =>
			i === 0
				? http(
						200,
						'OK',
						{ 'Content-Type': 'application/json' },
						JSON.stringify({ lists: [{ id: 1 }], pages_count: 2 }),
					)
				: tooMany('0')(),
		);

		const result = await run(
			{ resource: 'list', operation: 'getMany', returnAll: true },
			server.url,
			2,
		);

		expect(server.seen).toHaveLength(3);
		expect(result.items[0].json.error).toMatch(
			/^Tatango's rate limit was still exceeded after waiting [12] s; nothing was sent \(429\)$/,
		);
	}, 10_000);
});

test.each(
	OPERATIONS.filter(
		([, parameters]) =>
			['sms', 'mms', 'rcs'].includes(String(parameters.resource)) ||
			parameters.operation === 'sendTemplate',
	),
)(
	'%s answered 202 without a transactionId: "may have been sent", not a success whose events cannot be matched',
	async (_, parameters) => {
		const server = await rawServer(() =>
			http(
				202,
				'Accepted',
				{ 'Content-Type': 'application/json' },
				'{"message":"Request accepted"}',
			),
		);

		const result = await run(parameters, server.url);

		expect(server.seen).toHaveLength(1);
		expect(result.items[0].json.error).toMatch(
			/^The message may have been sent: Tatango answered HTTP 202 without "transactionId" \(text\)/,
		);
	},
);

test("Send and Wait's retry text answered with HTML: n8n's log says it may have been sent (not 'was not sent'), without the key or the resume URL's signature", async () => {
	const path = require('path');
	const coreDir = path.dirname(require.resolve('n8n-core/package.json'));
	const { Container } = require(require.resolve('@n8n/di', { paths: [coreDir] }));
	const { Logger } = require(require.resolve('@n8n/backend-common', { paths: [coreDir] }));
	const { startWaitingRun, postToResumeUrl } = require('../helpers/waitingRun');
	/** @type {string[]} */
	const logged = [];
	const record = (/** @type {string} */ message) => logged.push(message);
	const previous = Container.get(Logger);
	Container.set(Logger, {
		error: record,
		warn: record,
		info: record,
		debug: record,
		scoped: () => ({ error: record, warn: record, info: record, debug: record }),
	});
	try {
		const TX = '019687e1-1b54-70f4-a68a-60af7fa776f4';
		const server = await rawServer((request, i) =>
			i === 0
				? http(
						202,
						'Accepted',
						{ 'Content-Type': 'application/json' },
						JSON.stringify({ message: 'ok', transactionId: TX }),
					)
				: http(
						200,
						'OK',
						{ 'Content-Type': 'text/html' },
						`<html>${request.headers} ${request.body}</html>`,
					),
		);
		const waiting = await startWaitingRun({
			parameters: {
				resource: 'sms',
				operation: 'sendAndWait',
				phoneNumber: PHONE,
				message: 'Reply YES or NO',
				onOtherReply: 'sendRetryText',
			},
			credentials: {
				tatangoV3Api: { apiKey: V3_KEY, baseUrl: server.url, requestsPerSecond: 100_000 },
			},
		});
		const url = JSON.parse(server.seen[0].body).webhookUrl;

		const answer = await postToResumeUrl(waiting, url, {
			transactionId: TX,
			eventType: 'reply_received',
			body: { content: 'maybe', phoneNumber: PHONE },
		});

		expect(answer.resumed).toBe(false);
		expect(server.seen).toHaveLength(2);
		const retrySignature = new URL(JSON.parse(server.seen[1].body).webhookUrl).searchParams.get(
			'signature',
		);
		const line = logged.find((message) => message.includes('retry text'));
		expect(line).toMatch(
			/^Tatango Send and Wait for Reply: the retry text failed: The message may have been sent: /,
		);
		for (const secret of [V3_KEY, /** @type {string} */ (retrySignature)])
			expect(logged.join('\n')).not.toContain(secret);
	} finally {
		Container.set(Logger, previous);
	}
});

test('Return All against a server that ignores "page" (500 pages, each the same): stops at page 2 with an error, not 500 requests of repeated records', async () => {
	const server = await rawServer(() =>
		http(
			200,
			'OK',
			{ 'Content-Type': 'application/json' },
			JSON.stringify({ phone_numbers: ['2065551234'], pages_count: 500 }),
		),
	);

	const result = await run(
		{ resource: 'subscriber', operation: 'getMany', listId: LIST, returnAll: true },
		server.url,
	);

	expect(server.seen).toHaveLength(2);
	expect(result.items).toHaveLength(1);
	expect(result.items[0].json.error).toBe(
		'Tatango answered page 2 of /api/v2/lists/101/subscribers with the same records as page 1: the server ignores the page asked for, so reading on would repeat them',
	);
});

test.each([
	['list → create', { resource: 'list', operation: 'create', name: 'Spring' }],
	[
		'customField → create',
		{
			resource: 'customField',
			operation: 'create',
			listId: LIST,
			label: 'Store',
			key: 'store',
			contentType: 'text',
			maxLength: 20,
		},
	],
	[
		'whatsApp → uploadTemplate',
		{
			resource: 'whatsApp',
			operation: 'uploadTemplate',
			templateName: 'order_shipped',
			language: 'en_US',
			category: 'UTILITY',
			structure: '{"type":"TEXT","body":{"text":"Shipped"}}',
		},
	],
])(
	'%s redirected: the hint speaks of repeating the request, not of a message sent twice',
	async (_, parameters) => {
		const server = await rawServer(() =>
			http(307, 'Temporary Redirect', { Location: 'https://collector.example/x' }),
		);

		const result = await run(/** @type {any} */ (parameters), server.url);

		expect(result.items[0].json.details).toMatch(/and could repeat the request\./);
		expect(result.items[0].json.details).not.toMatch(/message/);
	},
);

test.each([
	[
		'transactionalMessage → send',
		{ resource: 'transactionalMessage', operation: 'send', phoneNumber: PHONE, content: 'Shipped' },
		'transactional_message',
	],
	[
		'broadcastMessage → send',
		{ resource: 'broadcastMessage', operation: 'send', listId: LIST, content: 'Sale today' },
		'message',
	],
])(
	'%s answered 200 {"status":"ok"} without the message record: "may have been sent", not a success',
	async (_, parameters, key) => {
		const server = await rawServer(() =>
			http(200, 'OK', { 'Content-Type': 'application/json' }, '{"status":"ok"}'),
		);

		const result = await run(/** @type {any} */ (parameters), server.url);

		expect(server.seen).toHaveLength(1);
		expect(result.items[0].json.error).toMatch(
			new RegExp(
				`^The message may have been sent: Tatango answered HTTP 200 without "${key}" \\(an object\\)`,
			),
		);
	},
);
