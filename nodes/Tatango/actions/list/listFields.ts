import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	InvalidInputError,
	textOf,
	toDigestEmail,
	toFlag,
	toKeywordList,
	toListName,
} from '../../../shared/validation';

/**
 * The list settings Tatango's create and update endpoints take (public docs §1.2), shared by
 * List → Create (its "Additional Fields") and List → Update (its "Update Fields").
 */

const nameField: INodeProperties = {
	displayName: 'Name',
	name: 'name',
	type: 'string',
	default: '',
	description: 'Only you see it, never subscribers. At most 25 characters.',
};

/** Each message setting: the n8n field, the `list` key it is sent as. */
const MESSAGE_FIELDS: Array<{ field: INodeProperties; key: string }> = [
	{
		key: 'message_already_subscribed',
		field: {
			displayName: 'Already Subscribed Response',
			name: 'messageAlreadySubscribed',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: 'Sent to a number that tries to opt in while already subscribed',
		},
	},
	{
		key: 'message_yes',
		field: {
			displayName: 'API Opt-In Confirmation Request',
			name: 'messageYes',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description:
				'Sent to a number added through the API; it must reply YES or Y to be subscribed',
		},
	},
	{
		key: 'first_optin_message',
		field: {
			displayName: 'First Opt-In Message',
			name: 'firstOptInMessage',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: 'Sent when a number that was never on the list completes opt-in',
		},
	},
	{
		key: 'message_help',
		field: {
			displayName: 'HELP Response',
			name: 'messageHelp',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: 'Sent when someone replies HELP to any of your messages',
		},
	},
	{
		key: 'message_reply',
		field: {
			displayName: 'REPLY Response',
			name: 'messageReply',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: 'Sent when a subscriber replies to a broadcast',
		},
	},
	{
		key: 'second_optin_message',
		field: {
			displayName: 'Second Opt-In Message',
			name: 'secondOptInMessage',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description:
				'Sent when a number that was on the list before (opted in, out, and in again) completes opt-in',
		},
	},
	{
		key: 'message_stop',
		field: {
			displayName: 'STOP Response',
			name: 'messageStop',
			type: 'string',
			typeOptions: { rows: 2 },
			default: '',
			description: 'Sent when someone replies STOP to any of your messages',
		},
	},
];

const emailDigestField: INodeProperties = {
	displayName: 'Email Digest To',
	name: 'emailDigest',
	type: 'string',
	placeholder: 'e.g. name@example.com',
	default: '',
	description:
		'Address that gets a daily e-mail of the numbers that joined and left the list. Empty: no digest.',
};

const EMAIL_FLAGS: Array<{ field: INodeProperties; key: string }> = [
	{
		key: 'email_subscribe',
		field: {
			displayName: 'Email on Subscribe',
			name: 'emailSubscribe',
			type: 'boolean',
			default: false,
			description: 'Whether to get an e-mail at once for every new subscriber',
		},
	},
	{
		key: 'email_unsubscribe',
		field: {
			displayName: 'Email on Unsubscribe',
			name: 'emailUnsubscribe',
			type: 'boolean',
			default: false,
			description: 'Whether to get an e-mail at once for every number that unsubscribes',
		},
	},
];

const keywordsField: INodeProperties = {
	displayName: 'Keywords',
	name: 'keywords',
	type: 'string',
	default: '',
	placeholder: 'e.g. JOIN, SAVE',
	description:
		'Keywords people text to join the list, separated by commas: 2 to 15 characters each, not in use on the shortcode. Check one first with Keyword → Check Availability.',
};

function sorted(fields: INodeProperties[]): INodeProperties[] {
	return [...fields].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** List → Create's optional settings. */
export const createListOptions: INodeProperties[] = sorted([
	...MESSAGE_FIELDS.map(({ field }) => field),
	emailDigestField,
	...EMAIL_FLAGS.map(({ field }) => field),
	keywordsField,
]);

/** List → Update's settings (keywords have their own operation, Set Keywords). */
export const updateListOptions: INodeProperties[] = sorted([
	nameField,
	...MESSAGE_FIELDS.map(({ field }) => field),
	emailDigestField,
	...EMAIL_FLAGS.map(({ field }) => field),
]);

/**
 * The `list` object for create or update from the fields the user added. A message added but left
 * empty is sent as "" (Tatango then sends nothing for it); an empty digest address turns the digest
 * off. Keywords only on create.
 */
function listSettings(fields: IDataObject, { forCreate }: { forCreate: boolean }): IDataObject {
	const list: IDataObject = {};
	for (const { field, key } of MESSAGE_FIELDS) {
		if (field.name in fields) list[key] = textOf(fields[field.name], field.displayName);
	}
	if ('emailDigest' in fields) {
		const email = toDigestEmail(fields.emailDigest);
		if (email !== undefined) list.email_digest = email;
		else if (!forCreate) list.email_digest = '';
	}
	for (const { field, key } of EMAIL_FLAGS) {
		if (field.name in fields) list[key] = toFlag(fields[field.name], field.displayName);
	}
	if (forCreate && 'keywords' in fields) {
		const keywords = toKeywordList(fields.keywords);
		if (keywords.length > 0) list.keyword_names = keywords;
	}
	return list;
}

/** `POST /lists/` body: `{"list":{name, ...settings, keyword_names?}}`. */
export function buildCreateListBody(name: unknown, additionalFields: IDataObject): IDataObject {
	return {
		list: { name: toListName(name), ...listSettings(additionalFields, { forCreate: true }) },
	};
}

/** `PUT /lists/{id}` body: only the fields the user added; at least one. */
export function buildUpdateListBody(updateFields: IDataObject): IDataObject {
	const list: IDataObject = {};
	if ('name' in updateFields) list.name = toListName(updateFields.name);
	Object.assign(list, listSettings(updateFields, { forCreate: false }));
	if (Object.keys(list).length === 0) {
		throw new InvalidInputError(
			'Update Fields',
			'has no field to change: add at least one',
			'Add the settings to change under "Update Fields". Nothing was sent to Tatango.',
		);
	}
	return { list };
}

/** Fields Simplify leaves out of a list: message texts, e-mail settings and opt-in requests. */
export const LIST_SIMPLIFY_DROPS = [
	'email_digest',
	'email_subscribe',
	'email_unsubscribe',
	'first_optin_message',
	'second_optin_message',
	'message_help',
	'message_stop',
	'message_reply',
	'message_already_subscribed',
	'message_yes',
	'opt_in_requests',
] as const;
