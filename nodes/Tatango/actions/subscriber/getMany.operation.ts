import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf } from '../../../shared/lists';
import { readListNumbers } from '../../../shared/tatangoCalls';
import { listLocator } from '../../../shared/fields';
import { limitField, returnAllField } from '../common.descriptions';
import { recordCountOf } from '../recordCount';

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{
				name: 'Subscribed',
				value: 'subscribed',
				description: 'Numbers currently subscribed to the list',
			},
			{
				name: 'Unsubscribed',
				value: 'unsubscribed',
				description: 'Numbers that opted out of the list',
			},
		],
		default: 'subscribed',
		description: 'Which of the list’s numbers to return',
	},
	returnAllField,
	limitField,
];

const displayOptions = { show: { resource: ['subscriber'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per phone number: Tatango lists numbers only; Subscriber → Get reads a whole record. */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject[]> {
	const listId = listIdOf(this, i);
	const status = this.getNodeParameter('status', i, 'subscribed') as string;
	const phones = await readListNumbers(
		tatango,
		listId,
		status === 'unsubscribed' ? 'unsubscribed' : 'subscribed',
		recordCountOf(this, i),
		i,
	);
	return phones.map((phone) => ({ listId, phone_number: String(phone), status }));
}
