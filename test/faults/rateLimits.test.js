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
		expect(error.message).toBe("Tatango's rate limit was still exceeded after waiting 0 s (429)");
		expect(error.description).toMatch(
			/Raise "Max Wait When Rate Limited" .* in the 'Tatango API' credential/,
		);
		expect(error.context.itemIndex).toBe(0);
		expect(await countsOf([number])).toEqual({ [number]: 0 });
		expect(await control.requestsTo('POST', TRANSACTIONAL)).toHaveLength(1);
	});

	test('waits add up per call: after 2 s of 1 s waits the item fails and says how long it waited', async () => {
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
			expect(item.json.error).toBe(
				"Tatango's rate limit was still exceeded after waiting 2 s (429)",
			);
			expect(item.json.details).toMatch(
				/"Max Wait When Rate Limited" or lower "Requests per Second" in the 'Tatango V3 API' credential/,
			);
		}
		expect(await countsOf(numbers)).toEqual({ [numbers[0]]: 0, [numbers[1]]: 0 });
		// Three attempts per item (two 1 s waits fit in 2 s, a third does not).
		expect(await control.requestsTo('POST', RCS)).toHaveLength(6);
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
