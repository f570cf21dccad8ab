// @ts-check
// Server errors, dropped connections, refused connections and slow answers against a real sandbox.
// Sends (transactional SMS, RCS) are retried only when the service certainly did not take the
// request; after an ambiguous failure the item fails saying the message may have been sent, and the
// sandbox's per-number count proves nobody was texted twice. Reads and idempotent calls are retried.
const axios = require('axios').default;
const {
	useSandbox,
	phones,
	sendTransactional,
	sendRcs,
	closedPort,
	v2Credentials,
	V2_EMAIL,
	V2_KEY,
} = require('./sandboxHarness');
const { runNode } = require('../helpers/runNode');

const { sandbox, control } = useSandbox();

const TRANSACTIONAL = '/api/v2/transactional_messages';
const RCS = '/transactional_messages/send_rcs_rich_card';
const MAY_HAVE_BEEN_SENT_HINT =
	/^Tatango may have received the request before the failure, so the node did not retry it/;

/** A fault that matches and does nothing: lets the requests before the one to hit pass. @param {string} path @param {number} times */
const pass = (path, times = 1) => ({ match: { path }, kind: 'slow', delayMs: 0, times });

/** @param {string[]} numbers */
async function countsOf(numbers) {
	const { messageCounts } = await control.inspect();
	return Object.fromEntries(numbers.map((n) => [n, messageCounts[n] ?? 0]));
}

/** @param {string} method @param {string} path */
async function statusesOf(method, path) {
	return (await control.requestsTo(method, path)).map((r) =>
		r.dropped ? 'dropped' : r.statusCode,
	);
}

/**
 * Runs the Tatango node with the sandbox's v2 credential.
 * @param {import('n8n-workflow').INodeParameters} parameters
 * @param {Record<string, unknown>} [credentials]
 */
const runV2 = (parameters, credentials = {}) =>
	runNode({ parameters, credentials: { tatangoApi: v2Credentials(sandbox().url, credentials) } });

