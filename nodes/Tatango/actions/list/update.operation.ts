import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toFlag } from '../../../shared/validation';
import { listLocator } from '../../../shared/fields';
import { simplifyField } from '../common.descriptions';
import { simplifyRecord } from '../simplify';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { buildUpdateListBody, LIST_SIMPLIFY_DROPS, updateListOptions } from './listFields';

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Update Fields',
		name: 'updateFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		description:
			'Only the settings added here change. Keywords: use Set Keywords; opt-in type: use Update Opt-In Settings.',
		options: updateListOptions,
	},
	simplifyField,
];

const displayOptions = { show: { resource: ['list'], operation: ['update'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const body = buildUpdateListBody(this.getNodeParameter('updateFields', i, {}) as IDataObject);
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);
	const { body: answer } = await tatango.request(
		{
			api: 'v2',
			method: 'PUT',
			path: `/api/v2/lists/${listId}`,
			body,
			kind: 'idempotent',
			notFound: listNotFound(listId),
		},
		i,
	);
	const list = (answer.list ?? {}) as IDataObject;
	return simple ? simplifyRecord(list, LIST_SIMPLIFY_DROPS) : list;
}
