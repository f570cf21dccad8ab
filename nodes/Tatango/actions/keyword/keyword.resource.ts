import type { INodeProperties } from 'n8n-workflow';

import * as checkAvailability from './checkAvailability.operation';

export { checkAvailability };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['keyword'] } },
		options: [
			{
				name: 'Check Availability',
				value: 'checkAvailability',
				description: 'Check whether a keyword is free on a shortcode',
				action: 'Check keyword availability',
			},
		],
		default: 'checkAvailability',
	},
	...checkAvailability.description,
];
