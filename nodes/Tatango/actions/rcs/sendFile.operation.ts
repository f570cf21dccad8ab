import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import {
	toGsm7Text,
	toHttpsFileUrl,
	toTenDigitPhone,
	toV3WebhookUrl,
} from '../../../shared/validation';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { readV3SendFields, sendV3Message } from '../v3Send';

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

const displayOptions = { show: { resource: ['rcs'], operation: ['sendFile'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export interface RcsFileInput {
	phoneNumber: unknown;
	webhookUrl: unknown;
	defaultWebhookUrl: unknown;
	fileUrl: unknown;
	smsFailover: unknown;
	replaceNonGsm: boolean;
}

/** The body of `POST /transactional_messages/send_rcs_file` (public docs §3.7). */
export function buildRcsFile(input: RcsFileInput) {
	return {
		phoneNumber: toTenDigitPhone(input.phoneNumber),
		webhookUrl: toV3WebhookUrl(input.webhookUrl, input.defaultWebhookUrl),
		rcsPayload: { file: { url: toHttpsFileUrl(input.fileUrl, 'File URL', true) } },
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
	const request = buildRcsFile({
		...(await readV3SendFields(this, i, tatango)),
		fileUrl: this.getNodeParameter('fileUrl', i),
		smsFailover: this.getNodeParameter('smsFailover', i),
	});
	return await sendV3Message(tatango, i, {
		path: '/transactional_messages/send_rcs_file',
		channel: 'RCS',
		request,
	});
}
