// A reply as the rules read it: clauses of words, each word twice: as written (lower-cased) and
// folded (accents removed, digits typed for letters read as letters). Pure, no n8n context.

export interface Word {
	/** Lower-cased, accents kept: what the output quotes. */
	raw: string;
	/** Accents removed, `0` read as `o` inside words...: what the rules compare. */
	fold: string;
}

/** A run of words between punctuation, emoji or line breaks. */
export type Clause = Word[];

import { JOINABLE, SPELLABLE } from './lexicon';

// English contractions written out, so "don't", "dont" and "do not" read the same.
const CONTRACTIONS: Array<[RegExp, string]> = [
	[/\bwon'?t\b/g, 'will not'],
	[/\bcan'?t\b/g, 'can not'],
	[/\bcannot\b/g, 'can not'],
	[/\b(do|does|did|is|are|was|were|would|should|could|have|has|had|must|need)n'?t\b/g, '$1 not'],
];

// French elision (m'envoyer, l'arrêt, s'il): the elided word stands alone.
const ELISION = /(^|[^\p{L}])(qu|[cdjlmnst])'(?=\p{L})/gu;

// Digits and signs people type for letters (ST0P, $top), read as letters inside a word only.
const LOOK_ALIKES: Record<string, string> = {
	'0': 'o',
	'1': 'i',
	'3': 'e',
	'5': 's',
	$: 's',
	'@': 'a',
};

// Masked swearing ("f***", "f*cking") read as the word it hides.
const MASKED = /\bf[*#@!%]{1,4}(?:c?k(?:ing|in)?|ing|in)?(?![\p{L}*#@!%])/gu;
// The same in Spanish: "v*rga", "m*erda", "ch*nga".
const MASKED_ES: Array<[RegExp, string]> = [
	[/\bv[*#@!%]{1,2}rga\b/gu, 'verga'],
	[/\bm[*#@!%]{1,3}(?:e?rda)\b/gu, 'mierda'],
	[/\bch[*#@!%]{1,2}nga\b/gu, 'chinga'],
];

// Letters standing alone, apart by spaces, dots or dashes: "S T O P", "s.t.o.p", "A-L-T-O".
const SPELLED_OUT = /(?<![\p{L}\p{N}])\p{L}(?:[ .\-_*]{1,2}\p{L}(?![\p{L}\p{N}])){2,}/gu;

// Spellings of texting a reader knows ("kiero" for "quiero").
const RESPELLED: Record<string, string> = {
	kiero: 'quiero',
	qiero: 'quiero',
	plz: 'please',
	stahp: 'stop',
	stawp: 'stop',
	stap: 'stop',
	// The dropped "g" of texting: "stop sendin me this".
	sendin: 'sending',
	textin: 'texting',
	txtin: 'txting',
	messagin: 'messaging',
	msgin: 'messaging',
	contactin: 'contacting',
	spammin: 'spamming',
	botherin: 'bothering',
	emailin: 'emailing',
	callin: 'calling',
};

/** A French pronoun glued to a verb of the texts, its apostrophe dropped ("menvoyer", "mecrire"). */
const ELIDED =
	/^([mtn])(envoy\w*|ecri\w*|ecriv\w*|appel\w*|interess\w*|enlev\w*|inscri\w*|abonn\w*|desabonn\w*|desinscri\w*|achal\w*)$/;

function foldWord(word: string): string {
	const plain = word.normalize('NFD').replace(/\p{M}/gu, '');
	if (!/\p{L}/u.test(plain)) return plain;
	return plain.replace(/[013$@5]/g, (character) => LOOK_ALIKES[character] ?? character);
}

/** A spelled-out keyword joined ("s t o p" → "stop"); other runs of letters stay as they are. */
function joinSpelledOut(run: string): string {
	const joined = run.replace(/[^\p{L}]/gu, '');
	if (SPELLABLE.has(foldWord(joined))) return ` ${joined} `;
	// "s t o p  m s g s": words apart by wider gaps, or a keyword joined to what it stops.
	const groups = run.split(/[ .\-_*]{2,}/).map((group) => group.replace(/[^\p{L}]/gu, ''));
	if (groups.length > 1 && groups.some((group) => SPELLABLE.has(foldWord(group)))) {
		return ` ${groups.join(' ')} `;
	}
	const pieces = splitJoined(foldWord(joined));
	return pieces ? ` ${pieces.join(' ')} ` : run;
}

/** The longest word a joined keyword can be split into. */
const LONGEST_JOINABLE = Math.max(...[...JOINABLE].map((word) => word.length));

/**
 * A keyword joined to what goes with it ("stop2end", "stopnow", "pleasestop"), as its words;
 * undefined when the word is not wholly made of them (so "stopover" and "unstop" stay whole).
 */
export function splitJoined(fold: string): string[] | undefined {
	if (fold.length < 6 || JOINABLE.has(fold)) return undefined;
	// Where the last piece of a split of fold's first `end` letters starts (-1: no split), the
	// longest last piece first; no piece is longer than the longest joinable word, so a long word
	// costs its length times that, not its length cubed.
	const lastStart: number[] = [0];
	for (let end = 1; end <= fold.length; end++) {
		lastStart[end] = -1;
		for (let start = Math.max(0, end - LONGEST_JOINABLE); start < end; start++) {
			if (lastStart[start] < 0) continue;
			const piece = fold.slice(start, end);
			if (JOINABLE.has(piece) || /^[24]$/.test(piece)) {
				lastStart[end] = start;
				break;
			}
		}
	}
	const pieces = lastStart[fold.length] < 0 ? undefined : piecesOf(fold, lastStart);
	// "opt" is a keyword only with "out" ("optmeout"), "more" only after "no" ("nomoretexts").
	const keyed = pieces?.some(
		(piece, index) =>
			SPELLABLE.has(piece) ||
			(piece === 'opt' && pieces.includes('out')) ||
			(piece === 'more' && pieces[index - 1] === 'no'),
	);
	if (!pieces || pieces.length < 2 || !keyed) return undefined;
	return pieces;
}

/** The words of a split of `fold`, read back from where each last piece starts. */
function piecesOf(fold: string, lastStart: number[]): string[] {
	const pieces: string[] = [];
	for (let end = fold.length; end > 0; end = lastStart[end]) {
		const piece = fold.slice(lastStart[end], end);
		if (JOINABLE.has(piece)) pieces.push(piece); // a "2" or "4" joins, it is not a word
	}
	return pieces.reverse();
}

/** A keyword sent alone but broken by a stray space or dot: "sto p", "Opt. Out.", "Un. Subscribe.". */
function brokenKeyword(text: string): string | undefined {
	const pieces = text
		.toLowerCase()
		.split(/[\s.,\-_*]+/)
		.filter((piece) => piece !== '');
	if (pieces.length < 2 || pieces.length > 3 || !pieces.every((piece) => /^\p{L}+$/u.test(piece))) {
		return undefined;
	}
	const joined = foldWord(pieces.join(''));
	return SPELLABLE.has(joined) ? joined : undefined;
}

/** The reply's clauses; an empty reply gives none. */
export function clausesOf(text: string): Clause[] {
	const broken = brokenKeyword(text);
	if (broken) return [[{ raw: broken, fold: broken }]];
	const unmasked = MASKED_ES.reduce(
		(written, [masked, word]) => written.replace(masked, word),
		text
			.normalize('NFKC')
			.toLowerCase()
			.replace(MASKED, (masked) => (/in g?$|ing?$/.test(masked) ? 'fucking' : 'fuck')),
	);
	let prepared = unmasked
		.replace(SPELLED_OUT, joinSpelledOut)
		// A stop sign or a no-entry sign sent as the reply says stop.
		.replace(/[\u{1F6D1}\u26D4]/gu, ' stop ')
		.replace(/[\u2018\u2019\u02bc`\u00b4]/g, "'")
		// A hashtag is its word: "#stop".
		.replace(/(^|\s)#(?=\p{L})/gu, '$1');
	for (const [pattern, replacement] of CONTRACTIONS) {
		prepared = prepared.replace(pattern, replacement);
	}
	prepared = prepared
		.replace(ELISION, '$1$2 ')
		.replace(/(\p{L})'(\p{L})/gu, '$1$2') // I'm, it's: one word
		// A dash between spaces parts clauses ("STOP - I moved"); inside a word it joins (opt-out).
		.replace(/\s[-\u2013\u2014]+\s/g, ' . ')
		.replace(/[-\u2013\u2014_]/g, ' ');
	const clauses: Clause[] = [];
	// Anything but letters, digits, spaces and the signs of a word ends a clause: punctuation,
	// quotes, emoji, arrows, line breaks.
	for (const part of prepared.split(/[^\p{L}\p{N}\s#&$@']+|\n/u)) {
		const words = part
			.split(/[\s']+/)
			.filter((word) => word !== '')
			.flatMap((word) => {
				const fold = foldWord(word);
				const pieces = splitJoined(fold);
				if (pieces) return pieces.map((piece) => ({ raw: piece, fold: piece }));
				// French elision written without its apostrophe: "menvoyer" is "m'envoyer".
				const elided = ELIDED.exec(fold);
				if (elided) return [elided[1], elided[2]].map((piece) => ({ raw: piece, fold: piece }));
				return [{ raw: word, fold: RESPELLED[fold] ?? fold }];
			});
		if (words.length > 0) clauses.push(words);
	}
	return clauses;
}

/** Letters repeated in a row written once: "stooop" and "stopp" both give "stop". */
export function collapseRepeats(word: string): string {
	return word.replace(/(.)\1+/g, '$1');
}
