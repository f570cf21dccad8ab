import type { INodeProperties } from 'n8n-workflow';

import {
	phoneNumberField,
	replaceNonGsmField,
	v3SmsContentField,
	v3WebhookUrlField,
} from '../../../shared/fields';
import { toGsm7Text } from '../../../shared/validation';
import { SMS_SEND } from '../../../shared/tatangoCalls';
import { v3SendOperation, type V3Send } from '../send/v3';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number to text, US or Canadian, in any common format'),
	v3SmsContentField,
	v3WebhookUrlField,
	replaceNonGsmField('the content'),
];

/** `POST /transactional_messages/send_sms` (public docs §3.2): one SMS of GSM 7-bit text. */
export const smsSend: V3Send = {
	...SMS_SEND,
	payload: (context, i, { replaceNonGsm }) => ({
		content: toGsm7Text(context.getNodeParameter('content', i), 'Content', {
			replaceOffenders: replaceNonGsm,
		}),
	}),
};

export const { description, execute } = v3SendOperation(
	{ resource: ['sms'], operation: ['send'] },
	properties,
	smsSend,
);
