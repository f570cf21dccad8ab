// @ts-check
// 429s against a real sandbox: the node waits them out (Retry-After, or its own backoff), every item
// completes and every number is texted exactly once; past the credential's maximum wait the item
// fails with a message naming that setting; pacing keeps a long list under the limit altogether.
const {
	useSandbox,
	phones,
	sendTransactional,
	sendRcs,
	startRetryAfterStrippingProxy,
} = require('./sandboxHarness');

const { sandbox, control } = useSandbox();

const TRANSACTIONAL = '/api/v2/transactional_messages';
const RCS = '/transactional_messages/send_rcs_rich_card';

/** Per-number message counts of the sandbox, for the given numbers. @param {string[]} numbers */
async function countsOf(numbers) {
	const { messageCounts } = await control.inspect();
	return Object.fromEntries(numbers.map((n) => [n, messageCounts[n] ?? 0]));
}

const once = (/** @type {string[]} */ numbers) => Object.fromEntries(numbers.map((n) => [n, 1]));

// These runs wait out real 429s by design (3-4 s each): jest's 5 s default leaves no room on a busy
// machine, and a test stopped by it keeps sending into the next test's counts.
jest.setTimeout(30_000);

describe('a burst of 429s', () => {
	test('transactional, with Retry-After: every item completes, each number texted once, the wait honoured', async () => {
		const numbers = phones(5);
		// The first three attempts are refused, each asking to wait 1 s.
		await control.faults({
			match: { method: 'POST', path: TRANSACTIONAL },
			kind: 'status',
			status: 429,
			retryAfter: 1,
			times: 3,
		});

		const started = Date.now();
		const { items, error } = await sendTransactional({ baseUrl: sandbox().url, phones: numbers });
		const elapsed = Date.now() - started;

		expect(error).toBeUndefined();
		expect(
			items.map((i) => [i.pairedItem, /** @type {any} */ (i.json.transactional_message)?.number]),
		).toEqual(numbers.map((n, i) => [{ item: i }, n]));
		expect(await countsOf(numbers)).toEqual(once(numbers));
		const requests = await control.requestsTo('POST', TRANSACTIONAL);
		expect(requests.map((r) => r.statusCode)).toEqual([429, 429, 429, 200, 200, 200, 200, 200]);
		// Three refusals asking for 1 s each: the node cannot have finished sooner (a lower bound
		// only: sleeping never ends early, so this cannot flake).
		expect(elapsed).toBeGreaterThanOrEqual(2900);
	});

	test('transactional, without Retry-After (a gateway strips it): the node backs off on its own, no item lost', async () => {
		const proxy = await startRetryAfterStrippingProxy(sandbox().url);
		try {
			const numbers = phones(4);
			await control.faults({
				match: { method: 'POST', path: TRANSACTIONAL },
				kind: 'status',
				status: 429,
				times: 2,
			});

			const { items, error } = await sendTransactional({ baseUrl: proxy.url, phones: numbers });

			expect(error).toBeUndefined();
			expect(items).toHaveLength(4);
			expect(items.map((i) => i.json.status)).toEqual(Array(4).fill('Message successfully sent.'));
			expect(await countsOf(numbers)).toEqual(once(numbers));
			expect((await control.requestsTo('POST', TRANSACTIONAL)).map((r) => r.statusCode)).toEqual([
				429, 429, 200, 200, 200, 200,
			]);
		} finally {
			await proxy.close();
		}
	});

	test('RCS: refusals spread over several items; all cards go out, each number once', async () => {
		const numbers = phones(6);
		// The sandbox's own limiter: 3 calls per second, then 429 with Retry-After until the window ends.
		await control.config({ rateLimits: { v3: { limit: 3, windowMs: 1000 } } });

		const { items, error } = await sendRcs({ baseUrl: sandbox().url, phones: numbers });

		expect(error).toBeUndefined();
		expect(items.map((i) => [i.pairedItem, i.json.phoneNumber, i.json.message])).toEqual(
			numbers.map((n, i) => [{ item: i }, n, 'RCS rich card message sent successfully']),
		);
		expect(await countsOf(numbers)).toEqual(once(numbers));
		const statuses = (await control.requestsTo('POST', RCS)).map((r) => r.statusCode);
		expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1); // the limit was really hit
		expect(statuses.filter((s) => s === 202)).toHaveLength(6);
	});

	test('RCS without Retry-After: backoff, then every card goes out once', async () => {
		const proxy = await startRetryAfterStrippingProxy(sandbox().url);
		try {
			const numbers = phones(3);
			await control.faults({
				match: { method: 'POST', path: RCS },
				kind: 'status',
				status: 429,
				times: 2,
			});

			const { items, error } = await sendRcs({ baseUrl: proxy.url, phones: numbers });

			expect(error).toBeUndefined();
			expect(items.map((i) => i.json.phoneNumber)).toEqual(numbers);
			expect(await countsOf(numbers)).toEqual(once(numbers));
			expect((await control.requestsTo('POST', RCS)).map((r) => r.statusCode)).toEqual([
				429, 429, 202, 202, 202,
			]);
		} finally {
			await proxy.close();
		}
	});
});

