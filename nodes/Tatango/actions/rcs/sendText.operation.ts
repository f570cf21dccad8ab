import type { INodeProperties } from 'n8n-workflow';

import { toRequiredText } from '../../../shared/validation';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { v3SendOperation, smsFallbackOf, type V3Send } from '../send/v3';

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

/** `POST /transactional_messages/send_rcs_text` (public docs §3.4). */
export const rcsTextSend: V3Send = {
	path: '/transactional_messages/send_rcs_text',
	channel: 'RCS',
	payload: (context, i, common) => ({
		rcsPayload: { text: toRequiredText(context.getNodeParameter('text', i), 'Text', 3000) },
		smsFailover: smsFallbackOf(context, i, common),
	}),
};

export const { description, execute } = v3SendOperation(
	{ resource: ['rcs'], operation: ['sendText'] },
	properties,
	rcsTextSend,
);
