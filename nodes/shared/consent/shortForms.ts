// Short replies a reader takes as a revocation though no older rule spells them so: inflections,
// short forms and slips of the keywords ("cancelen", "desuscrivirme", "désabo", "unsubscirbe"), a
// bare "out", a STOP with a refusal ("ALTO ya no quiero"), a keyword with swearing ("putain
// arrêtez"), a bare "leave me" ("laissez-moi", "ya déjenme"). Pure, no n8n context; words folded.
import { KEYWORD_REPLIES } from './lexicon';
import { type PhraseRule, phraseRule } from './rules';

/** Word forms read as the keyword they inflect, shorten or misspell. */
const FORMS: Array<[RegExp, string]> = [
	// Spanish cancelar in the plural imperative, with "me", or with c written s or k ("cancélenlo"
	// after an order is about the order, so "it" stays a word of its own).
	[/^(?:c|k)an[cs]el(?:en|e|a|ar|o)(?:me|nos)?$/, 'cancelar'],
	// desuscribir(me) with v for b, or the English "sub" kept.
	[/^de?s+u[bs]{1,3}c?ri[bv]\w*$/, 'desuscribirme'],
	// "unsuscribirme": the English "un" on the Spanish verb.
	[/^uns+u[bs]{0,2}c?ri[bv]ir(?:me|se|nos)?$/, 'desuscribirme'],
	// French désabonner cut short ("désabo") and désinscrire cut short.
	[/^desab(?:o|on|onn)?$/, 'desabonner'],
	[/^desinscri$/, 'desinscrire'],
	// "unscribe", "unsscribe": unsubscribe with its "sub" dropped.
	[/^uns?scri[bv]e?$/, 'unsubscribe'],
	// suscripción with the English "sub" kept: Spanish, not the English "subscription".
	[/^subs?cripcion$/, 'suscripcion'],
];

/** The keyword a word stands for, if it is a form of one; else the word. */
export function shortFormOf(key: string): string {
	if (KEYWORD_REPLIES[key] !== undefined) return key;
	for (const [form, keyword] of FORMS) if (form.test(key)) return keyword;
	if (slipOfUnsubscribe(key)) return 'unsubscribe';
	return key;
}

/** Two slips from "unsubscribe" in a word that starts as it does ("unsubcsribe", "unsuscrib"). */
function slipOfUnsubscribe(key: string): boolean {
	if (!key.startsWith('un') || key.length < 8 || /(?:ed|ing|s)$/.test(key)) return false;
	return editDistance(key, 'unsubscribe') <= 2;
}

function editDistance(a: string, b: string): number {
	let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
	for (let i = 1; i <= a.length; i++) {
		const current = [i];
		for (let j = 1; j <= b.length; j++) {
			current[j] = Math.min(
				previous[j] + 1,
				current[j - 1] + 1,
				previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1),
			);
		}
		previous = current;
	}
	return previous[b.length];
}

const SWEARING_FR =
	'(?:putain|merde|bordel|tabarnak|tabarnac|tabarnouche|calisse|criss|crisse|osti|ostie|esti|sacrament)';
const STOPS_FR = '(?:stop|arretez|arrete|arreter|arret|desabonner)';
const SWEARING_ES = '(?:joder|carajo|chingada|chingado|chingados|chingao|verga|mierda|puta|cono)';
const STOPS_ES = '(?:stop|paren|parale|para|alto|basta|ya basta|basta ya|cancelar)';

/** A keyword with swearing before or after it, and nothing else ("putain arrêtez", "alto carajo"). */
const swornStop = (swearing: string, stops: string, fillers: string): string =>
	`^(?:(?:${fillers}) )*${swearing}(?: (?:${swearing}|${fillers}))* ${stops}(?: (?:${swearing}|${fillers}))*$|^${stops}(?: (?:${fillers}))* ${swearing}(?: (?:${swearing}|${fillers}))*$`;

/** A whole short reply: nothing before it to negate it. */
const rule = (language: PhraseRule['language'], source: string): PhraseRule =>
	phraseRule(language, source, false);

export const SHORT_REPLY_PHRASES: PhraseRule[] = [
	// "out", "I'm out": the whole clause, as a bare keyword would be.
	rule('en', '^(?:out|outt|i m out|im out|i am out)(?: (?:please|pls|plz|thanks|thx|now|k))*$'),
	// "ALTO ya no quiero", "stop no me interesa": the keyword, then a refusal.
	rule(
		'es',
		'^(?:alto|stop|basta|para|paren|parale|cancelar)(?: ya)? (?:ya )?no (?:quiero|kiero|deseo|me interesa)(?: (?:mas|nada|ya|gracias|nada mas|recibir))*$',
	),
	// "putain arrêtez", "chingada ya paren", "stop merde": a keyword with swearing.
	rule('fr', swornStop(SWEARING_FR, STOPS_FR, 'la|de|svp|stp|donc')),
	rule('es', swornStop(SWEARING_ES, STOPS_ES, 'ya|de|la|porfa')),
	// "laissez-moi", "ya déjenme": "leave me", alone, is "leave me alone".
	rule('fr', '^(?:laissez|laisse|lachez|lache|foutez|fichez) moi(?: (?:donc|svp|stp|merci|la))*$'),
	rule(
		'es',
		'^(?:ya )?(?:dejenme|dejeme|dejame|dejanos|dejennos)(?: (?:ya|por favor|porfa|de una vez))*$',
	),
];
