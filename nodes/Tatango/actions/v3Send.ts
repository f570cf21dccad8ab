import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { TatangoClient } from '../../shared/transport';
import { toFlag } from '../../shared/validation';

/** The channel a v3 send goes out on, spelled as Tatango's `reply_received` events spell it. */
export type V3Channel = 'SMS' | 'MMS' | 'RCS' | 'WHATSAPP';

/** What every v3 send outputs: the trigger's events for `transactionId` belong to it. */
export interface V3SendOutput extends IDataObject {
	message: string;
	transactionId: string;
	phoneNumber: string;
	channel: V3Channel;
}

/**
 * Posts a built v3 send request. The output is Tatango's answer (documented as `message` and
 * `transactionId`; anything else it says is kept, not dropped) with the phone and the channel, so
 * the trigger's events can be matched. The webhook URL is left out: it may carry the Tatango
 * Trigger's secret token.
 */
export async function sendV3Message(
	tatango: TatangoClient,
	itemIndex: number,
	{
		path,
		channel,
		request,
	}: { path: string; channel: V3Channel; request: IDataObject & { phoneNumber: string } },
): Promise<V3SendOutput> {
	const { body } = await tatango.request(
		{
			api: 'v3',
			method: 'POST',
			path,
			body: request,
			kind: 'send',
			// Documented on every send; without it the send's delivery events cannot be matched.
			answerHolds: { key: 'transactionId', type: 'text' },
		},
		itemIndex,
	);
	return { ...body, phoneNumber: request.phoneNumber, channel } as V3SendOutput;
}

/**
 * The fields every v3 send reads alike (actions/common.descriptions.ts builds them): the recipient,
 * the webhook URL with the credential's Default Webhook URL behind it, and Replace Non-GSM Characters.
 */
export async function readV3SendFields(
	context: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
) {
	const credentials = await tatango.credentials('v3');
	return {
		phoneNumber: context.getNodeParameter('phoneNumber', i),
		webhookUrl: context.getNodeParameter('webhookUrl', i, ''),
		defaultWebhookUrl: credentials.defaultWebhookUrl,
		replaceNonGsm: toFlag(
			context.getNodeParameter('replaceNonGsm', i, true),
			'Replace Non-GSM Characters',
			true,
		),
	};
}
