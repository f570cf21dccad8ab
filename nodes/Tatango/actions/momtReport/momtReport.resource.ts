import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as get from './get.operation';

export { create, get };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['momtReport'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description:
					'Start a report of the messages sent and received in a period, and optionally wait for it',
				action: 'Create a MOMT report',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a MOMT report and its progress',
				action: 'Get a MOMT report',
			},
		],
		default: 'get',
	},
	...create.description,
	...get.description,
];
