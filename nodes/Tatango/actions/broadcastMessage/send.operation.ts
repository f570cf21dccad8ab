import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toFlag } from '../../../shared/validation';
import { toListMessageText } from './listMessage.rules';
import { listLocator } from '../../../shared/fields';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { DELIVERY_TIMING_NOTE, deliveryTiming } from './deliveryTiming';

const properties: INodeProperties[] = [
	{
		...listLocator,
		description: 'The list whose subscribers all get the message',
	},
	{
		displayName: 'Content',
		name: 'content',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		description:
			'The text every subscriber of the list gets: up to 160 characters of letters, digits, spaces and . , : ; ! ? ( ) ~ = + - _ \\ / @ $ # & %. Tatango refuses apostrophes and quotation marks in list messages.',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Replace Non-GSM Characters',
				name: 'replaceNonGsm',
				type: 'boolean',
				default: false,
				description:
					'Whether to swap long dashes, ellipses and non-breaking spaces for plain ones instead of failing (quotation marks have no allowed stand-in)',
			},
		],
	},
];

const displayOptions = { show: { resource: ['broadcastMessage'], operation: ['send'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * `POST /lists/{id}/messages` body: `{"message":{"content":"..."}}`, the content in the character
 * set Tatango documents for list messages (listMessage.rules.ts).
 */
export function buildBroadcastBody(content: unknown, replaceNonGsm: boolean): IDataObject {
	return {
		message: {
			content: toListMessageText(content, 'Content', { replaceOffenders: replaceNonGsm }),
		},
	};
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const replaceNonGsm = toFlag(options.replaceNonGsm, 'Replace Non-GSM Characters');
	const body = buildBroadcastBody(this.getNodeParameter('content', i), replaceNonGsm);
	const { body: answer } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: `/api/v2/lists/${listId}/messages`,
			body,
			// A whole list is texted: never repeated after an ambiguous failure.
			kind: 'send',
			notFound: listNotFound(listId),
			// Documented on success: the message's ID, which Broadcast Message → Get reads.
			answerHolds: { key: 'message', type: 'object' },
		},
		i,
	);
	const message = (answer.message ?? {}) as IDataObject;
	const now = Date.now();
	return {
		listId,
		messageId: message.id,
		status: answer.status,
		...deliveryTiming(now, now),
		note: DELIVERY_TIMING_NOTE,
	};
}
