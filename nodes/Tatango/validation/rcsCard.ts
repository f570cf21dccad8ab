import type { IDataObject } from 'n8n-workflow';

import { InvalidInputError } from './InvalidInputError';
import { toOptionalText } from './text';
import { toOptionalMediaUrl } from './url';

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
