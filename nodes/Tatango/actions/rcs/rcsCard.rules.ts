import type { IDataObject } from 'n8n-workflow';

import {
	InvalidInputError,
	parseJson,
	toOptionalText,
	toOptionalMediaUrl,
} from '../../../shared/validation';

/** A card as the node's fields give it (a rich card, or one card of a carousel). */
export interface RcsCardInput {
	title?: unknown;
	text?: unknown;
	mediaUrl?: unknown;
	thumbnailUrl?: unknown;
	isVideo?: unknown;
}

/**
 * A card `body` as Tatango takes it (public docs §3.5, §3.6): `title`, `text` (up to 3,000
 * characters), `url`, `thumbnailUrl`, `isVideo`, empty ones left out. `where` names the card in
 * errors, e.g. "Card 2 → " for a carousel.
 */
export function toRcsCardBody(input: RcsCardInput, where = ''): IDataObject {
	if (input.isVideo !== undefined && typeof input.isVideo !== 'boolean') {
		throw new InvalidInputError(
			`${where}Is Video`,
			`must be true or false; got ${JSON.stringify(input.isVideo)}`,
		);
	}
	const isVideo = input.isVideo === true;
	const body: IDataObject = {
		title: toOptionalText(input.title, `${where}Title`, 200),
		text: toOptionalText(input.text, `${where}Text`, 3000),
		url: toOptionalMediaUrl(input.mediaUrl, `${where}Media URL`),
		thumbnailUrl: toOptionalMediaUrl(input.thumbnailUrl, `${where}Thumbnail URL`),
		isVideo,
	};
	if (isVideo && body.url === undefined) {
		throw new InvalidInputError(`${where}Media URL`, 'is required when Is Video is on');
	}
	if (body.title === undefined && body.text === undefined && body.url === undefined) {
		throw new InvalidInputError(`${where}Title`, 'a card needs at least a title, a text or media');
	}
	for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
	return body;
}

/** The card keys Tatango documents (public docs §3.5, §3.6); anything else would be invented. */
const CARD_KEYS = ['title', 'text', 'url', 'thumbnailUrl', 'isVideo'];
const CAROUSEL_MAX_CARDS = 3;

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Carousel cards given as JSON (a string, or an array from an expression): each card in the API's
 * shape, `{ body: { title, text, url, thumbnailUrl, isVideo } }`, or just its body. A key Tatango
 * does not document is refused rather than dropped.
 */
export function toCarouselCardsFromJson(raw: unknown, field = 'Cards (JSON)'): RcsCardInput[] {
	let value = raw;
	if (typeof raw === 'string') {
		if (raw.trim() === '')
			throw new InvalidInputError(field, 'is required (an array of 1 to 3 cards)');
		value = parseJson(raw);
		if (value === undefined) {
			throw new InvalidInputError(field, 'is not valid JSON (an array of 1 to 3 cards)');
		}
	}
	if (!Array.isArray(value)) {
		throw new InvalidInputError(
			field,
			'must be an array of cards, e.g. [{"title":"…","url":"https://…"}]',
		);
	}
	return value.map((card: unknown, index) => {
		const where = `${field} card ${index + 1}`;
		const body =
			isPlainObject(card) && isPlainObject(card.body) && Object.keys(card).length === 1
				? card.body
				: card;
		if (!isPlainObject(body)) throw new InvalidInputError(where, 'must be an object');
		const unknown = Object.keys(body).filter((key) => !CARD_KEYS.includes(key));
		if (unknown.length > 0) {
			throw new InvalidInputError(
				where,
				`has ${unknown.map((key) => `"${key}"`).join(', ')}, which Tatango does not document; a card takes ${CARD_KEYS.join(', ')}`,
			);
		}
		return {
			title: body.title,
			text: body.text,
			mediaUrl: body.url,
			thumbnailUrl: body.thumbnailUrl,
			isVideo: body.isVideo ?? false,
		};
	});
}

/**
 * What every carousel card must have: the docs give a card as `{title, text, url, isVideo
 * [, thumbnailUrl]}` (public docs §3.6), only the thumbnail optional; a card without text was
 * answered 400 "Invalid rcsPayload". `isVideo` is always sent.
 */
const CAROUSEL_CARD_REQUIRES: Array<[key: string, field: string]> = [
	['title', 'Title'],
	['text', 'Text'],
	['url', 'Media URL'],
];

/** `rcsPayload` of a carousel: 1 to 3 cards, each checked as a card (public docs §3.6). */
export function toCarouselPayload(cards: RcsCardInput[]): { cards: Array<{ body: IDataObject }> } {
	if (cards.length < 1 || cards.length > CAROUSEL_MAX_CARDS) {
		throw new InvalidInputError(
			'Cards',
			`a carousel has 1 to ${CAROUSEL_MAX_CARDS} cards; got ${cards.length}`,
		);
	}
	return {
		cards: cards.map((card, index) => {
			const where = `Card ${index + 1} → `;
			const body = toRcsCardBody(card, where);
			for (const [key, field] of CAROUSEL_CARD_REQUIRES) {
				if (body[key] === undefined) {
					throw new InvalidInputError(
						`${where}${field}`,
						'is required: every carousel card needs a title, a text and a media URL',
					);
				}
			}
			return { body };
		}),
	};
}
