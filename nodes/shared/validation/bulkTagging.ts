import { InvalidInputError } from './InvalidInputError';
import { toTenDigitPhone } from './phone';
import { textOf } from './text';

/** Documented limits of one `POST /lists/{id}/bulk_taggings`. */
export const BULK_TAGGING_MAX_NUMBERS = 1000;
export const BULK_TAGGING_MAX_TAGS = 50;

/**
 * Entries of a list field: an array (from an expression) or text separated by commas or new lines.
 * Each entry is text or a number: an object would be tagged as "[object Object]".
 */
function entriesOf(raw: unknown, field: string): string[] {
	const parts = Array.isArray(raw)
		? raw.map((entry) => textOf(entry, field))
		: textOf(raw, field).split(/[,\n]/);
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/**
 * Tag names: at least one, at most `max`, each given once (repeats are dropped, as Tatango keeps a
 * tag once per subscriber).
 */
export function toTagList(raw: unknown, field: string, max: number): string[] {
	const tags = [...new Set(entriesOf(raw, field))];
	if (tags.length === 0) {
		throw new InvalidInputError(field, 'needs at least one tag (separate tags with commas)');
	}
	if (tags.length > max) {
		throw new InvalidInputError(
			field,
			`has ${tags.length} tags; Tatango takes at most ${max} in one call`,
		);
	}
	return tags;
}

/**
 * Phone numbers for a bulk call: each read like Phone Number, the entry's position named when one is
 * wrong; repeats dropped; at least one and at most `max`.
 */
export function toPhoneNumberList(raw: unknown, field: string, max: number): string[] {
	const entries = entriesOf(raw, field);
	if (entries.length === 0) {
		throw new InvalidInputError(field, 'needs at least one phone number');
	}
	const phones = [
		...new Set(entries.map((entry, n) => toTenDigitPhone(entry, `${field} (number ${n + 1})`))),
	];
	if (phones.length > max) {
		throw new InvalidInputError(
			field,
			`has ${phones.length} numbers; Tatango takes at most ${max} in one call, so split them (e.g. with a Loop Over Items node of batch size ${max})`,
		);
	}
	return phones;
}
