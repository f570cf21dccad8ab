import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestMethods,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
} from 'n8n-workflow';
import { NodeOperationError, sleep } from 'n8n-workflow';

import { baseUrlProblem } from './apis';
import { credentialSecrets, redact, redactText, secretForms } from './redaction';
import { neverConnected } from './retryPolicy';
import type { TransportContext } from './types';

/**
 * The compliance ledger's API: n8n's own public API (Data Tables), reached with the "Tatango
 * Compliance Ledger" credential. Its key goes only to this credential's n8n Base URL, in the header
 * the credential's `authenticate` sets: never to Tatango, never in an error, output or log line.
 */
export const LEDGER_API = {
	credentialType: 'tatangoComplianceLedgerApi',
	credentialName: 'Tatango Compliance Ledger API',
	/** The public API's prefix below the n8n Base URL. */
	prefix: '/api/v1',
} as const;

export interface LedgerCall {
	method: IHttpRequestMethods;
	/** Below /api/v1, e.g. `/data-tables/abc/rows`. */
	path: string;
	qs?: IDataObject;
	body?: IDataObject;
	/**
	 * `read` is retried on 429, 5xx and network failures; `write` only when the request certainly
	 * never reached n8n (a refused connection): a repeated insert would add the row twice.
	 */
	kind: 'read' | 'write';
	/** What the call is for, in its error ("reading the number's texts"). */
	doing: string;
}

export interface LedgerHttp {
	request(call: LedgerCall, itemIndex?: number): Promise<unknown>;
	credentials(): Promise<ICredentialDataDecryptedObject>;
}

const MAX_ATTEMPTS = 3;
const RETRY_PAUSE_MS = 400;

/** Whether the node or trigger has a ledger credential selected. */
export function hasLedger(context: TransportContext): boolean {
	return context.getNode?.()?.credentials?.[LEDGER_API.credentialType] !== undefined;
}

function ledgerError(
	context: TransportContext,
	message: string,
	description: string,
	itemIndex: number,
	forms: string[],
) {
	return new NodeOperationError(context.getNode(), redactText(message, forms), {
		itemIndex,
		description: redactText(description, forms),
	});
}

/** n8n's own words for a refusal, when its answer has them. */
function saidBy(body: unknown): string | undefined {
	if (body && typeof body === 'object' && typeof (body as IDataObject).message === 'string') {
		return String((body as IDataObject).message).slice(0, 300);
	}
	if (typeof body === 'string' && body.trim() !== '' && !body.trimStart().startsWith('<')) {
		return body.trim().slice(0, 300);
	}
	return undefined;
}

/** What a request needs besides the call: the node's context, its credential and its secrets. */
interface LedgerSession {
	context: TransportContext;
	creds: ICredentialDataDecryptedObject;
	/** The credential's secrets in every form an answer could echo them. */
	forms: string[];
	pause: (ms: number) => Promise<void>;
}

/** The HTTP client of the ledger for one node run, trigger call or editor look-up. */
export function createLedgerHttp(
	context: TransportContext,
	{ pause = sleep }: { pause?: (ms: number) => Promise<void> } = {},
): LedgerHttp {
	let loaded: Promise<ICredentialDataDecryptedObject> | undefined;
	let forms: string[] = [];

	async function credentials() {
		loaded ??= context.getCredentials(LEDGER_API.credentialType).then((creds) => {
			forms = secretForms(credentialSecrets(creds));
			return creds;
		});
		return await loaded;
	}

	async function request(call: LedgerCall, itemIndex = 0): Promise<unknown> {
		const creds = await credentials();
		return await requestLedger({ context, creds, forms, pause }, call, itemIndex);
	}

	return { request, credentials };
}

