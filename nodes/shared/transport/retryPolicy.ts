/**
 * When to try a Tatango call again: pure, so every branch is tested with plain tables.
 *
 * - `read` and `idempotent` calls (GET, PUT opt-in settings, DELETE unsubscribe, keyword check)
 *   are retried on 429, 5xx and network failures.
 * - `send` calls (a text goes out) are retried only when Tatango certainly did not take the
 *   request: 429 and a refused connection. A 5xx or a connection lost mid-request is ambiguous:
 *   the message may be on its way, so retrying could text the person twice.
 * - A 429 waits at least 1 s (or the pacing interval), whatever Retry-After says, plus a random
 *   share, so calls refused together do not come back together. A call gives up by time: when the
 *   next wait would take it past the credential's Max Wait When Rate Limited, counted from when it
 *   first asked for its turn.
 * - The v3 daily cap (429 `{"message":"Limit Exceeded"}`, API Gateway's answer to a spent quota)
 *   is not waited for: it lasts until midnight UTC.
 */
export type CallKind = 'read' | 'idempotent' | 'send';

export type AttemptOutcome =
	| { type: 'response'; statusCode: number; retryAfter?: string; dailyCap?: boolean }
	| { type: 'network'; code?: string };

export interface RetryState {
	/** Attempts already made for this call (1 after the first). */
	attempts: number;
	/** How long this call has been going, since it first asked for its turn. */
	elapsedMs: number;
}

export interface RetryLimits {
	maxRateLimitWaitMs: number;
	maxFailureRetries: number;
	/**
	 * The shortest wait after a 429, whatever Retry-After says: `0`, `0.001` or a past date would
	 * otherwise retry at once.
	 */
	minRateLimitWaitMs?: number;
}

export const MIN_RATE_LIMIT_WAIT_MS = 1000;
/** The longest wait after a 429 without Retry-After (the exponential backoff's cap). */
export const MAX_RATE_LIMIT_BACKOFF_MS = 8000;

export type RetryDecision =
	| { retry: true; delayMs: number; because: 'rate_limited' | 'server_error' | 'network' }
	| {
			retry: false;
			because:
				| 'rate_limit_exhausted'
				| 'daily_cap'
				| 'ambiguous_send'
				| 'retries_exhausted'
				| 'final';
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

/**
 * The wait after a 429: Retry-After when it says more than the floor, else an exponential backoff
 * from the floor; then up to half as much again at random (jitter), so calls refused in the same
 * second spread out instead of returning in a wave.
 */
export function rateLimitDelayMs(
	retryAfter: string | undefined,
	attempts: number,
	limits: RetryLimits,
	now: number,
	random: () => number,
): number {
	const floor = limits.minRateLimitWaitMs ?? MIN_RATE_LIMIT_WAIT_MS;
	const asked = parseRetryAfter(retryAfter, now);
	const base =
		asked !== undefined
			? Math.max(floor, asked)
			: Math.max(
					floor,
					Math.min(MAX_RATE_LIMIT_BACKOFF_MS, floor * 2 ** Math.max(0, attempts - 1)),
				);
	return Math.round(base + (random() * Math.min(base, MAX_RATE_LIMIT_BACKOFF_MS)) / 2);
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
			if (outcome.dailyCap) return { retry: false, because: 'daily_cap' };
			const delayMs = rateLimitDelayMs(outcome.retryAfter, state.attempts, limits, now, random);
			if (state.elapsedMs + delayMs > limits.maxRateLimitWaitMs) {
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
