import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { API, type ApiVersion } from './apis';
import type { RetryDecision } from './retryPolicy';

/** The service's own words: v2 answers `{"status":"error","error":"..."}`, v3 `{"message":"..."}`. */
export function serviceMessage(body: unknown): string | undefined {
	if (body && typeof body === 'object') {
		const { error, message, errors } = body as Record<string, unknown>;
		if (typeof error === 'string' && error) return error;
		if (typeof message === 'string' && message) return message;
		if (Array.isArray(errors) && errors.length > 0) return errors.map(String).join('; ');
	}
	return undefined;
}

function looksLikeHtml(body: unknown): boolean {
	return typeof body === 'string' && /<html|<!doctype/i.test(body);
}

export interface FailedResponse {
	api: ApiVersion;
	statusCode: number;
	body: unknown;
	/** What a 404 means for this call, e.g. "List 12 was not found". */
	notFound?: string;
	attempts: number;
	stoppedBecause: RetryDecision['because'];
	waitedMs: number;
	/** What an ambiguous failure of a non-repeatable call may have done (default: a text was sent). */
	ambiguity?: Ambiguity;
	/** The time of the answer, for when the daily cap resets. */
	now?: number;
}

/** Tatango's published v3 daily quota per key. */
const DAILY_CAP = '10,000';

/** "in 3 h 12 min (2026-11-26 00:00 UTC)": the next midnight UTC, from `now`. */
export function untilMidnightUtc(now: number): string {
	const day = 86_400_000;
	const midnight = (Math.floor(now / day) + 1) * day;
	const minutes = Math.max(1, Math.ceil((midnight - now) / 60_000));
	const span =
		minutes >= 60 ? `${Math.floor(minutes / 60)} h ${minutes % 60} min` : `${minutes} min`;
	return `in ${span} (${new Date(midnight).toISOString().slice(0, 10)} 00:00 UTC)`;
}

/**
 * A call that waited its whole Max Wait When Rate Limited for a turn in this process's pacer,
 * behind other calls of the same key: it never left, so nothing was sent.
 */
export function errorFromRateLimitWait(
	node: INode,
	{
		api,
		waitedMs,
		rate,
		ahead,
	}: { api: ApiVersion; waitedMs: number; rate: string; ahead: number },
	itemIndex: number,
): NodeOperationError {
	const credential = `'${API[api].credentialName}' credential`;
	return new NodeOperationError(
		node,
		`Waited ${Math.round(waitedMs / 1000)} s for a turn under Tatango's rate limit of ${rate}; nothing was sent`,
		{
			itemIndex,
			description: `Calls through one API key take turns in each n8n process (${ahead} ${ahead === 1 ? 'call was' : 'calls were'} still ahead of this one). Raise "Max Wait When Rate Limited" in the ${credential}, let fewer executions send through this key at once (n8n's concurrency limit), or ask Tatango for a higher limit.`,
		},
	);
}

/**
 * A Tatango error answer as a NodeApiError: the service's message, the HTTP code, and a hint
 * saying what to do. Built from the response body only: the request (and its Authorization or
 * x-api-key header) never reaches the error.
 */
export function apiErrorFromResponse(
	node: INode,
	failure: FailedResponse,
	itemIndex: number,
): NodeApiError {
	const { api, statusCode, body } = failure;
	const credential = `'${API[api].credentialName}' credential`;
	const said = serviceMessage(body);
	let message = said ?? `Tatango answered with HTTP ${statusCode}`;
	let description: string | undefined;

	if (statusCode === 401) {
		message = `Tatango rejected the login e-mail or API key of the ${credential} (401)`;
		description = `Tatango said: ${said ?? 'unauthorized'}. Check both fields of the credential; API keys are created in Tatango under My Account → API.`;
	} else if (statusCode === 403 && looksLikeHtml(body)) {
		message = "Tatango's firewall blocked this request (403)";
		description =
			"This is not a credential problem: Tatango's web application firewall refuses requests whose content it considers a threat (seen with URLs of public request-catcher sites). Change the URLs or text and try again.";
	} else if (statusCode === 403) {
		message =
			api === 'v2'
				? `The API key of the ${credential} is not allowed: ${said ?? 'forbidden'} (403)`
				: `Tatango refused the API key of the ${credential} (403)`;
		description =
			api === 'v2'
				? 'A disabled key can be re-enabled or replaced in Tatango under My Account → API.'
				: 'Check the key in the credential; keys are created in Tatango under My Account → API.';
	} else if (statusCode === 404) {
		message = failure.notFound ? `${failure.notFound} (404)` : `${message} (404)`;
		description = said ? `Tatango said: ${said}` : undefined;
	} else if (statusCode === 422 && /landline|unreachable carrier/i.test(said ?? '')) {
		message = `${said} (422)`;
		description =
			'Tatango texts mobile numbers only. This number is a landline or its carrier cannot be reached: check it with the person, or filter such numbers out before this node.';
	} else if (statusCode === 422 && /invalid keyword names/i.test(said ?? '')) {
		message = `Tatango refused the keywords: ${said} (422)`;
		description =
			'These keywords are already in use on the shortcode (by another list or account), reserved (such as STOP or HELP), or not allowed. Check a keyword first with Keyword → Check Availability. Nothing was changed.';
	} else if (statusCode === 429 && failure.stoppedBecause === 'daily_cap') {
		message = `Tatango's daily limit for this API key is used up; nothing was sent (429${said ? ` ${said}` : ''})`;
		description = `Tatango allows ${DAILY_CAP} v3 requests per API key per day unless it was raised for your account. The count resets at midnight UTC, ${untilMidnightUtc(failure.now ?? Date.now())}. The node does not wait that long: send again after the reset, or ask Tatango for a higher daily limit.`;
	} else if (statusCode === 429) {
		message = `Tatango's rate limit was still exceeded after waiting ${Math.round(failure.waitedMs / 1000)} s; nothing was sent (429)`;
		description = `Tatango refused every attempt, so it took nothing. Raise "Max Wait When Rate Limited" or lower "Requests per ${api === 'v2' ? 'Hour' : 'Second'}" in the ${credential}, let fewer executions send through this key at once, or ask Tatango for a higher limit.`;
	} else if (failure.stoppedBecause === 'ambiguous_send') {
		const ambiguity = failure.ambiguity ?? SEND_AMBIGUITY;
		message = `${ambiguity.what}: Tatango answered HTTP ${statusCode}${said ? ` (${said})` : ''}`;
		description = ambiguity.hint;
	} else if (statusCode >= 500) {
		message = `Tatango answered HTTP ${statusCode}${said ? `: ${said}` : ''} after ${attemptsText(failure.attempts)}`;
		description = "A problem on Tatango's side. The call was retried; try again later.";
	} else {
		message = `${message} (${statusCode})`;
	}

	const error = new NodeApiError(node, { statusCode, body: sanitizeBody(body) } as JsonObject, {
		message,
		description,
		httpCode: String(statusCode),
		itemIndex,
	});
	return failure.stoppedBecause === 'ambiguous_send' ? withUnknownOutcome(error) : error;
}

