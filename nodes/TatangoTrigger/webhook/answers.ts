import type {
	IDataObject,
	IHookFunctions,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';

import { DEFAULT_WINDOW_MINUTES } from './repeats.record';

/** Where the trigger's events come from; saved triggers of versions 1 and 1.1 default to sends. */
export function sourceOf(context: IHookFunctions | IWebhookFunctions): 'list' | 'sends' {
	return context.getNodeParameter('source', 'sends') === 'list' ? 'list' : 'sends';
}

/** The duplicate window in ms; 0 (or anything not a positive number) turns the check off. */
export function windowOf(options: IDataObject): number {
	const minutes = Number(options.duplicateWindowMinutes ?? DEFAULT_WINDOW_MINUTES);
	return minutes > 0 ? minutes * 60_000 : 0;
}

/** 200 without a run: the sender stops retrying, the workflow does not start. */
export function ignored(reason: string): IWebhookResponseData {
	return { webhookResponse: { received: true, started: false, reason } };
}

/** Answers a refused call directly; `noWebhookResponse` without `workflowData` starts no run. */
export function answerItself(
	context: IWebhookFunctions,
	status: number,
	body: IDataObject,
): IWebhookResponseData {
	context.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}
