import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toRequiredText } from '../../../shared/validation';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { sendOnV3, smsFallbackOf, type V3Send } from '../v3Send';
import { optOutFields } from '../optOuts';
import { quietHoursField } from '../quietHours';

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
	...optOutFields,
	quietHoursField,
];

const displayOptions = { show: { resource: ['rcs'], operation: ['sendText'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** `POST /transactional_messages/send_rcs_text` (public docs §3.4). */
export const rcsTextSend: V3Send = {
	path: '/transactional_messages/send_rcs_text',
	channel: 'RCS',
	payload: (context, i, common) => ({
		rcsPayload: { text: toRequiredText(context.getNodeParameter('text', i), 'Text', 3000) },
		smsFailover: smsFallbackOf(context, i, common),
	}),
};

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	return await sendOnV3(this, i, tatango, rcsTextSend);
}
