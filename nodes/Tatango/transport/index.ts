import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHttpRequestMethods,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { API, type ApiVersion, baseUrlOf, maxRateLimitWaitMs, requestTimeoutMs } from './apis';
import { type Ambiguity, apiErrorFromNetwork, apiErrorFromResponse } from './errors';
import { Pacer } from './pacer';
import { type AttemptOutcome, type CallKind, decideRetry } from './retryPolicy';

export type { ApiVersion } from './apis';
export type { CallKind } from './retryPolicy';
export type { Ambiguity } from './errors';

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
	/** For a `send` call that is not a text (e.g. creating a list): how to word an ambiguous failure. */
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
 * Calls are spaced 5 % wider than the limit: the service counts arrivals, and spacing at exactly the
 * limit lets network jitter put one call too many in a window (a 429 then costs a whole second).
 */
const PACING_HEADROOM = 1.05;

type Context = IExecuteFunctions | ILoadOptionsFunctions;

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
 * The only code that talks HTTP to Tatango. One client serves one node run: it loads each
 * credential once, spaces calls to the credential's rate, waits out 429s, retries what is safe to
 * retry, and turns failures into NodeApiErrors that carry no secret.
 */
export function createTatangoClient(
	context: Context,
	{ pause = sleep }: { pause?: (ms: number) => Promise<void> } = {},
): TatangoClient {
	const credentialCache = new Map<ApiVersion, Promise<ICredentialDataDecryptedObject>>();
	const pacers = new Map<ApiVersion, Pacer>();

	async function credentials(api: ApiVersion) {
		let loaded = credentialCache.get(api);
		if (!loaded) {
			if (!context.getNode().credentials?.[API[api].credentialType]) {
				throw missingCredentialError(context, api);
			}
			loaded = context.getCredentials(API[api].credentialType);
			credentialCache.set(api, loaded);
		}
		return await loaded;
	}

	async function pacerFor(api: ApiVersion) {
		let pacer = pacers.get(api);
		if (!pacer) {
			pacer = new Pacer(API[api].intervalMs(await credentials(api)) * PACING_HEADROOM);
			pacers.set(api, pacer);
		}
		return pacer;
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
		const limits = {
			maxRateLimitWaitMs: maxRateLimitWaitMs(creds),
			maxFailureRetries: MAX_FAILURE_RETRIES,
		};
		const pacer = await pacerFor(call.api);
		const state = { attempts: 0, rateLimitWaitedMs: 0 };

		for (;;) {
			const wait = pacer.reserve();
			if (wait > 0) await pause(wait);
			state.attempts++;

			let outcome: AttemptOutcome;
			let response: IN8nHttpFullResponse | undefined;
			try {
				response = await send(call, baseUrl, creds);
				if (response.statusCode < 400 || call.answerStatuses?.includes(response.statusCode)) {
					return { statusCode: response.statusCode, body: (response.body ?? {}) as IDataObject };
				}
				outcome = {
					type: 'response',
					statusCode: response.statusCode,
					retryAfter: headerValue(response.headers as IDataObject, 'retry-after'),
				};
			} catch (error) {
				outcome = { type: 'network', code: networkCode(error) };
			}

			const decision = decideRetry(call.kind, outcome, state, limits);
			if (decision.retry) {
				if (decision.because === 'rate_limited') state.rateLimitWaitedMs += decision.delayMs;
				await pause(decision.delayMs);
				continue;
			}
			if (outcome.type === 'network') {
				throw apiErrorFromNetwork(
					context.getNode(),
					outcome.code,
					decision.because,
					state.attempts,
					itemIndex,
					requestTimeoutMs(creds),
					call.ambiguity,
				);
			}
			throw apiErrorFromResponse(
				context.getNode(),
				{
					api: call.api,
					statusCode: outcome.statusCode,
					body: response?.body,
					notFound: call.notFound,
					attempts: state.attempts,
					stoppedBecause: decision.because,
					waitedMs: state.rateLimitWaitedMs,
					ambiguity: call.ambiguity,
				},
				itemIndex,
			);
		}
	}

	return { request, credentials };
}
