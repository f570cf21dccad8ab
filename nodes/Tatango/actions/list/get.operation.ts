import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toFlag } from '../../../shared/validation';
import { listLocator } from '../../../shared/fields';
import { simplifyField } from '../common.descriptions';
import { simplifyRecord } from '../simplify';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { LIST_SIMPLIFY_DROPS } from './listFields';

const properties: INodeProperties[] = [listLocator, simplifyField];

const displayOptions = { show: { resource: ['list'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/lists/${listId}`,
			kind: 'read',
			notFound: listNotFound(listId),
		},
		i,
	);
	const list = (body.list ?? {}) as IDataObject;
	return simple ? simplifyRecord(list, LIST_SIMPLIFY_DROPS) : list;
}
