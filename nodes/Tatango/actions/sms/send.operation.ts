import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import {
	phoneNumberField,
	replaceNonGsmField,
	v3SmsContentField,
	v3WebhookUrlField,
} from '../../../shared/fields';
import { readV3SendFields, sendV3Message } from '../v3Send';
import { buildV3SmsRequest } from './buildV3SmsRequest';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number to text, US or Canadian, in any common format'),
	v3SmsContentField,
	v3WebhookUrlField,
	replaceNonGsmField('the content'),
];

const displayOptions = { show: { resource: ['sms'], operation: ['send'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const request = buildV3SmsRequest({
		...(await readV3SendFields(this, i, tatango)),
		content: this.getNodeParameter('content', i),
	});
	return await sendV3Message(tatango, i, {
		path: '/transactional_messages/send_sms',
		channel: 'SMS',
		request: { ...request },
	});
}
