import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../transport';
import {
	InvalidInputError,
	textOf,
	toGsm7Text,
	toOptionalMediaUrl,
	toOptionalText,
	toTenDigitPhone,
	toWebhookUrl,
} from '../../validation';
import { phoneNumberField } from '../common.descriptions';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number with RCS support, US or Canadian, in any common format'),
	{
		displayName: 'Webhook URL',
		name: 'webhookUrl',
		type: 'string',
		default: '',
		placeholder: 'https://your-n8n.example.com/webhook/tatango?token=...',
		description:
			"Where Tatango reports this message's delivery (HTTPS, up to 255 characters): the production URL of a Tatango Trigger. Leave empty to use the credential's Default Webhook URL.",
	},
	{
		displayName: 'Title',
		name: 'title',
		type: 'string',
		default: '',
		description: 'Card title',
	},
	{
		displayName: 'Text',
		name: 'text',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		description:
			'Card text, up to 3,000 characters; bold, italic, underline, strikethrough and emoji work',
	},
	{
		displayName: 'Media URL',
		name: 'mediaUrl',
		type: 'string',
		default: '',
		placeholder: 'https://example.com/images/summer-sale.jpg',
		description: 'Image or video shown at the top of the card',
	},
	{
		displayName: 'Thumbnail URL',
		name: 'thumbnailUrl',
		type: 'string',
		default: '',
		description: 'Thumbnail shown while a video loads',
	},
	{
		displayName: 'Is Video',
		name: 'isVideo',
		type: 'boolean',
		default: false,
		description: 'Whether the media is a video',
	},
	{
		displayName: 'SMS Fallback',
		name: 'smsFailover',
		type: 'string',
		default: '',
		required: true,
		description:
			"Text sent as plain SMS when the phone can't receive RCS: 1 to 160 characters of the GSM 7-bit alphabet (no emoji)",
	},
	{
		displayName: 'Replace Non-GSM Characters',
		name: 'replaceNonGsm',
		type: 'boolean',
		default: true,
		description:
			'Whether to replace curly quotes, long dashes, ellipses and non-breaking spaces in the SMS fallback with plain equivalents instead of failing',
	},
];

const displayOptions = { show: { resource: ['rcs'], operation: ['sendRichCard'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export interface RichCardInput {
	phoneNumber: unknown;
	webhookUrl: unknown;
	defaultWebhookUrl: unknown;
	title?: unknown;
	text?: unknown;
	mediaUrl?: unknown;
	thumbnailUrl?: unknown;
	isVideo: boolean;
	smsFailover: unknown;
	replaceNonGsm: boolean;
}

export function buildRichCard(input: RichCardInput): IDataObject {
	const ownUrl = textOf(input.webhookUrl, 'Webhook URL').trim();
	const body: IDataObject = {
		title: toOptionalText(input.title, 'Title', 200),
		text: toOptionalText(input.text, 'Text', 3000),
		url: toOptionalMediaUrl(input.mediaUrl, 'Media URL'),
		thumbnailUrl: toOptionalMediaUrl(input.thumbnailUrl, 'Thumbnail URL'),
		isVideo: input.isVideo,
	};
	if (input.isVideo && body.url === undefined) {
		throw new InvalidInputError('Media URL', 'is required when Is Video is on');
	}
	if (body.title === undefined && body.text === undefined && body.url === undefined) {
		throw new InvalidInputError('Title', 'a rich card needs at least a title, a text or media');
	}
	for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
	return {
		phoneNumber: toTenDigitPhone(input.phoneNumber),
		webhookUrl:
			ownUrl !== ''
				? toWebhookUrl(ownUrl)
				: toWebhookUrl(
						input.defaultWebhookUrl,
						"Webhook URL (or the credential's Default Webhook URL)",
					),
		rcsPayload: { richCard: { body } },
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
	const credentials = await tatango.credentials('v3');
	const request = buildRichCard({
		phoneNumber: this.getNodeParameter('phoneNumber', i),
		webhookUrl: this.getNodeParameter('webhookUrl', i, ''),
		defaultWebhookUrl: credentials.defaultWebhookUrl,
		title: this.getNodeParameter('title', i, ''),
		text: this.getNodeParameter('text', i, ''),
		mediaUrl: this.getNodeParameter('mediaUrl', i, ''),
		thumbnailUrl: this.getNodeParameter('thumbnailUrl', i, ''),
		isVideo: this.getNodeParameter('isVideo', i, false) as boolean,
		smsFailover: this.getNodeParameter('smsFailover', i),
		replaceNonGsm: this.getNodeParameter('replaceNonGsm', i, true) as boolean,
	});
	const { body } = await tatango.request(
		{
			api: 'v3',
			method: 'POST',
			path: '/transactional_messages/send_rcs_rich_card',
			body: request,
			kind: 'send',
		},
		i,
	);
	// The phone the card went to, so its delivery events can be matched. The webhook URL is left
	// out: it may carry the Tatango Trigger's secret token.
	return { ...body, phoneNumber: request.phoneNumber };
}
