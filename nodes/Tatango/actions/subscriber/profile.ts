import type { IDataObject, INodeProperties } from 'n8n-workflow';

import {
	toBirthdate,
	toCustomFields,
	toEmail,
	toGender,
	toOptionalText,
	toTags,
	toZipCode,
} from '../../../shared/validation';

/**
 * The profile fields a subscriber's Add and Update share (a collection's options, alphabetical).
 * `tagsDescription` says what happens to existing tags.
 */
export function profileFieldOptions(tagsDescription: string): INodeProperties[] {
	return [
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
			description: tagsDescription,
		},
		{
			displayName: 'ZIP Code',
			name: 'zipCode',
			type: 'string',
			default: '',
		},
	];
}

/** The profile part of Tatango's `subscriber` object: validated fields and flat custom fields. */
export function buildProfile(fields: IDataObject): IDataObject {
	const profile: IDataObject = {
		first_name: toOptionalText(fields.firstName, 'First Name', 50),
		last_name: toOptionalText(fields.lastName, 'Last Name', 50),
		email: toEmail(fields.email),
		birthdate: toBirthdate(fields.birthdate),
		zip_code: toZipCode(fields.zipCode),
		gender: toGender(fields.gender),
		tags: toTags(fields.tags),
	};
	for (const [key, value] of toCustomFields(fields.customFields)) profile[key] = value;
	for (const key of Object.keys(profile)) {
		if (profile[key] === undefined) delete profile[key];
	}
	return profile;
}
