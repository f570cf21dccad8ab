// Replies that say the number is wrong: "wrong number", "you have the wrong person", "número
// equivocado", "ce n'est pas le bon numéro". Said alone, that is not the subscriber revoking, but
// whoever has the number now never agreed to the texts, so the reading is `unclear` with that
// reason: treated as revoked by default, or routed to a person who removes the number. With a
// request to stop ("wrong number, stop texting me") the reply revokes. Pure, no n8n context.
import { type PhraseRule, phraseRule as rule } from './rules';

/** Why a reply that only says the number is wrong is unclear. */
export const WRONG_NUMBER_REASON =
	'says the number is wrong: whoever consented may no longer have it';

const END = '(?= |$)';

/** Sentences that say the texts reach the wrong number or person, by language. */
export const WRONG_NUMBER_PHRASES: PhraseRule[] = [
	// Not "oops wrong person": the person's own slip (a text meant for someone else), not ours.
	rule(
		'en',
		`(?<!\\b(?:oops|whoops|oopsie|oopsies|my bad|ups|oups) )\\bwrong (?:number|#|num|person)${END}`,
	),
	// The number now someone else's: "new owner of this number", "not the right number",
	// "this is not John's number"
	rule(
		'en',
		`\\bnew owner of (?:this|the|my) (?:number|phone|cell)${END}|\\b(?:this|the|my) (?:number|phone|cell) (?:belongs to|is|was|used to be) (?:someone|somebody|some1) else(?:s| s)?${END}|\\bi (?:just )?got this number (?:recently|last \\w+|a (?:few|couple) \\w+ ago)${END}|\\bnot the (?:right|correct) (?:number|person)${END}|\\b(?:is not|isnt) (?!(?:this|is|was|my|yours|ours)\\b)\\w+s (?:number|phone|cell|cellphone)(?: anymore| any more)?${END}`,
	),
	rule(
		'es',
		`\\b(?:numero (?:equivocado|incorrecto|errado)|equivoc(?:aron|ado|ada|an|aste|o|a) de (?:numero|persona))${END}`,
	),
	// Not the person the number is for: "este no es el número de Juan"
	rule(
		'es',
		`\\bno es (?:el |mi )?(?:numero|telefono|cel|celular) de\\b|\\b(?:este|ese) numero (?:ya )?no es (?:de|del)\\b`,
	),
	rule('es', `\\bno es el numero (?:correcto|indicado)${END}|\\bpersona equivocada${END}`),
	rule('fr', `\\bmauvais (?:numero|no|num)${END}`),
	rule('fr', `\\b(?:pas|plus) le bon (?:numero|no|num)${END}|\\bmauvaise personne${END}`),
	// "vous vous êtes trompé de numéro"
	rule('fr', `\\b(?:trompe|trompes|trompee|trompez|tromper) de (?:numero|no|num|personne)${END}`),
];

/** "remove", "delete it please", "bórrenlo", "supprimez-le": removing, with nothing named. */
const REMOVE_ALONE =
	/(?:^|\b(?:please|pls|plz|kindly|just|so|and) )(?:remove|delete|erase|update (?:your|ur|the) (?:records|list|lists|system|database|contacts)|fix (?:your|ur|the) (?:records|list|system)|borrenlo|borralo|borrelo|quitenlo|quitalo|eliminenlo|eliminalo|effacez le|supprimez le|retirez le)(?: (?:it|this|that|the number|this number|me|please|pls|plz|now|asap|thanks|thank you|thx|por favor|porfa|gracias|svp|merci))*$/;

/**
 * The words of a bare "remove" in a reply that says the number is wrong ("wrong number pls
 * remove"): what is removed is the number, so the reply asks to stop. Undefined otherwise.
 */
export function removesTheWrongNumber(clauses: string[][]): string | undefined {
	for (const clause of clauses) {
		const match = REMOVE_ALONE.exec(clause.join(' '));
		if (match) return match[0].trim();
	}
	return undefined;
}

/**
 * "I'm not Maria", "this isn't Kevin", "no soy Carlos", "je ne suis pas Julie": a clause that says
 * the person is not the one named, a name as written (capitalised). Lower-cased or common words
 * ("I'm not Interested", "c'est pas Grave") are not names.
 */
const NOT_THE_PERSON =
	/^(?:(?:sorry|lol|haha|um|uh|hi|hey|hello|but|and|oh|ok|okay|nope|pero|perdon|perdón|hola|mais|désolé|desole|bonjour|allo|allô)\s+)*(?:i'?m not|i am not|this(?: is not|'s not|s not| isn'?t)|(?:yo )?no soy|je (?:ne )?suis pas|c'est pas|ce n'est pas)\s+(\p{Lu}\p{Ll}+)(?:\s+(?:anymore|any more|lol|haha|jaja|jeje|sorry|though|btw|mdr))*$/iu;
const NOT_NAMES = new Set(
	(
		'interested sure home here there available buying selling voting going able allowed ready ' +
		'working right okay fair funny true real good happy free aware him her me you them it that ' +
		'yours mine spam done paying moving coming monday tuesday wednesday thursday friday saturday ' +
		'sunday january february march april may june july august september october november december ' +
		'interesado interesada seguro segura cliente paciente esa ese ella el yo tu ' +
		'interessé interessée intéressé intéressée sûr sûre grave moi lui elle possible correct vrai ça ' +
		// Languages and origins: "I'm not Spanish, English please"
		'spanish english french american mexican canadian catholic christian muslim jewish ' +
		'espanol español ingles inglés frances francés mexicano mexicana americano americana ' +
		'anglais anglaise francais français espagnol espagnole quebecois québécois'
	).split(' '),
);

/** The words of a clause that says the person is not the one named ("I'm not Maria"), or undefined. */
export function notThePersonNamed(
	text: string,
): { words: string; language: 'en' | 'es' | 'fr' } | undefined {
	// "This isn't Target?", "no soy Carlos, ¿qué necesitan?": a question, not a wrong number told.
	if (text.includes('?')) return undefined;
	for (const clause of text.split(/[.,;:!¡\n()"]+/u)) {
		const trimmed = clause.replace(/[’]/g, "'").trim();
		const match = NOT_THE_PERSON.exec(trimmed);
		// A name as written: a capital, then small letters (the "i" flag reads the rest either way).
		if (!match || !/^\p{Lu}\p{Ll}+$/u.test(match[1])) continue;
		if (NOT_NAMES.has(match[1].toLowerCase())) continue;
		const words = trimmed.toLowerCase();
		const language = /\bsoy\b/.test(words) ? 'es' : /\b(?:suis|est)\b/.test(words) ? 'fr' : 'en';
		return { words, language };
	}
	return undefined;
}
