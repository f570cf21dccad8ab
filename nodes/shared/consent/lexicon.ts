// The words the consent rules read, by language, folded (no accents) as normalize.ts folds them.
// Pure data: the rules that combine them are in rules.ts.

export type ConsentIntent = 'revoked' | 'help' | 'opt_in';
export type ConsentLanguage = 'en' | 'es' | 'fr';
/** A keyword shared by the languages (STOP is written in Spanish and French replies too). */
export type RuleLanguage = ConsentLanguage | 'shared';

/**
 * A reply that is only this, give or take politeness and emphasis (FILLERS), says it: the FCC's
 * listed words and CTIA's keywords (STOP, END, CANCEL, UNSUBSCRIBE, QUIT; HELP, INFO; START,
 * UNSTOP), and their usual Spanish and Canadian French forms (ALTO, BAJA; ARRÊT, AIDE).
 */
export const KEYWORD_REPLIES: Record<string, { intent: ConsentIntent; language: RuleLanguage }> = {
	stop: { intent: 'revoked', language: 'shared' },
	stopall: { intent: 'revoked', language: 'en' },
	quit: { intent: 'revoked', language: 'en' },
	end: { intent: 'revoked', language: 'en' },
	cancel: { intent: 'revoked', language: 'en' },
	unsubscribe: { intent: 'revoked', language: 'en' },
	unsub: { intent: 'revoked', language: 'en' },
	revoke: { intent: 'revoked', language: 'en' },
	optout: { intent: 'revoked', language: 'en' },
	'opt out': { intent: 'revoked', language: 'en' },
	'opt me out': { intent: 'revoked', language: 'en' },
	remove: { intent: 'revoked', language: 'en' },
	'no more': { intent: 'revoked', language: 'en' },
	'not interested': { intent: 'revoked', language: 'en' },
	'no texts': { intent: 'revoked', language: 'en' },
	'no text': { intent: 'revoked', language: 'en' },
	'no messages': { intent: 'revoked', language: 'en' },
	'no msgs': { intent: 'revoked', language: 'en' },
	'no sms': { intent: 'revoked', language: 'en' },
	'no text messages': { intent: 'revoked', language: 'en' },
	'no more texts': { intent: 'revoked', language: 'en' },
	alto: { intent: 'revoked', language: 'es' },
	parar: { intent: 'revoked', language: 'es' },
	para: { intent: 'revoked', language: 'es' },
	pare: { intent: 'revoked', language: 'es' },
	paren: { intent: 'revoked', language: 'es' },
	parale: { intent: 'revoked', language: 'es' },
	basta: { intent: 'revoked', language: 'es' },
	baja: { intent: 'revoked', language: 'es' },
	cancelar: { intent: 'revoked', language: 'es' },
	cancela: { intent: 'revoked', language: 'es' },
	detener: { intent: 'revoked', language: 'es' },
	detente: { intent: 'revoked', language: 'es' },
	detengan: { intent: 'revoked', language: 'es' },
	'no mas': { intent: 'revoked', language: 'es' },
	'no me interesa': { intent: 'revoked', language: 'es' },
	salir: { intent: 'revoked', language: 'es' },
	eliminar: { intent: 'revoked', language: 'es' },
	eliminarme: { intent: 'revoked', language: 'es' },
	arret: { intent: 'revoked', language: 'fr' },
	arrete: { intent: 'revoked', language: 'fr' },
	arretez: { intent: 'revoked', language: 'fr' },
	arreter: { intent: 'revoked', language: 'fr' },
	arretes: { intent: 'revoked', language: 'fr' },
	annuler: { intent: 'revoked', language: 'fr' },
	annulez: { intent: 'revoked', language: 'fr' },
	desabonner: { intent: 'revoked', language: 'fr' },
	desabonnez: { intent: 'revoked', language: 'fr' },
	desabonnement: { intent: 'revoked', language: 'fr' },
	desinscription: { intent: 'revoked', language: 'fr' },
	desinscrire: { intent: 'revoked', language: 'fr' },
	quitter: { intent: 'revoked', language: 'fr' },
	fin: { intent: 'revoked', language: 'fr' },
	'pas interesse': { intent: 'revoked', language: 'fr' },
	'pas interessee': { intent: 'revoked', language: 'fr' },
	help: { intent: 'help', language: 'en' },
	halp: { intent: 'help', language: 'en' },
	info: { intent: 'help', language: 'shared' },
	aide: { intent: 'help', language: 'fr' },
	ayuda: { intent: 'help', language: 'es' },
	informacion: { intent: 'help', language: 'es' },
	start: { intent: 'opt_in', language: 'shared' },
	unstop: { intent: 'opt_in', language: 'shared' },
};

/** Politeness, emphasis and address that change nothing in a keyword reply ("Stop it please!!"). */
export const FILLERS = new Set(
	(
		'please pls plz plse plez pleas pleaze thanks thank thx thnx ty tks tnx you u now immediately ' +
		'asap right away just already again ok okay k kk lol lmao haha hey hi hello sorry yes yeah yep ' +
		'y guys man dude bro sir maam bye goodbye seriously really damn fucking fuckin omg ugh it that ' +
		'this these them all everything me i im am m so totally and & ' +
		'por favor porfa porfavor xfa gracias ya ahora mismo hola oye si todo todos inmediatamente ' +
		'svp stp merci maintenant bonjour allo oui tout suite vous plait ca'
	).split(' '),
);
/** Several-word fillers, removed before single words. */
export const FILLER_PHRASES = [
	's il vous plait',
	's il te plait',
	'tout de suite',
	'de una vez',
	'right now',
	'thank you',
	'por favor',
	'por fa',
];

