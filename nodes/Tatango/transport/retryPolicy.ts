/**
 * When to try a Tatango call again: pure, so every branch is tested with plain tables.
 *
 * - `read` and `idempotent` calls (GET, PUT opt-in settings, DELETE unsubscribe, keyword check)
 *   are retried on 429, 5xx and network failures.
 * - `send` calls (a text goes out) are retried only when Tatango certainly did not take the
 *   request: 429 and a refused connection. A 5xx or a connection lost mid-request is ambiguous:
 *   the message may be on its way, so retrying could text the person twice.
 */
export type CallKind = 'read' | 'idempotent' | 'send';

export type AttemptOutcome =
	| { type: 'response'; statusCode: number; retryAfter?: string }
	| { type: 'network'; code?: string };

export interface RetryState {
	/** Attempts already made for this call (1 after the first). */
	attempts: number;
	/** Total time already spent waiting on rate limits for this call. */
	rateLimitWaitedMs: number;
}

export interface RetryLimits {
	maxRateLimitWaitMs: number;
	maxFailureRetries: number;
}

export type RetryDecision =
	| { retry: true; delayMs: number; because: 'rate_limited' | 'server_error' | 'network' }
	| {
			retry: false;
			because: 'rate_limit_exhausted' | 'ambiguous_send' | 'retries_exhausted' | 'final';
	  };

/** Errors that prove the request never reached the service. */
const NOT_DELIVERED_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN']);
/** Errors after which the request may or may not have been processed. */
const AMBIGUOUS_CODES = new Set([
	'ECONNRESET',
	'ECONNABORTED',
	'ETIMEDOUT',
	'EPIPE',
	'UND_ERR_SOCKET',
	'UND_ERR_HEADERS_TIMEOUT',
	'UND_ERR_BODY_TIMEOUT',
]);

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
	if (value === undefined || value.trim() === '') return undefined;
	if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
	const date = Date.parse(value);
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with jitter: half fixed, half random, capped. */
export function backoffMs(
	attempt: number,
	baseMs: number,
	capMs: number,
	random: () => number,
): number {
	const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
	return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export function decideRetry(
	kind: CallKind,
	outcome: AttemptOutcome,
	state: RetryState,
	limits: RetryLimits,
	{ now = Date.now(), random = Math.random }: { now?: number; random?: () => number } = {},
): RetryDecision {
	if (outcome.type === 'response') {
		const { statusCode } = outcome;
		if (statusCode === 429) {
			const delayMs =
				parseRetryAfter(outcome.retryAfter, now) ?? backoffMs(state.attempts, 1000, 30_000, random);
			if (state.rateLimitWaitedMs + delayMs > limits.maxRateLimitWaitMs) {
				return { retry: false, because: 'rate_limit_exhausted' };
			}
			return { retry: true, delayMs, because: 'rate_limited' };
		}
		if (statusCode >= 500) {
			if (kind === 'send') return { retry: false, because: 'ambiguous_send' };
			if (state.attempts > limits.maxFailureRetries)
				return { retry: false, because: 'retries_exhausted' };
			return {
				retry: true,
				delayMs: backoffMs(state.attempts, 500, 8000, random),
				because: 'server_error',
			};
		}
		return { retry: false, because: 'final' };
	}
	const code = outcome.code ?? '';
	const certainlyNotTaken = NOT_DELIVERED_CODES.has(code);
	if (kind === 'send' && !certainlyNotTaken) {
		return {
			retry: false,
			because: AMBIGUOUS_CODES.has(code) || code === '' ? 'ambiguous_send' : 'final',
		};
	}
	if (!certainlyNotTaken && !AMBIGUOUS_CODES.has(code)) return { retry: false, because: 'final' };
	if (state.attempts > limits.maxFailureRetries)
		return { retry: false, because: 'retries_exhausted' };
	return { retry: true, delayMs: backoffMs(state.attempts, 500, 8000, random), because: 'network' };
}
