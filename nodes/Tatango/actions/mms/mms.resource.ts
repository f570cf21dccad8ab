import type { INodeProperties } from 'n8n-workflow';

import * as send from './send.operation';

export { send };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['mms'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				description:
					'Send a picture or video message with a link to the media, an optional subject and an SMS fallback',
				action: 'Send an MMS',
			},
		],
		default: 'send',
	},
	...send.description,
];
