import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { numberOf, textOf, toFlag } from '../../../shared/validation';
import {
	type CollectedData,
	type OptInRequest,
	type OptInSettings,
	type SuccessAction,
	validateOptInSettings,
} from './optInSettings.rules';
import { listLocator } from '../../../shared/fields';

/**
 * The fields of one double opt-in request, listed below in the order a person writes a request
 * (ask, retry, follow up, then what a valid reply does and the confirmations), not alphabetically.
 */
const collectedDataField: INodeProperties = {
	displayName: 'Collected Data',
	name: 'collectedData',
	type: 'options',
	options: [
		{
			name: 'Email Address',
			value: 'email_address',
		},
		{
			name: 'First Name',
			value: 'first_name',
		},
		{
			name: 'YES',
			value: 'yes',
		},
		{
			name: 'ZIP Code',
			value: 'zip_code',
		},
	],
	default: 'yes',
	description: 'What the number is asked to reply with',
};

const requestMessageField: INodeProperties = {
	displayName: 'Request Message',
	name: 'requestMessage',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description: 'The text asking for the data',
};

const retryMessageField: INodeProperties = {
	displayName: 'Retry Message',
	name: 'retryMessage',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description: 'Sent when the reply is not accepted',
};

const followUpField: INodeProperties = {
	displayName: 'Follow Up',
	name: 'followUp',
	type: 'boolean',
	default: false,
	description: 'Whether to send a reminder when there is no reply',
};

const followUpHourField: INodeProperties = {
	displayName: 'Follow-Up Hour',
	name: 'followUpHour',
	type: 'number',
	displayOptions: { show: { followUp: [true] } },
	default: 24,
	description: 'Hours without a reply before the reminder is sent',
};

const noResponseMessageField: INodeProperties = {
	displayName: 'No-Response Message',
	name: 'noResponseMessage',
	type: 'string',
	typeOptions: { rows: 2 },
	displayOptions: { show: { followUp: [true] } },
	default: '',
	description: 'The reminder text',
};

const successActionField: INodeProperties = {
	displayName: 'Success Action',
	name: 'successAction',
	type: 'options',
	options: [
		{
			name: 'Go to the Next Request',
			value: 'nextrequest',
		},
		{
			name: 'Subscribe the Number',
			value: 'optinsubscriber',
		},
	],
	default: 'optinsubscriber',
	description: 'What a valid reply leads to',
};

const optInMessageField: INodeProperties = {
	displayName: 'Opt-In Message',
	name: 'optInMessage',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description: 'Confirmation for a first-time subscriber',
};

const secondOptInMessageField: INodeProperties = {
	displayName: 'Second Opt-In Message',
	name: 'secondOptInMessage',
	type: 'string',
	typeOptions: { rows: 2 },
	default: '',
	description: 'Confirmation for a returning subscriber',
};

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Opt-In Type',
		name: 'optInType',
		type: 'options',
		options: [
			{
				name: 'Single',
				value: 'single',
				description: 'The number is subscribed when it texts the keyword or is added',
			},
			{
				name: 'Double',
				value: 'double',
				description: 'The number answers one or more requests by text before it is subscribed',
			},
		],
		default: 'single',
	},
	{
		displayName: 'First Opt-In Message',
		name: 'firstOptInMessage',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		displayOptions: { show: { optInType: ['single'] } },
		description: 'Sent when a number that was never on the list completes opt-in',
	},
	{
		displayName: 'Second Opt-In Message',
		name: 'secondOptInMessage',
		type: 'string',
		typeOptions: { rows: 2 },
		default: '',
		displayOptions: { show: { optInType: ['single'] } },
		description:
			'Sent when a number that was on the list before (opted in, out, and in again) completes opt-in',
	},
	{
		displayName: 'Clear Messages Left Empty',
		name: 'clearEmptyMessages',
		type: 'boolean',
		default: false,
		displayOptions: { show: { optInType: ['single'] } },
		description:
			"Whether an opt-in message left empty removes the list's current message in Tatango. Off: an empty message is not sent, and the list keeps the one it has.",
	},
	{
		displayName: 'Opt-In Requests',
		name: 'optInRequests',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		placeholder: 'Add Opt-In Request',
		displayOptions: { show: { optInType: ['double'] } },
		description: 'Asked in this order; the last one must subscribe the number',
		options: [
			{
				displayName: 'Request',
				name: 'request',
				values: [
					collectedDataField,
					requestMessageField,
					retryMessageField,
					followUpField,
					followUpHourField,
					noResponseMessageField,
					successActionField,
					optInMessageField,
					secondOptInMessageField,
				],
			},
		],
	},
	{
		displayName: 'Bypass Opt-In Response',
		name: 'bypassOptInResponse',
		type: 'boolean',
		default: false,
		description:
			'Whether to skip the confirmation message when someone completes opt-in (for senders who schedule their own welcome message)',
	},
];

