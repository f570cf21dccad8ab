import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteField from './delete.operation';
import * as getMany from './getMany.operation';

export { create, deleteField as delete, getMany };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['customField'] } },
		options: [
			{
				name: 'Create',
				value: 'create',
				description: "Add a custom field to a list's subscriber records",
				action: 'Create a custom field',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a custom field from a list, with its values',
				action: 'Delete a custom field',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: "Get a list's custom fields",
				action: 'Get many custom fields',
			},
		],
		default: 'getMany',
	},
	...create.description,
	...deleteField.description,
	...getMany.description,
];
