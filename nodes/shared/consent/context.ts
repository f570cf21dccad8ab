// What the rest of a reply says about a bare STOP or CANCEL in it: said laughing ("haha stop it"),
// asked ("stop?"), beside a bill or a card the reply names ("My card was stolen, cancel it"), or a
// "delete it" whose "it" is the number named before. Pure, no n8n context; words folded as
// normalize.ts folds them.
import { namesOtherThing, namesTexts } from './scope';
import { unclearReason } from './unclear';

/** Why a laughing "stop it" that praises what was sent is not a revocation. */
export const PLAYFUL_REASON = 'says "stop" laughing while praising what was sent';
/** Why a laughing "stop it" with no praise and no complaint is unclear. */
export const LAUGHING_REASON = 'says "stop it" laughing, with no complaint: it may be play';
/** Why a bare keyword asked as a question is unclear. */
export const ASKED_REASON = 'asks "stop?" as a question rather than saying it';
/** Why a STOP beside a bill, a card or an order the reply names is unclear. */
export const BESIDE_OTHER_THING_REASON =
	'says "stop" beside a bill, a card or an order it names, and nothing about the texts';

/** Laughing or delighted: "lol", "jaja", "mdr", 😂, 😍. */
const LAUGHTER =
	/\b(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|jaja\w*|jeje\w*|mdr|ptdr|omg)\b|[\u{1F602}\u{1F923}\u{1F62D}\u{1F60D}\u{1F970}\u{1F606}\u{1F648}]/u;
const LAUGHING_FACE = /[\u{1F602}\u{1F923}\u{1F606}\u{1F639}]/u;
/** "stop" spelled as play: "stahp", "stawp", "stooop", "stoppp". */
const PLAYFUL_SPELLING = /\b(?:sta+h+p+|sta+w+p+|sto{3,}p+|sto+p{3,})\b/;
const LAUGHING_WORD = /^(?:lol|lmao|lmfao|rofl|haha\w*|hehe\w*|jaja\w*|jeje\w*|mdr|ptdr)$/;
/** Praise of what was sent: "too good", "amazing", "me encanta", "j'adore". */
const PRAISE =
	/\b(?:too good|so good|too cute|so cute|adorable|too funny|so funny|hilarious|amazing|awesome|incredible|love (?:it|these|this|them|you)|me encanta\w*|increibles?|buenisim\w*|j adore|trop bon\w*|malade)\b/;
/** Delight at what was sent, said after a bare "stop" or "arrête" as "no way!". */
const DELIGHT =
	/\b(?:too good to be true|trop beau pour etre vrai|demasiado bueno para ser verdad|(?:you re|youre|ur) spoiling (?:me|us)|spoiling me|(?:you|u) spoil (?:me|us)|too kind|so kind|too sweet|so sweet|too good to (?:me|us)|so good to (?:me|us)|making me blush|you re making me blush|you re the best|youre the best|too cute|so cute|trop beau|trop cute|trop bon|you had me at)\b/;

/** Words that say the texts annoy: then the laughter is not play. */
const ANNOYED_WORDS =
	/\b(?:annoying|spam|scam|scams|fraud|fake|too many|enough|hate|sick|tired|harass\w*|unsubscribe|remove|(?<!\d )(?<!percent )off)\b/;

/**
 * A lone STOP (nothing named to stop) said laughing: with praise of the offers ("lol stop it,
 * these deals are too good") it is `praised`; as "haha stop it" or "stop it lol" with no
 * complaint it is `play` (unclear). "STOP lol" stays a revocation: the keyword, then a laugh.
 */
export function laughingStop(
	text: string,
	revocationWords: string[],
	keys: string[],
): 'praised' | 'play' | undefined {
	if (!revocationWords.every((words) => /^(?:sto+p+|sta+h*w*p+|arr[eê]te)(?: it)?$/.test(words))) {
		return undefined;
	}
	const joined = keys.join(' ');
	if (ANNOYED_WORDS.test(joined)) return undefined;
	// "Stop it, you're spoiling me", "Arrête, c'est trop beau pour être vrai!": delight, no laugh needed.
	if (DELIGHT.test(joined) && !/\b(?:but|pero|mais)\b/.test(joined)) return 'praised';
	if (!LAUGHTER.test(text.toLowerCase())) return undefined;
	if (unclearReason(keys) !== undefined) return undefined;
	if (PRAISE.test(joined)) return 'praised';
	const stop = keys.findIndex((key) => key === 'stop');
	const laughedFirst = keys.slice(0, stop).some((key) => LAUGHING_WORD.test(key));
	// A laughing face, or "stop" drawn out as play ("stahp", "stooop"): not the keyword said flat.
	const playful = LAUGHING_FACE.test(text) || PLAYFUL_SPELLING.test(text.toLowerCase());
	return laughedFirst || playful || keys[stop + 1] === 'it' ? 'play' : undefined;
}

