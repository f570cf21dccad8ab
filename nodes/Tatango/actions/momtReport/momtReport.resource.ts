import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';

export { get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['momtReport'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a MOMT report and its progress',
				action: 'Get a MOMT report',
			},
		],
		default: 'get',
	},
	...get.description,
];
