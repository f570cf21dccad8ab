import type { INodeProperties } from 'n8n-workflow';

export interface ResourceLocatorSpec {
	displayName: string;
	name: string;
	description: string;
	/** The listSearch method (nodes/shared/listSearch.ts) behind "From List". */
	searchListMethod: string;
	/** What the picker prompts, e.g. "Select a list...". */
	listPlaceholder: string;
	/** The typed mode's label: "By ID", or what the thing is known by ("By Key"). */
	byIdDisplayName?: string;
	idPlaceholder: string;
	/** A regex the typed value must match, and the message shown when it does not. */
	idRule?: { regex: string; errorMessage: string };
}

/**
 * A field that picks one of the account's things: "From List" (searched through Tatango) or typed
 * ("By ID"). The mode names `list` and `id` are what saved workflows hold; keep them.
 */
export function resourceLocator(spec: ResourceLocatorSpec): INodeProperties {
	return {
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: spec.listPlaceholder,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: spec.byIdDisplayName ?? 'By ID',
				name: 'id',
				type: 'string',
				placeholder: spec.idPlaceholder,
				...(spec.idRule
					? { validation: [{ type: 'regex' as const, properties: spec.idRule }] }
					: {}),
			},
		],
	};
}

/** The list a subscriber or setting belongs to: picked from the account's lists, or by ID. */
export const listLocator: INodeProperties = resourceLocator({
	displayName: 'List',
	name: 'listId',
	description: 'The Tatango list (campaign)',
	searchListMethod: 'searchLists',
	listPlaceholder: 'Select a list...',
	idPlaceholder: 'e.g. 101',
	idRule: { regex: '^\\s*\\d+\\s*$', errorMessage: 'A list ID is a whole number' },
});

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
	placeholder: 'https://your-n8n.example.com/webhook/…/tatango',
	description:
		"Where Tatango reports this message's delivery and replies (HTTPS, up to 255 characters): a Tatango Trigger's Production URL as n8n shows it (its token is added). Leave empty to use the credential's Default Webhook URL.",
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

/** The text of a v3 SMS: GSM 7-bit, one SMS long (checked by toGsm7Text). */
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
