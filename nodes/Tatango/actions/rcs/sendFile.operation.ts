import type { INodeProperties } from 'n8n-workflow';

import { toHttpsFileUrl } from '../../../shared/validation';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { v3SendOperation, smsFallbackOf, type V3Send } from '../send/v3';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number with RCS support, US or Canadian, in any common format'),
	{
		displayName: 'File URL',
		name: 'fileUrl',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'https://cdn.example.com/weekly-newsletter.pdf',
		description: 'Public HTTPS link to the file to send, such as a PDF or an audio file',
	},
	...smsFallbackFields('RCS'),
	v3WebhookUrlField,
];

/** `POST /transactional_messages/send_rcs_file` (public docs §3.7). */
export const rcsFileSend: V3Send = {
	path: '/transactional_messages/send_rcs_file',
	channel: 'RCS',
	payload: (context, i, common) => ({
		rcsPayload: {
			file: { url: toHttpsFileUrl(context.getNodeParameter('fileUrl', i), 'File URL', true) },
		},
		smsFailover: smsFallbackOf(context, i, common),
	}),
};

export const { description, execute } = v3SendOperation(
	{ resource: ['rcs'], operation: ['sendFile'] },
	properties,
	rcsFileSend,
);
