import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf } from '../../../shared/lists';
import { InvalidInputError, toTenDigitPhone } from '../../../shared/validation';
import { listLocator, phoneNumberField } from '../../../shared/fields';
import { buildProfile, profileFieldOptions } from './profile';

const properties: INodeProperties[] = [
	listLocator,
	phoneNumberField('The subscriber to update, US or Canadian, in any common format'),
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: profileFieldOptions(
			'Comma-separated tags to add. Tatango adds them to the tags the subscriber already has; it never replaces or removes tags (use Remove Tags for that).',
		),
	},
];

const displayOptions = { show: { resource: ['subscriber'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const phone = toTenDigitPhone(this.getNodeParameter('phoneNumber', i));
	const subscriber = buildProfile(this.getNodeParameter('updateFields', i, {}) as IDataObject);
	if (Object.keys(subscriber).length === 0) {
		throw new InvalidInputError('Update Fields', 'add at least one field to change');
	}
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'PUT',
			path: `/api/v2/lists/${listId}/subscribers/${phone}`,
			body: { subscriber },
			// The same update twice leaves the same record (tags are a set), so retrying is safe.
			kind: 'idempotent',
			notFound: `${phone} is not on list ${listId}, or the list was not found`,
		},
		i,
	);
	return { listId, ...body };
}
