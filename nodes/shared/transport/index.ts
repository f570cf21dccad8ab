import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import {
	API,
	type ApiVersion,
	baseUrlOf,
	baseUrlProblem,
	maxRateLimitWaitMs,
	rateText,
	requestTimeoutMs,
} from './apis';
import { pacerForAccount } from './accounts';
import {
	type Ambiguity,
	apiErrorFromNetwork,
	apiErrorFromRedirect,
	apiErrorFromResponse,
	type AnswerHolds,
	apiErrorFromIncompleteAnswer,
	apiErrorFromUnreadableAnswer,
	errorFromRateLimitWait,
} from './errors';
import type { Verdict } from './pacer';
import { credentialSecrets, redact, redactText, secretForms, urlSecretsIn } from './redaction';
import {
	type AttemptOutcome,
	type CallKind,
	decideRetry,
	neverConnected,
	type RetryDecision,
	type RetryLimits,
	MIN_RATE_LIMIT_WAIT_MS,
} from './retryPolicy';

export type { ApiVersion } from './apis';
export type { CallKind } from './retryPolicy';
export type { Ambiguity } from './errors';
export { mayHaveBeenSent } from './errors';

export interface TatangoCall {
	api: ApiVersion;
	method: IHttpRequestMethods;
	/** Path below the API's base URL, e.g. `/api/v2/lists/12/subscribers`. */
	path: string;
	body?: IDataObject;
	qs?: IDataObject;
	kind: CallKind;
	/** What a 404 means for this call, for the error message. */
	notFound?: string;
	/** Error statuses that are an answer for this call, returned instead of thrown. */
	answerStatuses?: number[];
	/**
	 * What a 2xx answer must hold, as Tatango documents it: a page's records (`lists` a list), a
	 * created record (`momt_report` an object), a v3 send's `transactionId` (text). Without it the
	 * answer is not Tatango's: an error, never an empty result, a report polled as "not found", or
	 * a send whose delivery events cannot be matched.
	 */
	answerHolds?: AnswerHolds;
	/**
	 * How to word a failure after which Tatango may or may not have acted: for a `send` that is not a
	 * text (creating a list), or a repeatable call that texts someone (adding a subscriber texts the
	 * opt-in request). A repeatable call is still retried; only its final error says so.
	 */
	ambiguity?: Ambiguity;
}

export interface TatangoResponse {
	statusCode: number;
	body: IDataObject;
}

export interface TatangoClient {
	request(call: TatangoCall, itemIndex?: number): Promise<TatangoResponse>;
	credentials(api: ApiVersion): Promise<ICredentialDataDecryptedObject>;
}

const MAX_FAILURE_RETRIES = 3;

/**
 * Node runs, editor look-ups, trigger hooks (list webhook registration), and Send and Wait's resume
 * webhook (its retry text).
 */
type Context = IExecuteFunctions | ILoadOptionsFunctions | IHookFunctions | IWebhookFunctions;

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

