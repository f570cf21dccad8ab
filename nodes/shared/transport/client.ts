import type {
	ICredentialDataDecryptedObject,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
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
import { errorFromRateLimitWait } from './errors';
import {
	acceptedAnswer,
	type CallRun,
	readAnswer,
	retryAfterErrorStatus,
	retryAfterNetworkFailure,
} from './outcome';
import { credentialSecrets, secretForms, urlSecretsIn } from './redaction';
import { MIN_RATE_LIMIT_WAIT_MS } from './retryPolicy';
import type { TatangoCall, TatangoClient, TatangoResponse, TransportContext } from './types';

const MAX_FAILURE_RETRIES = 3;

/** The node has no credential of the type this call's API needs: say which one to pick. */
function missingCredentialError(context: TransportContext, api: ApiVersion) {
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
 * credential once, takes each call's turn from the account's pacer (shared by every execution of
 * this process: `accounts.ts`), waits out 429s, retries what is safe to retry, and turns failures
 * into NodeApiErrors that carry no secret.
 */
export function createTatangoClient(
	context: TransportContext,
	{
		pause = sleep,
		// Read at each call, not kept: the account's pacer outlives this client and its clock.
		clock = () => Date.now(),
	}: { pause?: (ms: number) => Promise<void>; clock?: () => number } = {},
): TatangoClient {
	const client = new HttpClient(context, pause, clock);
	return {
		request: async (call, itemIndex) => await client.request(call, itemIndex),
		credentials: async (api) => await client.credentials(api),
	};
}

/** createTatangoClient's client: its credentials, and each call in stages. */
class HttpClient {
	private readonly credentialCache = new Map<ApiVersion, Promise<ICredentialDataDecryptedObject>>();
	/** The secrets of every loaded credential, worked out again only when another one is loaded. */
	private loadedSecrets: Promise<{ secrets: string[]; forms: string[] }> | undefined;

	constructor(
		private readonly context: TransportContext,
		private readonly pause: (ms: number) => Promise<void>,
		private readonly clock: () => number,
	) {}

	async credentials(api: ApiVersion) {
		let loaded = this.credentialCache.get(api);
		if (!loaded) {
			if (!this.context.getNode().credentials?.[API[api].credentialType]) {
				throw missingCredentialError(this.context, api);
			}
			loaded = this.context.getCredentials(API[api].credentialType);
			this.credentialCache.set(api, loaded);
			this.loadedSecrets = undefined;
		}
		return await loaded;
	}

	private async send(
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
		const ref = this.context.getNode().credentials?.[type];
		// Hands n8n the credential this client already loaded: otherwise n8n reads and decrypts it
		// again for every request. A copy, because n8n's pre-authentication writes into it.
		return (await this.context.helpers.httpRequestWithAuthentication.call(
			this.context,
			type,
			options,
			{
				credentialsDecrypted: {
					id: ref?.id ?? '',
					name: ref?.name ?? type,
					type,
					data: { ...creds },
				},
			},
		)) as IN8nHttpFullResponse;
	}

	/** The Base URL of the call's credential, checked before anything is sent. */
	private checkedBaseUrl(
		call: TatangoCall,
		creds: ICredentialDataDecryptedObject,
		itemIndex: number,
	): string {
		const baseUrl = baseUrlOf(call.api, creds);
		const problem = baseUrlProblem(baseUrl);
		if (problem === undefined) return baseUrl;
		throw new NodeOperationError(
			this.context.getNode(),
			`The Base URL of the '${API[call.api].credentialName}' credential ${problem}`,
			{
				itemIndex,
				description: `Fix the Base URL in the credential (leave it empty for Tatango's own address, ${API[call.api].defaultBaseUrl}). Nothing was sent to Tatango.`,
			},
		);
	}

	/**
	 * One call, in stages: its credential and Base URL; then, until it has an answer or an error,
	 * its turn from the account's pacer, the HTTP exchange, and what the outcome means (outcome.ts):
	 * the answer, a wait before the next attempt, or the error that ends the call.
	 */
	async request(call: TatangoCall, itemIndex = 0): Promise<TatangoResponse> {
		const creds = await this.credentials(call.api);
		const baseUrl = this.checkedBaseUrl(call, creds, itemIndex);
		const run: CallRun = {
			call,
			credentials: creds,
			baseUrl,
			itemIndex,
			secretForms: await this.secretFormsFor(call),
			startedAt: this.clock(),
			attempts: 0,
			limits: {
				maxRateLimitWaitMs: maxRateLimitWaitMs(creds),
				maxFailureRetries: MAX_FAILURE_RETRIES,
			},
		};
		const pacer = pacerForAccount(call.api, baseUrl, creds, this.clock);
		let refused = false;
		for (;;) {
			const turn = await pacer.turn(
				run.startedAt + run.limits.maxRateLimitWaitMs,
				this.pause,
				refused,
			);
			if ('gaveUp' in turn) {
				throw errorFromRateLimitWait(
					this.context.getNode(),
					{
						api: call.api,
						waitedMs: this.clock() - run.startedAt,
						rate: rateText(call.api, creds),
						ahead: turn.ahead,
					},
					itemIndex,
				);
			}
			run.attempts++;
			const exchange = await this.send(call, baseUrl, creds).then(
				(response) => ({ response }),
				(error: unknown) => ({ error }),
			);
			let wait: { delayMs: number; because: string };
			if ('error' in exchange) {
				turn.done('neutral');
				wait = retryAfterNetworkFailure(this.context.getNode(), run, exchange.error, this.clock());
			} else {
				const answer = readAnswer(run, exchange.response);
				turn.done(answer.verdict);
				const accepted = acceptedAnswer(this.context.getNode(), run, answer);
				if (accepted) return accepted;
				run.limits.minRateLimitWaitMs = Math.max(MIN_RATE_LIMIT_WAIT_MS, pacer.currentIntervalMs);
				wait = retryAfterErrorStatus(this.context.getNode(), run, answer, this.clock());
			}
			refused = wait.because === 'rate_limited';
			await this.pause(wait.delayMs);
		}
	}

	/** The secrets of every credential this client has loaded, and their forms. */
	private async secretsOfLoadedCredentials() {
		const loaded = await Promise.all(
			[...this.credentialCache.values()].map(
				async (pending) => await pending.catch(() => undefined),
			),
		);
		const secrets = loaded.flatMap((creds) => (creds ? credentialSecrets(creds) : []));
		return { secrets, forms: secretForms(secrets) };
	}

	/** Every form a secret of this call may come back in: the credentials', and its own URLs'. */
	private async secretFormsFor(call: TatangoCall): Promise<string[]> {
		this.loadedSecrets ??= this.secretsOfLoadedCredentials();
		const { secrets, forms } = await this.loadedSecrets;
		const urlSecrets = [...urlSecretsIn(call.body), ...urlSecretsIn(call.qs)];
		return urlSecrets.length === 0 ? forms : secretForms([...secrets, ...urlSecrets]);
	}
}
