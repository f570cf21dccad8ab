// What one attempt of a call came to: an answer to hand back, a wait before the next attempt, or
// the error that ends the call. Pure but for the clock value handed in; client.ts runs the stages.
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IN8nHttpFullResponse,
	INode,
} from 'n8n-workflow';

import { type ApiVersion, requestTimeoutMs } from './apis';
import {
	apiErrorFromIncompleteAnswer,
	apiErrorFromNetwork,
	apiErrorFromRedirect,
	apiErrorFromResponse,
	apiErrorFromUnreadableAnswer,
	type AnswerHolds,
} from './errors';
import type { Verdict } from './pacer';
import { redact, redactText } from './redaction';
import {
	type AttemptOutcome,
	decideRetry,
	neverConnected,
	type RetryDecision,
	type RetryLimits,
} from './retryPolicy';
import type { TatangoCall, TatangoResponse } from './types';

/** One call on its way: what every stage reads, and the attempts and time it has taken. */
export interface CallRun {
	call: TatangoCall;
	credentials: ICredentialDataDecryptedObject;
	baseUrl: string;
	itemIndex: number;
	/** Every form of a secret that must not come back in an error or an answer. */
	secretForms: string[];
	startedAt: number;
	attempts: number;
	limits: RetryLimits;
}

/** Finds an error code (ECONNREFUSED, ETIMEDOUT...) anywhere in an error's cause chain. */
function networkCode(error: unknown): string | undefined {
	let current: unknown = error;
	for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
		const { code } = current as { code?: unknown };
		if (typeof code === 'string' && /^[A-Z_]+$/.test(code)) return code;
		current = (current as { cause?: unknown }).cause;
	}
	return undefined;
}

function isJsonObject(value: unknown): value is IDataObject {
	return (
		typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value)
	);
}

/** Whether an answer holds what Tatango documents for the call. */
function holds(body: IDataObject, { key, type }: AnswerHolds): boolean {
	const value = body[key];
	if (type === 'list') return Array.isArray(value);
	if (type === 'text') return typeof value === 'string' && value.trim() !== '';
	return isJsonObject(value);
}

/** A body n8n could not parse (invalid JSON, HTML) comes back as a string or a Buffer. */
function asText(body: unknown): unknown {
	return Buffer.isBuffer(body) ? body.toString('utf8') : body;
}

/**
 * The answer body with every secret replaced. A body too deeply nested to walk is returned as its
 * text's start, which then fails as an answer that is not Tatango's JSON.
 */
function redactedBody(body: unknown, forms: string[]): unknown {
	const text = asText(body);
	try {
		return redact(text, forms);
	} catch {
		return '(an answer nested too deeply to read)';
	}
}

/** The absolute form of a Location header, resolved against the URL that answered. */
function absoluteLocation(location: string | undefined, requestUrl: string): string | undefined {
	if (location === undefined) return undefined;
	return URL.canParse(location, requestUrl) ? new URL(location, requestUrl).href : location;
}

function headerValue(headers: IDataObject | undefined, name: string): string | undefined {
	const value = headers?.[name] ?? headers?.[name.toLowerCase()];
	return value === undefined || value === null ? undefined : String(value);
}

/**
 * A v3 429 that is the daily quota, not the per-second throttle: API Gateway answers a spent usage
 * plan quota with `{"message":"Limit Exceeded"}` and a throttle with `{"message":"Too Many Requests"}`.
 */
function isDailyCap(api: ApiVersion, body: unknown): boolean {
	if (api !== 'v3' || !isJsonObject(body)) return false;
	const { message } = body;
	return typeof message === 'string' && /^\s*limit exceeded\s*$/i.test(message);
}

/** An answer as the stages read it: its body already free of secrets. */
export interface ReadAnswer {
	statusCode: number;
	headers: IDataObject;
	body: unknown;
	dailyCap: boolean;
	/** What the answer tells the account's pacer. */
	verdict: Verdict;
}

export function readAnswer(run: CallRun, response: IN8nHttpFullResponse): ReadAnswer {
	const { statusCode } = response;
	const body = redactedBody(response.body, run.secretForms);
	const dailyCap = statusCode === 429 && isDailyCap(run.call.api, body);
	const verdict: Verdict =
		statusCode === 429 && !dailyCap ? 'throttled' : statusCode < 500 ? 'passed' : 'neutral';
	return { statusCode, headers: response.headers as IDataObject, body, dailyCap, verdict };
}

