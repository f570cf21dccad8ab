import type { INodeProperties } from 'n8n-workflow';

import * as sendCarousel from './sendCarousel.operation';
import * as sendFile from './sendFile.operation';
import * as sendRichCard from './sendRichCard.operation';
import * as sendText from './sendText.operation';

export { sendCarousel, sendFile, sendRichCard, sendText };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['rcs'] } },
		options: [
			{
				name: 'Send Carousel',
				value: 'sendCarousel',
				description: 'Send 1 to 3 RCS cards side by side, with an SMS fallback',
				action: 'Send an RCS carousel',
			},
			{
				name: 'Send File',
				value: 'sendFile',
				description: 'Send a file (such as a PDF or audio) over RCS, with an SMS fallback',
				action: 'Send an RCS file',
			},
			{
				name: 'Send Rich Card',
				value: 'sendRichCard',
				description: 'Send an RCS card with media and text, with an SMS fallback',
				action: 'Send an RCS rich card',
			},
			{
				name: 'Send Text',
				value: 'sendText',
				description: 'Send RCS rich text (bold, italic, emoji), with an SMS fallback',
				action: 'Send an RCS text',
			},
		],
		default: 'sendRichCard',
	},
	...sendCarousel.description,
	...sendFile.description,
	...sendRichCard.description,
	...sendText.description,
];
