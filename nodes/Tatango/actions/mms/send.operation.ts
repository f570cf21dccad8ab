import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import {
	toGsm7Text,
	toHttpsFileUrl,
	toOptionalText,
	toRequiredText,
	toTenDigitPhone,
	toV3WebhookUrl,
} from '../../../shared/validation';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { readV3SendFields, sendV3Message } from '../v3Send';

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

const displayOptions = { show: { resource: ['mms'], operation: ['send'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export interface V3MmsInput {
	phoneNumber: unknown;
	webhookUrl: unknown;
	defaultWebhookUrl: unknown;
	content: unknown;
	subject?: unknown;
	attachmentUrl?: unknown;
	smsFailover: unknown;
	replaceNonGsm: boolean;
}

/** The body of `POST /transactional_messages/send_mms` (public docs §3.3); empty options left out. */
export function buildV3MmsRequest(input: V3MmsInput) {
	const request: IDataObject & { phoneNumber: string } = {
		phoneNumber: toTenDigitPhone(input.phoneNumber),
		webhookUrl: toV3WebhookUrl(input.webhookUrl, input.defaultWebhookUrl),
		content: toRequiredText(input.content, 'Content', 3500),
		smsFailover: toGsm7Text(input.smsFailover, 'SMS Fallback', {
			replaceOffenders: input.replaceNonGsm,
		}),
	};
	const subject = toOptionalText(input.subject, 'Subject', 40);
	if (subject !== undefined) request.subject = subject;
	const attachmentUrl = toHttpsFileUrl(input.attachmentUrl, 'Attachment URL', false);
	if (attachmentUrl !== undefined) request.attachmentUrl = attachmentUrl;
	return request;
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const request = buildV3MmsRequest({
		...(await readV3SendFields(this, i, tatango)),
		content: this.getNodeParameter('content', i),
		subject: this.getNodeParameter('subject', i, ''),
		attachmentUrl: this.getNodeParameter('attachmentUrl', i, ''),
		smsFailover: this.getNodeParameter('smsFailover', i),
	});
	return await sendV3Message(tatango, i, {
		path: '/transactional_messages/send_mms',
		channel: 'MMS',
		request,
	});
}
