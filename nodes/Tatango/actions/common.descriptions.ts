import type { INodeProperties } from 'n8n-workflow';

/** The list a subscriber or setting belongs to: picked from the account's lists, or by ID. */
export const listLocator: INodeProperties = {
	displayName: 'List',
	name: 'listId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The Tatango list (campaign)',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a list...',
			typeOptions: { searchListMethod: 'searchLists', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 101',
			validation: [
				{
					type: 'regex',
					properties: { regex: '^\\s*\\d+\\s*$', errorMessage: 'A list ID is a whole number' },
				},
			],
		},
	],
};

/** A shortcode of the account: picked from the account's shortcodes, or typed. */
export const shortcodeLocator: INodeProperties = {
	displayName: 'Shortcode',
	name: 'shortcodeId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The shortcode the keyword would be used on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a shortcode...',
			typeOptions: { searchListMethod: 'searchShortcodes', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 33733',
		},
	],
};

export function phoneNumberField(description: string): INodeProperties {
	return {
		displayName: 'Phone Number',
		name: 'phoneNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. +1 (206) 555-1111',
		description,
	};
}
