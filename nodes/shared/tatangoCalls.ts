// The Tatango calls that more than one place makes, each written once: the operations, the send
// checks, Send and Wait's resume webhook and the trigger's consent honouring call these. What each
// call is, is the public docs' (docs/operations.md); how it travels is the transport's.
import type { IDataObject } from 'n8n-workflow';

import { listNotFound } from './lists';
import type { TatangoClient } from './transport';
import { requestRecords, type RecordCount } from './transport/pagination';

/** The channel a v3 send goes out on, spelled as Tatango's `reply_received` events spell it. */
export type V3Channel = 'SMS' | 'MMS' | 'RCS' | 'WHATSAPP';

/** Where a v3 send posts (below the v3 base URL) and the channel its events name. */
export interface V3Endpoint {
	/** E.g. `/transactional_messages/send_sms` (public docs §3). */
	path: string;
	channel: V3Channel;
}

/** The body of a v3 send: the common fields, then the channel's own. */
export type V3SendBody = IDataObject & { phoneNumber: string; webhookUrl: string };

/** What every v3 send outputs: the trigger's events for `transactionId` belong to it. */
export interface V3SendOutput extends IDataObject {
	message: string;
	transactionId: string;
	phoneNumber: string;
	channel: V3Channel;
}

/** The v3 SMS send (public docs §3.2). */
export const SMS_SEND: V3Endpoint = { path: '/transactional_messages/send_sms', channel: 'SMS' };

/**
 * `POST` a checked v3 send. The output is Tatango's answer (documented as `message` and
 * `transactionId`; anything else it says is kept, not dropped) with the phone and the channel, so
 * the trigger's events can be matched. The webhook URL is left out: it may carry the Tatango
 * Trigger's secret token.
 */
export async function postV3Send(
	tatango: TatangoClient,
	itemIndex: number,
	{ path, channel }: V3Endpoint,
	body: V3SendBody,
): Promise<V3SendOutput> {
	const { body: answer } = await tatango.request(
		{
			api: 'v3',
			method: 'POST',
			path,
			body,
			kind: 'send',
			// Documented on every send; without it the send's delivery events cannot be matched.
			answerHolds: { key: 'transactionId', type: 'text' },
		},
		itemIndex,
	);
	return { ...answer, phoneNumber: body.phoneNumber, channel } as V3SendOutput;
}

/**
 * `POST /api/v2/transactional_messages` with a checked body (`{ transactional_message: … }`):
 * Tatango's answer, whose `transactional_message.id` is what a reply event names.
 */
export async function postTransactionalMessage(
	tatango: TatangoClient,
	itemIndex: number,
	body: IDataObject,
): Promise<IDataObject> {
	const { body: answer } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: '/api/v2/transactional_messages',
			body,
			kind: 'send',
			// Documented on success; its ID is what a reply event names (transactional_message_id).
			answerHolds: { key: 'transactional_message', type: 'object' },
		},
		itemIndex,
	);
	return answer;
}

/**
 * `DELETE /api/v2/lists/{id}/subscribers/{phone}`: the number leaves that list only. A 404 is
 * `not_on_list`, or, with `notOnListIsError` (Subscriber → Unsubscribe), an error saying so.
 */
export async function unsubscribeFromList(
	tatango: TatangoClient,
	listId: number,
	phone: string,
	{ itemIndex, notOnListIsError = false }: { itemIndex?: number; notOnListIsError?: boolean } = {},
): Promise<{ outcome: 'unsubscribed' | 'not_on_list'; body: IDataObject }> {
	const { statusCode, body } = await tatango.request(
		{
			api: 'v2',
			method: 'DELETE',
			path: `/api/v2/lists/${listId}/subscribers/${phone}`,
			kind: 'idempotent',
			...(notOnListIsError
				? { notFound: `${phone} is not a subscriber of list ${listId}` }
				: { answerStatuses: [404] }),
		},
		itemIndex,
	);
	return { outcome: statusCode === 404 ? 'not_on_list' : 'unsubscribed', body };
}

/**
 * A list's numbers, subscribed or opted out (`GET /api/v2/lists/{id}/subscribers[/unsubscribed]`),
 * page by page (1,000 a page, paced).
 */
export async function readListNumbers(
	tatango: TatangoClient,
	listId: number,
	status: 'subscribed' | 'unsubscribed',
	count: RecordCount,
	itemIndex: number,
	notFound = listNotFound(listId),
): Promise<unknown[]> {
	return await requestRecords<unknown>(
		tatango,
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/lists/${listId}/subscribers${status === 'unsubscribed' ? '/unsubscribed' : ''}`,
			kind: 'read',
			notFound,
		},
		'phone_numbers',
		count,
		itemIndex,
	);
}