describe('sends: an ambiguous failure is not retried, and says the message may have been sent', () => {
	test('500 after Tatango took the SMS: that item fails, the others go on; one text per number, no second request', async () => {
		const numbers = phones(3);
		await control.faults([
			pass(TRANSACTIONAL),
			{ match: { path: TRANSACTIONAL }, kind: 'status', status: 500, phase: 'after' },
		]);

		const { items, error } = await sendTransactional({
			baseUrl: sandbox().url,
			phones: numbers,
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json.status).toBe('Message successfully sent.');
		expect(items[1].json.error).toBe(
			'The message may have been sent: Tatango answered HTTP 500 (Internal Server Error)',
		);
		expect(items[1].json.details).toMatch(MAY_HAVE_BEEN_SENT_HINT);
		expect(items[2].json.status).toBe('Message successfully sent.');
		// The failed item's text did go out (phase "after"), exactly once: the node did not try again.
		expect(await countsOf(numbers)).toEqual({ [numbers[0]]: 1, [numbers[1]]: 1, [numbers[2]]: 1 });
		expect(await statusesOf('POST', TRANSACTIONAL)).toEqual([200, 500, 200]);
	});

	test('503 after an RCS send: the run stops on that item with its index; one card, one request', async () => {
		const [number] = phones(1);
		await control.faults({ match: { path: RCS }, kind: 'status', status: 503, phase: 'after' });

		const { items, error } = await sendRcs({ baseUrl: sandbox().url, phones: [number] });

		expect(items).toEqual([]);
		expect(error.message).toBe(
			'The message may have been sent: Tatango answered HTTP 503 (Service Unavailable)',
		);
		expect(error.description).toMatch(MAY_HAVE_BEEN_SENT_HINT);
		expect(error.context.itemIndex).toBe(0);
		expect(await countsOf([number])).toEqual({ [number]: 1 });
		expect(await statusesOf('POST', RCS)).toEqual([503]);
	});

	test('connection dropped after the SMS was taken: fails "may have been sent"; one text, one request', async () => {
		const [number] = phones(1);
		await control.faults({ match: { path: TRANSACTIONAL }, kind: 'drop', phase: 'after' });

		const { error } = await sendTransactional({ baseUrl: sandbox().url, phones: [number] });

		expect(error.message).toBe(
			'The message may have been sent: the connection failed (ECONNRESET)',
		);
		expect(error.description).toMatch(MAY_HAVE_BEEN_SENT_HINT);
		expect(await countsOf([number])).toEqual({ [number]: 1 });
		expect(await statusesOf('POST', TRANSACTIONAL)).toEqual(['dropped']);
	});

	test('an answer slower than the Request Timeout after the SMS was taken: fails "may have been sent"; one text, one request', async () => {
		const [number] = phones(1);
		await control.faults({
			match: { path: TRANSACTIONAL },
			kind: 'slow',
			delayMs: 2500,
			phase: 'after',
		});

		const started = Date.now();
		const { error } = await sendTransactional({
			baseUrl: sandbox().url,
			phones: [number],
			credentials: { requestTimeout: 1 },
		});

		expect(Date.now() - started).toBeLessThan(2500);
		expect(error.message).toBe(
			'The message may have been sent: no answer within the Request Timeout of 1 s (ECONNABORTED)',
		);
		expect(error.description).toMatch(MAY_HAVE_BEEN_SENT_HINT);
		expect(await countsOf([number])).toEqual({ [number]: 1 });
		expect(await control.requestsTo('POST', TRANSACTIONAL)).toHaveLength(1);
	});

	test('connection dropped after an RCS card was taken: same, one card', async () => {
		const [number] = phones(1);
		await control.faults({ match: { path: RCS }, kind: 'drop', phase: 'after' });

		const { error } = await sendRcs({ baseUrl: sandbox().url, phones: [number] });

		expect(error.message).toBe(
			'The message may have been sent: the connection failed (ECONNRESET)',
		);
		expect(await countsOf([number])).toEqual({ [number]: 1 });
		expect(await statusesOf('POST', RCS)).toEqual(['dropped']);
	});

	test('a 503 before anything happened looks the same from outside: not retried either (nothing was sent)', async () => {
		const [number] = phones(1);
		await control.faults({
			match: { path: TRANSACTIONAL },
			kind: 'status',
			status: 503,
			phase: 'before',
		});

		const { error } = await sendTransactional({ baseUrl: sandbox().url, phones: [number] });

		expect(error.message).toBe(
			'The message may have been sent: Tatango answered HTTP 503 (Service Unavailable)',
		);
		expect(await countsOf([number])).toEqual({ [number]: 0 });
		expect(await statusesOf('POST', TRANSACTIONAL)).toEqual([503]);
	});

	test('connection refused: certainly not sent, so retried; then fails saying Tatango could not be reached', async () => {
		const port = await closedPort();
		const [number] = phones(1);

		const { items, error } = await sendTransactional({
			baseUrl: `http://127.0.0.1:${port}`,
			phones: [number],
		});

		expect(items).toEqual([]);
		// One try and three retries, each refused before anything reached a server.
		expect(error.message).toBe(
			'Could not reach Tatango: the connection failed (ECONNREFUSED) after 4 attempts',
		);
		expect(error.description).toBe(
			'Check the Base URL of the credential and the network between n8n and Tatango.',
		);
		expect(error.context.itemIndex).toBe(0);
	});

	test('slow answers (1.5 s, well under the timeout) succeed, each number texted once', async () => {
		const numbers = phones(3);
		await control.faults([
			{ match: { path: RCS }, kind: 'slow', delayMs: 1500, phase: 'after' },
			{ match: { path: RCS }, kind: 'slow', delayMs: 1500, phase: 'before' },
		]);

		const { items, error } = await sendRcs({ baseUrl: sandbox().url, phones: numbers });

		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.phoneNumber)).toEqual(numbers);
		expect(await countsOf(numbers)).toEqual(Object.fromEntries(numbers.map((n) => [n, 1])));
		expect(await statusesOf('POST', RCS)).toEqual([202, 202, 202]);
	});
});

