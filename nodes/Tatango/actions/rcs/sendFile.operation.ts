import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toHttpsFileUrl } from '../../../shared/validation';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { sendOnV3, smsFallbackOf, type V3Send } from '../v3Send';
import { optOutFields } from '../optOuts';
import { quietHoursField } from '../quietHours';

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
	...optOutFields,
	quietHoursField,
];

const displayOptions = { show: { resource: ['rcs'], operation: ['sendFile'] } };

export const description = updateDisplayOptions(displayOptions, properties);

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

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	return await sendOnV3(this, i, tatango, rcsFileSend);
}
