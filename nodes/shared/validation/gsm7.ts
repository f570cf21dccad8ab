import { InvalidInputError } from './InvalidInputError';
import { textOf } from './text';

// The GSM 03.38 basic character set and its extension table: what an SMS can carry without
// switching to UCS-2. Tatango requires the RCS SMS fallback to use only these.
const GSM7_BASIC =
	'@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '^{}\\[~]|€\f';
const GSM7 = new Set([...GSM7_BASIC, ...GSM7_EXTENSION]);
const GSM7_ESCAPED = new Set([...GSM7_EXTENSION]);

/** Characters that word processors and phones put in text and that have a plain GSM stand-in. */
const COMMON_OFFENDERS: Array<[RegExp, string]> = [
	[/[\u2018\u2019\u201A\u201B\u2032]/g, "'"],
	[/[\u201C\u201D\u201E\u201F\u2033]/g, '"'],
	[/[\u2012\u2013\u2014\u2015\u2212]/g, '-'],
	[/\u2026/g, '...'],
	[/[\u00A0\u2002\u2003\u2007\u2009\u202F]/g, ' '],
];

/** The distinct characters of `text` that GSM 7-bit cannot carry, in order of appearance. */
export function nonGsmCharacters(text: string): string[] {
	return [...new Set([...text].filter((character) => !GSM7.has(character)))];
}

/** Replaces curly quotes, long dashes, the ellipsis and non-breaking spaces with GSM equivalents. */
export function replaceCommonNonGsm(text: string): string {
	return COMMON_OFFENDERS.reduce(
		(result, [pattern, plain]) => result.replace(pattern, plain),
		text,
	);
}

/** Septets a GSM 7-bit text takes in an SMS: extension characters (`€ [ ] { } ~ ^ | \\`) take two. */
export function septetCount(text: string): number {
	return [...text].reduce((count, character) => count + (GSM7_ESCAPED.has(character) ? 2 : 1), 0);
}

function describe(character: string): string {
	const code = character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
	return `"${character}" (U+${code})`;
}

/**
 * An SMS text of 1 to `max` characters of the GSM 7-bit alphabet, counted as one SMS holds them
 * (septets: extension characters count twice), and not blank. With `replaceOffenders` the usual
 * typographic characters are swapped for plain ones first instead of failing.
 */
export function toGsm7Text(
	raw: unknown,
	field: string,
	{ max = 160, replaceOffenders = false }: { max?: number; replaceOffenders?: boolean } = {},
): string {
	let text = textOf(raw, field);
	if (replaceOffenders) text = replaceCommonNonGsm(text);
	if (text.trim() === '') {
		throw new InvalidInputError(
			field,
			text === '' ? `is required (1 to ${max} characters)` : 'is blank (only spaces)',
		);
	}
	const offenders = nonGsmCharacters(text);
	if (offenders.length > 0) {
		throw new InvalidInputError(
			field,
			`must use only the GSM 7-bit SMS alphabet; it contains ${offenders.map(describe).join(', ')}`,
			replaceOffenders
				? 'Remove or replace these characters (emoji and most symbols cannot be sent as plain SMS).'
				: 'Turn on "Replace Non-GSM Characters" to swap curly quotes, long dashes, ellipses and non-breaking spaces automatically.',
		);
	}
	const septets = septetCount(text);
	if (septets > max) {
		throw new InvalidInputError(
			field,
			`is ${septets} characters long as an SMS counts them (€ [ ] { } ~ ^ | \\ count twice); the maximum is ${max}`,
		);
	}
	return text;
}
