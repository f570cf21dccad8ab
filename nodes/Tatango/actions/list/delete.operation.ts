import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listLocator } from '../../../shared/fields';
import { listIdOf, listNotFound } from '../../../shared/lists';

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
			// Deleting again changes nothing more. A retry after a lost answer can meet the 404 of the
			// list the first attempt deleted, so the message allows for that.
			kind: 'idempotent',
			notFound: `${listNotFound(listId)}: it does not exist, or it was already deleted`,
		},
		i,
	);
	return { deleted: true };
}
