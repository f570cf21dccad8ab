// Requests that name the texts by a pronoun, a club or a person: "ya no me los manden", "no quiero
// recibir esto", "merci de les arrêter", "I want out of the VIP text club", "remove my mother's
// number from the reminder list". Pure, no n8n context; words folded as normalize.ts folds them.
import { type PhraseRule, phraseRule } from './rules';

const END = '(?= |$)';

/** What a club or list is named by when it is the texts' ("the VIP text club"). */
const TEXTED = '(?:text|texting|txt|sms|alert|alerts|message|messaging|reminder|reminders|mobile)';
/** A person whose number a reply removes: a relative, a friend. */
const PERSON =
	'(?:mother|mom|mum|mama|dad|father|papa|husband|wife|son|daughter|grandma|grandmother|grandpa|grandfather|brother|sister|aunt|uncle|partner|spouse|kid|child|friend)(?: s|s)?';

/** Most of these hold their own negation ("no me los manden"): by default none before them undoes them. */
const rule = (language: PhraseRule['language'], source: string, negatable = false): PhraseRule =>
	phraseRule(language, source, negatable);

export const NAMED_REQUEST_PHRASES: PhraseRule[] = [
	// "ya no me los manden", "no nos las envíen": "them", the messages the reply answers.
	rule(
		'es',
		`\\bno (?:me |nos )?(?:los|las) (?:manden|envien|mandes|envies|mande|envie|mandan|envian|sigan mandando|sigan enviando|vuelvan a mandar|vuelvan a enviar)${END}(?!(?: \\w+)? (?:hasta|antes|despues|en la|por la|a las|el lunes|el martes|el miercoles|el jueves|el viernes|el sabado|el domingo|manana)\\b)`,
	),
	// "ne me les envoyez plus", "ne m'en envoyez plus"
	rule(
		'fr',
		`\\bne (?:me |m |nous )?(?:les |en )(?:envoyez|envoie|envoies|envoyer|transmettez|texte|textez) plus${END}`,
	),
	// "déjenme de molestar": leave off pestering
	rule(
		'es',
		`\\bdej(?:en|e|a)(?:me|nos) de (?:molestar(?:me|nos)?|fregar|chingar|joder|fastidiar|(?:mandar|enviar|escribir|textear)(?:me|nos)?)${END}`,
	),
	// "no quiero recibir esto", "ya no deseo recibir nada"
	rule(
		'es',
		`\\bno (?:quiero|deseo|quisiera|queremos) (?:recibir|seguir recibiendo) (?:esto|eso|esta|este|estos|estas|nada|mas)${END}`,
	),
	// "merci de les arrêter", "veuillez arrêter ces textos": the whole clause, so "arrêter le
	// prélèvement" (a payment) is not one
	rule(
		'fr',
		`\\b(?:merci de|merci d|veuillez|svp|stp|pouvez vous|pourriez vous|je vous prie de|je vous prie d|je vous demande de|je vous demande d|vous pouvez) (?:les |me les )?(?:arreter|stopper|cesser|annuler|supprimer)(?: (?:svp|stp|merci|s il vous plait|maintenant|immediatement|tout de suite|les|ces|vos|messages|textos|sms|envois|alertes|rappels))*$`,
		true,
	),
	// "I want out of the VIP text club", "quit the deals text club"
	rule(
		'en',
		`\\b(?:want|get|getting|take me|let me|i m|im|i am|count me|leave|leaving|quit|quitting|exit|exiting|withdraw from|drop me from|drop out of) (?:out of )?(?:the|this|your|ur|that|these|those)(?: \\w+){0,3}? ${TEXTED} (?:club|list|program|programme|group|service|subscription)${END}`,
		true,
	),
	// "me salgo del club VIP de mensajes", "sáquenme del club de ofertas por texto"
	rule(
		'es',
		`\\b(?:me salgo|salgo|salir|salirme|sacame|saquenme|quiero salir) (?:de |del |de la )(?:club|lista|programa|grupo)(?: \\w+){0,3}? (?:de|por) (?:mensajes|textos|sms|alertas|recordatorios|texto|mensaje)${END}`,
		true,
	),
	// "remove my mother's number from your reminder list", "take my dad off your texts"
	rule(
		'en',
		`\\b(?:remove|delete|take|drop|erase|get) (?:my|our|the) (?:(?:late|deceased) )?${PERSON}(?: (?:number|phone|cell|phone number|cell number|#))? (?:off|from|out of)(?: (?:your|the|this|that|ur|my|all|these))?(?: \\w+){0,2} (?:list|lists|texts|messages|reminders|alerts|system|contacts)${END}`,
		true,
	),
	// "remove dad from your texts list", "take him off your texts"
	rule(
		'en',
		`\\b(?:remove|delete|take|drop|get) (?:${PERSON}|him|her|them) (?:off|from|out of) (?:your|the|this|ur|these|all)(?: \\w+)? (?:list|lists|texts|messages|reminders|alerts|text list|texting list)${END}`,
		true,
	),
	// "mi mamá falleció, ya no le manden mensajes": texts to the person the reply names
	rule(
		'es',
		`\\bno (?:le|les) (?:manden|envien|mande|envie|sigan mandando|sigan enviando|escriban|vuelvan a mandar) (?:mas )?(?:mensajes|textos|sms|recordatorios|avisos|alertas|nada)${END}`,
	),
	// "please remove my late husband's number": the whole request, no list needed
	rule(
		'en',
		`\\b(?:remove|delete|erase) (?:my|our) (?:(?:late|deceased) )?${PERSON} (?:number|phone|cell|phone number|cell number|#)(?: (?:please|pls|thanks|thank you))*$`,
		true,
	),
	rule(
		'en',
		`\\b(?:remove|delete|erase|take off|drop) (?:his|her|their) (?:number|phone|cell|phone number|cell number|#)(?: (?:off|from) (?:your|the|this|ur) (?:\\w+ )?(?:list|texts|messages|reminders|alerts|system))?${END}`,
		true,
	),
	// "take her number off your reminder list": "take" needs what it is taken off
	rule(
		'en',
		`\\btake (?:his|her|their) (?:number|phone|cell|phone number|cell number|#) (?:off|out of)(?: (?:your|the|this|ur|all|these))?(?: (?:text|texting|sms|reminder|reminders|appointment|message|messaging|contact|calling|call|marketing|mailing|promo|promotional|alert|alerts|mobile))? (?:list|lists|texts|messages|reminders|alerts|system|contacts)${END}`,
		true,
	),
	// "quiten su número de los recordatorios", "borren el número de mi mamá de la lista"
	rule(
		'es',
		`\\b(?:quiten|saquen|borren|eliminen|retiren|quitar|sacar|borrar|eliminar|retirar) (?:su|el) (?:numero|telefono|celular|cel)(?: de (?:mi|su) \\w+)? (?:de|del) (?:la |las |los |su |sus |esta |este |estos |estas )?(?:lista|listas|recordatorios|mensajes|alertas|avisos|sistema|base|contactos|envios)${END}`,
		true,
	),
	// "retirez le numéro de ma mère de la liste", "supprimez son numéro"
	rule(
		'fr',
		`\\b(?:retirez|enlevez|supprimez|effacez|retirer|enlever|supprimer) (?:le numero|son numero|le cellulaire|son cellulaire)(?: de (?:ma|mon) \\w+)?(?: (?:de|des) (?:la |votre |cette |vos |vos )?(?:liste|listes|rappels|messages|textos|envois))?${END}`,
		true,
	),
];
