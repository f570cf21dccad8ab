import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toFlag, toGsm7Text, toTenDigitPhone, toV3WebhookUrl } from '../../../shared/validation';
import { toRcsCardBody } from './rcsCard.rules';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { readV3SendFields, sendV3Message } from '../v3Send';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number with RCS support, US or Canadian, in any common format'),
	v3WebhookUrlField,
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
	...smsFallbackFields('RCS'),
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

/** The body of `POST /transactional_messages/send_rcs_rich_card` (public docs §3.5). */
export function buildRichCard(input: RichCardInput) {
	const body = toRcsCardBody(input);
	return {
		phoneNumber: toTenDigitPhone(input.phoneNumber),
		webhookUrl: toV3WebhookUrl(input.webhookUrl, input.defaultWebhookUrl),
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
	const request = buildRichCard({
		...(await readV3SendFields(this, i, tatango)),
		title: this.getNodeParameter('title', i, ''),
		text: this.getNodeParameter('text', i, ''),
		mediaUrl: this.getNodeParameter('mediaUrl', i, ''),
		thumbnailUrl: this.getNodeParameter('thumbnailUrl', i, ''),
		isVideo: toFlag(this.getNodeParameter('isVideo', i, false), 'Is Video', false),
		smsFailover: this.getNodeParameter('smsFailover', i),
	});
	return await sendV3Message(tatango, i, {
		path: '/transactional_messages/send_rcs_rich_card',
		channel: 'RCS',
		request,
	});
}
