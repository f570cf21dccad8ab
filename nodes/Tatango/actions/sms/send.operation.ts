import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import {
	phoneNumberField,
	replaceNonGsmField,
	v3SmsContentField,
	v3WebhookUrlField,
} from '../../../shared/fields';
import type { TatangoClient } from '../../../shared/transport';
import { toGsm7Text } from '../../../shared/validation';
import { SMS_SEND, sendOnV3, type V3Send } from '../v3Send';
import { optOutFields } from '../optOuts';
import { quietHoursField } from '../quietHours';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number to text, US or Canadian, in any common format'),
	v3SmsContentField,
	v3WebhookUrlField,
	replaceNonGsmField('the content'),
	...optOutFields,
	quietHoursField,
];

const displayOptions = { show: { resource: ['sms'], operation: ['send'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** `POST /transactional_messages/send_sms` (public docs §3.2): one SMS of GSM 7-bit text. */
export const smsSend: V3Send = {
	...SMS_SEND,
	payload: (context, i, { replaceNonGsm }) => ({
		content: toGsm7Text(context.getNodeParameter('content', i), 'Content', {
			replaceOffenders: replaceNonGsm,
		}),
	}),
};

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	return await sendOnV3(this, i, tatango, smsSend);
}
