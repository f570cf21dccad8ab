import { InvalidInputError, textOf } from '../../../../shared/validation';

/** What an approval reply means, or null when it matches neither word list. */
export type ApprovalAnswer = 'approved' | 'declined' | null;

/** A reply that names the code of another request waiting on the same phone. */
export type CodedAnswer = ApprovalAnswer | 'otherRequest';

/** A reply code as a person types it after the word: four digits (reviewText.ts). */
const CODE = /^\d{4}$/u;

/** A reply as it is compared with the words: trimmed, upper case, without closing punctuation. */
function normalized(text: string): string {
	return text
		.trim()
		.replace(/[\s.!?,;:)'"]+$/u, '')
		.replace(/^[\s("']+/u, '')
		.toUpperCase();
}

/**
 * A comma-separated list of approval or decline words, as compared with replies. At least one word;
 * a word is letters and digits only, because a reply is matched as a whole (see classifyReply).
 */
export function toReplyWords(raw: unknown, field: string): string[] {
	const text = textOf(raw, field);
	const words = text
		.split(',')
		.map((word) => normalized(word))
		.filter((word) => word !== '');
	if (words.length === 0) {
		throw new InvalidInputError(field, 'needs at least one word, e.g. YES, Y');
	}
	for (const word of words) {
		if (!/^[\p{L}\p{N}]+( [\p{L}\p{N}]+)*$/u.test(word)) {
			throw new InvalidInputError(
				field,
				`"${word}" is not a word: use letters and digits, and separate words with commas`,
			);
		}
	}
	return [...new Set(words)];
}

/** Fails when a word is both an approval and a decline word: such a reply could not be read. */
export function checkWordsDistinct(approveWords: string[], declineWords: string[]): void {
	const both = approveWords.filter((word) => declineWords.includes(word));
	if (both.length > 0) {
		throw new InvalidInputError(
			'Decline Words',
			`${both.map((word) => `"${word}"`).join(', ')} is also an approval word`,
		);
	}
}

/**
 * Reads an approval reply. The whole reply must be one of the words, ignoring case, surrounding
 * spaces and closing punctuation ("Yes!", " no. "): "No problem, go ahead" must not decline.
 */
export function classifyReply(
	text: string,
	approveWords: string[],
	declineWords: string[],
): ApprovalAnswer {
	const reply = normalized(text).replace(/\s+/gu, ' ');
	if (approveWords.includes(reply)) return 'approved';
	if (declineWords.includes(reply)) return 'declined';
	return null;
}

/**
 * Reads a reply to a text that asked for a code ("Reply YES 4821 or NO 4821"): the word and the
 * code in any order ("yes 4821", "4821 Yes!", "YES4821"). A reply without a code is unclear (it
 * could answer another request on the same phone); one with another request's code is that
 * request's answer, never this one's.
 */
export function classifyCodedReply(
	text: string,
	code: string,
	approveWords: string[],
	declineWords: string[],
): CodedAnswer {
	const tokens = normalized(text)
		.replace(/(\p{L})(\d)/gu, '$1 $2')
		.replace(/(\d)(\p{L})/gu, '$1 $2')
		.split(/[\s.,;:!?()'"]+/u)
		.filter((token) => token !== '');
	const codes = tokens.filter((token) => CODE.test(token));
	if (codes.length === 0) return null;
	if (codes.some((named) => named !== code)) return 'otherRequest';
	const reply = tokens.filter((token) => !CODE.test(token)).join(' ');
	if (approveWords.includes(reply)) return 'approved';
	if (declineWords.includes(reply)) return 'declined';
	return null;
}
