import type { INodeProperties } from 'n8n-workflow';

import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as send from './send.operation';

export { get, getMany, send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['broadcastMessage'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description: 'Get a message of a list and its delivery statistics',
				action: 'Get a broadcast message',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'Get the sent, draft or scheduled messages of a list',
				action: 'Get many broadcast messages',
			},
			{
				name: 'Send',
				value: 'send',
				description: 'Text a message to every subscriber of a list',
				action: 'Send a broadcast message',
			},
		],
		default: 'send',
	},
	...get.description,
	...getMany.description,
	...send.description,
];
