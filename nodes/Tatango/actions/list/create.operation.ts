import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toFlag } from '../../../shared/validation';
import { simplifyField } from '../common.descriptions';
import { simplifyRecord } from '../simplify';
import { buildCreateListBody, createListOptions, LIST_SIMPLIFY_DROPS } from './listFields';

const properties: INodeProperties[] = [
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Spring Campaign',
		description: 'Only you see it, never subscribers. At most 25 characters.',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: createListOptions,
	},
	simplifyField,
];

const displayOptions = { show: { resource: ['list'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const body = buildCreateListBody(
		this.getNodeParameter('name', i),
		this.getNodeParameter('additionalFields', i, {}) as IDataObject,
	);
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);
	const { body: answer } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: '/api/v2/lists/',
			body,
			// Creating twice would make two lists: a create is not repeated after an ambiguous failure.
			kind: 'send',
			ambiguity: {
				what: 'The list may have been created',
				hint: 'Tatango may have received the request before the failure, so the node did not retry it: retrying could create the list twice. Look for it with List → Get Many before running this again.',
			},
		},
		i,
	);
	const list = (answer.list ?? {}) as IDataObject;
	return simple ? simplifyRecord(list, LIST_SIMPLIFY_DROPS) : list;
}
