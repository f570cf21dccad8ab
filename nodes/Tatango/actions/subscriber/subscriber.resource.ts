import type { INodeProperties } from 'n8n-workflow';

import * as add from './add.operation';
import * as addTagsToMany from './addTagsToMany.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as removeTags from './removeTags.operation';
import * as unsubscribe from './unsubscribe.operation';
import * as update from './update.operation';

export { add, addTagsToMany, get, getMany, removeTags, unsubscribe, update };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['subscriber'] } },
		options: [
			{
				name: 'Add',
				value: 'add',
				description: 'Add a phone number to a list, starting its opt-in',
				action: 'Add a subscriber to a list',
			},
			{
				name: 'Add Tags to Many',
				value: 'addTagsToMany',
				description: 'Tag up to 1,000 subscribers of a list at once (queued by Tatango)',
				action: 'Add tags to many subscribers',
			},
			{
				name: 'Get',
				value: 'get',
				description: "Get a subscriber's record on one list",
				action: 'Get a subscriber',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'Get the phone numbers subscribed to (or unsubscribed from) a list',
				action: 'Get many subscribers',
			},
			{
				name: 'Remove Tags',
				value: 'removeTags',
				description: "Remove tags from a subscriber's record on one list",
				action: 'Remove tags from a subscriber',
			},
			{
				name: 'Unsubscribe',
				value: 'unsubscribe',
				description: 'Unsubscribe a phone number from one list',
				action: 'Unsubscribe a subscriber from a list',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a subscriber's profile, custom fields or tags on one list",
				action: 'Update a subscriber',
			},
		],
		default: 'add',
	},
	...add.description,
	...addTagsToMany.description,
	...get.description,
	...getMany.description,
	...removeTags.description,
	...unsubscribe.description,
	...update.description,
];
