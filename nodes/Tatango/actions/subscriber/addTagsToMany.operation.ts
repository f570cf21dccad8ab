import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf, listNotFound } from '../../../shared/lists';
import {
	BULK_TAGGING_MAX_NUMBERS,
	BULK_TAGGING_MAX_TAGS,
	toFlag,
	toPhoneNumberList,
	toTagList,
} from '../../../shared/validation';
import { listLocator } from '../../../shared/fields';

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Phone Numbers',
		name: 'phoneNumbers',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 206-555-1111, 206-555-2222',
		description:
			"Up to 1,000 numbers, separated by commas or new lines, or a list from an expression that collects every item's number (then turn on the node's Execute Once setting, so the call is made once, not once per item)",
	},
	{
		displayName: 'Tags',
		name: 'tags',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. vip customer, card holder',
		description: 'Up to 50 comma-separated tags',
	},
	{
		displayName: 'Replace Tags',
		name: 'replaceTags',
		type: 'boolean',
		default: false,
		description:
			"Whether to replace each subscriber's tags with these instead of adding these to the tags they have",
	},
];

const displayOptions = { show: { resource: ['subscriber'], operation: ['addTagsToMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * `POST /lists/{id}/bulk_taggings`. Tatango queues the work: the output says how many subscribers it
 * will update and which numbers it skipped; the tags appear on them shortly after.
 */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const bulkTagging = {
		phone_numbers: toPhoneNumberList(
			this.getNodeParameter('phoneNumbers', i),
			'Phone Numbers',
			BULK_TAGGING_MAX_NUMBERS,
		),
		tags: toTagList(this.getNodeParameter('tags', i), 'Tags', BULK_TAGGING_MAX_TAGS),
		replace_tags: toFlag(this.getNodeParameter('replaceTags', i, false), 'Replace Tags'),
	};
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: `/api/v2/lists/${listId}/bulk_taggings`,
			body: { bulk_tagging: bulkTagging },
			// Tagging the same numbers with the same tags again changes nothing.
			kind: 'idempotent',
			notFound: listNotFound(listId),
		},
		i,
	);
	return { listId, ...body };
}
