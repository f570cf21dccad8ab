import type { INodeProperties } from 'n8n-workflow';

import * as checkSendWindow from './checkSendWindow.operation';

export { checkSendWindow };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['phoneNumber'] } },
		options: [
			{
				name: 'Check Send Window',
				value: 'checkSendWindow',
				description:
					"Tell from a US or Canadian number's area code its state or province, time zones and local time, whether a marketing text may reach it now under federal and state quiet-hours rules, and when it may next (no call to Tatango)",
				action: 'Check when a number may be texted',
			},
		],
		default: 'checkSendWindow',
	},
	...checkSendWindow.description,
];
