import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as unsubscribe from './unsubscribe.operation';

export { add, get, getMany, unsubscribe };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['subscriber'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Add a phone number to a list, starting its opt-in',
				action: 'Add a subscriber to a list',
			},
			{
				name: 'Get',
				value: 'get',
				description: "Get a subscriber's record on one list",
				action: 'Get a subscriber',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'Get the phone numbers subscribed to (or unsubscribed from) a list',
				action: 'Get many subscribers',
			},
			{
				name: 'Unsubscribe',
				value: 'unsubscribe',
				description: 'Unsubscribe a phone number from one list',
				action: 'Unsubscribe a subscriber from a list',
			},
		],
		default: 'add',
	},
	...add.description,
	...get.description,
	...getMany.description,
	...unsubscribe.description,
];
