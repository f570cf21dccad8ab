// Requests that name what they stop by a topic and a messaging noun ("stop the happy hour texts",
// "no more flash sale alerts", "turn off these bill reminders"), or make the texts the subject
// ("these texts need to end"). The head noun decides what is stopped: the topic before it (a bill,
// a delivery, a sale) is what the texts are about, not another channel; a channel word before the
// noun (email, paper, voice, push, app notifications) is. Pure, no n8n context; words folded.
import { type PhraseRule, phraseRule as rule } from './rules';

const END = '(?= |$)';

/** Messaging nouns that head a request's object: the texts, whatever their topic. */
const HEAD_EN =
	'(?:texts?|txts?|text messages|messages?|msgs?|sms|smss|alerts?|reminders?|notifications?|notifs?|promos)';

/** Words that make the noun another channel's ("email alerts", "voice reminders", "app notifications"). */
const NOT_CHANNEL =
	'(?!(?:email|emails|e|mail|paper|call|calls|voice|voicemail|push|phone|robocall|app|for|of|on|to|from|at|in|about|date|time|the|a|an)\\b)';

/** Verbs of ending a thing, in English. */
const STOPPING_EN =
	'(?:stop|end|quit|cancel|halt|cease|kill|get rid of|discontinue|no more|turn off|shut off|switch off|cut off|cut out|disable|enough with|enough of|done with)';

/** "need to stop coming at 6am": a time, not the texts, is what ends. */
const NOT_A_TIME =
	'(?!(?: \\w+){0,2} (?:before|after|until|till|til|between|during|while|at|on|so early|so late)\\b|(?: \\w+)? (?:being|going)\\b)';

/** The same nouns in Spanish and French, where the topic follows ("alertas de saldo", "rappels de paiement"). */
const HEAD_ES =
	'(?:mensajes?|mensajitos|msjs?|textos?|sms|avisos?|recordatorios?|alertas?|notificaciones|notificacion|promociones|whatsapps?)';
const HEAD_FR =
	'(?:messages?|textos?|textes|sms|rappels?|alertes?|notifications?|promotions?|promos?|pubs?)';
/** After a Spanish or French noun: a channel named later in the clause ("alertas por correo"). */
const NO_CHANNEL_AFTER =
	'(?!(?: \\w+)*? (?:correo|correos|email|emails|mail|courriel|courriels|app|application|aplicacion|poste|papier|papel|llamadas?|appels?|vocal|voz)\\b)';
const DETERMINERS_ES =
	'(?: (?:los|las|sus|estos|estas|esos|esas|tus|mis|todos los|todas las|de|mas|ya|esos))*';
const DETERMINERS_FR = '(?: (?:les|ces|vos|tes|mes|des|de|d|tous|toutes|ce|cette|aux))*';

export const HEAD_NOUN_PHRASES: PhraseRule[] = [
	// "stop the happy hour texts", "no more flash sale texts plz", "turn off these bill alerts"
	rule(
		'en',
		`\\b${STOPPING_EN}(?: (?:the|these|those|this|that|all|your|ur|my|any|of|with|such)){0,2}(?: ${NOT_CHANNEL}\\w+){1,3} ${HEAD_EN}${END}`,
	),
	// "these texts need to end", "the reminders have to stop", "all these alerts must stop"
	rule(
		'en',
		`\\b(?:these|those|the|your|ur|all|all these|all the|all your|all of these|all of your)(?: ${NOT_CHANNEL}\\w+){0,2} ${HEAD_EN} (?:need|needs|have|has|must|gotta|got|should|better|are going|is going|gonna)(?: to)? (?:stop|end|cease|quit|go away)${END}${NOT_A_TIME}`,
		false,
	),
	// "I need these texts to stop", "I want the reminders to end"
	rule(
		'en',
		`\\b(?:want|need|would like|d like|wish)(?: for)? (?:these|the|your|ur|all|those|all these|all the|all your)(?: ${NOT_CHANNEL}\\w+){0,2} ${HEAD_EN} (?:to (?:stop|end|cease|go away)|gone)${END}`,
	),
	// "paren los recordatorios de pago", "dejen de mandar los avisos de entrega", "quiten las alertas"
	rule(
		'es',
		`\\b(?:paren|parar|pare|parenle|dejen de mandar|dejen de enviar|deje de mandar|deje de enviar|dejar de recibir|quiten|quitar|quite|cancelen|cancelar|cancela|apaguen|apagar|apague|desactiven|desactivar|desactive|eliminen|eliminar|suspendan|suspender|detengan|detener|alto a|stop)${DETERMINERS_ES} ${HEAD_ES}${END}${NO_CHANNEL_AFTER}`,
	),
	// "no más alertas de saldo", "basta de avisos", "ya no quiero los avisos de pago"
	rule(
		'es',
		`\\b(?:no mas|basta de|basta con|ya no quiero|no quiero|no queremos|no deseo|no necesito)${DETERMINERS_ES} ${HEAD_ES}${END}${NO_CHANNEL_AFTER}`,
		false,
	),
	// "arrêtez les alertes de livraison", "stop les rappels de rendez-vous", "désactivez les notifications"
	rule(
		'fr',
		`\\b(?:stop|stop aux|arretez|arreter|arrete|cessez|cesser|annulez|annuler|desactivez|desactiver|supprimez|supprimer|enlevez|fini|finis|assez de|je ne veux plus|j en veux plus)${DETERMINERS_FR} ${HEAD_FR}${END}${NO_CHANNEL_AFTER}`,
	),
	// "j'en ai assez des rappels de paiement", "marre de vos alertes"
	rule(
		'fr',
		`\\b(?:j en ai assez|j en ai marre|assez|marre|ras le bol)(?: (?:de|des|du|d))${DETERMINERS_FR} ${HEAD_FR}${END}${NO_CHANNEL_AFTER}`,
		false,
	),
	// "plus de rappels de paiement svp": at the start ("je veux plus de promos" may want more)
	rule('fr', `^(?:svp |merci |bonjour )?plus de ${HEAD_FR}${END}${NO_CHANNEL_AFTER}`, false),
	// "estos mensajes ya tienen que parar", "ces messages doivent arrêter"
	rule(
		'es',
		`\\b(?:estos|estas|esos|esas|los|las|sus|tus)(?: \\w+)? ${HEAD_ES} (?:ya )?(?:tienen que|deben|necesitan|han de) (?:parar|terminar|acabar|detenerse|cesar)${END}`,
		false,
	),
	rule(
		'fr',
		`\\b(?:ces|les|vos|tes|tous ces|toutes ces)(?: \\w+)? ${HEAD_FR} (?:doivent|devraient|vont devoir) (?:arreter|cesser|finir|s arreter)${END}|\\bil faut que (?:ces|les|vos) ${HEAD_FR} (?:arretent|cessent|finissent|s arretent)${END}`,
		false,
	),
	// "can you guys not text me", "could u stop texting me"
	rule(
		'en',
		`\\b(?:can|could|would|will) (?:you|u|y all|yall|ya)(?: guys| all| people| folks)? (?:please |pls |plz )?not (?:text|txt|message|msg|contact|send|spam)${END}(?!(?: \\w+)? (?:before|after|until|till|til|between|during|while|at|on)\\b)`,
		false,
	),
];
