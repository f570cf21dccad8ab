// @ts-check
/**
 * Every execution of one n8n process that uses the same account (API version, Base URL, key)
 * takes its turns from one pacer: two node runs at once send at the account's rate together, not
 * each at it. Another account has its own pace; an account unused for a while is forgotten. A call
 * gives up by time (Max Wait When Rate Limited) and says so; the daily cap fails at once.
 * The transport runs here with a stand-in for n8n's execution context on jest's fake clock.
 */
const { createTatangoClient } = require('../../nodes/shared/transport');
const {
	pacerForAccount,
	rememberedAccounts,
	FORGET_AFTER_MS,
} = require('../../nodes/shared/transport/accounts');

const BASE_URL = 'https://api.v3.tatango.com';

beforeEach(() => {
	jest.useFakeTimers({ now: Date.UTC(2026, 10, 25, 21, 15) });
});
afterEach(() => {
	jest.useRealTimers();
});

/**
 * A node run's context as the transport sees it, with a v3 credential; `answer` is the service.
 * @param {Record<string, unknown>} credential
 * @param {(options: any) => { statusCode: number, body: unknown, headers?: Record<string, string> }} answer
 * @param {number[]} [sentAt] when each request left
 */
function contextFor(credential, answer, sentAt = []) {
	const node = {
		id: 'n1',
		name: 'Tatango',
		type: 'n8n-nodes-tatango.tatango',
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
		credentials: { tatangoV3Api: { id: 'c1', name: 'Tatango V3' } },
	};
	return /** @type {any} */ ({
		getNode: () => node,
		getCredentials: async () => ({ baseUrl: '', maxRateLimitWait: 120, ...credential }),
		helpers: {
			httpRequestWithAuthentication: async (
				/** @type {string} */ _type,
				/** @type {any} */ options,
			) => {
				sentAt.push(Date.now());
				await new Promise((r) => setTimeout(r, 20));
				const { statusCode, body, headers = {} } = answer(options);
				return { statusCode, body, headers };
			},
		},
	});
}

const sendSms = /** @type {const} */ ({
	api: 'v3',
	method: 'POST',
	path: '/transactional_messages/send_sms',
	body: { phoneNumber: '2065551234', message: 'Hi' },
	kind: 'send',
	answerHolds: { key: 'transactionId', type: 'text' },
});
const accepted = () => ({ statusCode: 202, body: { transactionId: 't-1' } });

/** Sends `count` texts through one client; resolves with each one's outcome. */
function sendMany(/** @type {any} */ context, /** @type {number} */ count) {
	const client = createTatangoClient(context);
	return Promise.all(
		Array.from({ length: count }, () =>
			client.request(/** @type {any} */ (sendSms)).then(
				() => 'sent',
				(/** @type {any} */ error) => error,
			),
		),
	);
}

