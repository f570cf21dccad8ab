import { InvalidInputError } from './InvalidInputError';

/** Length in characters as a person counts them (an emoji is one, not two UTF-16 units). */
export function characterCount(text: string): number {
	return [...text].length;
}

/** Required text of at most `max` characters. */
export function toRequiredText(raw: unknown, field: string, max: number): string {
	const text = raw === undefined || raw === null ? '' : String(raw);
	if (text.trim() === '') {
		throw new InvalidInputError(field, 'is required');
	}
	const length = characterCount(text);
	if (length > max) {
		throw new InvalidInputError(field, `is ${length} characters long; the maximum is ${max}`);
	}
	return text;
}

/** Optional text: undefined when empty, else at most `max` characters. */
export function toOptionalText(raw: unknown, field: string, max: number): string | undefined {
	if (raw === undefined || raw === null || String(raw).trim() === '') return undefined;
	return toRequiredText(String(raw).trim(), field, max);
}

/** Transactional message content: required; Tatango takes 160 characters as SMS, 5000 as MMS. */
export function toMessageContent(raw: unknown, isMms: boolean): string {
	return toRequiredText(raw, 'Content', isMms ? 5000 : 160);
}

/** A keyword as Tatango compares it: trimmed, 2 to 15 characters, upper case. */
export function toKeyword(raw: unknown, field = 'Keyword'): string {
	const keyword = (raw === undefined || raw === null ? '' : String(raw)).trim();
	const length = characterCount(keyword);
	if (length < 2 || length > 15) {
		throw new InvalidInputError(
			field,
			keyword === ''
				? 'is required (2 to 15 characters)'
				: `"${keyword}" is ${length} characters long; a keyword has 2 to 15`,
		);
	}
	return keyword.toUpperCase();
}

/** A positive whole number, such as a list, report or attachment ID. */
export function toPositiveId(raw: unknown, field: string): number {
	const text = raw === undefined || raw === null ? '' : String(raw).trim();
	if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
		throw new InvalidInputError(
			field,
			text === '' ? 'is required' : `"${text}" is not a valid ID (a whole number above 0)`,
		);
	}
	return Number(text);
}
