import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toFlag, toPositiveId } from '../../../shared/validation';
import { simplifyField } from '../common.descriptions';
import { fetchReport, reportOutput } from './report';

const properties: INodeProperties[] = [
	{
		displayName: 'Report ID',
		name: 'reportId',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 42',
		description: 'ID of the MOMT (message log) report',
	},
	simplifyField,
];

const displayOptions = { show: { resource: ['momtReport'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const reportId = toPositiveId(this.getNodeParameter('reportId', i), 'Report ID');
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);
	return reportOutput(await fetchReport(tatango, reportId, i), simple);
}