describe('reads and idempotent calls are retried on 5xx and dropped connections', () => {
	test('GET MOMT report: 500 then 503 (after the read), then the report', async () => {
		await control.faults([
			{ match: { method: 'GET', path: '/api/v2/momt_reports/1' }, kind: 'status', status: 500 },
			{
				match: { method: 'GET', path: '/api/v2/momt_reports/1' },
				kind: 'status',
				status: 503,
				phase: 'after',
			},
		]);

		const { items, error } = await runV2({
			resource: 'momtReport',
			operation: 'get',
			reportId: '1',
		});

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ isComplete: true, id: 1 });
		expect(await statusesOf('GET', '/api/v2/momt_reports/1')).toEqual([500, 503, 200]);
	});

	test('GET MOMT report: a connection dropped before the answer is retried', async () => {
		await control.faults({
			match: { method: 'GET', path: '/api/v2/momt_reports/1' },
			kind: 'drop',
			phase: 'before',
		});

		const { items, error } = await runV2({
			resource: 'momtReport',
			operation: 'get',
			reportId: '1',
		});

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: 1 });
		expect(await statusesOf('GET', '/api/v2/momt_reports/1')).toEqual(['dropped', 200]);
	});

	test('GET MOMT report: an answer slower than the Request Timeout is retried, and the retry answers', async () => {
		await control.faults({
			match: { method: 'GET', path: '/api/v2/momt_reports/1' },
			kind: 'slow',
			delayMs: 2500,
			phase: 'before',
		});

		const started = Date.now();
		const { items, error } = await runV2(
			{ resource: 'momtReport', operation: 'get', reportId: '1' },
			{ requestTimeout: 1 },
		);

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ id: 1 });
		expect(await control.requestsTo('GET', '/api/v2/momt_reports/1')).toHaveLength(2);
		expect(Date.now() - started).toBeLessThan(2500);
	});

	test('PUT opt-in settings: 503 twice after applying them, retried; the settings are in place once', async () => {
		const path = '/api/v2/lists/101/opt_in_settings';
		await control.faults({
			match: { method: 'PUT', path },
			kind: 'status',
			status: 503,
			phase: 'after',
			times: 2,
		});

		const { items, error } = await runV2({
			resource: 'list',
			operation: 'updateOptInSettings',
			listId: { __rl: true, mode: 'id', value: '101' },
			optInType: 'single',
			firstOptInMessage: 'Welcome to Shop alerts! Reply STOP to end.',
		});

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			opt_in_type: 'single',
			first_optin_message: 'Welcome to Shop alerts! Reply STOP to end.',
		});
		expect(await statusesOf('PUT', path)).toEqual([503, 503, 200]);
		const list = await axios.get(`${sandbox().url}/api/v2/lists/101`, {
			auth: { username: V2_EMAIL, password: V2_KEY },
		});
		expect(list.data.list.first_optin_message).toBe('Welcome to Shop alerts! Reply STOP to end.');
	});

	test('Custom Field → Create: a 503 after Tatango made the field is not retried into "already been taken"; says it may have been created', async () => {
		const path = '/api/v2/lists/101/custom_fields';
		await control.faults({
			match: { method: 'POST', path },
			kind: 'status',
			status: 503,
			phase: 'after',
			times: 1,
		});

		const { error } = await runV2({
			resource: 'customField',
			operation: 'create',
			listId: { __rl: true, mode: 'id', value: '101' },
			label: 'Favorite Store',
			key: 'favorite_store',
			contentType: 'text',
			maxLength: 40,
		});

		expect(await statusesOf('POST', path)).toEqual([503]);
		expect(error.message).toBe(
			'The custom field may have been created: Tatango answered HTTP 503 (Service Unavailable)',
		);
		expect(error.description).toMatch(/Custom Field → Get Many/);
	});

	test('DELETE unsubscribe: a dropped connection and a 500 after unsubscribing are retried; the number ends unsubscribed', async () => {
		const number = '2065553190';
		await axios.post(
			`${sandbox().url}/api/v2/lists/101/subscribers`,
			{ subscriber: { phone_number: number, bypass_opt_in_response: true } },
			{ auth: { username: V2_EMAIL, password: V2_KEY } },
		);
		const path = `/api/v2/lists/101/subscribers/${number}`;
		await control.faults([
			{ match: { method: 'DELETE', path }, kind: 'drop', phase: 'after' },
			{ match: { method: 'DELETE', path }, kind: 'status', status: 500, phase: 'after' },
		]);

		const { items, error } = await runV2({
			resource: 'subscriber',
			operation: 'unsubscribe',
			listId: { __rl: true, mode: 'id', value: '101' },
			phoneNumber: number,
		});

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({
			status: 'successfully unsubscribed',
			subscriber: { phone_number: number },
		});
		expect(await statusesOf('DELETE', path)).toEqual(['dropped', 500, 200]);
		const unsubscribed = await axios.get(
			`${sandbox().url}/api/v2/lists/101/subscribers/unsubscribed`,
			{
				auth: { username: V2_EMAIL, password: V2_KEY },
			},
		);
		expect(unsubscribed.data.phone_numbers).toEqual([number]);
	});

	test('keyword check: 502 then 504, then the answer', async () => {
		const path = '/api/v2/shortcodes/33733/test_keyword';
		await control.faults([
			{ match: { path }, kind: 'status', status: 502 },
			{ match: { path }, kind: 'status', status: 504 },
		]);

		const { items, error } = await runV2({
			resource: 'keyword',
			operation: 'checkAvailability',
			shortcodeId: { __rl: true, mode: 'id', value: '33733' },
			keyword: 'SUMMER',
		});

		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ keyword: 'SUMMER', available: true });
		expect(await statusesOf('POST', path)).toEqual([502, 504, 200]);
	});

	test('a read that keeps failing stops after 4 attempts and says it was retried', async () => {
		await control.faults({
			match: { path: '/api/v2/momt_reports/1' },
			kind: 'status',
			status: 503,
			times: 10,
		});

		const { error } = await runV2({ resource: 'momtReport', operation: 'get', reportId: '1' });

		expect(error.message).toBe('Tatango answered HTTP 503: Service Unavailable after 4 attempts');
		expect(error.description).toMatch(/retried/);
		expect(await statusesOf('GET', '/api/v2/momt_reports/1')).toEqual([503, 503, 503, 503]);
	});
});