describe('one pacer per account in this process', () => {
	test('two node runs of one account (two credentials holding the same key) share its rate: 20 calls at 10/s take 2 s, not 1', async () => {
		const sentAt = [];
		const key = 'key-shared-1';
		const runA = sendMany(contextFor({ apiKey: key, requestsPerSecond: 10 }, accepted, sentAt), 10);
		// Another credential (another name, its own Max Wait) holding the same key: the same account.
		const runB = sendMany(
			contextFor({ apiKey: key, requestsPerSecond: 10, maxRateLimitWait: 30 }, accepted, sentAt),
			10,
		);
		await jest.advanceTimersByTimeAsync(5000);
		expect(await runA).toEqual(Array(10).fill('sent'));
		expect(await runB).toEqual(Array(10).fill('sent'));
		const span = Math.max(...sentAt) - Math.min(...sentAt);
		expect(span).toBeGreaterThanOrEqual(1900);
		expect(span).toBeLessThan(2200);
	});

	test('two accounts (other key, other Base URL) each have their own pace: 10 calls each at 10/s take 1 s together', async () => {
		const sentAt = [];
		const runs = [
			sendMany(contextFor({ apiKey: 'key-a', requestsPerSecond: 10 }, accepted, sentAt), 10),
			sendMany(contextFor({ apiKey: 'key-b', requestsPerSecond: 10 }, accepted, sentAt), 10),
			sendMany(
				contextFor(
					{ apiKey: 'key-a', requestsPerSecond: 10, baseUrl: 'http://127.0.0.1:8787' },
					accepted,
					sentAt,
				),
				10,
			),
		];
		await jest.advanceTimersByTimeAsync(5000);
		for (const run of runs) expect(await run).toEqual(Array(10).fill('sent'));
		const span = Math.max(...sentAt) - Math.min(...sentAt);
		expect(span).toBeLessThan(1100);
	});

	test('the same account gets the same pacer; another key, Base URL or API version another one', () => {
		const v3 = (/** @type {any} */ c) => pacerForAccount('v3', BASE_URL, c);
		const pacer = v3({ apiKey: 'key-same' });
		expect(v3({ apiKey: 'key-same', requestsPerSecond: 10, maxRateLimitWait: 5 })).toBe(pacer);
		expect(v3({ apiKey: 'key-other' })).not.toBe(pacer);
		expect(pacerForAccount('v3', 'http://127.0.0.1:8787', { apiKey: 'key-same' })).not.toBe(pacer);
		const v2 = pacerForAccount('v2', BASE_URL, { email: 'A@example.com', apiKey: 'key-same' });
		expect(v2).not.toBe(pacer);
		// v2's account is the login and the key; the e-mail's case does not make another one.
		expect(pacerForAccount('v2', BASE_URL, { email: 'a@example.com', apiKey: 'key-same' })).toBe(
			v2,
		);
		expect(
			pacerForAccount('v2', BASE_URL, { email: 'b@example.com', apiKey: 'key-same' }),
		).not.toBe(v2);
	});

	test('an account unused for a while is forgotten (nothing grows without bound); one in use is not', async () => {
		const idle = pacerForAccount('v3', BASE_URL, { apiKey: 'key-idle' });
		const busy = pacerForAccount('v3', BASE_URL, { apiKey: 'key-busy' });
		const turn = await busy.turn(Date.now() + 1000, async () => {});
		const before = rememberedAccounts();
		jest.advanceTimersByTime(FORGET_AFTER_MS + 1);
		// Looking up any account sweeps the idle ones.
		pacerForAccount('v3', BASE_URL, { apiKey: 'key-other-lookup' });
		expect(pacerForAccount('v3', BASE_URL, { apiKey: 'key-idle' })).not.toBe(idle);
		// A call still in flight keeps its account.
		expect(pacerForAccount('v3', BASE_URL, { apiKey: 'key-busy' })).toBe(busy);
		if (!('gaveUp' in turn)) turn.done('passed');
		jest.advanceTimersByTime(FORGET_AFTER_MS + 1);
		pacerForAccount('v3', BASE_URL, { apiKey: 'key-other-lookup-2' });
		expect(rememberedAccounts()).toBeLessThan(before);
		expect(pacerForAccount('v3', BASE_URL, { apiKey: 'key-busy' })).not.toBe(busy);
	});

	test('an edited rate setting applies at once and starts the adaptive rate afresh', async () => {
		const pacer = pacerForAccount('v3', BASE_URL, { apiKey: 'key-edit', requestsPerSecond: 10 });
		const turn = await pacer.turn(Date.now() + 1000, async () => {});
		if (!('gaveUp' in turn)) turn.done('throttled');
		expect(pacer.share).toBeLessThan(1);
		pacerForAccount('v3', BASE_URL, { apiKey: 'key-edit', requestsPerSecond: 5 });
		expect(pacer.share).toBe(1);
		expect(pacer.currentIntervalMs).toBe(200);
	});
});

