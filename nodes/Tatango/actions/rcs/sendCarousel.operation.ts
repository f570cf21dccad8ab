import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toGsm7Text, toTenDigitPhone, toV3WebhookUrl } from '../../../shared/validation';
import { type RcsCardInput, toCarouselCardsFromJson, toCarouselPayload } from './rcsCard.rules';
import { phoneNumberField, smsFallbackFields, v3WebhookUrlField } from '../../../shared/fields';
import { readV3SendFields, sendV3Message } from '../v3Send';

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

const displayOptions = { show: { resource: ['rcs'], operation: ['sendCarousel'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export interface RcsCarouselInput {
	phoneNumber: unknown;
	webhookUrl: unknown;
	defaultWebhookUrl: unknown;
	cards: RcsCardInput[];
	smsFailover: unknown;
	replaceNonGsm: boolean;
}

/** The body of `POST /transactional_messages/send_rcs_carousel` (public docs §3.6). */
export function buildRcsCarousel(input: RcsCarouselInput) {
	return {
		phoneNumber: toTenDigitPhone(input.phoneNumber),
		webhookUrl: toV3WebhookUrl(input.webhookUrl, input.defaultWebhookUrl),
		rcsPayload: toCarouselPayload(input.cards),
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
	const cards =
		this.getNodeParameter('cardsSource', i, 'fields') === 'json'
			? toCarouselCardsFromJson(this.getNodeParameter('cardsJson', i))
			: (((this.getNodeParameter('cards', i, {}) as IDataObject).card ?? []) as RcsCardInput[]);
	const request = buildRcsCarousel({
		...(await readV3SendFields(this, i, tatango)),
		cards,
		smsFailover: this.getNodeParameter('smsFailover', i),
	});
	return await sendV3Message(tatango, i, {
		path: '/transactional_messages/send_rcs_carousel',
		channel: 'RCS',
		request,
	});
}
