import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { phoneNumberField } from '../../../shared/fields';
import { checkSendWindow, toSendWindowScope } from '../../../shared/sendWindow';
import {
	InvalidInputError,
	textOf,
	toTenDigitPhone,
	toZonedDateTime,
} from '../../../shared/validation';

const properties: INodeProperties[] = [
	phoneNumberField('The US or Canadian number to check, in any common format'),
	{
		displayName: 'Rules',
		name: 'rules',
		type: 'options',
		default: 'federalAndState',
		options: [
			{
				name: 'Federal and State',
				value: 'federalAndState',
				description:
					"The federal hours and the stricter hours, Sunday and holiday rules of the number's state",
			},
			{
				name: 'Federal Only',
				value: 'federal',
				description: 'US: 8 am to 9 pm (TCPA). Canada: the CRTC telemarketing hours.',
			},
		],
		description: "Which quiet-hours rules to check, in the recipient's local time",
	},
	{
		displayName: 'At',
		name: 'at',
		type: 'dateTime',
		default: '',
		description:
			"The moment to check. Empty: now. Without an offset it is read in the workflow's time zone.",
	},
];

const displayOptions = { show: { resource: ['phoneNumber'], operation: ['checkSendWindow'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Makes no request: the area code table and the rules are in the package. */
export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const phoneNumber = toTenDigitPhone(this.getNodeParameter('phoneNumber', i));
	const scope = toSendWindowScope(this.getNodeParameter('rules', i, 'federalAndState'), 'Rules');
	if (scope === undefined)
		throw new InvalidInputError('Rules', 'must be federal or federalAndState');
	const rawAt = this.getNodeParameter('at', i, '');
	// A date or a Luxon DateTime ({{ $now }}) is a time; any other object, a list or true/false is not.
	const isTime =
		rawAt instanceof Date || typeof (rawAt as { toISO?: unknown })?.toISO === 'function';
	const at = toZonedDateTime(isTime ? rawAt : textOf(rawAt, 'At'), 'At', this.getTimezone());
	return checkSendWindow(phoneNumber, at ? at.epochMs : Date.now(), scope).output;
}
