// @ts-check
const {
	decideRetry,
	parseRetryAfter,
	backoffMs,
} = require('../../nodes/shared/transport/retryPolicy');
const { Pacer } = require('../../nodes/shared/transport/pacer');

const limits = { maxRateLimitWaitMs: 60_000, maxFailureRetries: 3 };
const first = { attempts: 1, rateLimitWaitedMs: 0 };
const fixed = { now: 1_000_000, random: () => 0.5 };

describe('retry policy', () => {
	test.each([
		// kind, outcome, retried?, because
		['send', { type: 'response', statusCode: 429, retryAfter: '2' }, true, 'rate_limited'],
		['send', { type: 'response', statusCode: 500 }, false, 'ambiguous_send'],
		['send', { type: 'response', statusCode: 503 }, false, 'ambiguous_send'],
		['send', { type: 'network', code: 'ECONNREFUSED' }, true, 'network'],
		['send', { type: 'network', code: 'ECONNRESET' }, false, 'ambiguous_send'],
		['send', { type: 'network', code: 'ETIMEDOUT' }, false, 'ambiguous_send'],
		['send', { type: 'network' }, false, 'ambiguous_send'],
		// The request was written, the answer was malformed or cut off: it may have been taken.
		['send', { type: 'network', code: 'HPE_INVALID_CONTENT_LENGTH' }, false, 'ambiguous_send'],
		['send', { type: 'network', code: 'ERR_BAD_RESPONSE' }, false, 'ambiguous_send'],
		['send', { type: 'network', code: 'ERR_SOMETHING_NEW' }, false, 'ambiguous_send'],
		// No connection could carry the request: certainly not sent, and retrying will not help.
		['send', { type: 'network', code: 'ENOTFOUND' }, false, 'final'],
		['send', { type: 'network', code: 'CERT_HAS_EXPIRED' }, false, 'final'],
		['send', { type: 'response', statusCode: 422 }, false, 'final'],
		['read', { type: 'response', statusCode: 503 }, true, 'server_error'],
		['read', { type: 'network', code: 'ECONNRESET' }, true, 'network'],
		['idempotent', { type: 'response', statusCode: 500 }, true, 'server_error'],
		['idempotent', { type: 'network', code: 'ETIMEDOUT' }, true, 'network'],
		['read', { type: 'network', code: 'ENOTFOUND' }, false, 'final'],
		['read', { type: 'response', statusCode: 404 }, false, 'final'],
	])('%s after %j: retry=%s (%s)', (kind, outcome, retried, because) => {
		const decision = decideRetry(
			/** @type {any} */ (kind),
			/** @type {any} */ (outcome),
			first,
			limits,
			fixed,
		);
		expect(decision.retry).toBe(retried);
		expect(decision.because).toBe(because);
	});

	test('a 429 waits what Retry-After says, in seconds or as a date', () => {
		expect(
			decideRetry(
				'send',
				{ type: 'response', statusCode: 429, retryAfter: '7' },
				first,
				limits,
				fixed,
			),
		).toEqual({
			retry: true,
			delayMs: 7000,
			because: 'rate_limited',
		});
		expect(parseRetryAfter(new Date(1_000_000 + 3000).toUTCString(), 1_000_000)).toBe(3000);
		expect(parseRetryAfter('soon', 0)).toBeUndefined();
	});

	test('a 429 without Retry-After backs off exponentially with jitter', () => {
		const delays = [1, 2, 3, 4].map((attempts) =>
			decideRetry(
				'read',
				{ type: 'response', statusCode: 429 },
				{ attempts, rateLimitWaitedMs: 0 },
				limits,
				fixed,
			),
		);
		// The first backoff (750 ms) is raised to the 1 s floor.
		expect(delays.map((d) => (d.retry ? d.delayMs : -1))).toEqual([1000, 1500, 3000, 6000]);
		expect(backoffMs(20, 1000, 30_000, () => 1)).toBe(30_000);
		expect(backoffMs(20, 1000, 30_000, () => 0)).toBe(15_000);
	});

	test('rate-limit waiting stops at the maximum the user set', () => {
		const waited = { attempts: 5, rateLimitWaitedMs: 58_000 };
		expect(
			decideRetry(
				'send',
				{ type: 'response', statusCode: 429, retryAfter: '3' },
				waited,
				limits,
				fixed,
			),
		).toEqual({
			retry: false,
			because: 'rate_limit_exhausted',
		});
		const noWait = { ...limits, maxRateLimitWaitMs: 0 };
		expect(
			decideRetry(
				'send',
				{ type: 'response', statusCode: 429, retryAfter: '1' },
				first,
				noWait,
				fixed,
			).retry,
		).toBe(false);
	});

	test.each([['0'], ['0.001'], ['Thu, 01 Jan 1970 00:00:00 GMT']])(
		'Retry-After: %s waits the floor (1 s, or the pacing interval when longer), which counts against the maximum',
		(retryAfter) => {
			const outcome = { type: 'response', statusCode: 429, retryAfter };
			const decide = (/** @type {any} */ extra) =>
				decideRetry('send', /** @type {any} */ (outcome), first, { ...limits, ...extra }, fixed);
			expect(decide({})).toEqual({ retry: true, delayMs: 1000, because: 'rate_limited' });
			expect(decide({ minRateLimitWaitMs: 3000 })).toMatchObject({ delayMs: 3000 });
		},
	);

	test('a call stops after 20 rate-limited attempts however short the waits', () => {
		const outcome = /** @type {any} */ ({ type: 'response', statusCode: 429, retryAfter: '0' });
		const generous = { ...limits, maxRateLimitWaitMs: 3_600_000 };
		expect(
			decideRetry('read', outcome, { attempts: 19, rateLimitWaitedMs: 19_000 }, generous, fixed)
				.retry,
		).toBe(true);
		expect(
			decideRetry('read', outcome, { attempts: 20, rateLimitWaitedMs: 20_000 }, generous, fixed),
		).toEqual({ retry: false, because: 'rate_limit_exhausted' });
	});

	test('failures of safe calls are retried a bounded number of times', () => {
		const exhausted = { attempts: 4, rateLimitWaitedMs: 0 };
		expect(
			decideRetry('read', { type: 'response', statusCode: 503 }, exhausted, limits, fixed),
		).toEqual({
			retry: false,
			because: 'retries_exhausted',
		});
	});
});