/** The node has no credential of the type this call's API needs: say which one to pick. */
function missingCredentialError(context: Context, api: ApiVersion) {
	const { credentialName, holds } = API[api];
	return new NodeOperationError(
		context.getNode(),
		`This operation uses a "${credentialName}" credential (${holds}) and none is selected`,
		{
			description: `Choose one under "Credential for ${credentialName}" at the top of this node's parameters, or create one there. Nothing was sent to Tatango.`,
		},
	);
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

/**
 * The only code that talks HTTP to Tatango. One client serves one node run: it loads each
 * credential once, takes each call's turn from the account's pacer (shared by every execution of
 * this process: `accounts.ts`), waits out 429s, retries what is safe to retry, and turns failures
 * into NodeApiErrors that carry no secret.
 */
export function createTatangoClient(
	context: Context,
	{
		pause = sleep,
		// Read at each call, not kept: the account's pacer outlives this client and its clock.
		clock = () => Date.now(),
	}: { pause?: (ms: number) => Promise<void>; clock?: () => number } = {},
): TatangoClient {
	const credentialCache = new Map<ApiVersion, Promise<ICredentialDataDecryptedObject>>();
	/** The secrets of every loaded credential, worked out again only when another one is loaded. */
	let loadedSecrets: Promise<{ secrets: string[]; forms: string[] }> | undefined;

	async function credentials(api: ApiVersion) {
		let loaded = credentialCache.get(api);
		if (!loaded) {
			if (!context.getNode().credentials?.[API[api].credentialType]) {
				throw missingCredentialError(context, api);
			}
			loaded = context.getCredentials(API[api].credentialType);
			credentialCache.set(api, loaded);
			loadedSecrets = undefined;
		}
		return await loaded;
	}

	async function send(
		call: TatangoCall,
		baseUrl: string,
		creds: ICredentialDataDecryptedObject,
	): Promise<IN8nHttpFullResponse> {
		const options: IHttpRequestOptions = {
			method: call.method,
			url: `${baseUrl}${call.path}`,
			qs: call.qs,
			body: call.body,
			json: true,
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: requestTimeoutMs(creds),
			// A redirect is answered as an error below: following it would re-send the credential
			// and the body to another host, and a loop would repeat a send.
			disableFollowRedirect: true,
			maxRedirects: 0,
		};
		const type = API[call.api].credentialType;
		const ref = context.getNode().credentials?.[type];
		// Hands n8n the credential this client already loaded: otherwise n8n reads and decrypts it
		// again for every request. A copy, because n8n's pre-authentication writes into it.
		return (await context.helpers.httpRequestWithAuthentication.call(context, type, options, {
			credentialsDecrypted: {
				id: ref?.id ?? '',
				name: ref?.name ?? type,
				type,
				data: { ...creds },
			},
		})) as IN8nHttpFullResponse;
	}

	async function request(call: TatangoCall, itemIndex = 0): Promise<TatangoResponse> {
		const creds = await credentials(call.api);
		const baseUrl = baseUrlOf(call.api, creds);
		const problem = baseUrlProblem(baseUrl);
		if (problem !== undefined) {
			throw new NodeOperationError(
				context.getNode(),
				`The Base URL of the '${API[call.api].credentialName}' credential ${problem}`,
				{
					itemIndex,
					description: `Fix the Base URL in the credential (leave it empty for Tatango's own address, ${API[call.api].defaultBaseUrl}). Nothing was sent to Tatango.`,
				},
			);
		}
		const maxWaitMs = maxRateLimitWaitMs(creds);
		const pacer = pacerForAccount(call.api, baseUrl, creds, clock);
		const limits: RetryLimits = {
			maxRateLimitWaitMs: maxWaitMs,
			maxFailureRetries: MAX_FAILURE_RETRIES,
		};
		const startedAt = clock();
		const state = { attempts: 0, elapsedMs: 0 };
		const forms = await secretFormsFor(call);
		const isSend = call.kind === 'send';
		// Whether a failure that leaves the outcome unknown must say what may have happened.
		const mayHaveActed = isSend || call.ambiguity !== undefined;
		/** A final failure of a repeatable call with an ambiguity, worded like an ambiguous send. */
		const stopReason = (because: RetryDecision['because'], unknownOutcome: boolean) =>
			!isSend && call.ambiguity !== undefined && unknownOutcome ? 'ambiguous_send' : because;
		let refused = false;

		for (;;) {
			const turn = await pacer.turn(startedAt + maxWaitMs, pause, refused);
			if ('gaveUp' in turn) {
				throw errorFromRateLimitWait(
					context.getNode(),
					{
						api: call.api,
						waitedMs: clock() - startedAt,
						rate: rateText(call.api, creds),
						ahead: turn.ahead,
					},
					itemIndex,
				);
			}
			state.attempts++;
			let verdict: Verdict = 'neutral';

			let response: IN8nHttpFullResponse;
			try {
				response = await send(call, baseUrl, creds);
			} catch (error) {
				turn.done('neutral');
				const outcome: AttemptOutcome = { type: 'network', code: networkCode(error) };
				state.elapsedMs = clock() - startedAt;
				const decision = decideRetry(call.kind, outcome, state, limits);
				if (decision.retry) {
					await pause(decision.delayMs);
					continue;
				}
				throw apiErrorFromNetwork(
					context.getNode(),
					outcome.code,
					stopReason(decision.because, !neverConnected(outcome.code)),
					state.attempts,
					itemIndex,
					requestTimeoutMs(creds),
					call.ambiguity,
				);
			}

			const { statusCode } = response;
			const headers = response.headers as IDataObject;
			const body = redactedBody(response.body, forms);
			const dailyCap = statusCode === 429 && isDailyCap(call.api, body);
			if (statusCode === 429 && !dailyCap) verdict = 'throttled';
			else if (statusCode < 500) verdict = 'passed';
			turn.done(verdict);
			if (statusCode >= 300 && statusCode < 400) {
				const location = absoluteLocation(
					headerValue(headers, 'location'),
					`${baseUrl}${call.path}`,
				);
				throw apiErrorFromRedirect(
					context.getNode(),
					{
						statusCode,
						location: location && redactText(location, forms),
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
						context.getNode(),
						{
							statusCode,
							body,
							holds: call.answerHolds,
							isSend: mayHaveActed,
							ambiguity: call.ambiguity,
						},
						itemIndex,
					);
				}
				return { statusCode, body };
			}
			if (statusCode === 204 && (body === undefined || body === ''))
				return { statusCode, body: {} };
			if (statusCode < 300) {
				throw apiErrorFromUnreadableAnswer(
					context.getNode(),
					{ statusCode, body, isSend: mayHaveActed, ambiguity: call.ambiguity },
					itemIndex,
				);
			}

			const outcome: AttemptOutcome = {
				type: 'response',
				statusCode,
				retryAfter: headerValue(headers, 'retry-after'),
				dailyCap,
			};
			state.elapsedMs = clock() - startedAt;
			limits.minRateLimitWaitMs = Math.max(MIN_RATE_LIMIT_WAIT_MS, pacer.currentIntervalMs);
			const decision = decideRetry(call.kind, outcome, state, limits);
			if (decision.retry) {
				refused = decision.because === 'rate_limited';
				await pause(decision.delayMs);
				continue;
			}
			throw apiErrorFromResponse(
				context.getNode(),
				{
					api: call.api,
					statusCode,
					body,
					notFound: call.notFound,
					attempts: state.attempts,
					stoppedBecause: stopReason(decision.because, statusCode >= 500),
					waitedMs: state.elapsedMs,
					ambiguity: call.ambiguity,
					now: clock(),
				},
				itemIndex,
			);
		}
	}

	/** The secrets of every credential this client has loaded, and their forms. */
	async function secretsOfLoadedCredentials() {
		const loaded = await Promise.all(
			[...credentialCache.values()].map(async (pending) => await pending.catch(() => undefined)),
		);
		const secrets = loaded.flatMap((creds) => (creds ? credentialSecrets(creds) : []));
		return { secrets, forms: secretForms(secrets) };
	}

	/** Every form a secret of this call may come back in: the credentials', and its own URLs'. */
	async function secretFormsFor(call: TatangoCall): Promise<string[]> {
		loadedSecrets ??= secretsOfLoadedCredentials();
		const { secrets, forms } = await loadedSecrets;
		const urlSecrets = [...urlSecretsIn(call.body), ...urlSecretsIn(call.qs)];
		return urlSecrets.length === 0 ? forms : secretForms([...secrets, ...urlSecrets]);
	}

	return { request, credentials };
}