/** A reply of one keyword and question marks only: "stop?", "¿alto?". */
export function askedKeyword(text: string, keys: string[]): boolean {
	// "hmm stop?", "um, stop?": hesitation before the keyword asks it all the same.
	const asked = keys.filter((key) => !HESITATION.test(key));
	return asked.length === 1 && /\?\s*$/.test(text) && !/!/.test(text);
}

const HESITATION = /^(?:h+m+|u+m+|u+h+|e+h+|e+u+h+|mm+|hu+h+|so|wait|ok)$/;

const PRONOUN = new Set(['it', 'that', 'them', 'this', 'lo', 'la', 'le', 'ca']);

/**
 * A bare STOP or CANCEL in a reply that names a bill, a card or an order and nothing texted:
 * `elsewhere` when it comes after the thing, as "it" ("My card was stolen, cancel it"), `unclear`
 * otherwise ("Stop! I already paid that bill").
 */
export function besideOtherThing(
	clauses: string[][],
	keywordClause: number,
): 'elsewhere' | 'unclear' | undefined {
	if (clauses.some(namesTexts)) return undefined;
	const others = clauses.filter((_, index) => index !== keywordClause);
	if (!others.some(namesOtherThing)) return undefined;
	const before = clauses.slice(0, keywordClause).some(namesOtherThing);
	const pointsBack = clauses[keywordClause].some((key) => PRONOUN.has(key));
	return before && pointsBack ? 'elsewhere' : 'unclear';
}

/** "Delete it", "bórrenlo", "effacez-le": a verb of removing whose "it" is a number. */
const REMOVE_IT =
	/^(?:please |pls |and |just )?(?:delete|erase|remove|lose|forget|drop) (?:it|that)(?: (?:please|pls|now|asap|thanks|immediately))*$|\b(?:remove|delete|take|erase) (?:it|this|that) (?:off|from) (?:your|the|this|ur|all)(?: \w+)? (?:list|lists|system|database|records)\b|^(?:por favor )?(?:borrenlo|borralo|borrelo|eliminenlo|eliminalo|quitenlo)\b|^(?:svp )?(?:effacez|supprimez|retirez|oubliez) le\b/;
const NUMBER = /\b(?:number|numero|num|phone|cell|telephone|celular)\b/;

/** The words of a "delete it" whose "it" is the number another clause names, or undefined. */
export function removesNamedNumber(clauses: string[][]): string | undefined {
	const joined = clauses.map((keys) => keys.join(' '));
	const removal = joined.find((clause) => REMOVE_IT.test(clause));
	if (removal === undefined) return undefined;
	return joined.some((clause) => clause !== removal && NUMBER.test(clause)) ? removal : undefined;
}

/** "I'm out, back Tuesday", "out until Monday": away, not leaving. */
const AWAY =
	/\b(?:back (?:on|at|in|by|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|next|later|soon)|until|till|out of (?:office|town)|ooo|vacation|on leave)\b/;

/** Whether an "I'm out" is the person away for a while ("I'm out, back Tuesday"). */
export function awayForAWhile(revocationWords: string[], keys: string[]): boolean {
	return (
		revocationWords.every((words) => /^(?:i m|im|i am|we re|we are) out$/.test(words)) &&
		AWAY.test(keys.join(' '))
	);
}

/** Why a "cancel that" followed by what the person will do instead is not a revocation. */
export const TAKEN_BACK_REASON =
	'takes back what the person just said ("cancel that"), then says what they will do instead';

