import type { INodeProperties } from 'n8n-workflow';

import * as updateOptInSettings from './updateOptInSettings.operation';

export { updateOptInSettings };

// Sentence case with Tatango's own hyphen. Written as a constant because n8n's sentence-case lint
// rule rebuilds the text without hyphens ("opt in"), which is how the node creator showed it.
const UPDATE_OPT_IN_ACTION = 'Update opt-in settings of a list';

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
				action: UPDATE_OPT_IN_ACTION,
			},
		],
		default: 'updateOptInSettings',
	},
	...updateOptInSettings.description,
];
