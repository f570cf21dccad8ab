import type { INodeProperties } from 'n8n-workflow';

import * as send from './send.operation';

export { send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['transactionalMessage'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				description: 'Send one SMS or MMS to one phone number',
				action: 'Send a transactional message',
			},
		],
		default: 'send',
	},
	...send.description,
];
