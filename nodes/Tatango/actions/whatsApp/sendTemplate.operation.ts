import type { INodeProperties } from 'n8n-workflow';

import { toTemplateName } from './whatsApp.rules';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { v3SendOperation, smsFallbackOf, type V3Send } from '../send/v3';

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

export const { description, execute } = v3SendOperation(
	{ resource: ['whatsApp'], operation: ['sendTemplate'] },
	properties,
	whatsAppTemplateSend,
);
