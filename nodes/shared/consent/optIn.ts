// Replies that ask to opt (back) in, in words: "sign me up again", "resubscribe me", "quiero volver
// a recibir mensajes", "réabonnez-moi". START and UNSTOP alone are keywords (lexicon.ts); a bare
// YES is a confirmation (CONFIRMATIONS). Pure, no n8n context; a clause is its folded words joined
// by single spaces (see normalize.ts).
import type { ConsentLanguage } from './lexicon';

const END = '(?= |$)';
const TEXTS_EN =
	'(?:texts?|txts?|sms|text messages?|messages?|alerts?|reminders?|notifications?|updates|promos?|deals|offers)';

interface OptInRule {
	language: ConsentLanguage;
	pattern: RegExp;
}

const optIn = (language: ConsentLanguage, source: string): OptInRule => ({
	language,
	pattern: new RegExp(source),
});

export const OPT_IN_PHRASES: OptInRule[] = [
	optIn(
		'en',
		`\\b(?:sign|opt|add|put) (?:me|us|my number|this number)(?: back)? (?:up|in|on|back)${END}|\\bopt back in${END}`,
	),
	// "can I get back on?", "put me back on the list", "I want back in"
	optIn(
		'en',
		`\\b(?:get|be|go|want|put me|add me) back (?:on|in)(?: (?:the|your|this|ur) (?:list|texts|alerts|program|programme))?${END}`,
	),
	optIn(
		'en',
		`\\b(?:resubscribe|re subscribe|reenroll|re enroll|rejoin|re join|reactivate|re activate|re add|readd)${END}`,
	),
	optIn(
		'en',
		`\\bsubscribe (?:me|us|my number)${END}|\\b(?:like|want|wish) to (?:subscribe|join|sign up|opt in)${END}`,
	),
	optIn('en', `\\b(?:start|resume|restart) (?:sending|texting|messaging)${END}`),
	// "start texts", "restart my alerts", "please start again": START with what it starts
	optIn(
		'en',
		`^(?:please |pls |ok |okay )?(?:start|restart|resume|unpause|reactivate)(?: (?:the|my|your|these|text|sms|all))* ${TEXTS_EN}(?: (?:again|please|pls|back))*$|\\b(?:please |pls )(?:start|restart|resume) (?:again|them again|it again)$`,
	),
	optIn(
		'en',
		`\\b(?:want|like|wish|would like) to (?:start |resume )?(?:get|receive|getting|receiving)(?: \\w+){0,3} (?:${TEXTS_EN}|them) again${END}`,
	),
	optIn(
		'en',
		`\\bturn(?: (?:the|my|your|these|text|sms|all))*(?: \\w+)? (?:${TEXTS_EN}|them|it) back on${END}|\\bturn back on(?: (?:the|my|your|these|text|sms|all))* ${TEXTS_EN}${END}`,
	),
	optIn('en', `\\bunstop (?:me|my number|this number)${END}`),
	// "I'd like the rewards texts back", "want my alerts back"
	optIn(
		'en',
		`\\b(?:like|want|need)(?: (?:the|my|your|these|text|sms|\\w+)){0,3} ${TEXTS_EN} back${END}`,
	),
	optIn(
		'en',
		`\\badd (?:me|us|my number|this number)(?: back)? (?:to|on) (?:the|your|this|ur)(?: text| sms)? (?:list|texts|alerts|text list|sms list|program|club)${END}`,
	),
	optIn(
		'en',
		`\\b(?:like|want|wish) to (?:receive|get|start getting|start receiving|sign up for) (?:the |your |text |sms |these )*(?:texts|text alerts|alerts|text messages|updates|notifications|reminders)${END}`,
	),
	optIn(
		'en',
		`^(?:yes|y|yeah|yep|ok|sure)(?: please| i)* (?:want|would like|d like|accept|agree|sign me up|join|subscribe|opt in)`,
	),
	optIn('en', `\\b(?:yes|y) to (?:join|subscribe|confirm|opt in)${END}`),
	optIn('en', `\\bi (?:agree|consent) to (?:receive|receiving|get|getting|the) `),
	// Spanish
	optIn(
		'es',
		`\\b(?:inscribanme|inscribeme|suscribanme|suscribeme|suscribirme|inscribirme|reactivar|reactiven|reactiva|activar|activen|darme de alta|denme de alta|den de alta|dar de alta|agreguenme|agregame|agregueme|anadanme|incluyanme)${END}`,
	),
	optIn(
		'es',
		`\\b(?:quiero|quisiera|deseo) (?:volver a recibir|suscribirme|inscribirme|unirme|darme de alta)${END}`,
	),
	optIn('es', `\\bvolver a recibir${END}|\\bvuelvan a (?:mandar|enviar)(?:me|nos)?${END}`),
	// "¿me pueden volver a agregar?", "vuelvan a agregarme", "agréguenme otra vez"
	optIn(
		'es',
		`\\b(?:volver a|vuelvan a|vuelva a|vuelvanme a|vuelvame a) (?:agregar|anadir|inscribir|incluir|dar de alta)(?:me|nos)?${END}|\\b(?:agregarme|anadirme|incluirme) (?:de nuevo|otra vez|nuevamente)${END}`,
	),
	optIn('es', `\\b(?:acepto|autorizo) (?:recibir|que me (?:envien|manden))${END}`),
	// "sí quiero", "SI ACEPTO", "sí acepto los mensajes", "Sí, anótenme": a yes with its verb
	optIn(
		'es',
		`^(?:si|claro|claro que si)(?: por favor)? (?:quiero|acepto|deseo|autorizo|me apunto|me anoto|anotenme|anotame|apuntenme|apuntame)(?: (?:los|las|sus|recibir|mensajes|alertas|textos|sms|ofertas|promociones|por favor|gracias))*$`,
	),
	optIn('es', `^(?:anotenme|anotame|apuntenme|apuntame|me apunto|me anoto)${END}`),
	// "quiero recibir mensajes otra vez", "deseo recibir sus ofertas de nuevo"
	optIn(
		'es',
		`\\b(?:quiero|deseo|quisiera|me gustaria) (?:volver a )?recibir(?: \\w+){0,3} (?:otra vez|de nuevo|nuevamente)${END}`,
	),
	// French
	optIn(
		'fr',
		`\\b(?:m abonner|abonnez moi|reabonnez moi|reabonner|me reabonner|inscrivez moi|reinscrivez moi|me reinscrire|m inscrire|reactiver|reactivez)${END}`,
	),
	optIn(
		'fr',
		`\\b(?:recommencer a|de nouveau|a nouveau) recevoir${END}|\\brecevoir (?:\\w+ ){0,3}(?:de nouveau|a nouveau)${END}|\\b(?:je veux|j aimerais|je voudrais|je souhaite) (?:m abonner|m inscrire|me reabonner)${END}`,
	),
	optIn('fr', `\\bj accepte (?:de recevoir|les|vos)${END}`),
	// "Oui je souhaite recevoir vos SMS", "je confirme mon inscription"
	optIn(
		'fr',
		`\\b(?:je veux|je souhaite|j aimerais|je voudrais|je desire) recevoir (?:vos|les|des|ces|mes) (?:sms|textos?|textes|messages|alertes|rappels|promotions|offres)${END}|\\bje confirme (?:mon|ma) (?:inscription|abonnement)${END}`,
	),
	// "remettez-moi sur la liste", "rajoutez-moi à vos alertes"
	optIn(
		'fr',
		`\\b(?:remettez|remets|rajoutez|rajoute|reajoutez|ajoutez|ajoute) (?:moi|nous|mon numero) (?:sur|a|dans|aux) (?:la|votre|vos|ta|les|liste)\\b`,
	),
	optIn(
		'fr',
		`^oui(?: svp| merci)? (?:j accepte|je veux|je m inscris|inscrivez moi|abonnez moi)${END}`,
	),
	// "Yes, I confirm my subscription", "YES please add me": a confirmation in words ("Sí, confirmo"
	// and a bare "yes, I confirm" are read after the YES, below; a bare "confirm" may be of a visit).
	optIn(
		'en',
		`^(?:yes |yeah |yep )?(?:i |we )?confirm (?:my|the|our) (?:subscription|sign up|signup|enrollment)(?: (?:please|thanks|thank you))*$|^(?:yes |yeah |yep )(?:please |pls )?add (?:me|us|my number)(?: (?:to the list|to your list|please|pls|thanks))*$`,
	),
];

