import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { postTransactionalMessage } from '../../../shared/tatangoCalls';
import { phoneNumberReader, textingOperationDescription } from '../send/pipeline';
import type { SendRun } from '../send/run';
import { withTriggerToken } from '../../../shared/triggerUrlToken';
import {
	toFlag,
	toMessageContent,
	toOptionalMediaUrl,
	toPositiveId,
	toRequiredText,
	toTenDigitPhone,
} from '../../../shared/validation';
import { phoneNumberField } from '../../../shared/fields';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number to text, US or Canadian, in any common format'),
	{
		displayName: 'Content',
		name: 'content',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		description: 'The message text: up to 160 characters as SMS, 5000 as MMS',
	},
	{
		displayName: 'Send as MMS',
		name: 'isMms',
		type: 'boolean',
		default: false,
		description: 'Whether to send a multimedia message with a subject and an attachment',
	},
	{
		displayName: 'Subject',
		name: 'subject',
		type: 'string',
		default: '',
		required: true,
		displayOptions: { show: { isMms: [true] } },
		description: 'Bold subject line of the MMS, up to 40 characters',
	},
	{
		displayName: 'Fallback Content',
		name: 'fallbackContent',
		type: 'string',
		default: '',
		required: true,
		displayOptions: { show: { isMms: [true] } },
		description: "Text sent instead when the phone can't receive MMS, up to 160 characters",
	},
	{
		displayName: 'Attachment ID',
		name: 'attachmentId',
		// Text, not a number field: a number field starts at 0, which reads like a real ID.
		type: 'string',
		default: '',
		placeholder: 'e.g. 4821',
		required: true,
		displayOptions: { show: { isMms: [true] } },
		description:
			'ID of a media file uploaded in Tatango under Attachments (app.tatango.com/attachments)',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Reply Webhook URL',
				name: 'webhookCallbackUrl',
				type: 'string',
				default: '',
				placeholder: 'https://your-n8n.example.com/webhook/…/tatango',
				description:
					"Where Tatango posts replies to this message: a Tatango Trigger's Production URL as n8n shows it (the token is added for a trigger that uses the Tatango API credential)",
			},
		],
	},
];

export const description = textingOperationDescription(
	{ resource: ['transactionalMessage'], operation: ['send'] },
	properties,
);

export interface TransactionalInput {
	phoneNumber: unknown;
	content: unknown;
	isMms: boolean;
	subject?: unknown;
	fallbackContent?: unknown;
	attachmentId?: unknown;
	webhookCallbackUrl?: unknown;
}

/**
 * The body Tatango documents for live use: wrapped in `transactional_message`, the number in
 * `number` (the spec's sample shows a flat `phone_number`; see the README's compatibility notes).
 */
export function buildTransactionalMessage(input: TransactionalInput): IDataObject {
	const message: IDataObject = {
		number: toTenDigitPhone(input.phoneNumber),
		content: toMessageContent(input.content, input.isMms),
	};
	if (input.isMms) {
		message.is_mms = true;
		message.subject = toRequiredText(input.subject, 'Subject', 40);
		message.fallback_content = toRequiredText(input.fallbackContent, 'Fallback Content', 160);
		message.attachment_id = toPositiveId(input.attachmentId, 'Attachment ID');
	}
	const callback = toOptionalMediaUrl(input.webhookCallbackUrl, 'Reply Webhook URL');
	if (callback) message.webhook_callback_url = callback;
	return { transactional_message: message };
}

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
	run: SendRun,
): Promise<IDataObject> {
	const isMms = toFlag(this.getNodeParameter('isMms', i, false), 'Send as MMS', false);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const text = run.textOf(i, phoneNumberReader('V2'));
	const body = buildTransactionalMessage({
		phoneNumber: text.phoneNumber,
		content: this.getNodeParameter('content', i),
		isMms,
		subject: isMms ? this.getNodeParameter('subject', i) : undefined,
		fallbackContent: isMms ? this.getNodeParameter('fallbackContent', i) : undefined,
		attachmentId: isMms ? this.getNodeParameter('attachmentId', i) : undefined,
		webhookCallbackUrl: options.webhookCallbackUrl,
	});
	const message = body.transactional_message as IDataObject;
	// A Tatango Trigger's URL as n8n shows it gets the token the trigger derives under the v2 key.
	if (typeof message.webhook_callback_url === 'string') {
		const { apiKey } = await tatango.credentials('v2');
		message.webhook_callback_url = withTriggerToken(message.webhook_callback_url, apiKey);
	}
	return await run.send(text, async () => await postTransactionalMessage(tatango, i, body));
}
