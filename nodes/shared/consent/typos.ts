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
	'baja',
	'arret',
	'arrete',
	'arretez',
	'arreter',
	'arretes',
	'desabonnez',
	'desinscrire',
	'desinscrivez',
	'subscription',
	'suscripcion',
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
	// Spanish words one letter from "baja": under, to go down, a robe, a bullet.
	'bajo',
	'bajar',
	'bajan',
	'baje',
	'bata',
	// French participles, read by the rules as they are ("je me suis désinscrit").
	'desinscrit',
	'desinscrite',
	'bala',
	'baba',
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

/**
 * The hand one key over for a run of letters ("stio" for "stop": "op" typed as "io"): every letter
 * that differs is the meant key's neighbour on its row, all on the same side, one after another.
 */
function isShiftedRun(word: string, meant: string): boolean {
	if (word.length !== meant.length) return false;
	const differing: number[] = [];
	for (let i = 0; i < word.length; i++) if (word[i] !== meant[i]) differing.push(i);
	if (differing.length < 2 || differing[differing.length - 1] - differing[0] >= differing.length) {
		return false;
	}
	const shifts = differing.map((i) => {
		const typed = KEY_POSITIONS.get(word[i]);
		const intended = KEY_POSITIONS.get(meant[i]);
		return typed && intended && typed.row === intended.row ? typed.x - intended.x : 0;
	});
	return shifts.every((shift) => shift === shifts[0] && Math.abs(shift) === 1);
}

/** Spanish writes "b" and "v" for the same sound ("vaja" for "baja"): one slip, even first. */
const SOUND_ALIKE_FIRST: Record<string, string> = { v: 'b', b: 'v' };
const SPANISH_KEYWORDS = new Set(['baja', 'cancelar']);

function isTypoOf(word: string, keyword: string): boolean {
	// Every reading below keeps the first letter (or swaps "b" and "v"): a cheap test first.
	if (word[0] !== keyword[0] && SOUND_ALIKE_FIRST[word[0]] !== keyword[0]) return false;
	if (collapseRepeats(word) === collapseRepeats(keyword)) return true;
	if (REAL_WORDS.has(word)) return false;
	if (INFLECTIONS.some((ending) => word === keyword + ending)) return false;
	// Long words bear two slips; words of four letters one; the first letters are rarely wrong.
	const allowed = keyword.length >= 9 ? 2 : keyword.length >= 4 ? 1 : 0;
	const sharedStart = keyword.length >= 9 ? 2 : 1;
	if (allowed === 0) return false;
	if (word.slice(0, sharedStart) !== keyword.slice(0, sharedStart)) {
		if (SOUND_ALIKE_FIRST[word[0]] !== keyword[0] || !SPANISH_KEYWORDS.has(keyword)) return false;
		return isTypoOf(keyword[0] + word.slice(1), keyword);
	}
	if (Math.abs(word.length - keyword.length) > allowed) return false;
	if (isShiftedRun(word, keyword)) return true;
	return editsBetween(word, keyword) <= allowed;
}

/** The keyword a folded word is a spelling of, else the word itself. */
export function spelledKeyword(word: string): string {
	if (TYPO_TOLERANT.includes(word) || word.length < 3) return word;
	// An inflection of one keyword is not a slip for another ("arrêts" is not "arrête").
	if (
		INFLECTIONS.some(
			(ending) => TYPO_TOLERANT.includes(word.slice(0, -ending.length)) && word.endsWith(ending),
		)
	) {
		return word;
	}
	for (const keyword of TYPO_TOLERANT) {
		if (isTypoOf(word, keyword)) return keyword;
	}
	return word;
}

/** Keywords written as two words, by their parts: a slip in one part still reads ("opt uot"). */
const TWO_WORD_KEYWORDS: Array<[string, string]> = [
	['opt', 'out'],
	['un', 'subscribe'],
];

/**
 * The keys of a clause with a two-word keyword read through a slip in one of its words ("opt uot",
 * "otp out"): the slipped word takes the part it stands for. Other words are left as they are.
 */
export function withTwoWordKeywords(keys: string[]): string[] {
	const read = [...keys];
	for (let i = 0; i + 1 < read.length; i++) {
		for (const [first, second] of TWO_WORD_KEYWORDS) {
			if (read[i] === first && read[i + 1] === second) continue;
			if (read[i] !== first && read[i + 1] !== second) continue;
			if (!isTypoOf(read[i] + read[i + 1], first + second)) continue;
			if (REAL_WORDS.has(read[i]) || REAL_WORDS.has(read[i + 1])) continue;
			read[i] = first;
			read[i + 1] = second;
		}
	}
	return read;
}
