import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
} from 'n8n-workflow';

import { postV3Send, type V3Endpoint, type V3SendBody } from '../../../shared/tatangoCalls';
import type { TatangoClient } from '../../../shared/transport';
import { toFlag, toGsm7Text, toV3WebhookUrl, WEBHOOK_URL_MAX } from '../../../shared/validation';
import { withTriggerToken } from '../../../shared/triggerUrlToken';
import { optionValue } from './grouped';
import { phoneNumberReader, textingOperationDescription } from './pipeline';
import type { SendRun } from './run';

/** The common fields of a send, read and checked before the channel's own. */
export interface V3CommonFields {
	replaceNonGsm: boolean;
}

/**
 * One v3 channel's send, declared once by its operation: where it posts, the channel its events
 * name, and its own part of the body. The recipient, the webhook URL and Replace Non-GSM are the
 * common fields (shared/fields.ts builds them), read and checked by sendOnV3 alone.
 */
export interface V3Send extends V3Endpoint {
	/** Reads and checks item `i`'s own fields (throws InvalidInputError naming the field). */
	payload(context: IExecuteFunctions, i: number, common: V3CommonFields): IDataObject;
}

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
			_tatango: TatangoClient,
			run: SendRun,
		): Promise<IDataObject> {
			return await sendOnV3(this, i, run, send);
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
	run: SendRun,
	send: V3Send,
): Promise<IDataObject> {
	const credentials = await run.tatango.credentials('v3');
	const replaceNonGsm = toFlag(
		optionValue(context, 'replaceNonGsm', i, true),
		'Replace Non-GSM Characters',
		true,
	);
	const text = run.textOf(i, phoneNumberReader(send.channel));
	const phoneNumber = text.phoneNumber;
	const webhookUrl = v3WebhookUrlOf(context, i, credentials);
	const body: V3SendBody = {
		phoneNumber,
		webhookUrl,
		...send.payload(context, i, { replaceNonGsm }),
	};
	return await run.send(text, async () => await postV3Send(run.tatango, i, send, body));
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