/** The credential's n8n Base URL, without a trailing slash; refused before any request if unusable. */
function baseUrlOf(session: LedgerSession, itemIndex: number): string {
	const baseUrl = String(session.creds.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	const problem = baseUrlProblem(baseUrl);
	if (problem !== undefined) {
		throw ledgerError(
			session.context,
			`The n8n Base URL of the '${LEDGER_API.credentialName}' credential ${problem}`,
			'Fix it in the credential: the address of this n8n, e.g. http://localhost:5678. Nothing was sent.',
			itemIndex,
			session.forms,
		);
	}
	return baseUrl;
}

/**
 * One call to n8n's public API: a read is repeated on 429, 5xx and network failures, a write only
 * when it certainly never reached n8n. The answer comes back with the credential's secrets removed.
 */
async function requestLedger(
	session: LedgerSession,
	call: LedgerCall,
	itemIndex: number,
): Promise<unknown> {
	const { context, forms, pause } = session;
	const baseUrl = baseUrlOf(session, itemIndex);
	for (let attempt = 1; ; attempt++) {
		let response: IN8nHttpFullResponse;
		try {
			response = await post(session, call, baseUrl);
		} catch (error) {
			const code = (error as { code?: string }).code;
			// A write is repeated only when it never left this machine (nothing could be recorded).
			const retry =
				attempt < MAX_ATTEMPTS &&
				(call.kind === 'read' || (code === 'ECONNREFUSED' && neverConnected(code)));
			if (retry) {
				await pause(RETRY_PAUSE_MS * attempt);
				continue;
			}
			// The code goes in the description: n8n rewrites a message that names one.
			throw ledgerError(
				context,
				`The compliance ledger could not be reached while ${call.doing}`,
				`${code ?? (error as Error).message}. Check the n8n Base URL of the '${LEDGER_API.credentialName}' credential (${baseUrl}) and that this n8n's public API is on.`,
				itemIndex,
				forms,
			);
		}
		const status = response.statusCode;
		if (status >= 200 && status < 300) return redact(response.body, forms);
		if ((status === 429 || status >= 500) && call.kind === 'read' && attempt < MAX_ATTEMPTS) {
			await pause(RETRY_PAUSE_MS * attempt);
			continue;
		}
		throw failure(session, call, { status, said: saidBy(response.body), baseUrl }, itemIndex);
	}
}

/** The request itself, with the key the credential's `authenticate` sets, to its own n8n only. */
async function post(
	{ context, creds }: LedgerSession,
	call: LedgerCall,
	baseUrl: string,
): Promise<IN8nHttpFullResponse> {
	const options: IHttpRequestOptions = {
		method: call.method,
		url: `${baseUrl}${LEDGER_API.prefix}${call.path}`,
		qs: call.qs,
		body: call.body,
		json: true,
		headers: { Accept: 'application/json' },
		returnFullResponse: true,
		ignoreHttpStatusErrors: true,
		disableFollowRedirect: true,
		maxRedirects: 0,
		timeout: 30_000,
	};
	const ref = context.getNode().credentials?.[LEDGER_API.credentialType];
	return (await context.helpers.httpRequestWithAuthentication.call(
		context,
		LEDGER_API.credentialType,
		options,
		{
			credentialsDecrypted: {
				id: ref?.id ?? '',
				name: ref?.name ?? LEDGER_API.credentialName,
				type: LEDGER_API.credentialType,
				data: { ...creds },
			},
		},
	)) as IN8nHttpFullResponse;
}

/** The error of a refused call: what n8n answered, and what to do about it. */
function failure(
	{ context, forms }: LedgerSession,
	call: LedgerCall,
	{ status, said, baseUrl }: { status: number; said: string | undefined; baseUrl: string },
	itemIndex: number,
) {
	const credential = `'${LEDGER_API.credentialName}' credential`;
	const by = said ? ` (n8n said: ${said})` : '';
	const error = (message: string, description: string) =>
		ledgerError(context, message, description, itemIndex, forms);
	if (status === 401) {
		return error(
			`n8n refused the API key of the ${credential} while ${call.doing} (401)`,
			`Create an n8n API key under Settings → n8n API and put it in the credential.${by}`,
		);
	}
	if (status === 403) {
		return error(
			`The n8n API key of the ${credential} may not do this while ${call.doing} (403)`,
			`Give the key the scopes the ledger needs (dataTable:list, dataTable:create, dataTableColumn:read, dataTableColumn:create, dataTableRow:read, dataTableRow:create, dataTableRow:update, dataTableRow:delete), and its user access to the ledger table's project.${by}`,
		);
	}
	if (status === 404 && call.path === '/data-tables') {
		// The list of data tables exists wherever n8n has data tables: its 404 means none here.
		return error(
			`This n8n has no Data Tables API, which the compliance ledger needs (404 while ${call.doing})`,
			`${baseUrl}${LEDGER_API.prefix}/data-tables does not exist: n8n 2.40.7 and 2.41.1 have it, 1.123.81 (the last 1.x) has none, and n8n's public API may be disabled (N8N_PUBLIC_API_DISABLED). Remove the '${LEDGER_API.credentialName}' credential from the node to keep Send Once Per, Per-Number Cap and revocations in the workflow's own memory.${by}`,
		);
	}
	if (status === 404) {
		return error(
			`The compliance ledger was not found while ${call.doing} (404)`,
			`${baseUrl}${LEDGER_API.prefix} has no such data table, or this n8n has no Data Tables API (n8n 1.x before data tables, or the public API disabled). See docs/ledger.md for the versions that offer it.${by}`,
		);
	}
	return error(
		`The compliance ledger answered HTTP ${status} while ${call.doing}${said ? `: ${said}` : ''}`,
		status === 400 && /size|limit/i.test(said ?? '')
			? "The ledger's data table is full (n8n's N8N_DATA_TABLES_MAX_SIZE_BYTES): lower Keep Records in the credential, export and delete old rows, or raise the limit. Nothing is texted while the ledger cannot record it."
			: 'Nothing is texted while the ledger cannot record it. Try again; if it persists, check the ledger table in n8n.',
	);
}