/** Whether a failure that leaves the outcome unknown must say what may have happened. */
function mayHaveActed(call: TatangoCall): boolean {
	return call.kind === 'send' || call.ambiguity !== undefined;
}

/** A final failure of a repeatable call with an ambiguity is worded like an ambiguous send. */
function stopReason(
	call: TatangoCall,
	because: RetryDecision['because'],
	unknownOutcome: boolean,
): RetryDecision['because'] {
	return call.kind !== 'send' && call.ambiguity !== undefined && unknownOutcome
		? 'ambiguous_send'
		: because;
}

/**
 * The answer as the call's result, when it is one: a 2xx JSON object holding what Tatango documents
 * (or an error status the call takes as an answer), or an empty 204. A redirect, or a 2xx that is
 * not Tatango's JSON, ends the call. Undefined: an error status, for the retry policy.
 */
export function acceptedAnswer(
	node: INode,
	run: CallRun,
	answer: ReadAnswer,
): TatangoResponse | undefined {
	const { call, itemIndex } = run;
	const { statusCode, body } = answer;
	const isSend = call.kind === 'send';
	if (statusCode >= 300 && statusCode < 400) {
		const location = absoluteLocation(
			headerValue(answer.headers, 'location'),
			`${run.baseUrl}${call.path}`,
		);
		throw apiErrorFromRedirect(
			node,
			{
				statusCode,
				location: location && redactText(location, run.secretForms),
				isSend,
				textsSomeone: isSend && call.ambiguity === undefined,
			},
			itemIndex,
		);
	}
	const answered = statusCode < 300 || call.answerStatuses?.includes(statusCode);
	if (answered && isJsonObject(body)) {
		if (statusCode < 300 && call.answerHolds && !holds(body, call.answerHolds)) {
			throw apiErrorFromIncompleteAnswer(
				node,
				{
					statusCode,
					body,
					holds: call.answerHolds,
					isSend: mayHaveActed(call),
					ambiguity: call.ambiguity,
				},
				itemIndex,
			);
		}
		return { statusCode, body };
	}
	if (statusCode === 204 && (body === undefined || body === '')) return { statusCode, body: {} };
	if (statusCode < 300) {
		throw apiErrorFromUnreadableAnswer(
			node,
			{ statusCode, body, isSend: mayHaveActed(call), ambiguity: call.ambiguity },
			itemIndex,
		);
	}
	return undefined;
}

type Retry = Extract<RetryDecision, { retry: true }>;

/**
 * What the retry policy says after an attempt: the wait before the next one, or (thrown) the error
 * `finalError` words from why the call stops and how long it went.
 */
function nextAttempt(
	run: CallRun,
	outcome: AttemptOutcome,
	now: number,
	finalError: (because: RetryDecision['because'], elapsedMs: number) => Error,
): Retry {
	const elapsedMs = now - run.startedAt;
	const state = { attempts: run.attempts, elapsedMs };
	const decision = decideRetry(run.call.kind, outcome, state, run.limits);
	if (decision.retry) return decision;
	throw finalError(decision.because, elapsedMs);
}

/** After an error status: how long to wait before trying again, or the error that ends the call. */
export function retryAfterErrorStatus(
	node: INode,
	run: CallRun,
	answer: ReadAnswer,
	now: number,
): Retry {
	const { call, itemIndex } = run;
	const outcome: AttemptOutcome = {
		type: 'response',
		statusCode: answer.statusCode,
		retryAfter: headerValue(answer.headers, 'retry-after'),
		dailyCap: answer.dailyCap,
	};
	return nextAttempt(run, outcome, now, (because, elapsedMs) =>
		apiErrorFromResponse(
			node,
			{
				api: call.api,
				statusCode: answer.statusCode,
				body: answer.body,
				notFound: call.notFound,
				attempts: run.attempts,
				stoppedBecause: stopReason(call, because, answer.statusCode >= 500),
				waitedMs: elapsedMs,
				ambiguity: call.ambiguity,
				now,
			},
			itemIndex,
		),
	);
}

/** After no HTTP answer: how long to wait before trying again, or the error that ends the call. */
export function retryAfterNetworkFailure(
	node: INode,
	run: CallRun,
	error: unknown,
	now: number,
): Retry {
	const { call } = run;
	const code = networkCode(error);
	return nextAttempt(run, { type: 'network', code }, now, (because) =>
		apiErrorFromNetwork(
			node,
			code,
			stopReason(call, because, !neverConnected(code)),
			run.attempts,
			run.itemIndex,
			requestTimeoutMs(run.credentials),
			call.ambiguity,
		),
	);
}