/** Words that say what is sent: texts and their kin, in each language. */
export const MESSAGES_EN =
	'(?:texts?|txts?|msgs?|messages?|messaging|texting|sms|smss|notifications?|alerts?|promos?|promotions?|ads|advertisements?|adverts?|spam|marketing|offers|deals|coupons|updates|reminders|e?mails?|stuff|crap|shit|junk|bs|nonsense)';
/** The same, without words a person also says of things other than texts ("deals", "stuff"). */
export const MESSAGES_EN_STRICT =
	'(?:texts?|txts?|msgs?|messages?|sms|smss|notifications?|alerts?|promos?|promotional texts?|marketing|spam|e?mails?)';
export const MESSAGES_ES =
	'(?:mensajes?|mensajitos?|msjs?|textos?|sms|notificaciones|notificacion|promociones|promocion|ofertas|publicidad|llamadas|correos|whatsapps?)';
export const MESSAGES_FR =
	'(?:messages?|textos?|textes?|sms|courriels?|notifications?|promotions?|promos?|pubs?|publicites?|appels|alertes?)';

/** Words a revocation may put between "stop" and what it stops ("stop sending me these texts"). */
export const BETWEEN_EN =
	'(?:me|us|the|these|those|this|that|all|your|ur|you|any|with|more|of|so|many|damn|fucking|stupid|annoying|constant|freaking|daily|promotional|marketing|automated|sending|receiving|getting|my|text|sms)';

/**
 * Negations before a keyword ("don't stop", "no quiero cancelar", "ne... pas"), and "did" (a
 * question about the past: "why did you stop texting me?").
 */
export const NEGATIONS: Record<ConsentLanguage, Set<string>> = {
	en: new Set(['not', 'never', 'nor', 'did']),
	es: new Set(['no', 'nunca', 'jamas', 'tampoco']),
	fr: new Set(['ne', 'n', 'pas', 'jamais']),
};
/** Words a negation reaches over ("I don't want to unsubscribe", "no me quiero dar de baja"). */
export const NEGATION_BRIDGES = new Set(
	(
		'please pls plz i you u to want wanna mean meant need going gonna ever ll will would should can ' +
		'could do does try trying plan really even just me us ' +
		'te se nos quiero queria quisiera voy a vas deseo puedo pienso lo ' +
		'veux voulais vais va m vous moi de'
	).split(' '),
);

/** Verbs of saying: a keyword after one is mentioned, not used ("what if I reply STOP?"). */
export const SAYING = new Set(
	(
		'reply replying replied replies respond responding responded answer answering answered text ' +
		'texting texted txt send sending sent type typing typed say saying said says write writing wrote ' +
		'put enter entering entered told tell ' +
		'responder respondo respondi responda responde respondes contesto conteste contestar escribo ' +
		'escribi escribir escriba escribe mando mande mandar manda envio envie enviar envia digo dije decir ' +
		'dice pongo puse poner ' +
		'reponds repondre repondu repondez reponse ecris ecrire ecrit ecrivez envoie envoyer envoye ' +
		'envoyez dis dit dire tape taper tapez texte texter'
	).split(' '),
);
/** Verbs of saying in the past: a person telling they used the keyword already. */
export const SAID = new Set(
	(
		'replied responded answered texted sent typed said wrote told entered put ' +
		'respondi conteste escribi mande envie dije puse repondu ecrit envoye dit tape'
	).split(' '),
);
/** Words between a verb of saying and the keyword it mentions ("reply with the word STOP"). */
export const SAYING_BRIDGES = new Set(
	'the word with just back you u le mot la palabra el que a'.split(' '),
);
/** Before a verb of saying: the keyword is asked about or put as a case, not used. */
export const HYPOTHETICAL = new Set(
	'if whether what how do does should can could would will when why to si que comment quoi est ce'.split(
		' ',
	),
);
/** Before a verb of saying: the person says they used the keyword ("I already said STOP"). */
export const FIRST_PERSON = new Set('i ive im id we yo j je nous'.split(' '));
/** Between the person and the verb: "I have already", "ya le", "j'ai déjà". */
export const FIRST_PERSON_BRIDGES = new Set(
	'already have has ve just literally again also ya le les lo ai deja'.split(' '),
);
/** Keywords a verb of saying can mention. */
export const MENTIONABLE = new Set(
	(
		'stop stopall end quit cancel unsubscribe unsub revoke optout help info start unstop yes y ' +
		'alto parar baja basta cancelar ayuda arret arrete fin aide annuler'
	).split(' '),
);
/** "STOP to opt out", "ALTO para cancelar": the rest of a business's instruction line. */
export const INSTRUCTION_LINKS = new Set(['to', 'para', 'pour', 'al', 'a']);

/**
 * Words before "stop" that make it a noun ("bus stop", "the next stop", "non-stop").
 */
export const BEFORE_STOP_AS_NOUN = new Set(
	(
		'the a an next last bus pit first full truck rest one non train subway metro tram my your our his ' +
		'her their each every this that whistle photo door emergency final closest nearest second third ' +
		'another same which what favorite fave quick short brief'
	).split(' '),
);

/** Words that mark a reply's language when the keyword is shared (STOP por favor, STOP svp). */
export const LANGUAGE_MARKERS: Record<ConsentLanguage, Set<string>> = {
	en: new Set(
		'please pls plz thanks thank thx the you my texts text now all i it this me texting'.split(' '),
	),
	es: new Set(
		'por favor porfa gracias mensajes mensaje quiero ya mas los el usted ustedes numero mi que hola ahora'.split(
			' ',
		),
	),
	fr: new Set(
		'svp stp merci vous je j moi des les le pas ne plus c bonjour allo oui s il plait maintenant mon votre vos'.split(
			' ',
		),
	),
};