const AMBIGUOUS_SEND_HINT =
	"Tatango may have received the request before the failure, so the node did not retry it: retrying could text the person twice. Check Tatango's message log, or the Tatango Trigger's delivery events, before sending it again.";

/**
 * How to word a failure after which a non-repeatable call (kind `send`) may or may not have taken
 * effect: what may have happened, and what to check before trying again.
 */
export interface Ambiguity {
	what: string;
	hint: string;
}

/**
 * Marks a failure after which a non-repeatable call may have taken effect (the errors above that
 * say "may have been sent"), for code that must know it without reading the message.
 */
function withUnknownOutcome(error: NodeApiError): NodeApiError {
	error.context.mayHaveActed = true;
	return error;
}

/**
 * Whether a failed send may have texted the person: Tatango may have received it (a time-out, a
 * 5xx, an unreadable answer). False for a failure that certainly sent nothing (a 4xx, a refused
 * connection, a rule the input broke).
 */
export function mayHaveBeenSent(error: unknown): boolean {
	return error instanceof NodeApiError && error.context?.mayHaveActed === true;
}

const SEND_AMBIGUITY: Ambiguity = {
	what: 'The message may have been sent',
	hint: AMBIGUOUS_SEND_HINT,
};

/** A network failure (no HTTP answer) as a NodeApiError, without any request details. */
export function apiErrorFromNetwork(
	node: INode,
	code: string | undefined,
	stoppedBecause: RetryDecision['because'],
	attempts: number,
	itemIndex: number,
	timeoutMs: number,
	ambiguity: Ambiguity = SEND_AMBIGUITY,
): NodeApiError {
	// axios reports its own timeout as ECONNABORTED; ETIMEDOUT comes from the network below it.
	const timedOut = code === 'ECONNABORTED' || code === 'ETIMEDOUT';
	// Node's HTTP parser (HPE_*) and axios (ERR_BAD_RESPONSE) refuse a malformed or cut-off answer:
	// the server was reached and may have acted on the request.
	const unreadable = code !== undefined && /^(HPE_|ERR_BAD_RESPONSE$)/.test(code);
	const what = !code
		? 'the connection failed'
		: code === 'ECONNABORTED'
			? `no answer within the Request Timeout of ${timeoutMs / 1000} s (${code})`
			: timedOut
				? `the connection timed out (${code})`
				: unreadable
					? `the answer could not be read (${code})`
					: `the connection failed (${code})`;
	const ambiguous = stoppedBecause === 'ambiguous_send';
	const message = ambiguous
		? `${ambiguity.what}: ${what}`
		: unreadable
			? `Tatango's answer could not be read (${code})`
			: `Could not reach Tatango: ${what} after ${attemptsText(attempts)}`;
	const error = new NodeApiError(node, { code: code ?? 'NETWORK_ERROR' } as JsonObject, {
		message,
		description: ambiguous
			? ambiguity.hint
			: timedOut
				? "Check the network between n8n and Tatango, or raise the credential's Request Timeout."
				: unreadable
					? NOT_TATANGO_HINT
					: 'Check the Base URL of the credential and the network between n8n and Tatango.',
		itemIndex,
	});
	// NodeApiError swaps a message naming a known code (ECONNRESET...) for n8n's stock text, which
	// says the request can be retried: exactly what must not be done after an ambiguous send.
	error.message = message;
	return ambiguous ? withUnknownOutcome(error) : error;
}

