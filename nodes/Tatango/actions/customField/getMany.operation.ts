import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { requestRecords } from '../../../shared/transport/pagination';
import { listLocator } from '../../../shared/fields';
import { limitField, returnAllField } from '../common.descriptions';
import { recordCountOf } from '../recordCount';

const properties: INodeProperties[] = [listLocator, returnAllField, limitField];

const displayOptions = { show: { resource: ['customField'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per custom field of the list. */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject[]> {
	const listId = listIdOf(this, i);
	const fields = await requestRecords<IDataObject>(
		tatango,
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/lists/${listId}/custom_fields`,
			kind: 'read',
			notFound: listNotFound(listId),
		},
		'custom_fields',
		recordCountOf(this, i),
		i,
	);
	return fields.map((field) => ({ listId, ...field }));
}