describe('429 for longer than the credential allows', () => {
	test('Retry-After beyond the maximum wait: fails at once, nothing sent, the message names the setting', async () => {
		const [number] = phones(1);
		await control.faults({
			match: { method: 'POST', path: TRANSACTIONAL },
			kind: 'status',
			status: 429,
			retryAfter: 30,
			times: 5,
		});

		const { items, error } = await sendTransactional({
			baseUrl: sandbox().url,
			phones: [number],
			credentials: { maxRateLimitWait: 2 },
		});

		expect(items).toEqual([]);
		expect(error.message).toBe(
			"Tatango's rate limit was still exceeded after waiting 0 s; nothing was sent (429)",
		);
		expect(error.description).toMatch(
			/Raise "Max Wait When Rate Limited" .* in the 'Tatango API' credential/,
		);
		expect(error.context.itemIndex).toBe(0);
		expect(await countsOf([number])).toEqual({ [number]: 0 });
		expect(await control.requestsTo('POST', TRANSACTIONAL)).toHaveLength(1);
	});

	test('a call gives up by time, not by count: with Max Wait 2 s and 1-1.5 s waits, each item tries twice, then says how long it waited', async () => {
		const numbers = phones(2);
		await control.faults({
			match: { method: 'POST', path: RCS },
			kind: 'status',
			status: 429,
			retryAfter: 1,
			times: 10,
		});

		const { items, error } = await sendRcs({
			baseUrl: sandbox().url,
			phones: numbers,
			credentials: { maxRateLimitWait: 2 },
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(2);
		for (const [i, item] of items.entries()) {
			expect(item.pairedItem).toEqual({ item: i });
			expect(item.json.error).toMatch(
				/^Tatango's rate limit was still exceeded after waiting [12] s; nothing was sent \(429\)$/,
			);
			expect(item.json.details).toMatch(
				/"Max Wait When Rate Limited" or lower "Requests per Second" in the 'Tatango V3 API' credential/,
			);
		}
		expect(await countsOf(numbers)).toEqual({ [numbers[0]]: 0, [numbers[1]]: 0 });
		// A second wait of at least 1 s would pass the 2 s: two attempts per item.
		expect(await control.requestsTo('POST', RCS)).toHaveLength(4);
	});
});

describe('the daily cap', () => {
	test("429 Limit Exceeded (today's quota is spent) fails at once: one request, no wait, the error names the cap and its reset", async () => {
		const numbers = phones(3);
		await control.config({ v3DailyQuota: 0 });

		const started = Date.now();
		const { items, error } = await sendRcs({
			baseUrl: sandbox().url,
			phones: numbers,
			credentials: { maxRateLimitWait: 120 },
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(Date.now() - started).toBeLessThan(5000);
		for (const item of items) {
			expect(item.json.error).toBe(
				"Tatango's daily limit for this API key is used up; nothing was sent (429 Limit Exceeded)",
			);
			expect(item.json.details).toMatch(
				/10,000 v3 requests per API key per day .* resets at midnight UTC, in \d+ (h \d+ )?min \(\d{4}-\d\d-\d\d 00:00 UTC\)/,
			);
		}
		expect(await countsOf(numbers)).toEqual(Object.fromEntries(numbers.map((n) => [n, 0])));
		// One request per item: none was tried again.
		expect(await control.requestsTo('POST', RCS)).toHaveLength(3);
	});
});

describe("executions share the account's pace", () => {
	test('two node runs at once through one key, each paced at 10/s, against a 10/s limit: no 429, every card once', async () => {
		const [first, second] = [phones(12, 0), phones(12, 50)];
		await control.config({ rateLimits: { v3: { limit: 10, windowMs: 1000 } } });

		const runs = await Promise.all(
			[first, second].map((numbers) =>
				sendRcs({
					baseUrl: sandbox().url,
					phones: numbers,
					credentials: { requestsPerSecond: 10 },
				}),
			),
		);

		for (const { items, error } of runs) {
			expect(error).toBeUndefined();
			expect(items).toHaveLength(12);
		}
		const statuses = (await control.requestsTo('POST', RCS)).map((r) => r.statusCode);
		// Pacing alone, each run would send at 10/s: 20 calls a second against a limit of 10.
		expect(statuses).toEqual(Array(24).fill(202));
		expect(await countsOf([...first, ...second])).toEqual(once([...first, ...second]));
	});
});

describe('pacing', () => {
	test('Requests per Second = 10 against a 10/s limit: 25 cards go out without a single 429', async () => {
		const numbers = phones(25);
		await control.config({ rateLimits: { v3: { limit: 10, windowMs: 1000 } } });

		const { items, error } = await sendRcs({
			baseUrl: sandbox().url,
			phones: numbers,
			credentials: { requestsPerSecond: 10 },
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(25);
		const statuses = (await control.requestsTo('POST', RCS)).map((r) => r.statusCode);
		expect(statuses).toEqual(Array(25).fill(202));
		expect(await countsOf(numbers)).toEqual(once(numbers));
	});

	test('a call the service counts late (jitter) does not let the 11th call of a second through', async () => {
		const numbers = phones(15);
		await control.config({ rateLimits: { v3: { limit: 10, windowMs: 1000 } } });
		// The first call is held 150 ms before the service counts it, so its one-second window starts
		// late: pacing by start times alone (10 calls 100 ms apart) would put the 11th call inside it.
		await control.faults({
			match: { method: 'POST', path: RCS },
			kind: 'slow',
			delayMs: 150,
			phase: 'before',
			times: 1,
		});

		const { items, error } = await sendRcs({
			baseUrl: sandbox().url,
			phones: numbers,
			credentials: { requestsPerSecond: 10 },
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(15);
		const statuses = (await control.requestsTo('POST', RCS)).map((r) => r.statusCode);
		expect(statuses).toEqual(Array(15).fill(202));
		expect(await countsOf(numbers)).toEqual(once(numbers));
	});

	test('control: without pacing the same 25 cards do run into the limit (the test above can fail)', async () => {
		const numbers = phones(25);
		await control.config({ rateLimits: { v3: { limit: 10, windowMs: 1000 } } });

		const { items, error } = await sendRcs({ baseUrl: sandbox().url, phones: numbers });

		expect(error).toBeUndefined();
		expect(items).toHaveLength(25);
		const statuses = (await control.requestsTo('POST', RCS)).map((r) => r.statusCode);
		expect(statuses).toContain(429);
		expect(await countsOf(numbers)).toEqual(once(numbers));
	});
});