describe('pacer', () => {
	test('spaces calls by the interval and lets idle time count', () => {
		let now = 0;
		const pacer = new Pacer(3000, 1, () => now);
		expect(pacer.reserve()).toBe(0); // first call goes at once
		expect(pacer.reserve()).toBe(3000); // the next waits a full interval
		now = 1000;
		expect(pacer.reserve()).toBe(5000); // reserved slots queue up: 6000 - 1000
		now = 20_000;
		expect(pacer.reserve()).toBe(0); // after a pause, no waiting
	});

	/**
	 * Ten calls a second, each answered `latencyMs[i]` after it starts; returns when each of `count`
	 * calls started.
	 * @param {number} count @param {(i: number) => number} latencyMs
	 */
	function starts(count, latencyMs) {
		let now = 0;
		const pacer = new Pacer(100, 10, () => now);
		const started = [];
		for (let i = 0; i < count; i++) {
			now += pacer.reserve();
			started.push(now);
			now += latencyMs(i);
			pacer.answered();
		}
		return started;
	}

	test('the 11th call starts a second after the answer to the 1st, not after its start', () => {
		const started = starts(11, () => 5);
		expect(started.slice(0, 10)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
		expect(started[10]).toBe(1005);
	});

	test('a slow answer holds back the call a window later: jitter cannot squeeze an 11th call into a second', () => {
		// The 1st call takes 80 ms (counted by the service at any point of it); the others 5 ms.
		const started = starts(21, (i) => (i === 0 ? 80 : 5));
		expect(started[10]).toBe(1080);
		// Whenever the service counted each call, any 10 consecutive calls span a full second.
		for (let i = 10; i < started.length; i++) {
			const answeredBefore = started[i - 10] + (i - 10 === 0 ? 80 : 5);
			expect(started[i] - answeredBefore).toBeGreaterThanOrEqual(1000);
		}
	});

	test('calls an interval apart with quick answers lose one round trip per second at most', () => {
		const started = starts(101, () => 3);
		// 100 intervals of 100 ms, plus 3 ms per second of calls.
		expect(started[100]).toBe(10_000 + 30);
	});
});
