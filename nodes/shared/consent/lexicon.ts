// The words the consent rules read, by language, folded (no accents) as normalize.ts folds them.
// Pure data: the rules that combine them are in rules.ts.

export type ConsentIntent = 'revoked' | 'help' | 'opt_in' | 'unclear';
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
	salir: { intent: 'revoked', language: 'es' },
	salirme: { intent: 'revoked', language: 'es' },
	sacarme: { intent: 'revoked', language: 'es' },
	eliminar: { intent: 'revoked', language: 'es' },
	eliminarme: { intent: 'revoked', language: 'es' },
	terminar: { intent: 'revoked', language: 'es' },
	finalizar: { intent: 'revoked', language: 'es' },
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
	fin: { intent: 'revoked', language: 'shared' },
	// Not the listed words, but a whole reply of one of them says nothing else.
	cease: { intent: 'revoked', language: 'en' },
	desist: { intent: 'revoked', language: 'en' },
	discontinue: { intent: 'revoked', language: 'en' },
	unenroll: { intent: 'revoked', language: 'en' },
	unenrol: { intent: 'revoked', language: 'en' },
	disenroll: { intent: 'revoked', language: 'en' },
	deregister: { intent: 'revoked', language: 'en' },
	exit: { intent: 'revoked', language: 'en' },
	'un enroll': { intent: 'revoked', language: 'en' },
	'un subscribe': { intent: 'revoked', language: 'en' },
	help: { intent: 'help', language: 'en' },
	halp: { intent: 'help', language: 'en' },
	info: { intent: 'help', language: 'shared' },
	aide: { intent: 'help', language: 'fr' },
	ayuda: { intent: 'help', language: 'es' },
	informacion: { intent: 'help', language: 'es' },
	start: { intent: 'opt_in', language: 'shared' },
	unstop: { intent: 'opt_in', language: 'shared' },
	subscribe: { intent: 'opt_in', language: 'en' },
	resubscribe: { intent: 'opt_in', language: 'en' },
	join: { intent: 'opt_in', language: 'en' },
	optin: { intent: 'opt_in', language: 'en' },
	'opt in': { intent: 'opt_in', language: 'en' },
	'opt me in': { intent: 'opt_in', language: 'en' },
	alta: { intent: 'opt_in', language: 'es' },
	suscribir: { intent: 'opt_in', language: 'es' },
	suscribirme: { intent: 'opt_in', language: 'es' },
	inscribirme: { intent: 'opt_in', language: 'es' },
	abonner: { intent: 'opt_in', language: 'fr' },
	reabonner: { intent: 'opt_in', language: 'fr' },
	inscrire: { intent: 'opt_in', language: 'fr' },
	inscribir: { intent: 'opt_in', language: 'es' },
	reanudar: { intent: 'opt_in', language: 'es' },
	resume: { intent: 'opt_in', language: 'en' },
	rejoin: { intent: 'opt_in', language: 'en' },
	iniciar: { intent: 'opt_in', language: 'es' },
	reabonnement: { intent: 'opt_in', language: 'fr' },
	inscription: { intent: 'opt_in', language: 'fr' },
};

/**
 * A whole reply of one of these confirms what it answers: an opt-in only where a subscription
 * awaits its confirmation (a double opt-in's "Reply YES to confirm"), which the reply alone cannot
 * tell; the reading says so in its reason.
 */
export const CONFIRMATIONS: Record<string, ConsentLanguage> = {
	yes: 'en',
	y: 'en',
	yeah: 'en',
	yep: 'en',
	yup: 'en',
	si: 'es',
	oui: 'fr',
	ouais: 'fr',
};

/** Words a keyword reply may name what it stops ("stop texts", "STOP pub", "fin des messages"). */
export const KEYWORD_OBJECTS = new Set(
	(
		'text texts txt txts msg msgs message messages sms alerts alert notifications promos promo ads ' +
		'spam marketing the my your all of to with mensajes mensaje msj textos alertas promociones ' +
		'publicidad los las mis sus de del pub pubs publicite publicites alertes textes des les mes vos d ' +
		// "Baja de todas las listas", "STOP all lists", "fin de toutes les listes"
		'list lists lista listas liste listes todas toutes la'
	).split(' '),
);

