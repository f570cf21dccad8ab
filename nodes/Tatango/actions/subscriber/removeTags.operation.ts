import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf } from '../../../shared/lists';
import { toTagList, toTenDigitPhone } from '../../../shared/validation';
import { listLocator, phoneNumberField } from '../../../shared/fields';

const properties: INodeProperties[] = [
	listLocator,
	phoneNumberField('The subscriber whose tags to remove, US or Canadian, in any common format'),
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. vip customer, card holder',
		description:
			'Comma-separated tags to remove. Tags the subscriber does not have are listed in the output under not_found.',
	},
];

const displayOptions = { show: { resource: ['subscriber'], operation: ['removeTags'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const phone = toTenDigitPhone(this.getNodeParameter('phoneNumber', i));
	const tags = toTagList(
		this.getNodeParameter('tags', i),
		'Tags',
		// Tatango documents no limit for one removal.
		Number.POSITIVE_INFINITY,
	);
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'DELETE',
			path: `/api/v2/lists/${listId}/subscribers/${phone}/tags`,
			body: { tags },
			kind: 'idempotent',
			notFound: `${phone} is not on list ${listId}, or the list was not found`,
		},
		i,
	);
	return { listId, ...body };
}
