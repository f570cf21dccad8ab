import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toFlag } from '../../../shared/validation';
import { requestRecords } from '../../../shared/transport/pagination';
import { limitField, returnAllField, simplifyField } from '../common.descriptions';
import { recordCountOf } from '../recordCount';
import { simplifyRecord } from '../simplify';
import { LIST_SIMPLIFY_DROPS } from './listFields';

const properties: INodeProperties[] = [returnAllField, limitField, simplifyField];

const displayOptions = { show: { resource: ['list'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** One item per list of the account. */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject[]> {
	const count = recordCountOf(this, i);
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);
	const lists = await requestRecords<IDataObject>(
		tatango,
		{ api: 'v2', method: 'GET', path: '/api/v2/lists', kind: 'read' },
		'lists',
		count,
		i,
	);
	return simple ? lists.map((list) => simplifyRecord(list, LIST_SIMPLIFY_DROPS)) : lists;
}
