import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../transport';
import { toPositiveId } from '../../validation';

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
];

const displayOptions = { show: { resource: ['momtReport'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const reportId = toPositiveId(this.getNodeParameter('reportId', i), 'Report ID');
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/momt_reports/${reportId}`,
			kind: 'read',
			notFound: `MOMT report ${reportId} was not found in this Tatango account`,
		},
		i,
	);
	const report = (body.momt_report ?? {}) as IDataObject;
	// A flag to poll on (Wait + IF) without knowing which fields Tatango fills in last.
	const isComplete = report.counts_calculated === true || Number(report.percent_complete) >= 100;
	return { isComplete, ...body };
}
