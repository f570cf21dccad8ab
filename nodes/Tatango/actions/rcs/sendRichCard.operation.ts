import type { INodeProperties } from 'n8n-workflow';

import { toFlag } from '../../../shared/validation';
import { type RcsCardInput, toRcsCardBody } from './rcsCard.rules';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { v3SendOperation, smsFallbackOf, type V3Send } from '../send/v3';
import { optionValue } from '../send/grouped';

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

/** `POST /transactional_messages/send_rcs_rich_card` (public docs §3.5). */
export const rcsRichCardSend: V3Send = {
	path: '/transactional_messages/send_rcs_rich_card',
	channel: 'RCS',
	payload(context, i, common) {
		const card: RcsCardInput = {
			title: context.getNodeParameter('title', i, ''),
			text: context.getNodeParameter('text', i, ''),
			mediaUrl: context.getNodeParameter('mediaUrl', i, ''),
			thumbnailUrl: optionValue(context, 'thumbnailUrl', i, ''),
			isVideo: toFlag(optionValue(context, 'isVideo', i, false), 'Is Video', false),
		};
		return {
			rcsPayload: { richCard: { body: toRcsCardBody(card) } },
			smsFailover: smsFallbackOf(context, i, common),
		};
	},
};

export const { description, execute } = v3SendOperation(
	{ resource: ['rcs'], operation: ['sendRichCard'] },
	properties,
	rcsRichCardSend,
);
