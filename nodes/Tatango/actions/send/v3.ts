import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import {
	toFlag,
	toGsm7Text,
	toTenDigitPhone,
	toV3WebhookUrl,
	WEBHOOK_URL_MAX,
} from '../../../shared/validation';
import { withTriggerToken } from '../../../shared/triggerUrlToken';
import { sendThroughChecks, textingOperationDescription } from './pipeline';

/** The channel a v3 send goes out on, spelled as Tatango's `reply_received` events spell it. */
export type V3Channel = 'SMS' | 'MMS' | 'RCS' | 'WHATSAPP';

/** What every v3 send outputs: the trigger's events for `transactionId` belong to it. */
export interface V3SendOutput extends IDataObject {
	message: string;
	transactionId: string;
	phoneNumber: string;
	channel: V3Channel;
}

/** The common fields of a send, read and checked before the channel's own. */
export interface V3CommonFields {
	replaceNonGsm: boolean;
}

/**
 * One v3 channel's send, declared once by its operation: where it posts, the channel its events
 * name, and its own part of the body. The recipient, the webhook URL and Replace Non-GSM are the
 * common fields (shared/fields.ts builds them), read and checked by sendOnV3 alone.
 */
export interface V3Send {
	/** Below the v3 base URL, e.g. `/transactional_messages/send_sms` (public docs §3). */
	path: string;
	channel: V3Channel;
	/** Reads and checks item `i`'s own fields (throws InvalidInputError naming the field). */
	payload(context: IExecuteFunctions, i: number, common: V3CommonFields): IDataObject;
}

/** The body of a v3 send: the common fields, then the channel's own. */
export type V3SendBody = IDataObject & { phoneNumber: string; webhookUrl: string };

/**
 * A v3 send operation, declared once: where it shows, its own fields (the guardrails' are added) and
 * its `V3Send`. Its `execute` is sendOnV3.
 */
export function v3SendOperation(
	show: { resource: string[]; operation: string[] },
	ownFields: INodeProperties[],
	send: V3Send,
) {
	return {
		description: textingOperationDescription(show, ownFields),
		async execute(
			this: IExecuteFunctions,
			i: number,
			tatango: TatangoClient,
		): Promise<IDataObject> {
			return await sendOnV3(this, i, tatango, send);
		},
	};
}

/**
 * Sends item `i` on a v3 channel. Every check runs before anything is sent, in the order the
 * fields show: the credential, Replace Non-GSM, the recipient, the webhook URL (the node's, or the
 * credential's Default Webhook URL; a Tatango Trigger's gets its token), the channel's own fields;
 * then the guardrails (pipeline.ts).
 */
export async function sendOnV3(
	context: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
	send: V3Send,
): Promise<IDataObject> {
	const credentials = await tatango.credentials('v3');
	const replaceNonGsm = toFlag(
		context.getNodeParameter('replaceNonGsm', i, true),
		'Replace Non-GSM Characters',
		true,
	);
	const phoneNumber = toTenDigitPhone(context.getNodeParameter('phoneNumber', i));
	const webhookUrl = v3WebhookUrlOf(context, i, credentials);
	const body: V3SendBody = {
		phoneNumber,
		webhookUrl,
		...send.payload(context, i, { replaceNonGsm }),
	};
	return await deliverV3(context, i, tatango, send, body);
}

/**
 * Where Tatango reports item `i`'s message (or template): the node's Webhook URL, or the v3
 * credential's Default Webhook URL (shared/fields.ts v3WebhookUrlField); https, at most 255.
 * A Tatango Trigger's URL as n8n shows it gets the token the trigger derives under this
 * credential's key (shared/triggerUrlToken.ts): setting up delivery events is one paste.
 */
export function v3WebhookUrlOf(
	context: IExecuteFunctions,
	i: number,
	credentials: ICredentialDataDecryptedObject,
): string {
	return withTriggerToken(
		toV3WebhookUrl(context.getNodeParameter('webhookUrl', i, ''), credentials.defaultWebhookUrl),
		credentials.apiKey,
		{ field: 'Webhook URL', maxLength: WEBHOOK_URL_MAX },
	);
}

/**
 * The guardrails, then the post: what sendOnV3 ends with, and what Send and Wait (whose webhook URL
 * is n8n's signed resume URL, not a field) calls with its own body.
 */
export async function deliverV3(
	context: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
	{ path, channel }: Pick<V3Send, 'path' | 'channel'>,
	body: V3SendBody,
): Promise<IDataObject> {
	return await sendThroughChecks(
		context,
		i,
		tatango,
		{ phoneNumber: body.phoneNumber, channel },
		async () => await postV3Send(tatango, i, { path, channel }, body),
	);
}

/**
 * Posts a checked v3 send. The output is Tatango's answer (documented as `message` and
 * `transactionId`; anything else it says is kept, not dropped) with the phone and the channel, so
 * the trigger's events can be matched. The webhook URL is left out: it may carry the Tatango
 * Trigger's secret token.
 */
export async function postV3Send(
	tatango: TatangoClient,
	itemIndex: number,
	{ path, channel }: Pick<V3Send, 'path' | 'channel'>,
	body: V3SendBody,
): Promise<V3SendOutput> {
	const { body: answer } = await tatango.request(
		{
			api: 'v3',
			method: 'POST',
			path,
			body,
			kind: 'send',
			// Documented on every send; without it the send's delivery events cannot be matched.
			answerHolds: { key: 'transactionId', type: 'text' },
		},
		itemIndex,
	);
	return { ...answer, phoneNumber: body.phoneNumber, channel } as V3SendOutput;
}

/** The SMS Tatango sends when the phone can't take the richer message (MMS, RCS, WhatsApp). */
export function smsFallbackOf(
	context: IExecuteFunctions,
	i: number,
	{ replaceNonGsm }: V3CommonFields,
): string {
	return toGsm7Text(context.getNodeParameter('smsFailover', i), 'SMS Fallback', {
		replaceOffenders: replaceNonGsm,
	});
}

/** The v3 SMS send (public docs §3.2): SMS → Send and Send and Wait post here. */
export const SMS_SEND: Pick<V3Send, 'path' | 'channel'> = {
	path: '/transactional_messages/send_sms',
	channel: 'SMS',
};
