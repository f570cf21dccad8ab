import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf } from '../../../shared/lists';
import { toCustomFieldKey } from '../../../shared/validation';
import { listLocator } from '../../../shared/fields';
import { customFieldLocator } from '../common.descriptions';

const properties: INodeProperties[] = [listLocator, customFieldLocator];

const displayOptions = { show: { resource: ['customField'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** `DELETE /lists/{id}/custom_fields` with `{"key": ...}`: the field and every subscriber's value go. */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const key = toCustomFieldKey(
		this.getNodeParameter('customFieldKey', i, '', { extractValue: true }),
		'Custom Field',
	);
	await tatango.request(
		{
			api: 'v2',
			method: 'DELETE',
			path: `/api/v2/lists/${listId}/custom_fields`,
			body: { key },
			kind: 'idempotent',
			notFound: `Custom field "${key}" or list ${listId} was not found in this Tatango account`,
		},
		i,
	);
	return { deleted: true };
}
