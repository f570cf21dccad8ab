import { InvalidInputError } from './InvalidInputError';

/**
 * Length as Tatango's limits are applied here: in UTF-16 code units, so an emoji (or any character
 * outside the Basic Multilingual Plane) counts as 2. The docs say "characters" without defining
 * them; an SMS carrying an emoji goes out as UCS-2, made of these 16-bit units, and this is the
 * stricter reading, so a text the node accepts fits under either count. The sandbox counts the same.
 */
export function characterCount(text: string): number {
	return text.length;
}

/** What a value is, in the words an error shows a user. */
function typeName(value: unknown): string {
	if (Array.isArray(value)) return 'a list';
	if (value === null) return 'null';
	if (typeof value === 'object') return 'an object';
	if (typeof value === 'boolean') return 'a boolean (true/false)';
	return `a ${typeof value}`;
}

/**
 * The text of a field that takes a string or a number: empty when unset. Anything else (an object
 * or a list from an expression) is an error, never "[object Object]" or "a,b" sent to a customer.
 */
export function textOf(raw: unknown, field: string): string {
	if (raw === undefined || raw === null) return '';
	if (typeof raw === 'string') return raw;
	if (typeof raw === 'number' && Number.isFinite(raw)) return String(raw);
	throw new InvalidInputError(
		field,
		`must be text or a number; it received ${typeName(raw)}`,
		'If the value comes from an expression, pick the field inside it (e.g. {{ $json.order.name }}) or turn it into text with JSON.stringify().',
	);
}

/**
 * The number of a field that takes a number: a number, or text holding one; NaN when empty. Anything
 * else (an object, a list or true/false from an expression) is an error: `Number([24])` is 24 and
 * `Number(true)` is 1, which would pass a range check and be sent.
 */
export function numberOf(raw: unknown, field: string): number {
	if (typeof raw === 'number') return raw;
	const text = textOf(raw, field).trim();
	return text === '' ? Number.NaN : Number(text);
}

/**
 * A yes/no field: true or false, or the text "true"/"false" an expression may yield. Anything else
 * is an error: JavaScript reads the text "false" as true, which would, for example, add a number
 * without its opt-in.
 */
export function toFlag(raw: unknown, field: string, fallback = false): boolean {
	if (raw === undefined || raw === null || raw === '') return fallback;
	if (typeof raw === 'boolean') return raw;
	if (typeof raw === 'string' && /^\s*(true|false)\s*$/i.test(raw)) {
		return raw.trim().toLowerCase() === 'true';
	}
	throw new InvalidInputError(
		field,
		`must be true or false; it received ${typeof raw === 'string' ? `"${raw.slice(0, 40)}"` : typeName(raw)}`,
	);
}

function tooLong(field: string, length: number, max: number): InvalidInputError {
	return new InvalidInputError(
		field,
		`is ${length} characters long; the maximum is ${max} (an emoji counts as 2)`,
	);
}

/** Required text of at most `max` characters. */
export function toRequiredText(raw: unknown, field: string, max: number): string {
	const text = textOf(raw, field);
	if (text.trim() === '') {
		throw new InvalidInputError(field, 'is required');
	}
	const length = characterCount(text);
	if (length > max) throw tooLong(field, length, max);
	return text;
}

/** Optional text: undefined when empty, else at most `max` characters. */
export function toOptionalText(raw: unknown, field: string, max: number): string | undefined {
	const text = textOf(raw, field).trim();
	if (text === '') return undefined;
	return toRequiredText(text, field, max);
}

/** Transactional message content: required; Tatango takes 160 characters as SMS, 5000 as MMS. */
export function toMessageContent(raw: unknown, isMms: boolean): string {
	return toRequiredText(raw, 'Content', isMms ? 5000 : 160);
}

/**
 * A keyword as Tatango compares it: upper case (measured after upper-casing: "ß" becomes "SS"),
 * 2 to 15 characters, Latin letters A-Z and digits only. Tatango's keyword UI and docs show only
 * such keywords, and a keyword is what a person types to a shortcode: an accent, a space or a
 * symbol makes a keyword people mistype or that carriers' STOP/HELP handling does not match.
 */
export function toKeyword(raw: unknown, field = 'Keyword'): string {
	const keyword = textOf(raw, field).trim().toUpperCase();
	if (keyword === '') throw new InvalidInputError(field, 'is required (2 to 15 characters)');
	const offenders = [...new Set([...keyword].filter((character) => !/[A-Z0-9]/.test(character)))];
	if (offenders.length > 0) {
		throw new InvalidInputError(
			field,
			`"${keyword}" may use only the letters A-Z and digits; it contains ${offenders
				.map((character) => (character === ' ' ? 'a space' : `"${character}"`))
				.join(', ')}`,
		);
	}
	const length = characterCount(keyword);
	if (length < 2 || length > 15) {
		throw new InvalidInputError(
			field,
			`"${keyword}" is ${length} characters long (after upper-casing); a keyword has 2 to 15`,
		);
	}
	return keyword;
}

/** A positive whole number, such as a list, report or attachment ID. */
export function toPositiveId(raw: unknown, field: string): number {
	const text = textOf(raw, field).trim();
	if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
		throw new InvalidInputError(
			field,
			text === '' ? 'is required' : `"${text}" is not a valid ID (a whole number above 0)`,
		);
	}
	return Number(text);
}
