import {
	InvalidInputError,
	replaceCommonNonGsm,
	septetCount,
	textOf,
} from '../../../shared/validation';

/**
 * What Tatango's list messages may hold (public docs §0.9, S1 "Messaging"): "a-z, A-Z, 0-9 and
 * these special characters: .,:;!?()~=+-_\/@$#&%", 160 characters at most; and the space between
 * words. Narrower than GSM 7-bit: an apostrophe or a double quote was answered 422 "Content contains
 * invalid characters". A line break is not listed, so it is refused too (see the README's
 * compatibility notes).
 */
const LIST_MESSAGE_CHARACTER = /^[a-zA-Z0-9 .,:;!?()~=+\-_\\/@$#&%]$/;
export const LIST_MESSAGE_MAX = 160;
export const LIST_MESSAGE_CHARACTERS =
	'letters A-Z and a-z, digits, spaces and . , : ; ! ? ( ) ~ = + - _ \\ / @ $ # & %';

/** Quotation marks of any kind: refused, and no documented character stands in for them. */
const QUOTE = /^['"\u2018\u2019\u201A\u201B\u201C\u201D\u201E\u201F\u2032\u2033`´]$/;

function describe(character: string): string {
	if (character === ' ') return 'a space';
	if (character === '\n' || character === '\r') return 'a line break';
	if (character === '\t') return 'a tab';
	if (character === '"') return "'\"' (U+0022)";
	const code = character.codePointAt(0)?.toString(16).toUpperCase().padStart(4, '0');
	return `"${character}" (U+${code})`;
}

/**
 * A broadcast's text: 1 to 160 characters of the documented set, counted as an SMS counts them. With `replaceOffenders` long
 * dashes, ellipses and non-breaking spaces are swapped for "-", "..." and a space first (what
 * Replace Non-GSM Characters does elsewhere); quotation marks have no allowed stand-in and are
 * refused, naming them.
 */
export function toListMessageText(
	raw: unknown,
	field: string,
	{ replaceOffenders = false }: { replaceOffenders?: boolean } = {},
): string {
	let text = textOf(raw, field);
	// Quotes stay as typed, so the refusal names the character the user wrote.
	if (replaceOffenders) {
		text = [...text].map((c) => (QUOTE.test(c) ? c : replaceCommonNonGsm(c))).join('');
	}
	if (text.trim() === '') {
		throw new InvalidInputError(
			field,
			text === '' ? `is required (1 to ${LIST_MESSAGE_MAX} characters)` : 'is blank (only spaces)',
		);
	}
	const offenders = [
		...new Set([...text].filter((character) => !LIST_MESSAGE_CHARACTER.test(character))),
	];
	if (offenders.length > 0) {
		const replaceable = offenders.some((c) => replaceCommonNonGsm(c) !== c && !QUOTE.test(c));
		throw new InvalidInputError(
			field,
			`Tatango's list messages may use only ${LIST_MESSAGE_CHARACTERS}; it contains ${offenders.map(describe).join(', ')}`,
			[
				offenders.some((c) => QUOTE.test(c))
					? 'Tatango refuses apostrophes and quotation marks in list messages: rephrase without them (e.g. "we are" for "we\'re").'
					: '',
				replaceable && !replaceOffenders
					? 'Turn on "Replace Non-GSM Characters" to swap long dashes, ellipses and non-breaking spaces automatically.'
					: '',
				'Nothing was sent.',
			]
				.filter(Boolean)
				.join(' '),
		);
	}
	// Counted as one SMS holds them: "~" and "\" take two GSM 7-bit septets each.
	const length = septetCount(text);
	if (length > LIST_MESSAGE_MAX) {
		throw new InvalidInputError(
			field,
			`is ${length} characters long as an SMS counts them (~ and \\ count twice); the maximum is ${LIST_MESSAGE_MAX}`,
		);
	}
	return text;
}
