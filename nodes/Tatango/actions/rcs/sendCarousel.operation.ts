import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { type RcsCardInput, toCarouselCardsFromJson, toCarouselPayload } from './rcsCard.rules';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { v3SendOperation, smsFallbackOf, type V3Send } from '../send/v3';

const properties: INodeProperties[] = [
	phoneNumberField('Mobile number with RCS support, US or Canadian, in any common format'),
	{
		displayName: 'Cards From',
		name: 'cardsSource',
		type: 'options',
		noDataExpression: true,
		options: [
			{ name: 'Fields Below', value: 'fields', description: 'Fill in each card' },
			{
				name: 'JSON',
				value: 'json',
				description: 'One array of cards, e.g. built by an earlier node',
			},
		],
		default: 'fields',
	},
	{
		displayName: 'Cards',
		name: 'cards',
		type: 'fixedCollection',
		placeholder: 'Add Card',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Card', sortable: true },
		default: {},
		description: '1 to 3 cards, shown side by side',
		displayOptions: { show: { cardsSource: ['fields'] } },
		options: [
			{
				displayName: 'Card',
				name: 'card',
				values: [
					{
						displayName: 'Is Video',
						name: 'isVideo',
						type: 'boolean',
						default: false,
						description: 'Whether the media is a video',
					},
					{
						displayName: 'Media URL',
						name: 'mediaUrl',
						type: 'string',
						default: '',
						placeholder: 'https://example.com/images/boots.jpg',
						description: 'Image or video shown at the top of the card',
					},
					{
						displayName: 'Text',
						name: 'text',
						type: 'string',
						typeOptions: { rows: 2 },
						default: '',
						description:
							'Up to 3,000 characters; bold, italic, underline, strikethrough and emoji work',
					},
					{
						displayName: 'Thumbnail URL',
						name: 'thumbnailUrl',
						type: 'string',
						default: '',
						description: 'Thumbnail shown while a video loads',
					},
					{ displayName: 'Title', name: 'title', type: 'string', default: '' },
				],
			},
		],
	},
	{
		displayName: 'Cards (JSON)',
		name: 'cardsJson',
		type: 'json',
		default:
			'[\n  { "title": "", "text": "", "url": "https://", "thumbnailUrl": "", "isVideo": false }\n]',
		required: true,
		description:
			'An array of 1 to 3 cards, each with the keys shown in the example (thumbnailUrl too), or in Tatango\'s own {"body": {...}} shape',
		displayOptions: { show: { cardsSource: ['json'] } },
	},
	...smsFallbackFields('RCS'),
	v3WebhookUrlField,
];

/** `POST /transactional_messages/send_rcs_carousel` (public docs §3.6). */
export const rcsCarouselSend: V3Send = {
	path: '/transactional_messages/send_rcs_carousel',
	channel: 'RCS',
	payload(context, i, common) {
		const cards =
			context.getNodeParameter('cardsSource', i, 'fields') === 'json'
				? toCarouselCardsFromJson(context.getNodeParameter('cardsJson', i))
				: (((context.getNodeParameter('cards', i, {}) as IDataObject).card ??
						[]) as RcsCardInput[]);
		return {
			rcsPayload: toCarouselPayload(cards),
			smsFailover: smsFallbackOf(context, i, common),
		};
	},
};

export const { description, execute } = v3SendOperation(
	{ resource: ['rcs'], operation: ['sendCarousel'] },
	properties,
	rcsCarouselSend,
);
