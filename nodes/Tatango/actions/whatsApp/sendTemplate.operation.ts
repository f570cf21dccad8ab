import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toGsm7Text, toTenDigitPhone, toV3WebhookUrl } from '../../../shared/validation';
import { toTemplateName } from './whatsApp.rules';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { readV3SendFields, sendV3Message } from '../v3Send';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number on WhatsApp, US or Canadian, in any common format'),
	{
		displayName: 'Template Name',
		name: 'templateName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. order_shipped',
		description: 'The exact name of a WhatsApp template approved for your account',
	},
	...smsFallbackFields('WhatsApp'),
	v3WebhookUrlField,
];

const displayOptions = { show: { resource: ['whatsApp'], operation: ['sendTemplate'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export interface WhatsAppTemplateSendInput {
	phoneNumber: unknown;
	webhookUrl: unknown;
	defaultWebhookUrl: unknown;
	templateName: unknown;
	smsFailover: unknown;
	replaceNonGsm: boolean;
}

/**
 * The body of `POST /transactional_messages/send_whatsapp` (public docs §3.8). Unlike every other
 * send, its SMS fallback is an object, `{ content }`.
 */
export function buildWhatsAppTemplateSend(input: WhatsAppTemplateSendInput) {
	return {
		phoneNumber: toTenDigitPhone(input.phoneNumber),
		webhookUrl: toV3WebhookUrl(input.webhookUrl, input.defaultWebhookUrl),
		whatsAppTemplateName: toTemplateName(input.templateName),
		smsFailover: {
			content: toGsm7Text(input.smsFailover, 'SMS Fallback', {
				replaceOffenders: input.replaceNonGsm,
			}),
		},
	};
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const request = buildWhatsAppTemplateSend({
		...(await readV3SendFields(this, i, tatango)),
		templateName: this.getNodeParameter('templateName', i),
		smsFailover: this.getNodeParameter('smsFailover', i),
	});
	return await sendV3Message(tatango, i, {
		path: '/transactional_messages/send_whatsapp',
		channel: 'WHATSAPP',
		request,
	});
}