const NOT_TATANGO_HINT =
	"Something between n8n and Tatango (a proxy, a captive portal, a wrong Base URL) answered instead of Tatango's API. Check the Base URL of the credential and the network.";

/** The status and the first bytes of an answer, for an error that must show what came back. */
function firstBytes(body: unknown): string {
	const text = typeof body === 'string' ? body : body === undefined ? '' : JSON.stringify(body);
	if (text.trim() === '') return 'an empty body';
	const start = text.replace(/\s+/g, ' ').trim().slice(0, 80);
	return `"${start}${text.length > 80 ? '…' : ''}"`;
}

/**
 * A 2xx whose body is not the JSON object Tatango documents (an HTML page, invalid JSON, an empty
 * body). For a send, the request reached something that said yes: the message may have gone out.
 * `body` must already be free of secrets.
 */
export function apiErrorFromUnreadableAnswer(
	node: INode,
	{
		statusCode,
		body,
		isSend,
		ambiguity = SEND_AMBIGUITY,
	}: { statusCode: number; body: unknown; isSend: boolean; ambiguity?: Ambiguity },
	itemIndex: number,
): NodeApiError {
	const what = `HTTP ${statusCode} with ${firstBytes(body)} instead of Tatango's JSON answer`;
	const error = new NodeApiError(node, { statusCode, body: sanitizeBody(body) } as JsonObject, {
		message: isSend ? `${ambiguity.what}: the answer was ${what}` : `Tatango answered ${what}`,
		description: isSend ? `${ambiguity.hint} ${NOT_TATANGO_HINT}` : NOT_TATANGO_HINT,
		httpCode: String(statusCode),
		itemIndex,
	});
	return isSend ? withUnknownOutcome(error) : error;
}

/**
 * A 2xx JSON object without what Tatango documents for the call (a page without its records, a
 * created report without the report): something else answered, or the answer was cut short.
 * `body` must already be free of secrets.
 */
export function apiErrorFromIncompleteAnswer(
	node: INode,
	{
		statusCode,
		body,
		holds: { key, type },
		isSend,
		ambiguity = SEND_AMBIGUITY,
	}: {
		statusCode: number;
		body: unknown;
		holds: AnswerHolds;
		isSend: boolean;
		ambiguity?: Ambiguity;
	},
	itemIndex: number,
): NodeApiError {
	const shape = { list: 'a list', object: 'an object', text: 'text' }[type];
	const what = `Tatango answered HTTP ${statusCode} without "${key}" (${shape}), which its answer to this call always has: ${firstBytes(body)}`;
	const error = new NodeApiError(node, { statusCode, body: sanitizeBody(body) } as JsonObject, {
		message: isSend ? `${ambiguity.what}: ${what}` : what,
		description: isSend ? `${ambiguity.hint} ${NOT_TATANGO_HINT}` : NOT_TATANGO_HINT,
		httpCode: String(statusCode),
		itemIndex,
	});
	return isSend ? withUnknownOutcome(error) : error;
}

/** What a 2xx answer to a call must hold, as Tatango documents it. */
export interface AnswerHolds {
	key: string;
	type: 'list' | 'object' | 'text';
}

/**
 * A 3xx. The node never follows a redirect: following one re-sends the credential (Basic value or
 * x-api-key) and the body to whatever host the Location names, and a redirect loop repeats a send.
 * `location` must already be free of secrets.
 */
export function apiErrorFromRedirect(
	node: INode,
	{
		statusCode,
		location,
		isSend,
		textsSomeone = isSend,
	}: { statusCode: number; location?: string; isSend: boolean; textsSomeone?: boolean },
	itemIndex: number,
): NodeApiError {
	// A send that texts someone could text them twice; another non-repeatable call (creating a
	// list, a field, a template) could be repeated.
	const repeat = !isSend
		? ''
		: textsSomeone
			? ' and could send the message twice'
			: ' and could repeat the request';
	const target = location && URL.canParse(location) ? new URL(location).host : undefined;
	const where = target ? ` to ${target}` : location ? ` to "${location.slice(0, 80)}"` : '';
	return new NodeApiError(node, { statusCode, location: location ?? null } as JsonObject, {
		message: `Tatango answered with a redirect (HTTP ${statusCode})${where}; the node does not follow redirects`,
		description: `Nothing was sent to the redirect's target: following it would hand the credential's key to that host${repeat}. Check the Base URL of the credential: it must be Tatango's API address itself (https, no path), not one that forwards elsewhere.`,
		httpCode: String(statusCode),
		itemIndex,
	});
}

function attemptsText(attempts: number): string {
	return attempts === 1 ? '1 attempt' : `${attempts} attempts`;
}

/** Keeps an error body small and free of anything but what the service said. */
function sanitizeBody(body: unknown): unknown {
	if (typeof body === 'string') return body.slice(0, 500);
	return body ?? null;
}
