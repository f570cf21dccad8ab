import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import {
	toGsm7Text,
	toRequiredText,
	toTenDigitPhone,
	toV3WebhookUrl,
} from '../../../shared/validation';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { readV3SendFields, sendV3Message } from '../v3Send';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number with RCS support, US or Canadian, in any common format'),
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description:
			'The message, up to 3,000 characters; bold, italic, underline, strikethrough and emoji work',
	},
	...smsFallbackFields('RCS'),
	v3WebhookUrlField,
];

const displayOptions = { show: { resource: ['rcs'], operation: ['sendText'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export interface RcsTextInput {
	phoneNumber: unknown;
	webhookUrl: unknown;
	defaultWebhookUrl: unknown;
	text: unknown;
	smsFailover: unknown;
	replaceNonGsm: boolean;
}

/** The body of `POST /transactional_messages/send_rcs_text` (public docs §3.4). */
export function buildRcsText(input: RcsTextInput) {
	return {
		phoneNumber: toTenDigitPhone(input.phoneNumber),
		webhookUrl: toV3WebhookUrl(input.webhookUrl, input.defaultWebhookUrl),
		rcsPayload: { text: toRequiredText(input.text, 'Text', 3000) },
		smsFailover: toGsm7Text(input.smsFailover, 'SMS Fallback', {
			replaceOffenders: input.replaceNonGsm,
		}),
	};
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const request = buildRcsText({
		...(await readV3SendFields(this, i, tatango)),
		text: this.getNodeParameter('text', i),
		smsFailover: this.getNodeParameter('smsFailover', i),
	});
	return await sendV3Message(tatango, i, {
		path: '/transactional_messages/send_rcs_text',
		channel: 'RCS',
		request,
	});
}
