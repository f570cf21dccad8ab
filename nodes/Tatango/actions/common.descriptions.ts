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

/**
 * Where Tatango reports a v3 message's delivery and replies. Empty falls back to the v3
 * credential's Default Webhook URL (see toV3WebhookUrl): Tatango requires one of the two.
 */
export const v3WebhookUrlField: INodeProperties = {
	displayName: 'Webhook URL',
	name: 'webhookUrl',
	type: 'string',
	default: '',
	placeholder: 'https://your-n8n.example.com/webhook/tatango?token=...',
	description:
		"Where Tatango reports this message's delivery and replies (HTTPS, up to 255 characters): the production URL of a Tatango Trigger. Leave empty to use the credential's Default Webhook URL.",
};

/** Whether typographic characters are swapped for GSM ones in an SMS text (see toGsm7Text). */
export function replaceNonGsmField(what: string): INodeProperties {
	return {
		displayName: 'Replace Non-GSM Characters',
		name: 'replaceNonGsm',
		type: 'boolean',
		default: true,
		description: `Whether to replace curly quotes, long dashes, ellipses and non-breaking spaces in ${what} with plain equivalents instead of failing`,
	};
}

/**
 * The plain SMS Tatango sends when the phone can't take the richer message (RCS, MMS, WhatsApp),
 * and the option that cleans it up.
 */
export function smsFallbackFields(channel: string): INodeProperties[] {
	return [
		{
			displayName: 'SMS Fallback',
			name: 'smsFailover',
			type: 'string',
			default: '',
			required: true,
			description: `Text sent as plain SMS when the phone can't receive ${channel}: 1 to 160 characters of the GSM 7-bit alphabet (no emoji)`,
		},
		replaceNonGsmField('the SMS fallback'),
	];
}

/** The text of a v3 SMS: GSM 7-bit, one SMS long (see buildV3SmsRequest). */
export const v3SmsContentField: INodeProperties = {
	displayName: 'Content',
	name: 'content',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	required: true,
	description:
		'The text: up to 160 characters of the GSM 7-bit alphabet (no emoji; € [ ] { } ~ ^ | \\ count twice)',
};
