import type { INodeProperties } from 'n8n-workflow';

import * as updateOptInSettings from './updateOptInSettings.operation';

export { updateOptInSettings };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['list'] } },
		options: [
			{
				name: 'Update Opt-In Settings',
				value: 'updateOptInSettings',
				description: "Set a list's single or double opt-in and its messages",
				action: 'Update opt in settings of a list',
			},
		],
		default: 'updateOptInSettings',
	},
	...updateOptInSettings.description,
];
