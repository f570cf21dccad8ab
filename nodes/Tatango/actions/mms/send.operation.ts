import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { toHttpsFileUrl, toOptionalText, toRequiredText } from '../../../shared/validation';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { v3SendOperation, smsFallbackOf, type V3Send } from '../send/v3';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number to send the MMS to, US or Canadian, in any common format'),
	{
		displayName: 'Content',
		name: 'content',
		type: 'string',
		typeOptions: { rows: 4 },
		default: '',
		required: true,
		description: 'The message text, up to 3,500 characters (emoji work)',
	},
	{
		displayName: 'Subject',
		name: 'subject',
		type: 'string',
		default: '',
		description: 'Optional bold subject line, up to 40 characters',
	},
	{
		displayName: 'Attachment URL',
		name: 'attachmentUrl',
		type: 'string',
		default: '',
		placeholder: 'https://cdn.example.com/receipt.jpg',
		description: 'Optional public HTTPS link to the media',
		hint: 'JPG, JPEG, PNG, GIF, WebP, MP4, MPEG or vCard. Short codes: images up to 1 MB, GIFs 0.6 MB, video 2 MB; 10DLC numbers: 0.75 MB for any file.',
	},
	...smsFallbackFields('MMS'),
	v3WebhookUrlField,
];

/** `POST /transactional_messages/send_mms` (public docs §3.3); empty options left out. */
export const mmsSend: V3Send = {
	path: '/transactional_messages/send_mms',
	channel: 'MMS',
	payload(context, i, common) {
		const payload: IDataObject = {
			content: toRequiredText(context.getNodeParameter('content', i), 'Content', 3500),
			smsFailover: smsFallbackOf(context, i, common),
		};
		const subject = toOptionalText(context.getNodeParameter('subject', i, ''), 'Subject', 40);
		if (subject !== undefined) payload.subject = subject;
		const attachmentUrl = toHttpsFileUrl(
			context.getNodeParameter('attachmentUrl', i, ''),
			'Attachment URL',
			false,
		);
		if (attachmentUrl !== undefined) payload.attachmentUrl = attachmentUrl;
		return payload;
	},
};

export const { description, execute } = v3SendOperation(
	{ resource: ['mms'], operation: ['send'] },
	properties,
	mmsSend,
);
