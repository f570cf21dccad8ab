import type { INodeProperties } from 'n8n-workflow';
import { SEND_AND_WAIT_OPERATION } from 'n8n-workflow';

import * as send from './send.operation';
import * as sendAndWait from './sendAndWait.operation';

export { send, sendAndWait };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['sms'] } },
		options: [
			{
				name: 'Send',
				value: 'send',
				description:
					'Send a text through the v3 API, up to 10 per second, with delivery and reply events for the Tatango Trigger',
				action: 'Send an SMS',
			},
			{
				name: 'Send and Wait for Reply',
				value: SEND_AND_WAIT_OPERATION,
				description:
					'Text someone and pause the workflow until they reply (approve/decline words or free text)',
				action: 'Send an SMS and wait for the reply',
			},
		],
		default: 'send',
	},
	...send.description,
	...sendAndWait.description,
];
