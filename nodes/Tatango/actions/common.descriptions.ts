import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../shared/fields';

/** A shortcode of the account: picked from the account's shortcodes, or typed. */
export const shortcodeLocator: INodeProperties = resourceLocator({
	displayName: 'Shortcode',
	name: 'shortcodeId',
	description: 'The shortcode the keyword would be used on',
	searchListMethod: 'searchShortcodes',
	listPlaceholder: 'Select a shortcode...',
	idPlaceholder: 'e.g. 33733',
});

/** A custom field of the chosen list, known by its key: picked from the list's fields, or typed. */
export const customFieldLocator: INodeProperties = resourceLocator({
	displayName: 'Custom Field',
	name: 'customFieldKey',
	description: "The list's custom field, by its key",
	searchListMethod: 'searchCustomFields',
	listPlaceholder: 'Select a custom field...',
	byIdDisplayName: 'By Key',
	idPlaceholder: 'e.g. favorite_store',
	idRule: {
		regex: '^\\s*[a-z0-9_]+\\s*$',
		errorMessage: 'A key uses only lowercase letters, digits and underscores',
	},
});

/** Get Many: every record (read page by page), or up to Limit. Use with `limitField`. */
export const returnAllField: INodeProperties = {
	displayName: 'Return All',
	name: 'returnAll',
	type: 'boolean',
	default: false,
	description: 'Whether to return all results or only up to a given limit',
};

export const limitField: INodeProperties = {
	displayName: 'Limit',
	name: 'limit',
	type: 'number',
	default: 50,
	typeOptions: { minValue: 1 },
	displayOptions: { show: { returnAll: [false] } },
	description: 'Max number of results to return',
};

/** For records of more than ten fields: on, the output keeps the fields a workflow usually needs. */
export const simplifyField: INodeProperties = {
	displayName: 'Simplify',
	name: 'simple',
	type: 'boolean',
	default: true,
	description: 'Whether to return a simplified version of the response instead of the raw data',
};
