import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toFlag, toPositiveId } from '../../../shared/validation';
import { listLocator } from '../../../shared/fields';
import { simplifyField } from '../common.descriptions';
import { listIdOf } from '../../../shared/lists';
import { simplifyRecord } from '../simplify';
import { MESSAGE_SIMPLIFY_DROPS, withDeliveryTiming } from './deliveryTiming';

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Message ID',
		name: 'messageId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 14523',
		description: 'ID of the message, as Broadcast Message → Send or Get Many outputs it',
	},
	simplifyField,
];

const displayOptions = { show: { resource: ['broadcastMessage'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** A sent message also says whether its statistics are final yet (`statsReliable`). */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const messageId = toPositiveId(this.getNodeParameter('messageId', i), 'Message ID');
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/lists/${listId}/messages/${messageId}`,
			kind: 'read',
			notFound: `Message ${messageId} was not found on list ${listId}, or the list was not found`,
		},
		i,
	);
	const message = withDeliveryTiming((body.message ?? {}) as IDataObject, Date.now());
	return simple ? simplifyRecord(message, MESSAGE_SIMPLIFY_DROPS) : message;
}
