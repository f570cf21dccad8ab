import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../transport';
import {
	toBirthdate,
	toCustomFields,
	toEmail,
	toGender,
	toOptionalText,
	toPositiveId,
	toTags,
	toTenDigitPhone,
	toZipCode,
} from '../../validation';
import { listLocator, phoneNumberField } from '../common.descriptions';

const properties: INodeProperties[] = [
	listLocator,
	phoneNumberField('Mobile number of the subscriber, US or Canadian, in any common format'),
	{
		displayName: 'Bypass Opt-In Process',
		name: 'bypassOptInProcess',
		type: 'boolean',
		default: false,
		description:
			'Whether to add the number without the "Reply YES" opt-in text. Only for numbers whose consent you already collected.',
	},
	{
		displayName: 'Bypass Opt-In Response',
		name: 'bypassOptInResponse',
		type: 'boolean',
		default: false,
		description:
			'Whether to suppress the confirmation message Tatango sends after the add. Turn both bypass options on for a silent add.',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Birthdate',
				name: 'birthdate',
				type: 'string',
				default: '',
				placeholder: 'e.g. 19780728',
				description: 'Date of birth as YYYYMMDD (YYYY-MM-DD also accepted)',
			},
			{
				displayName: 'Custom Fields',
				name: 'customFields',
				type: 'fixedCollection',
				typeOptions: { multipleValues: true },
				default: {},
				placeholder: 'Add Custom Field',
				options: [
					{
						displayName: 'Field',
						name: 'field',
						values: [
							{
								displayName: 'Key',
								name: 'key',
								type: 'string',
								default: '',
								placeholder: 'e.g. favorite_store',
								description: "The custom field's key as shown in Tatango's list settings",
							},
							{
								displayName: 'Value',
								name: 'value',
								type: 'string',
								default: '',
							},
						],
					},
				],
			},
			{
				displayName: 'Email',
				name: 'email',
				type: 'string',
				placeholder: 'name@email.com',
				default: '',
			},
			{
				displayName: 'First Name',
				name: 'firstName',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Gender',
				name: 'gender',
				type: 'options',
				options: [
					{ name: 'Female', value: 'Female' },
					{ name: 'Male', value: 'Male' },
				],
				default: 'Female',
			},
			{
				displayName: 'Last Name',
				name: 'lastName',
				type: 'string',
				default: '',
			},
			{
				displayName: 'Tags',
				name: 'tags',
				type: 'string',
				default: '',
				placeholder: 'e.g. vip customer, card holder',
				description: 'Comma-separated tags, added to the tags the subscriber already has',
			},
			{
				displayName: 'ZIP Code',
				name: 'zipCode',
				type: 'string',
				default: '',
			},
		],
	},
];

const displayOptions = { show: { resource: ['subscriber'], operation: ['add'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Tatango's status texts, mapped to an outcome an IF or Switch node can branch on. */
const OUTCOMES: Array<[RegExp, string]> = [
	[/already subscribed/i, 'already_subscribed'],
	[/already been sent opt-in/i, 'opt_in_already_sent'],
	[/no opt-in message was sent/i, 'added_without_opt_in_message'],
	[/pending confirmation/i, 'pending_confirmation'],
	[/security timeout|wait \d+ hours?/i, 'refused_resubscribe_timeout'],
	[/^subscriber added/i, 'added'],
];

export function outcomeOf(status: unknown): string {
	const text = typeof status === 'string' ? status : '';
	return OUTCOMES.find(([pattern]) => pattern.test(text))?.[1] ?? 'unknown';
}

export interface AddSubscriberInput {
	phoneNumber: unknown;
	bypassOptInProcess: boolean;
	bypassOptInResponse: boolean;
	additionalFields: IDataObject;
}

/** The `subscriber` object Tatango takes: validated profile fields, flags and flat custom fields. */
export function buildSubscriber(input: AddSubscriberInput): IDataObject {
	const fields = input.additionalFields;
	const subscriber: IDataObject = {
		phone_number: toTenDigitPhone(input.phoneNumber),
		first_name: toOptionalText(fields.firstName, 'First Name', 50),
		last_name: toOptionalText(fields.lastName, 'Last Name', 50),
		email: toEmail(fields.email),
		birthdate: toBirthdate(fields.birthdate),
		zip_code: toZipCode(fields.zipCode),
		gender: toGender(fields.gender),
		tags: toTags(fields.tags),
	};
	for (const [key, value] of toCustomFields(fields.customFields)) subscriber[key] = value;
	if (input.bypassOptInProcess) subscriber.bypass_opt_in_process = true;
	if (input.bypassOptInResponse) subscriber.bypass_opt_in_response = true;
	for (const key of Object.keys(subscriber)) {
		if (subscriber[key] === undefined) delete subscriber[key];
	}
	return subscriber;
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = toPositiveId(
		this.getNodeParameter('listId', i, '', { extractValue: true }),
		'List',
	);
	const subscriber = buildSubscriber({
		phoneNumber: this.getNodeParameter('phoneNumber', i),
		bypassOptInProcess: this.getNodeParameter('bypassOptInProcess', i, false) as boolean,
		bypassOptInResponse: this.getNodeParameter('bypassOptInResponse', i, false) as boolean,
		additionalFields: this.getNodeParameter('additionalFields', i, {}) as IDataObject,
	});
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: `/api/v2/lists/${listId}/subscribers`,
			body: { subscriber },
			// A repeated add cannot text twice: Tatango answers "already sent opt-in" or "already
			// subscribed". So a failed add is retried like any idempotent call.
			kind: 'idempotent',
			notFound: `List ${listId} was not found in this Tatango account`,
		},
		i,
	);
	return { outcome: outcomeOf(body.status), listId, ...body };
}
