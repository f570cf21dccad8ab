import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toTemplateName } from './whatsApp.rules';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { sendOnV3, smsFallbackOf, type V3Send } from '../v3Send';
import { optOutFields } from '../optOuts';
import { quietHoursField } from '../quietHours';

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
	...optOutFields,
	quietHoursField,
];

const displayOptions = { show: { resource: ['whatsApp'], operation: ['sendTemplate'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/**
 * `POST /transactional_messages/send_whatsapp` (public docs §3.8). Unlike every other send, its SMS
 * fallback is an object, `{ content }`.
 */
export const whatsAppTemplateSend: V3Send = {
	path: '/transactional_messages/send_whatsapp',
	channel: 'WHATSAPP',
	payload: (context, i, common) => ({
		whatsAppTemplateName: toTemplateName(context.getNodeParameter('templateName', i)),
		smsFailover: { content: smsFallbackOf(context, i, common) },
	}),
};

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	return await sendOnV3(this, i, tatango, whatsAppTemplateSend);
}
