import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IHttpRequestMethods,
	ILoadOptionsFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { ApiVersion } from './apis';
import type { Ambiguity, AnswerHolds } from './errors';
import type { CallKind } from './retryPolicy';

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

/**
 * Node runs, editor look-ups, trigger hooks (list webhook registration), and Send and Wait's resume
 * webhook (its retry text).
 */
export type TransportContext =
	| IExecuteFunctions
	| ILoadOptionsFunctions
	| IHookFunctions
	| IWebhookFunctions;
