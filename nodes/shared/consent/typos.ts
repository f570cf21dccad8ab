// Misspelt keywords a reader still understands ("stpo", "unsuscribe", "cancle"), told apart from
// real words one letter away ("step", "shop", "into", "quite"). Pure, no n8n context.
import { collapseRepeats } from './normalize';

/** Words read through their misspellings, as the rules spell them. */
const TYPO_TOLERANT = [
	'stop',
	'help',
	'info',
	'start',
	'quit',
	'unstop',
	'cancel',
	'remove',
	'revoke',
	'optout',
	'unsub',
	'unsubscribe',
	'stopall',
	'texting',
	'messages',
	'message',
	'messaging',
	'cancelar',
	'desabonner',
	'desabonnement',
	'desinscription',
	'annuler',
];

/**
 * Real words (English, Spanish, French) within one keystroke of a keyword: never read as it.
 * Inflections (stops, removed, unsubscribed...) are excluded by rule, below.
 */
const REAL_WORDS = new Set([
	'top',
	'atop',
	'shop',
	'step',
	'stoop',
	'stomp',
	'strop',
	'stow',
	'sop',
	'hell',
	'helo',
	'hello',
	'held',
	'hemp',
	'into',
	'inf',
	'star',
	'stark',
	'stare',
	'stat',
	'stats',
	'tart',
	'quite',
	'quiet',
	'quid',
	'quiz',
	'qui',
	'suit',
	'tests',
	'testing',
	'massage',
	'massages',
	'messager',
	'mensaje',
	'cancer',
	'remote',
	'annule',
	'subscribe',
]);

const INFLECTIONS = ['s', 'es', 'd', 'ed', 'ing', 'er', 'ers', 'ung'];

const KEY_ROWS = ['1234567890', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const ROW_OFFSETS = [0, 0.5, 0.75, 1.25];
const KEY_POSITIONS = new Map<string, { row: number; x: number }>();
KEY_ROWS.forEach((row, rowIndex) =>
	[...row].forEach((key, index) =>
		KEY_POSITIONS.set(key, { row: rowIndex, x: index + ROW_OFFSETS[rowIndex] }),
	),
);
const VOWELS = new Set([...'aeiouy']);

/** A slip of the finger (neighbouring keys) or of spelling (one vowel for another). */
function isLikelySlip(typed: string, meant: string): boolean {
	if (VOWELS.has(typed) && VOWELS.has(meant)) return true;
	const a = KEY_POSITIONS.get(typed);
	const b = KEY_POSITIONS.get(meant);
	if (!a || !b) return false;
	if (a.row === b.row) return Math.abs(a.x - b.x) === 1;
	return Math.abs(a.row - b.row) === 1 && Math.abs(a.x - b.x) <= 0.75;
}

/**
 * Edits from `word` to `keyword`: a letter added, dropped, swapped with its neighbour, or typed on
 * a neighbouring key count 1; any other replacement counts 2.
 */
function editsBetween(word: string, keyword: string): number {
	const rows = word.length + 1;
	const columns = keyword.length + 1;
	const distance: number[][] = Array.from({ length: rows }, () =>
		new Array<number>(columns).fill(0),
	);
	for (let i = 0; i < rows; i++) distance[i][0] = i;
	for (let j = 0; j < columns; j++) distance[0][j] = j;
	for (let i = 1; i < rows; i++) {
		for (let j = 1; j < columns; j++) {
			const typed = word[i - 1];
			const meant = keyword[j - 1];
			const replace = typed === meant ? 0 : isLikelySlip(typed, meant) ? 1 : 2;
			let best = Math.min(
				distance[i - 1][j] + 1,
				distance[i][j - 1] + 1,
				distance[i - 1][j - 1] + replace,
			);
			if (i > 1 && j > 1 && typed === keyword[j - 2] && word[i - 2] === meant) {
				best = Math.min(best, distance[i - 2][j - 2] + 1);
			}
			distance[i][j] = best;
		}
	}
	return distance[rows - 1][columns - 1];
}

function isTypoOf(word: string, keyword: string): boolean {
	if (collapseRepeats(word) === collapseRepeats(keyword)) return true;
	if (REAL_WORDS.has(word)) return false;
	if (INFLECTIONS.some((ending) => word === keyword + ending)) return false;
	// Long words bear two slips; words of four letters one; the first letters are rarely wrong.
	const allowed = keyword.length >= 9 ? 2 : keyword.length >= 4 ? 1 : 0;
	const sharedStart = keyword.length >= 9 ? 2 : 1;
	if (allowed === 0 || word.slice(0, sharedStart) !== keyword.slice(0, sharedStart)) return false;
	if (Math.abs(word.length - keyword.length) > allowed) return false;
	return editsBetween(word, keyword) <= allowed;
}

/** The keyword a folded word is a spelling of, else the word itself. */
export function spelledKeyword(word: string): string {
	if (TYPO_TOLERANT.includes(word) || word.length < 3) return word;
	for (const keyword of TYPO_TOLERANT) {
		if (isTypoOf(word, keyword)) return keyword;
	}
	return word;
}
