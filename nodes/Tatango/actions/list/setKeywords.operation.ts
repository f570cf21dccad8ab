import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toKeywordList } from '../../../shared/validation';
import { listLocator } from '../../../shared/fields';
import { listIdOf, listNotFound } from '../../../shared/lists';

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Keywords',
		name: 'keywords',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. JOIN, SAVE',
		description:
			"The list's keywords from now on, separated by commas; keywords not named here are taken off the list. 2 to 15 characters each, not in use on the shortcode.",
	},
];

const displayOptions = { show: { resource: ['list'], operation: ['setKeywords'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** `PUT /lists/{id}/keywords` body (not wrapped): `{"keyword_names":[...]}`. */
export function buildKeywordsBody(keywords: unknown): IDataObject {
	return { keyword_names: toKeywordList(keywords, { required: true }) };
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const body = buildKeywordsBody(this.getNodeParameter('keywords', i));
	const { body: answer } = await tatango.request(
		{
			api: 'v2',
			method: 'PUT',
			path: `/api/v2/lists/${listId}/keywords`,
			body,
			kind: 'idempotent',
			notFound: listNotFound(listId),
		},
		i,
	);
	return { listId, ...answer };
}
