import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as unsubscribe from './unsubscribe.operation';

export { add, unsubscribe };

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
				name: 'Unsubscribe',
				value: 'unsubscribe',
				description: 'Unsubscribe a phone number from one list',
				action: 'Unsubscribe a subscriber from a list',
			},
		],
		default: 'add',
	},
	...add.description,
	...unsubscribe.description,
];