/** After a YES: wanting the texts, in any of the languages ("Sí, quiero recibir las alertas"). */
const WANTING_AFTER_YES =
	/^(?:i )?(?:want|would like|d like|accept|agree|quiero|deseo|acepto|je veux|j accepte|j aimerais|je voudrais)\b/;
/** After a YES: confirming, with nothing else confirmed ("Sí, confirmo"; not "confirmo la cita"). */
const CONFIRMING_AFTER_YES =
	/^(?:i |we )?(?:confirm|confirmo|confirmamos|je confirme)(?: (?:my|mi|mon|ma|la) (?:subscription|suscripcion|inscripcion|abonnement|inscription))?(?: (?:please|thanks|gracias|merci))*$/;
const LANGUAGE_AFTER_YES: Record<string, ConsentLanguage> = {
	quiero: 'es',
	deseo: 'es',
	acepto: 'es',
	confirmo: 'es',
	je: 'fr',
	j: 'fr',
};

/** Negations that undo an opt-in ("I don't want to sign up", "no quiero suscribirme"). */
const UNDOING = /\b(?:not|never|no|ne|pas|dont|nunca|jamais)(?: \w+){0,2} $/;

/** The words of a clause that ask to opt in, and their language, or undefined. */
export function optInRequest(
	joined: string,
	afterYes = false,
): { words: string; language: ConsentLanguage } | undefined {
	if (afterYes && (WANTING_AFTER_YES.test(joined) || CONFIRMING_AFTER_YES.test(joined))) {
		return { words: joined, language: LANGUAGE_AFTER_YES[joined.split(' ')[0]] ?? 'en' };
	}
	for (const { language, pattern } of OPT_IN_PHRASES) {
		const match = pattern.exec(joined);
		if (!match) continue;
		if (UNDOING.test(joined.slice(0, match.index))) continue;
		return { words: match[0].trim(), language };
	}
	return undefined;
}
