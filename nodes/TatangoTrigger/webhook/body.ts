import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { MAX_PAYLOAD_DEPTH, readPayload } from './body.rules';
import { answerItself } from './answers';

function isEmpty(body: unknown): boolean {
	return (
		body === undefined ||
		body === null ||
		(typeof body === 'object' && Object.keys(body).length === 0)
	);
}

/**
 * Stage 2 of a call: what was sent. n8n parses JSON, form and text bodies; it leaves others (no
 * content type, say) unread for nodes above version 1, so those are read here. A body that is not
 * one Tatango event is answered 400 and starts nothing.
 */
export async function eventPayloadOf(
	context: IWebhookFunctions,
): Promise<{ payload: IDataObject } | { refused: IWebhookResponseData }> {
	const raw = context.getRequestObject() as {
		rawBody?: unknown;
		readRawBody?: () => Promise<void>;
	};
	if (
		raw.rawBody === undefined &&
		typeof raw.readRawBody === 'function' &&
		isEmpty(context.getBodyData())
	) {
		await raw.readRawBody();
	}
	const read = readPayload(context.getBodyData(), raw.rawBody);
	if (read.ok === true) return { payload: read.payload };
	const message = {
		empty: 'The body is empty: expected a Tatango event (a JSON object)',
		malformed: 'The body is not valid JSON: expected a Tatango event (a JSON object)',
		notObject: 'The body is not a JSON object: expected one Tatango event',
		tooDeep: `The body is nested more than ${MAX_PAYLOAD_DEPTH} levels deep: not a Tatango event`,
		tooLarge: 'The body holds more values or text than a Tatango event: not a Tatango event',
	}[read.problem];
	return { refused: answerItself(context, 400, { error: message }) };
}
