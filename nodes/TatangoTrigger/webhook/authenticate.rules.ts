// Who may start the workflow. Tatango signs nothing, so the trigger checks a secret it shares with
// the sender: a token in the webhook URL (or a header), typed by the user or derived from a
// credential's API key, and optionally the v3 API key that Tatango's v3 webhook calls carry in
// `x-api-key`. Pure functions: no n8n context, and no
// secret ever leaves them (results name the failed check, never a value).
import { createHash, timingSafeEqual } from 'node:crypto';

import { TOKEN_QUERY_PARAMETER } from '../../shared/triggerUrlToken';

/** For senders that can set headers (a proxy, a test script): `x-tatango-token: <Secret Token>`. */
export const TOKEN_HEADER = 'x-tatango-token';
export const API_KEY_HEADER = 'x-api-key';
/** Shorter tokens are refused when the trigger is activated. */
export const MIN_TOKEN_LENGTH = 16;

export type AuthFailure =
	| 'tokenNotConfigured'
	| 'tokenMissing'
	| 'tokenWrong'
	| 'apiKeyNotConfigured'
	| 'apiKeyMissing'
	| 'apiKeyWrong';

export type AuthResult = { ok: true } | { ok: false; failure: AuthFailure };

export interface AuthInput {
	query: Record<string, unknown> | undefined;
	headers: Record<string, unknown> | undefined;
	/**
	 * The tokens a call may carry: the Secret Token typed on the node (trimmed), or the tokens
	 * derived under each credential the node has. Any one of them passes.
	 */
	expectedTokens: string[];
	requireApiKey: boolean;
	/** The v3 credential's API key; undefined when it could not be read. */
	expectedApiKey?: string;
}

/**
 * Constant-time equality of two secrets. Both sides are hashed first, so the comparison takes the
 * same time whatever the lengths and wherever the first difference is.
 */
export function secretsMatch(expected: string, presented: string): boolean {
	const a = createHash('sha256').update(expected, 'utf8').digest();
	const b = createHash('sha256').update(presented, 'utf8').digest();
	return timingSafeEqual(a, b) && expected.length > 0;
}

/** Header names arrive lower-cased from Node's HTTP parser; tolerate a hand-made object too. */
function header(headers: Record<string, unknown> | undefined, name: string): unknown {
	if (!headers) return undefined;
	if (name in headers) return headers[name];
	const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
	return key === undefined ? undefined : headers[key];
}

/** A repeated parameter or header arrives as an array: that is never a valid secret. */
function single(value: unknown): string | undefined | null {
	if (value === undefined || value === '') return undefined;
	return typeof value === 'string' ? value : null;
}

/** Whether a value equals one of the expected secrets; every one is compared, none skipped. */
function matchesOne(expected: string[], presented: string): boolean {
	let matched = false;
	for (const candidate of expected) if (secretsMatch(candidate, presented)) matched = true;
	return matched;
}

/** Wrong beats missing: a value that is present must be right, and at least one must be present. */
function checkSecret(expected: string[], presentedValues: unknown[]): 'ok' | 'missing' | 'wrong' {
	let presentedAny = false;
	let allRight = true;
	for (const raw of presentedValues) {
		const value = single(raw);
		if (value === undefined) continue;
		presentedAny = true;
		if (value === null || !matchesOne(expected, value)) allRight = false;
	}
	if (!presentedAny) return 'missing';
	return allRight ? 'ok' : 'wrong';
}

export function isUsableToken(token: string): boolean {
	return token.length >= MIN_TOKEN_LENGTH;
}

/** Checks a call against the node's settings. Every check must pass. */
export function checkCall(input: AuthInput): AuthResult {
	const expected = input.expectedTokens.filter(isUsableToken);
	if (expected.length === 0) return { ok: false, failure: 'tokenNotConfigured' };

	const token = checkSecret(expected, [
		input.query?.[TOKEN_QUERY_PARAMETER],
		header(input.headers, TOKEN_HEADER),
	]);
	if (token === 'missing') return { ok: false, failure: 'tokenMissing' };
	if (token === 'wrong') return { ok: false, failure: 'tokenWrong' };

	if (input.requireApiKey) {
		if (!input.expectedApiKey) return { ok: false, failure: 'apiKeyNotConfigured' };
		const apiKey = checkSecret([input.expectedApiKey], [header(input.headers, API_KEY_HEADER)]);
		if (apiKey === 'missing') return { ok: false, failure: 'apiKeyMissing' };
		if (apiKey === 'wrong') return { ok: false, failure: 'apiKeyWrong' };
	}
	return { ok: true };
}

/** For the n8n log: what failed, in words that hold no secret. */
export function describeFailure(failure: AuthFailure): string {
	switch (failure) {
		case 'tokenNotConfigured':
			return `the node has neither a Secret Token of at least ${MIN_TOKEN_LENGTH} characters nor a credential to derive the token from`;
		case 'tokenMissing':
			return `the call carried no token (query parameter "${TOKEN_QUERY_PARAMETER}" or header "${TOKEN_HEADER}")`;
		case 'tokenWrong':
			return 'the call carried a wrong token';
		case 'apiKeyNotConfigured':
			return 'an API key is required but the Tatango v3 credential could not be read';
		case 'apiKeyMissing':
			return `the call carried no "${API_KEY_HEADER}" header`;
		case 'apiKeyWrong':
			return `the call's "${API_KEY_HEADER}" header does not match the Tatango v3 credential`;
	}
}
