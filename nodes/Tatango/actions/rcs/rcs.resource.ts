import type { INodeProperties } from 'n8n-workflow';

import * as sendRichCard from './sendRichCard.operation';

export { sendRichCard };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['rcs'] } },
		options: [
			{
				name: 'Send Rich Card',
				value: 'sendRichCard',
				description: 'Send an RCS card with media and text, with an SMS fallback',
				action: 'Send an RCS rich card',
			},
		],
		default: 'sendRichCard',
	},
	...sendRichCard.description,
];
