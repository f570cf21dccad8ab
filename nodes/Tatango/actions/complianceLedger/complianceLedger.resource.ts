import type { INodeProperties } from 'n8n-workflow';

import * as getNumberHistory from './getNumberHistory.operation';

export { getNumberHistory };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['complianceLedger'] } },
		options: [
			{
				name: 'Get Number History',
				value: 'getNumberHistory',
				description:
					"Read one number's record in the compliance ledger: its texts sent or held back with each guardrail's verdict, its revocations and opt-ins with the reply's words (no call to Tatango)",
				action: 'Get the compliance history of a number',
			},
		],
		default: 'getNumberHistory',
	},
	...getNumberHistory.description,
];