describe('every input item ends as exactly one output item or one error', () => {
	test('20 sends under mixed faults, Continue On Fail: 20 outputs, each paired with its input; no number texted twice', async () => {
		const numbers = phones(20);
		const items = numbers.map((phone) => ({ phone }));
		items[15] = { phone: '555-0100' }; // invalid: refused before any request
		await control.faults([
			pass(TRANSACTIONAL), // item 0
			{ match: { path: TRANSACTIONAL }, kind: 'status', status: 429, retryAfter: 0, times: 2 }, // item 1 ...
			{ match: { path: TRANSACTIONAL }, kind: 'slow', delayMs: 300, phase: 'after' }, // ... then a slow success
			{ match: { path: TRANSACTIONAL }, kind: 'status', status: 500, phase: 'after' }, // item 2: sent, then 500
			pass(TRANSACTIONAL, 2), // items 3, 4
			{ match: { path: TRANSACTIONAL }, kind: 'drop', phase: 'after' }, // item 5: sent, then dropped
			{ match: { path: TRANSACTIONAL }, kind: 'status', status: 503, phase: 'before' }, // item 6: not sent
			{ match: { path: TRANSACTIONAL }, kind: 'drop', phase: 'before' }, // item 7: not sent, dropped
			pass(TRANSACTIONAL, 3), // items 8, 9, 10
			{ match: { path: TRANSACTIONAL }, kind: 'status', status: 429, retryAfter: 0 }, // item 11: refused ...
			pass(TRANSACTIONAL), // ... and sent on the retry
			{ match: { path: TRANSACTIONAL }, kind: 'status', status: 502, phase: 'after' }, // item 12: sent, then 502
		]);

		const run = await runNode({
			parameters: {
				resource: 'transactionalMessage',
				operation: 'send',
				phoneNumber: '={{ $json.phone }}',
				content: 'Your order has shipped',
			},
			items,
			credentials: { tatangoApi: v2Credentials(sandbox().url) },
			continueOnFail: true,
		});

		expect(run.error).toBeUndefined();
		expect(run.items).toHaveLength(20);
		expect(run.items.map((i) => i.pairedItem)).toEqual(numbers.map((_, i) => ({ item: i })));
		const outcome = run.items.map((item, i) => {
			if (item.json.error === undefined) {
				expect(item.json.transactional_message).toMatchObject({ number: numbers[i] });
				return 'sent';
			}
			return String(item.json.error);
		});
		const mayHaveBeenSent = (/** @type {string} */ what) =>
			`The message may have been sent: ${what}`;
		expect(outcome).toEqual([
			'sent',
			'sent',
			mayHaveBeenSent('Tatango answered HTTP 500 (Internal Server Error)'),
			'sent',
			'sent',
			mayHaveBeenSent('the connection failed (ECONNRESET)'),
			mayHaveBeenSent('Tatango answered HTTP 503 (Service Unavailable)'),
			mayHaveBeenSent('the connection failed (ECONNRESET)'),
			'sent',
			'sent',
			'sent',
			'sent',
			mayHaveBeenSent('Tatango answered HTTP 502 (Bad Gateway)'),
			'sent',
			'sent',
			expect.stringMatching(/^Invalid Phone Number: "555-0100"/),
			'sent',
			'sent',
			'sent',
			'sent',
		]);
		// Texted exactly once: every success, and the sends that failed after Tatango took them;
		// never: the two refused before, and the invalid number.
		const counts = await countsOf(numbers);
		const expected = Object.fromEntries(numbers.map((n, i) => [n, [6, 7, 15].includes(i) ? 0 : 1]));
		expect(counts).toEqual(expected);
		expect(Math.max(...Object.values((await control.inspect()).messageCounts))).toBe(1);
		// 19 items reached the sandbox; three 429s were tried again.
		expect(await control.requestsTo('POST', TRANSACTIONAL)).toHaveLength(22);
	});

	test('without Continue On Fail the run stops at the failed item, naming it; later items are never sent', async () => {
		const numbers = phones(3);
		await control.faults([
			pass(TRANSACTIONAL),
			{ match: { path: TRANSACTIONAL }, kind: 'status', status: 500, phase: 'after' },
		]);

		const { items, error, run } = await sendTransactional({
			baseUrl: sandbox().url,
			phones: numbers,
		});

		expect(run.status).toBe('error');
		expect(items).toEqual([]);
		expect(error.message).toBe(
			'The message may have been sent: Tatango answered HTTP 500 (Internal Server Error)',
		);
		expect(error.context.itemIndex).toBe(1);
		expect(await countsOf(numbers)).toEqual({ [numbers[0]]: 1, [numbers[1]]: 1, [numbers[2]]: 0 });
	});
});
