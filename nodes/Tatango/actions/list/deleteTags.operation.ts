import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toTagList } from '../../../shared/validation';
import { listLocator } from '../../../shared/fields';
import { listIdOf, listNotFound } from '../../../shared/lists';

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. vip, spring_sale',
		description:
			'Tags to remove from every subscriber of the list, separated by commas. Tatango queues this: it can take up to 10 minutes.',
	},
];

const displayOptions = { show: { resource: ['list'], operation: ['deleteTags'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Tatango's documented delay for a queued tag deletion. */
export const TAG_DELETION_NOTE =
	'Queued: Tatango removes these tags from the subscribers of the list within about 10 minutes.';

/** `DELETE /lists/{id}/tags` body (not wrapped): `{"tags":[...]}`. Tatango sets no maximum here. */
export function buildDeleteTagsBody(tags: unknown): { tags: string[] } {
	return { tags: toTagList(tags, 'Tags', Number.POSITIVE_INFINITY) };
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const body = buildDeleteTagsBody(this.getNodeParameter('tags', i));
	const { body: answer } = await tatango.request(
		{
			api: 'v2',
			method: 'DELETE',
			path: `/api/v2/lists/${listId}/tags`,
			body,
			kind: 'idempotent',
			notFound: listNotFound(listId),
		},
		i,
	);
	return { listId, tags: body.tags, ...answer, queued: true, note: TAG_DELETION_NOTE };
}