describe('giving up by time', () => {
	test('a call refused (429) again and again waits with jitter until Max Wait, then says how long and that nothing was sent', async () => {
		const sentAt = [];
		const tooMany = () => ({ statusCode: 429, body: { message: 'Too Many Requests' } });
		const run = sendMany(
			contextFor(
				{ apiKey: 'key-refused', requestsPerSecond: 10, maxRateLimitWait: 30 },
				tooMany,
				sentAt,
			),
			1,
		);
		await jest.advanceTimersByTimeAsync(60_000);
		const [error] = await run;
		expect(error.message).toMatch(
			/^Tatango's rate limit was still exceeded after waiting (1[89]|2\d|30) s; nothing was sent \(429\)$/,
		);
		expect(error.description).toMatch(/Max Wait When Rate Limited/);
		// Not a fixed count: as many attempts as fit in 30 s of growing, jittered waits (1, 2, 4, 8, 8 s...).
		expect(sentAt.length).toBeGreaterThanOrEqual(4);
		expect(sentAt.length).toBeLessThanOrEqual(7);
		expect(sentAt[sentAt.length - 1] - sentAt[0]).toBeLessThanOrEqual(30_000);
	});

	test('calls queued behind a burst give up at Max Wait without being sent, saying how long they waited', async () => {
		const sentAt = [];
		// One call a second, 5 s at most: of 10 calls at once, about 6 get a turn.
		const outcomes = sendMany(
			contextFor(
				{ apiKey: 'key-queued', requestsPerSecond: 1, maxRateLimitWait: 5 },
				accepted,
				sentAt,
			),
			10,
		);
		await jest.advanceTimersByTimeAsync(20_000);
		const results = await outcomes;
		const sent = results.filter((r) => r === 'sent').length;
		expect(sent).toBe(sentAt.length);
		expect(sent).toBeGreaterThanOrEqual(5);
		expect(sent).toBeLessThanOrEqual(7);
		const failed = results.filter((r) => r !== 'sent');
		expect(failed.length).toBe(10 - sent);
		for (const error of failed) {
			expect(error.message).toBe(
				"Waited 5 s for a turn under Tatango's rate limit of 1 per second; nothing was sent",
			);
			expect(error.description).toMatch(/Max Wait When Rate Limited/);
		}
	});
});

describe('the daily cap', () => {
	test("429 Limit Exceeded (the day's quota) fails at once, without waiting, naming the cap and when it resets", async () => {
		const sentAt = [];
		const capped = () => ({
			statusCode: 429,
			body: { message: 'Limit Exceeded' },
			headers: { 'x-amzn-errortype': 'LimitExceededException' },
		});
		const started = Date.now();
		const run = sendMany(
			contextFor({ apiKey: 'key-capped', requestsPerSecond: 10 }, capped, sentAt),
			1,
		);
		await jest.advanceTimersByTimeAsync(1000);
		const [error] = await run;
		expect(sentAt).toHaveLength(1);
		expect(Date.now() - started).toBeLessThanOrEqual(1000);
		expect(error.message).toBe(
			"Tatango's daily limit for this API key is used up; nothing was sent (429 Limit Exceeded)",
		);
		// 21:15 UTC now: midnight UTC is 2 h 45 min away.
		expect(error.description).toMatch(/10,000 v3 requests per API key per day/);
		expect(error.description).toMatch(
			/resets at midnight UTC, in 2 h 45 min \(2026-11-26 00:00 UTC\)/,
		);
	});

	test('the per-second throttle (429 Too Many Requests) is waited out instead', async () => {
		let refusals = 2;
		const sentAt = [];
		const run = sendMany(
			contextFor(
				{ apiKey: 'key-throttled', requestsPerSecond: 10 },
				() =>
					refusals-- > 0 ? { statusCode: 429, body: { message: 'Too Many Requests' } } : accepted(),
				sentAt,
			),
			1,
		);
		await jest.advanceTimersByTimeAsync(10_000);
		expect(await run).toEqual(['sent']);
		expect(sentAt).toHaveLength(3);
	});
});
