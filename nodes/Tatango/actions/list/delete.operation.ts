import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../transport';
import { listLocator } from '../common.descriptions';
import { listIdOf, listNotFound } from '../listId';

const properties: INodeProperties[] = [
	{
		...listLocator,
		description:
			'The list to delete, with its subscribers, keywords and messages. This cannot be undone.',
	},
];

const displayOptions = { show: { resource: ['list'], operation: ['delete'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	await tatango.request(
		{
			api: 'v2',
			method: 'DELETE',
			path: `/api/v2/lists/${listId}`,
			// Deleting again changes nothing more; a retry after a lost answer may see a 404.
			kind: 'idempotent',
			notFound: listNotFound(listId),
		},
		i,
	);
	return { deleted: true };
}
