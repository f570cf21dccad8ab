// @ts-check
const {
	decideRetry,
	parseRetryAfter,
	backoffMs,
} = require('../../nodes/shared/transport/retryPolicy');

const limits = { maxRateLimitWaitMs: 60_000, maxFailureRetries: 3 };
const first = { attempts: 1, elapsedMs: 0 };
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

	test('a 429 waits what Retry-After says, in seconds or as a date, plus up to half as much at random', () => {
		const after7 = (/** @type {number} */ r) =>
			decideRetry('send', { type: 'response', statusCode: 429, retryAfter: '7' }, first, limits, {
				...fixed,
				random: () => r,
			});
		expect(after7(0)).toEqual({ retry: true, delayMs: 7000, because: 'rate_limited' });
		expect(after7(1)).toEqual({ retry: true, delayMs: 10_500, because: 'rate_limited' });
		expect(parseRetryAfter(new Date(1_000_000 + 3000).toUTCString(), 1_000_000)).toBe(3000);
		expect(parseRetryAfter('soon', 0)).toBeUndefined();
	});

	test('a 429 without Retry-After (API Gateway sends none) backs off exponentially from 1 s, with jitter, capped', () => {
		const delays = (/** @type {number} */ r) =>
			[1, 2, 3, 4, 5, 9].map((attempts) => {
				const d = decideRetry(
					'read',
					{ type: 'response', statusCode: 429 },
					{ attempts, elapsedMs: 0 },
					limits,
					{ ...fixed, random: () => r },
				);
				return d.retry ? d.delayMs : -1;
			});
		expect(delays(0)).toEqual([1000, 2000, 4000, 8000, 8000, 8000]);
		expect(delays(1)).toEqual([1500, 3000, 6000, 12_000, 12_000, 12_000]);
		// Calls refused in the same second come back spread over half a second, not in one wave.
		expect(new Set([0, 0.25, 0.5, 0.75].map((r) => delays(r)[0])).size).toBe(4);
		expect(backoffMs(20, 1000, 30_000, () => 1)).toBe(30_000);
		expect(backoffMs(20, 1000, 30_000, () => 0)).toBe(15_000);
	});

	test('a call gives up by time: when the next wait would take it past Max Wait, counted from its first turn', () => {
		const refused = /** @type {any} */ ({ type: 'response', statusCode: 429, retryAfter: '3' });
		// Attempts do not matter, only time: the 40th attempt still waits when time is left.
		expect(
			decideRetry('send', refused, { attempts: 40, elapsedMs: 10_000 }, limits, fixed),
		).toMatchObject({ retry: true, because: 'rate_limited' });
		expect(decideRetry('send', refused, { attempts: 2, elapsedMs: 58_000 }, limits, fixed)).toEqual(
			{ retry: false, because: 'rate_limit_exhausted' },
		);
		const noWait = { ...limits, maxRateLimitWaitMs: 0 };
		expect(decideRetry('send', refused, first, noWait, fixed).retry).toBe(false);
	});

	test('the daily cap (429 Limit Exceeded) is not waited for, however much time is left', () => {
		expect(
			decideRetry(
				'send',
				{ type: 'response', statusCode: 429, dailyCap: true },
				first,
				{ ...limits, maxRateLimitWaitMs: 3_600_000 },
				fixed,
			),
		).toEqual({ retry: false, because: 'daily_cap' });
	});

	test.each([['0'], ['0.001'], ['Thu, 01 Jan 1970 00:00:00 GMT']])(
		'Retry-After: %s waits the floor (1 s, or the pacing interval when longer): no loop of instant retries',
		(retryAfter) => {
			const outcome = { type: 'response', statusCode: 429, retryAfter };
			const decide = (/** @type {any} */ extra) =>
				decideRetry(
					'send',
					/** @type {any} */ (outcome),
					first,
					{ ...limits, ...extra },
					{
						...fixed,
						random: () => 0,
					},
				);
			expect(decide({})).toEqual({ retry: true, delayMs: 1000, because: 'rate_limited' });
			expect(decide({ minRateLimitWaitMs: 3000 })).toMatchObject({ delayMs: 3000 });
		},
	);

	test('failures of safe calls are retried a bounded number of times', () => {
		const exhausted = { attempts: 4, elapsedMs: 0 };
		expect(
			decideRetry('read', { type: 'response', statusCode: 503 }, exhausted, limits, fixed),
		).toEqual({
			retry: false,
			because: 'retries_exhausted',
		});
	});
});