/** Keywords a person may spell out letter by letter ("S T O P", "s.t.o.p") or join ("STOPNOW"). */
export const SPELLABLE = new Set(
	'stop end quit cancel unsubscribe unsub optout revoke remove alto baja arret fin help info aide ayuda start unstop yes'.split(
		' ',
	),
);
/** What a joined keyword is joined to ("stop2end", "pleasestop", "stoptexting"). */
export const JOINABLE = new Set([
	...SPELLABLE,
	...'now please pls plz all me it texting texts text msgs messages sms asap thanks good ever forever already'.split(
		' ',
	),
	// "optmeout", "quitsending", "stopmessagingme", "altoya", "darmedebaja", "stoppub".
	...'opt out sending messaging send ya porfa porfavor por favor darme de pub pubs svp'.split(' '),
	// "cancelsubscriptiontotexts", "removemynumber", "stopfromthislist"
	...'subscription subscriptions to my from list these number remove no more'.split(' '),
	// "stopthis", "nomasmensajes"
	...'this mas mensajes'.split(' '),
]);

/** Politeness, emphasis and address that change nothing in a keyword reply ("Stop it please!!"). */
export const FILLERS = new Set(
	(
		'please pls plz plse plez pleas pleaze thanks thank thx thnx ty tks tnx you u now immediately ' +
		'asap right away just already again ok okay k kk lol lmao haha hey hi hello sorry yes yeah yep ' +
		'y guys man dude bro sir maam bye goodbye seriously really damn fucking fuckin omg ugh it that ' +
		'enough already ffs wtf good forever ever period periodt ' +
		'this these them all everything me i im am m so totally and & confirm confirmed ' +
		'por favor porfa porfavor porfas porfis porfi plis xfa xfavor gracias ya ahora mismo hola oye si todo todos inmediatamente ' +
		'svp stp merci maintenant bonjour allo oui tout suite vous plait ca encore'
	).split(' '),
);
/** Several-word fillers, removed before single words. */
export const FILLER_PHRASES = [
	's il vous plait',
	's il te plait',
	'tout de suite',
	'de una vez',
	// "again": "START otra vez porfa", "ALTO de nuevo", "START de nouveau"
	'otra vez',
	'de nuevo',
	'una vez mas',
	'de nouveau',
	'right now',
	'thank you',
	'por favor',
	'por fa',
	'ca suffit',
	'c est assez',
	'that s enough',
	'thats enough',
	'end of story',
	'end of discussion',
	'no exceptions',
];

/** Words that say what is sent: texts and their kin, in each language. */
export const MESSAGES_EN =
	'(?:texts?|txts?|msgs?|messages?|messaging|texting|sms|smss|notifications?|alerts?|promos?|promotions?|ads|advertisements?|adverts?|spam|marketing|offers|deals|coupons|updates|reminders|e?mails?|stuff|crap|shit|junk|bs|nonsense)';
/** The same, without words a person also says of things other than texts ("deals", "stuff"). */
export const MESSAGES_EN_STRICT =
	'(?:texts?|txts?|msgs?|messages?|sms|smss|notifications?|alerts?|promos?|promotional texts?|marketing|spam|e?mails?)';
export const MESSAGES_ES =
	'(?:mensajes?|mensajitos?|msjs?|textos?|sms|notificaciones|notificacion|promociones|promocion|promos?|ofertas|publicidad|llamadas|correos|whatsapps?|alertas|recordatorios|avisos)';
export const MESSAGES_FR =
	'(?:messages?|textos?|textes?|sms|courriels?|notifications?|promotions?|promos?|pubs?|publicites?|appels|alertes?|rappels)';

