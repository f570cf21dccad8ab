// The token a send adds to a Tatango Trigger's URL, and the trigger expects, when the trigger has a
// credential and no typed Secret Token. Both sides compute it from what both can see: the API key
// of the credential they share and the trigger's URL as n8n shows it. Nothing is stored or shown.
// Pure functions (no n8n context); docs/trigger.md, "The token derived from the URL", is the spec.
import { createHmac } from 'node:crypto';

import { InvalidInputError } from './validation/InvalidInputError';

/** `https://…/webhook/<id>/tatango?token=<token>` */
export const TOKEN_QUERY_PARAMETER = 'token';

/** 24 bytes of the HMAC in base64url: 192 bits, 32 URL-safe characters. */
const TOKEN_LENGTH = 32;

/** Another derivation under the same key (the list webhook's) can never give the same token. */
const PURPOSE = 'n8n-nodes-tatango trigger URL token v1';

/** n8n's webhook ID of a node: a UUID. */
const WEBHOOK_ID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * A Tatango Trigger's path as n8n makes it: its production (`webhook`) or test (`webhook-test`)
 * endpoint, then the node's webhook ID and the trigger's path `tatango`; or, for a node n8n gave no
 * webhook ID (imported by the command line), the workflow ID and the node's name instead.
 */
const TRIGGER_PATH = new RegExp(
	`(?:^|/)(?:webhook|webhook-test)/(?:${WEBHOOK_ID}|[^/]+/[^/]+)/tatango$`,
	'i',
);

function parsed(url: string | URL): URL | undefined {
	if (url instanceof URL) return url;
	return URL.canParse(url) ? new URL(url) : undefined;
}

/** The path without trailing slashes (n8n serves `/…/tatango/` as `/…/tatango`). */
function pathOf(url: URL): string {
	return url.pathname.replace(/\/+$/, '');
}

/**
 * What the token is computed over: the host as the URL parser writes it (lower case, an
 * internationalised name in punycode), the port unless it is the scheme's default, and the path
 * without trailing slashes. The scheme, the query (the token, anything else) and the fragment are
 * left out: a URL n8n shows as http and a user sends as https names the same trigger.
 */
export function canonicalTriggerUrl(url: string | URL): string | undefined {
	const u = parsed(url);
	if (u === undefined || u.hostname === '') return undefined;
	return `${u.hostname}${u.port === '' ? '' : `:${u.port}`}${pathOf(u)}`;
}

/** Whether a URL's path is a Tatango Trigger's, in n8n's default webhook URL forms. */
export function isTriggerUrlShape(url: string | URL): boolean {
	const u = parsed(url);
	return u !== undefined && /^https?:$/.test(u.protocol) && TRIGGER_PATH.test(pathOf(u));
}

/**
 * The token of a Tatango Trigger URL under an API key: HMAC-SHA256 keyed with the trimmed key over
 * a fixed purpose line and the canonical URL, its first 24 bytes in base64url. Empty when there is
 * no key or no URL to compute it from.
 */
export function triggerUrlToken(apiKey: unknown, url: string | URL): string {
	const key = typeof apiKey === 'string' ? apiKey.trim() : '';
	const canonical = canonicalTriggerUrl(url);
	if (key === '' || canonical === undefined) return '';
	return createHmac('sha256', key)
		.update(`${PURPOSE}\n${canonical}`)
		.digest('base64url')
		.slice(0, TOKEN_LENGTH);
}

/**
 * The URL a send gives Tatango: a Tatango Trigger's URL as n8n shows it gets `?token=` and its
 * token under the key. Sent as given: a URL that already has a `token` parameter (typed by the
 * user), a fragment, or a path not shaped like a trigger's; also when there is no key.
 * Other query parameters are kept. With a `limit`, a URL grown too long is refused naming its
 * length, never the URL: that holds the token.
 */
export function withTriggerToken(
	url: string,
	apiKey: unknown,
	limit?: { field: string; maxLength: number },
): string {
	const sent = addedToken(url, apiKey);
	if (limit && sent.length > limit.maxLength) {
		throw new InvalidInputError(
			limit.field,
			`is ${sent.length} characters long with the Tatango Trigger's token added; the maximum is ${limit.maxLength}`,
			"Shorten the URL, for example a shorter host name in n8n's WEBHOOK_URL.",
		);
	}
	return sent;
}

function addedToken(url: string, apiKey: unknown): string {
	const u = parsed(url);
	if (u === undefined || !isTriggerUrlShape(u) || u.hash !== '') return url;
	if (u.searchParams.has(TOKEN_QUERY_PARAMETER)) return url;
	const token = triggerUrlToken(apiKey, u);
	if (token === '') return url;
	// Appended as text: rewriting the query through searchParams would re-encode the user's own.
	const joiner = u.href.endsWith('?') ? '' : u.search === '' ? '?' : '&';
	return `${u.href}${joiner}${TOKEN_QUERY_PARAMETER}=${token}`;
}
