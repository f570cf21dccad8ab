import type { INodeProperties } from 'n8n-workflow';

import * as send from './send.operation';

export { send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				description:
					'Send a text through the v3 API, up to 10 per second, with delivery and reply events for the Tatango Trigger',
				action: 'Send an SMS',
			},
		],
		default: 'send',
	},
	...send.description,
];
