/**
 * When to try a Tatango call again: pure, so every branch is tested with plain tables.
 *
 * - `read` and `idempotent` calls (GET, PUT opt-in settings, DELETE unsubscribe, keyword check)
 *   are retried on 429, 5xx and network failures.
 * - `send` calls (a text goes out) are retried only when Tatango certainly did not take the
 *   request: 429 and a refused connection. A 5xx or a connection lost mid-request is ambiguous:
 *   the message may be on its way, so retrying could text the person twice.
 * - A 429 waits at least 1 s (or the pacing interval), whatever Retry-After says, and a call gives
 *   up after 20 rate-limited attempts: a server answering `Retry-After: 0` cannot make it loop.
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
	/**
	 * The shortest wait after a 429, whatever Retry-After says: `0`, `0.001` or a past date would
	 * otherwise retry at once, never count against the maximum wait, and loop.
	 */
	minRateLimitWaitMs?: number;
	/** The most attempts one call makes while rate limited, however short the waits. */
	maxRateLimitAttempts?: number;
}

export const MIN_RATE_LIMIT_WAIT_MS = 1000;
export const MAX_RATE_LIMIT_ATTEMPTS = 20;

export type RetryDecision =
	| { retry: true; delayMs: number; because: 'rate_limited' | 'server_error' | 'network' }
	| {
			retry: false;
			because: 'rate_limit_exhausted' | 'ambiguous_send' | 'retries_exhausted' | 'final';
	  };

/** Errors that prove the request never reached the service, and may pass: worth retrying. */
const NOT_DELIVERED_CODES = new Set(['ECONNREFUSED', 'EAI_AGAIN']);
/**
 * Errors raised before a connection could carry the request (no such host, no route, a TLS
 * certificate refused): nothing was sent, and trying again will not help.
 */
const NEVER_CONNECTED_CODES = new Set([
	'ENOTFOUND',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'EADDRNOTAVAIL',
	'ERR_INVALID_URL',
	'CERT_HAS_EXPIRED',
	'DEPTH_ZERO_SELF_SIGNED_CERT',
	'SELF_SIGNED_CERT_IN_CHAIN',
	'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
	'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
	'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Whether a failure without an HTTP answer happened before the request could be written. */
export function neverConnected(code: string | undefined): boolean {
	return code !== undefined && (NEVER_CONNECTED_CODES.has(code) || NOT_DELIVERED_CODES.has(code));
}
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
			const delayMs = Math.max(
				limits.minRateLimitWaitMs ?? MIN_RATE_LIMIT_WAIT_MS,
				parseRetryAfter(outcome.retryAfter, now) ?? backoffMs(state.attempts, 1000, 30_000, random),
			);
			if (
				state.rateLimitWaitedMs + delayMs > limits.maxRateLimitWaitMs ||
				state.attempts >= (limits.maxRateLimitAttempts ?? MAX_RATE_LIMIT_ATTEMPTS)
			) {
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
		// Anything after the request may have been written (a reset, a malformed or cut-off answer,
		// an unknown failure) leaves the message possibly sent.
		return { retry: false, because: neverConnected(code) ? 'final' : 'ambiguous_send' };
	}
	if (!certainlyNotTaken && !AMBIGUOUS_CODES.has(code)) return { retry: false, because: 'final' };
	if (state.attempts > limits.maxFailureRetries)
		return { retry: false, because: 'retries_exhausted' };
	return { retry: true, delayMs: backoffMs(state.attempts, 500, 8000, random), because: 'network' };
}
