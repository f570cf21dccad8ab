import { InvalidInputError } from './InvalidInputError';
import { toEmail } from './subscriberProfile';
import { characterCount, textOf, toKeyword } from './text';

/** Tatango's documented limit for a list name. */
export const LIST_NAME_MAX = 25;

/** A list name: required, at most 25 characters (Tatango's documented limit). */
export function toListName(raw: unknown): string {
	const name = textOf(raw, 'Name').trim();
	if (name === '') throw new InvalidInputError('Name', 'is required');
	const length = characterCount(name);
	if (length > LIST_NAME_MAX) {
		throw new InvalidInputError(
			'Name',
			`"${name}" is ${length} characters long; a list name has at most ${LIST_NAME_MAX}`,
		);
	}
	return name;
}

/**
 * Keywords as Tatango assigns them: each 2 to 15 characters, upper case (Tatango compares them
 * in upper case, so "join" and "JOIN" are one keyword and are sent once). Accepts a list or a
 * comma-separated string.
 */
export function toKeywordList(
	raw: unknown,
	{ field = 'Keywords', required = false }: { field?: string; required?: boolean } = {},
): string[] {
	const parts = Array.isArray(raw)
		? raw.map((part) => textOf(part, field))
		: textOf(raw, field).split(',');
	const trimmed = parts.map((part) => part.trim()).filter((part) => part !== '');
	if (trimmed.length === 0) {
		if (required) {
			throw new InvalidInputError(
				field,
				'needs at least one keyword (2 to 15 characters; separate several with commas)',
			);
		}
		return [];
	}
	return [...new Set(trimmed.map((keyword) => toKeyword(keyword, field)))];
}

/**
 * The address of a list's daily e-mail digest, or undefined when left empty. Tatango gives no size
 * for it, so only the e-mail standard's 254 characters apply.
 */
export function toDigestEmail(raw: unknown): string | undefined {
	return toEmail(raw, 'Email Digest To', 254);
}
