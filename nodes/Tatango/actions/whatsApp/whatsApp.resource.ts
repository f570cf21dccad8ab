import type { INodeProperties } from 'n8n-workflow';

import * as sendTemplate from './sendTemplate.operation';
import * as uploadTemplate from './uploadTemplate.operation';

export { sendTemplate, uploadTemplate };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['whatsApp'] } },
		options: [
			{
				name: 'Send Template',
				value: 'sendTemplate',
				description: 'Send an approved WhatsApp template, with an SMS fallback',
				action: 'Send a template',
			},
			{
				name: 'Upload Template',
				value: 'uploadTemplate',
				description: 'Submit a new WhatsApp template for approval',
				action: 'Upload a template',
			},
		],
		default: 'sendTemplate',
	},
	...sendTemplate.description,
	...uploadTemplate.description,
];