/** CANCEL and its kin, said of what the person just said: "cancel that", "annulez ça", "cancela eso". */
const RETRACTING = new Set(
	'cancel scratch annulez annule annuler oublie oubliez cancela cancelen cancelar olvida olviden'.split(
		' ',
	),
);
const SAID_BEFORE = new Set(['that', 'this', 'ca', 'cela', 'eso', 'esto', 'lo']);
/** What a correction says: another time or plan ("instead", "Tuesday", "I'll come", "plutôt"). */
const INSTEAD =
	/\b(?:wrong (?:chat|thread|convo|conversation|window|group)|ignore (?:that|this|me|my last)|never ?mind|nvm|my bad|oops|instead|actually|rather|i meant|i mean|make it|plutot|en fait|a la place|je voulais dire|mejor|en vez|en lugar|quise decir|i ll|ill|i will|je vais|voy a|paso|vengo|monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|ce soir|lunes|martes|miercoles|jueves|viernes|sabado|domingo|manana|esta noche)\b|\bje \w+rai\b|\b\w+(?:are|ere|ire)\b(?= (?:el|la|a las|manana|mas tarde)\b)/;

/**
 * A bare "cancel that" whose "that" is what the person said before, followed by what they will do
 * instead ("Cancel that, I'll come Tuesday", "Annulez ça, je viendrai mardi"): a correction of
 * their own words, not a request about the texts.
 */
export function takesBackOwnWords(clauses: string[][], keywordClause: number): boolean {
	const clause = clauses[keywordClause];
	if (!clause.some((key) => RETRACTING.has(key))) return false;
	if (!clause.some((key) => SAID_BEFORE.has(key))) return false;
	if (clauses.some(namesTexts)) return false;
	return clauses.slice(keywordClause + 1).some((keys) => INSTEAD.test(keys.join(' ')));
}

/** Why a reply that denies having asked to stop is not a revocation. */
export const DENIED_REASON = 'says the person did not ask to stop';

/** "I didn't say stop", "I never asked to unsubscribe", "no dije alto", "j'ai jamais dit stop". */
const DENIED =
	/\b(?:did not|didnt|never)(?: even)? (?:say|said|send|sent|text|texted|reply|replied|type|typed|ask|asked|request|requested)(?: (?:to|for|you to|u to|the word|anything about))? (?:stop|unsubscribe|be unsubscribed|be removed|opt out|cancel|quit|end)\b|\bno (?:dije|pedi|mande|envie|escribi|puse) (?:stop|alto|baja|que me dieran de baja)\b|\b(?:j ai|je n ai|j)(?: pas| jamais)+ (?:dit|ecrit|envoye|demande|tape) (?:stop|arret|de me desabonner)\b/;

/** Whether the reply says the person never asked to stop ("I didn't say stop, why was I unsubscribed?"). */
export function deniesAskingToStop(keys: string[]): boolean {
	return DENIED.test(keys.join(' '));
}

/** Why a reply that was about to stop, then did not, is not a revocation. */
export const CHANGED_MIND_REASON = 'says the person was about to stop, then changed their mind';

/** "I was going to unsubscribe but this coupon is good", "iba a darme de baja pero", "j'allais me désabonner mais". */
const CHANGED_MIND =
	/\b(?:(?:was|were) (?:going to|gonna|about to|thinking (?:about|of)|planning (?:to|on)|ready to|tempted to|close to)|almost|nearly) (?:unsubscribe|unsubscribing|unsubscribed|stop|stopping|opt out|opting out|opted out|cancel|canceling|cancelling|quit|quitting|block|blocking)\b.* (?:but|nvm|never ?mind|jk|actually)\b|\biba a (?:darme de baja|cancelar|salirme)\b.* pero\b|\bj allais (?:me desabonner|arreter|annuler)\b.* mais\b/;

/** Whether the reply says the person was about to stop, then changed their mind. */
export function changedMind(keys: string[]): boolean {
	return CHANGED_MIND.test(keys.join(' '));
}

/** Why a bare STOP said with a shrug ("maybe stop? idk") is unclear. */
export const HEDGED_REASON = 'says "stop" unsure of it ("maybe", "idk")';

// "idk" and "no sé" also say "I don't know who you are": a shrug only at the end of the reply.
const HEDGES =
	/\b(?:maybe|perhaps|not sure|tal vez|quizas|quiza|peut etre)\b|\b(?:idk|dunno|i guess|no se|je sais pas|chai pas)$/;

/** Whether a bare STOP comes with a shrug: "maybe stop? idk", "tal vez alto". */
export function hedgedStop(revocationWords: string[], keys: string[]): boolean {
	return (
		revocationWords.every((words) => /^(?:sto+p+|alto|arr[eê]te)(?: it)?$/.test(words)) &&
		HEDGES.test(keys.join(' '))
	);
}