const displayOptions = { show: { resource: ['list'], operation: ['updateOptInSettings'] } };

export const description = updateDisplayOptions(displayOptions, properties);

function textOrNull(value: unknown, field: string): string | null {
	const text = textOf(value, field);
	return text.trim() === '' ? null : text;
}

/** One request as n8n's form holds it, as Tatango takes it. Follow-up fields go only with follow-up. */
export function toOptInRequest(values: IDataObject): OptInRequest {
	const followUp = toFlag(values.followUp, 'Opt-In Requests (Follow Up)');
	return {
		collected_data: values.collectedData as CollectedData,
		request_message: textOf(values.requestMessage, 'Opt-In Requests (Request Message)'),
		retry_message: textOf(values.retryMessage, 'Opt-In Requests (Retry Message)'),
		follow_up: followUp,
		follow_up_hour: followUp
			? numberOf(values.followUpHour, 'Opt-In Requests (Follow-Up Hour)')
			: null,
		no_response_message: followUp
			? textOrNull(values.noResponseMessage, 'Opt-In Requests (No Response Message)')
			: null,
		opt_in_message: textOrNull(values.optInMessage, 'Opt-In Requests (Opt-In Message)'),
		second_opt_in_message: textOrNull(
			values.secondOptInMessage,
			'Opt-In Requests (Second Opt-In Message)',
		),
		success_action: values.successAction as SuccessAction,
	};
}

export interface OptInSettingsInput {
	optInType: 'single' | 'double';
	bypassOptInResponse: boolean;
	firstOptInMessage?: unknown;
	secondOptInMessage?: unknown;
	/** Send an empty message as null, which removes the list's message in Tatango. */
	clearEmptyMessages?: boolean;
	requests?: IDataObject[];
}

export function buildOptInSettings(input: OptInSettingsInput): OptInSettings {
	const settings: OptInSettings = {
		opt_in_type: input.optInType,
		bypass_opt_in_response: input.bypassOptInResponse,
	};
	if (input.optInType === 'single') {
		// A message left empty is left out (the list keeps its own) unless the user asked to clear
		// it: null in this PUT removes the list's message in Tatango.
		const first = textOrNull(input.firstOptInMessage, 'First Opt-In Message');
		const second = textOrNull(input.secondOptInMessage, 'Second Opt-In Message');
		if (first !== null || input.clearEmptyMessages) settings.first_optin_message = first;
		if (second !== null || input.clearEmptyMessages) settings.second_optin_message = second;
	} else {
		settings.opt_in_requests = (input.requests ?? []).map(toOptInRequest);
	}
	return validateOptInSettings(settings);
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const optInType = this.getNodeParameter('optInType', i) as 'single' | 'double';
	const single = optInType === 'single';
	const settings = buildOptInSettings({
		optInType,
		bypassOptInResponse: toFlag(
			this.getNodeParameter('bypassOptInResponse', i, false),
			'Bypass Opt-In Response',
		),
		firstOptInMessage: single ? this.getNodeParameter('firstOptInMessage', i, '') : undefined,
		secondOptInMessage: single ? this.getNodeParameter('secondOptInMessage', i, '') : undefined,
		clearEmptyMessages: single
			? toFlag(this.getNodeParameter('clearEmptyMessages', i, false), 'Clear Messages Left Empty')
			: undefined,
		requests: single
			? undefined
			: (((this.getNodeParameter('optInRequests', i, {}) as IDataObject).request ??
					[]) as IDataObject[]),
	});
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'PUT',
			path: `/api/v2/lists/${listId}/opt_in_settings`,
			body: settings as unknown as IDataObject,
			kind: 'idempotent',
			notFound: listNotFound(listId),
		},
		i,
	);
	return { listId, ...body };
}