/** Words a revocation may put between "stop" and what it stops ("stop sending me these texts"). */
export const BETWEEN_EN =
	'(?:me|us|the|these|those|this|that|all|your|ur|you|any|with|more|of|so|many|damn|fucking|fuck|future|further|upcoming|other|stupid|annoying|constant|freaking|daily|promotional|marketing|automated|sending|receiving|getting|my|text|sms)';

/**
 * Negations before a keyword ("don't stop", "no quiero cancelar", "ne... pas"), and "did" (a
 * question about the past: "why did you stop texting me?").
 */
export const NEGATIONS: Record<ConsentLanguage, Set<string>> = {
	en: new Set(['not', 'never', 'nor', 'did', 'without']),
	// "ni se les ocurra dejar de mandarme": don't you dare stop.
	es: new Set(['no', 'nunca', 'jamas', 'tampoco', 'ocurra', 'sin']),
	fr: new Set(['ne', 'n', 'pas', 'jamais', 'sans']),
};
/** Words a negation reaches over ("I don't want to unsubscribe", "no me quiero dar de baja"). */
export const NEGATION_BRIDGES = new Set(
	(
		'please pls plz i you u to want wanna wanted mean meant need going gonna ever ll will would should can ' +
		// "I never said I wanted to unsubscribe", "I never asked to be removed"
		'said say asked ask tried planned ' +
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
		'dice pongo puse poner dicho escrito mandado enviado puesto respondido contestado ' +
		'reponds repondre repondu repondez reponse ecris ecrire ecrit ecrivez envoie envoyer envoye ' +
		'envoyez dis dit dire tape taper tapez texte texter'
	).split(' '),
);
/** Verbs of saying in the past: a person telling they used the keyword already. */
export const SAID = new Set(
	(
		'replied responded answered texted sent typed said wrote told entered put ' +
		'respondi conteste escribi mande envie dije puse dicho escrito mandado enviado puesto respondido ' +
		'contestado repondu ecrit envoye dit tape'
	).split(' '),
);
/** Words between a verb of saying and the keyword it mentions ("reply with the word STOP"). */
export const SAYING_BRIDGES = new Set(
	'the word with just back you u to le mot la palabra el que a d de'.split(' '),
);
/** Before a verb of saying: the keyword is asked about or put as a case, not used. */
export const HYPOTHETICAL = new Set(
	'if whether what how do does should can could would will when why to si que comment quoi est ce'.split(
		' ',
	),
);
/** Before a verb of saying: the person says they used the keyword ("I already said STOP"). */
export const FIRST_PERSON = new Set('i ive im id we yo j je nous'.split(' '));
/** Verbs of saying that are the person's own by their ending (Spanish "dije", "mandé"). */
export const SAID_BY_ME = new Set(
	'dije escribi mande envie puse respondi conteste pedi'.split(' '),
);
/** Between the person and the verb: "I have already", "ya le", "j'ai déjà". */
export const FIRST_PERSON_BRIDGES = new Set(
	'already have has ve just literally again also ya le les lo ai deja vous te'.split(' '),
);
/** Keywords a verb of saying can mention. */
export const MENTIONABLE = new Set(
	(
		'stop stopall end quit cancel unsubscribe unsub revoke optout help info start unstop yes y ' +
		'alto parar paren baja basta cancelar ayuda arret arrete arreter arretez fin aide annuler'
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
		(
			'por favor porfa porfavor porfis hablo ingles gracias mensajes mensaje quiero ya mas los el usted ustedes numero mi que hola ahora ' +
			'esta este es y para con otra vez las una del al su sus conozco sin pero baja quiten basta querer mande borren saquen plis'
		).split(' '),
	),
	fr: new Set(
		(
			'svp stp merci vous je j moi des les le pas ne plus c bonjour allo oui s il plait maintenant mon votre vos ' +
			'trop encore pub pubs et est ce cette ca du au ai marre'
		).split(' '),
	),
};
