// How people revoke consent in a sentence, beyond the bare keyword: "please stop texting me",
// "take me off your list", "no más mensajes", "arrêtez de m'envoyer des textos". Each rule reads a
// clause as its folded words joined by single spaces (see normalize.ts). Pure, no n8n context.
import {
	BETWEEN_EN,
	MESSAGES_EN,
	MESSAGES_EN_STRICT,
	MESSAGES_ES,
	MESSAGES_FR,
	type RuleLanguage,
} from './lexicon';

export interface PhraseRule {
	language: RuleLanguage;
	pattern: RegExp;
	/**
	 * Whether a negation just before the match undoes it ("don't stop sending these", "no quiero
	 * darme de baja"). Rules that start with their own negation ("don't text me") are not.
	 */
	negatable: boolean;
}

/** A rule of the phrase `source` in `language`, undone by a negation before it unless told not to be. */
export const phraseRule = (
	language: RuleLanguage,
	source: string,
	negatable = true,
): PhraseRule => ({
	language,
	pattern: new RegExp(source),
	negatable,
});
const rule = phraseRule;

const END = '(?= |$)';

/** Sentences that revoke consent, by language. */
export const REVOCATION_PHRASES: PhraseRule[] = [
	// English
	// "stop texting me", "quit sending me this crap", "stop the texts", "stop with the texts"
	rule(
		'en',
		`\\b(?:stop|quit|quite|cease|halt)(?: ${BETWEEN_EN}){0,3} (?:texting|txting|messaging|msging|sending|contacting|spamming|bothering|bugging|pestering|hounding|nagging|harassing|calling|emailing|pinging|hitting me up|blowing up my phone|soliciting|begging|asking (?:me |us )?(?:for|to)|${MESSAGES_EN})${END}`,
	),
	rule('en', `\\bstop (?:receiving|getting) (?:these|this|them|those|it)${END}`),
	// "end these messages", "cancel all texts", "cancel my subscription to these texts"
	rule(
		'en',
		`\\b(?:end|cancel|quit)(?: ${BETWEEN_EN}){0,3} (?:${MESSAGES_EN_STRICT}|subscriptions?|sub)${END}`,
	),
	// The listed words that mean nothing else: "unsubscribe", "opt me out", "revoke consent"
	rule(
		'en',
		`\\b(?:unsubscribe|unsubscribing|unsub|optout|opt (?:me |us |this number |my number )?out|opting out|revoke)${END}`,
	),
	// "don't text me", "please never message me again": a negated verb of texting, told to the sender
	rule(
		'en',
		`(?:^|\\b(?:do|please|pls|plz|just|and|so|ok|k) )(?:not|never)(?: (?:ever|please|pls|u|you))? (?:text|txt|message|msg|sms|contact|send|email|spam|bother|hit me up|reach out)${END}(?!(?: \\w+)? (?:before|after|until|till|til|between|during|while|at night|on weekends|back)\\b)`,
		false,
	),
	// "I don't want these texts", "I no longer wish to receive messages from you"
	rule(
		'en',
		`\\b(?:not|never|no longer)(?: \\w+)? (?:wants?|wish|wishes|needs?|like|care for)(?: (?!(?:stop|quit|unsubscribe|cancel|remove|opt|miss|lose)\\b)\\w+){0,5}? ${MESSAGES_EN_STRICT}${END}`,
		false,
	),
	rule(
		'en',
		`\\b(?:prefer|rather|like|want|wish) (?:not|never) to (?:receive|get|be sent|be texted|be contacted)${END}|\\b(?:rather|prefer) not (?:receive|get|be sent|be texted|be contacted|getting|receiving)${END}`,
		false,
	),
	// "no more texts", "enough with the texts"
	rule('en', `\\b(?:no more|enough)(?: ${BETWEEN_EN}){0,3}(?: \\w+)? ${MESSAGES_EN}${END}`, false),
	rule('en', `\\bno more (?:of )?(?:this|these|that|them|it)${END}`, false),
	rule(
		'en',
		'\\b(?:(?:leave|let) (?:me|us)(?: the)?(?: fuck| fucking| hell| heck| tf| f| freaking| frickin| damn)? (?:alone|be)|lose (?:my|this) (?:number|#)|forget (?:my|this) number|go away|fuck off|piss off|f off|get lost|buzz off|back off)(?= |$)',
	),
	// "how do I get off this list?", "I want off your list"
	rule(
		'en',
		`\\b(?:want|get|be|been|taken|removed|go) (?:off|out of|removed from|taken off) (?:of )?(?:this|your|the|ur|that|these|those|all) (?:list|lists|texts?|messages|mailing list|text list|sms list|thing)${END}`,
	),
	// "I withdraw my consent", "I do not consent to these texts"
	rule(
		'en',
		`\\b(?:withdraw|withdrawing|revoke|revoking|rescind|rescinding|cancel|retract) (?:my |all |any )?(?:consent|permission)${END}`,
	),
	rule(
		'en',
		`\\b(?:not|no longer|never|dont|longer) (?:consent|agree) to (?:this|these|any|your|receiving|receive|get|getting|being|the|${MESSAGES_EN_STRICT})${END}`,
		false,
	),
	// "I asked to be removed", "I've unsubscribed twice already", "I want out of this list"
	rule(
		'en',
		`\\b(?:asked|asking|want|wanted|like|need|wish)(?: (?!not\\b)\\w+){0,3}? to be (?:removed|taken off|unsubscribed|opted out)${END}`,
	),
	rule('en', `\\b(?:i ve|ive|i have|i already|already) (?:unsubscribed|opted out)${END}`),
	// "I've been unsubscribed twice and you still text me": told as done, and the texts still come
	rule(
		'en',
		`\\b(?:i ve been|ive been|i have been|i was|i got|we ve been|we were)(?: already| literally| even)? (?:unsubscribed|opted out|removed)(?: \\w+){0,4} (?:and|but|yet) (?:you|u|y all|you guys|i|still)(?: (?:still|keep|are still|re still|continue|get|getting|keep getting))\\b`,
	),
	rule(
		'en',
		`\\b(?:i|we) want out(?: of (?:this|these|your|the|ur)(?: \\w+){0,3} (?:list|texts?|messages|program|programme|club|alerts|service|subscription|thing))?$`,
	),
	rule(
		'en',
		`\\b(?:never|not) (?:signed|sign|subscribed|subscribe|opted|opt|agreed|agree) (?:up|in|to this|to these|to any)${END}`,
		false,
	),
	rule('en', `\\bnever gave (?:you )?(?:my number|permission|consent)${END}`, false),

	// Spanish
	// "dejen de enviarme mensajes", "para de escribirme"
	rule(
		'es',
		`\\b(?:deja|dejen|dejar|deje|dejes|dejad|para|pare|paren|parar|parale|terminen|termina|dejaran|dejara|dejasen|dejase|pararan|parara|terminaran|dejeis|pareis|dejasteis|parad)\\b(?: (?:ya|mas|por favor|porfa|de una vez))* (?:de|d) (?:estar )?(?:enviar|mandar|escribir|contactar|textear|llamar|molestar|spamear|fregar|fastidiar|jorobar|joder|chingar|acosar|insistir|enviando|mandando|escribiendo|contactando|molestando|chingando)(?:me|nos|los|las|melos|melas|noslos)?${END}`,
	),
	// "no más mensajes", "ya basta de mensajes"
	rule('es', `\\bno mas(?: (?:de|tus|sus|los|las|estos|estas))* ${MESSAGES_ES}${END}`, false),
	rule(
		'es',
		`\\b(?:basta|suficiente|ya estuvo|estuvo bueno|ya estuvo bueno)(?: ya)? (?:de|con)(?: \\w+)? ${MESSAGES_ES}${END}`,
	),
	// "no me manden más", "ya no me escriban"
	rule(
		'es',
		`\\b(?:no|nunca)(?: me| nos)? (?:manden|mande|mandes|envien|envie|envies|escriban|escriba|escribas|contacten|contacte|contactes|textees|texteen|textee|molesten|moleste|mandaran|enviaran|escribieran|contactaran|molestaran|mandara|enviara|escribiera|contactara|molestara|mandeis|envieis|escribais|contacteis|molesteis)(?: mas)?${END}`,
		false,
	),
	// "ya no quiero recibir mensajes", "no quiero más mensajes de ustedes"
	rule(
		'es',
		`\\b(?:no|nunca)(?: \\w+)? (?:quiero|deseo|necesito|quisiera|queremos)(?: (?!dejar\\b)\\w+){0,5}? ${MESSAGES_ES}${END}`,
		false,
	),
	// "darme de baja", "denme de baja por favor", "quiero la baja"
	rule(
		'es',
		'\\b(?:(?:dar|darme|darse|darnos|den|denme|dame|deme|dadme|doy|da|di|dimos)(?: \\w+)? )?de baja(?= (?:por|porfa|porfavor|gracias|ya|de|del|en|ahora|inmediatamente|todo|todos|y|pero|hace|este|esta|mi|mis|el|la|los|las|numero)\\b|$)',
	),
	rule(
		'es',
		`\\b(?:quiero|pido|solicito|pedi|pedimos|solicite|pedido|solicitado|exijo) (?:la|mi|nuestra) baja${END}`,
	),
	// "sáquenme de su lista", "borren mi número"
	rule(
		'es',
		`\\b(?:sacame|saqueme|saquenme|quitame|quiteme|quitenme|borrame|borreme|borrenme|eliminame|elimineme|eliminenme|remuevanme|bajame|bajenme|quitadme|sacadme|borradme|eliminadme|retirenme|retireme|retirame)(?: de (?:la |su |sus |esta |esa |tu |el )?(?:lista|listas|base|sistema|contactos|mensajes|envios|suscripcion))?${END}`,
	),
	rule(
		'es',
		`\\b(?:saquen|quiten|borren|eliminen|borra|quita|elimina|saca|remuevan|borrar|eliminar|quitar|sacar|retiren|retire|retira|retirar|bajen) (?:mi|este|el) (?:numero|telefono|cel|celular|contacto)${END}`,
	),
	// "borren mis datos", "eliminen mi información"; not "mis datos de tarjeta"
	rule(
		'es',
		`\\b(?:saquen|quiten|borren|eliminen|borra|quita|elimina|borrar|eliminar) (?:mis datos|mi informacion|mi info)${END}(?! (?:de|del) (?:tarjeta|pago|envio|facturacion|cuenta))`,
	),
	rule(
		'es',
		`\\b(?:me|nos) (?:saquen|quiten|borren|eliminen|saca|quita|borra|elimina|sacan|quitan|borran|eliminan|sacaran|quitaran|borraran|eliminaran|sacasen|quitasen|borrasen) de (?:la |su |sus |esta |tu )?(?:lista|listas|base|sistema)${END}`,
	),
	// "detengan los mensajes", "parar mensajes" ("para" alone is also "for": not here)
	rule(
		'es',
		`\\b(?:detengan|detener|deten|detenga|parar|paren|pare|terminen|terminar|suspendan|suspender|cesen|cese|cesar)(?: (?:los|las|sus|tus|estos|estas|todos|todas|el|la|de))* ${MESSAGES_ES}${END}`,
	),
	rule(
		'es',
		`\\b(?:dejenme|dejame|dejeme|dejennos) (?:en paz|tranquil[oa]s?)${END}|\\b(?:me|nos) (?:dejen|deje|dejes|dejan|dejaran|dejara|dejasen) (?:en paz|tranquil[oa]s?)${END}`,
	),
	// "paren ya con los mensajes", "basta ya con tanto mensaje"
	rule(
		'es',
		`\\b(?:paren|pare|para|parale|parenle|dejen|deja|basta|stop|alto)(?: ya)? con(?: (?:los|las|sus|tus|estos|estas|tanto|tantos|tanta|tantas|el|la))* ${MESSAGES_ES}${END}`,
	),
	// "que ya no me lleguen estos mensajes", "¿cómo hago para ya no recibir sus mensajes?"
	rule(
		'es',
		`\\bno (?:me |nos )?(?:lleguen|llegue|sigan llegando|vuelvan a llegar)(?: (?:mas|sus|estos|estas|los|las|tus))* ${MESSAGES_ES}${END}|\\b(?:para|como|quiero|deseo|quisiera|prefiero|favor de) (?:ya )?no recibir(?: (?:mas|sus|estos|estas|los|las|tus))* ${MESSAGES_ES}${END}`,
		false,
	),
	rule('es', `\\bno (?:me |nos )?llamen${END}`, false),
	// "ya dejen", "ya párenle": stop already, said to the sender
	rule(
		'es',
		`^(?:(?:oigan|oiga|oye|ey|hey|miren|mira|senores|bueno|ok|porfa|por favor) )*(?:ya )?(?:dejen|paren|parenle|parale|bajenle|bajale|dejenle)(?: (?:ya|pues|porfa|por favor|de una vez|carajo|caray|ya por favor))*$|^(?:(?:oigan|oiga|oye|ey|hey|miren|mira|senores|bueno|ok|porfa|por favor) )*ya (?:dejen|paren)\\b`,
	),
	// Formal: "solicito que cesen los mensajes", "que se detengan los envíos"
	rule(
		'es',
		`\\bque (?:se )?(?:cesen|cese|paren|detengan|suspendan|terminen|eliminen|interrumpan)(?: (?:los|las|sus|el|la|todos|todas|estos|estas|de|del|tus))* (?:${MESSAGES_ES}|envios|comunicaciones|alertas)${END}`,
	),
	rule(
		'es',
		`\\b(?:quitar|sacar|borrar|eliminar|remover|retirar)(?:me|lo|nos|la) de (?:la |su |sus |esta |tu |el )?(?:lista|listas|base|sistema|registro|registros|contactos)${END}`,
	),
	rule(
		'es',
		`\\b(?:salir|salirme|sacarme)(?: de| del) (?:la |las |los |esta |estas |estos |este |su |sus |tu |tus |mis |el )?(?:lista|listas|suscripcion|programa|club|grupo|servicio|alertas|mensajes|envios|notificaciones|promociones|textos|sms)${END}`,
	),
	rule('es', `\\b(?:desuscrib|dessuscrib|desinscrib|desafili)\\w*${END}`),
	// "no me sigan mandando mensajes"
	rule(
		'es',
		`\\bno (?:me |nos )?(?:sigan|siga|sigas|continuen|continue) (?:mandando|enviando|escribiendo|molestando|contactando|textando)${END}`,
		false,
	),
	// "no quiero estar en su lista", "ya no deseo pertenecer a este programa"
	rule(
		'es',
		`\\bno (?:\\w+ )?(?:quiero|deseo|quisiera|queremos) (?:estar en|seguir en|pertenecer a|formar parte de) (?:su|la|esta|este|sus|tu|el|esa|ese|las|los|estas|estos) (?:lista|programa|club|grupo|servicio|suscripcion|alertas|mensajes|notificaciones|envios|textos|sms)${END}`,
		false,
	),
	// Refusing the texts: "I refuse to receive these texts", "me niego a recibir sus mensajes"
	rule(
		'en',
		`\\brefuse (?:to )?(?:receive |get |accept )?(?:(?:these|this|your|any|the|more|further|all) )*${MESSAGES_EN_STRICT}${END}`,
	),
	rule(
		'es',
		`\\b(?:me niego a recibir|no acepto recibir|rechazo)(?: (?:sus|estos|estas|los|las|mas|tus))* ${MESSAGES_ES}${END}`,
	),
	rule(
		'fr',
		`\\b(?:je )?refuse (?:de recevoir )?(?:(?:vos|ces|les|des|tout|tous) )*${MESSAGES_FR}${END}|\\b(?:veux|voudrais|souhaite|aimerais|desire|demande a|demande d|demander a|demande de|demandons a) etre (?:retire|retiree|enleve|enlevee|desabonne|desabonnee|desinscrit|desinscrite|supprime|supprimee)${END}`,
	),
	// "me quiero salir de esto", "sácame de aquí"
	rule(
		'es',
		`\\b(?:salir|salirme|sacarme|sacame|saquenme) de (?:esto|aqui|esta cosa|todo esto)${END}`,
	),
	// "cancelar suscripción", "cancela los mensajes"; not "cancelar mi pedido"
	rule(
		'es',
		`\\b(?:cancelar|cancela|cancelen|cancelo|cancele)(?: (?:mi|la|su|las|los|mis|tu|todas|todos))? (?:suscripcion|subscripcion|suscripciones|${MESSAGES_ES}|alertas)${END}`,
	),
	// "anular suscripción", "terminar mi suscripción": ending the subscription in other words
	rule(
		'es',
		`\\b(?:anular|anulen|anulo|anule|terminar|terminen|finalizar|finalicen|dar por terminada)(?: (?:mi|la|su|mis|sus))? (?:suscripcion|subscripcion|suscripciones)${END}`,
	),

	// French (as written in Canada)
	// "arrêtez de m'envoyer des textos", "cessez de m'écrire"
	rule(
		'fr',
		`\\b(?:arretez|arrete|arreter|arretes|arret|cessez|cesse|cesser|stoppez|stopper|stop) (?:de|d) (?:m |me |nous )?(?:envoyer|texter|textoter|ecrire|contacter|appeler|achaler|deranger|spammer|harceler|solliciter|relancer|ecoeurer|embeter|importuner|gosser|${MESSAGES_FR})${END}`,
	),
	// "arrêtez les messages"
	rule(
		'fr',
		`\\b(?:arretez|arrete|arreter|arretes|cessez|cesser|stoppez|stopper)(?: (?:les|vos|ces|tes|des|toutes|tous))* ${MESSAGES_FR}${END}`,
	),
	// "ne m'envoyez plus de messages" (the "ne" is often dropped in Quebec)
	rule(
		'fr',
		`\\b(?:m|me|nous) (?:envoyez|envoie|envoies|envoyer|ecrivez|ecris|ecrire|textez|texte|textes|texter|contactez|contacte|contacter|recontactez|recontacte|recontacter|appelez|appelle|achalez|derangez|sollicitez) (?:plus|pas|jamais)${END}`,
		false,
	),
	// "je ne veux plus recevoir de messages", "je veux plus de textos"
	rule(
		'fr',
		`\\b(?:je|j)(?: ne| n)? (?:veux|veut|voudrais|desire|souhaite|souhaiterais) (?:plus|pu|pas|aucun|aucune|rien)(?: \\w+){0,4}? ${MESSAGES_FR}${END}`,
		false,
	),
	// "plus de messages svp", "assez de textos"
	rule('fr', `^(?:plus de|plus d|pu de|fini les|assez de|assez des) ${MESSAGES_FR}${END}`, false),
	// "ça suffit les messages", "c'est assez avec vos textos"
	rule(
		'fr',
		`\\b(?:ca suffit|c est assez|ca va faire) (?:avec )?(?:les |vos |ces |tes )?${MESSAGES_FR}${END}`,
	),
	// "retirez-moi de votre liste", "enlevez mon numéro"
	rule(
		'fr',
		`\\b(?:retirez|enlevez|supprimez|otez|effacez|sortez|retire|enleve|supprime|efface|sors|ote|retirer|enlever|supprimer|rayez|raye) (?:moi|nous|mon numero|mon no|mon nom|mon telephone|mon cell|ce numero)${END}`,
	),
	rule(
		'fr',
		`\\b(?:desabonner|desabonnez|desabonne|desabonnes|desabonnement|desinscription|desinscrire|desinscrivez|desinscris)${END}|\\b(?:se|me|m|nous|vous) (?:desinscrit|desinscrite|desinscrivons|desabonnons)${END}`,
	),
	rule(
		'fr',
		`\\b(?:(?:laissez|laisse) (?:moi|nous) (?:tranquilles?|la paix|en paix)|(?:lachez|lache) (?:moi|nous)|(?:fiche|fichez|fous|foutez|sacre|sacrez|crisse|crissez|calisse|calissez) (?:moi|nous) (?:la paix|patience))${END}`,
	),
	// "je ne consens plus à recevoir vos SMS"
	rule('fr', `\\b(?:ne |n )?(?:consens|consent|consentons) (?:plus|pas)${END}`, false),
	// "Stop aux pubs", "non aux textos": a keyword and what it stops
	rule(
		'fr',
		`^(?:stop|arret|non|fini|assez) (?:aux|au|a la|a vos|a ces) (?:${MESSAGES_FR}|envois|sollicitations)${END}`,
		false,
	),
	// "stop avec les textos", "arrête avec tes messages"
	rule(
		'fr',
		`\\b(?:stop|arret|arrete|arretez|assez) avec (?:les |vos |ces |tes |des |tous ces |toutes ces )?${MESSAGES_FR}${END}`,
	),
	// Polite, in the subjunctive: "j'apprécierais que vous cessiez de m'envoyer"
	rule(
		'fr',
		`\\b(?:cessiez|arretiez|cessez|arretez) (?:de|d) (?:m |me |nous )?(?:envoyer|ecrire|texter|contacter|solliciter)${END}`,
	),
	rule(
		'fr',
		`\\b(?:annuler|annulez|annule)(?: (?:mon|mes|l|les|votre|cet|cette|ces))? (?:abonnements?|inscription|${MESSAGES_FR})${END}`,
	),
	// Formal and polite requests: "cease and desist", "kindly discontinue any further text
	// messages", "I'd appreciate it if you stopped sending me texts", "no further contact"
	rule('en', `\\bcease and desist${END}`),
	rule(
		'en',
		`\\b(?:discontinue|terminate|suspend|halt|cease|end|stop)(?: (?:all|any|further|future|these|this|the|my|your|sending|of|such|text|sms|marketing|promotional|automated|unsolicited|with|me|us|to me|to us))* (?:${MESSAGES_EN_STRICT}|communications?|contact|correspondence|messaging|texting|enrollment|enrolment|participation)${END}`,
	),
	rule('en', `\\brefrain from (?:texting|messaging|contacting|sending|calling|sms)${END}`),
	rule(
		'en',
		`\\bno (?:further|future) (?:${MESSAGES_EN_STRICT}|contact|communications?|correspondence)${END}`,
		false,
	),
	rule(
		'en',
		`\\b(?:want|like|need|wish|prefer)(?: (?:the|these|those|your|all|this|my|text|sms|promo|promotional|marketing|appointment|you|u))* (?:${MESSAGES_EN_STRICT}|reminders?|them|it|this|these) to (?:stop|end|cease)${END}`,
	),
	rule(
		'en',
		`\\bif (?:you|u) (?:would |could |d )?(?:stopped|stop|quit|ceased) (?:sending|texting|messaging|contacting)${END}`,
	),
	rule('en', `\\b(?:do not|dont|no) (?:contact|call|text|disturb|txt) list${END}|\\bdnc${END}`),
	// Leaving a program: "unenroll me from these alerts", "turn off these notifications"
	rule(
		'en',
		`\\b(?:unenroll|unenrol|un enroll|disenroll|deenroll|de enroll|deregister|unregister|deactivate|disable|unjoin|un join)(?: (?:me|us|my number|this number|these|the|all|my|text|sms))*${END}`,
	),
	rule(
		'en',
		`\\b(?:turn|shut|switch) off(?: (?:these|the|all|my|your|text|sms|those))* (?:${MESSAGES_EN_STRICT}|them)${END}`,
	),
	rule(
		'en',
		`\\b(?:leave|exit|quit|withdraw (?:me )?from|remove me from|take me out of|exit me (?:from|out of)|drop me from|sign me (?:out|off)(?: of| from)?|get me out of) (?:this|the|your|these|that|ur)(?: \\w+)? (?:program|programme|club|list|alerts|notifications|texts|messages|group|service|subscription)${END}(?! on\\b| as is\\b| alone\\b| be\\b)`,
	),
	// The program named by what it texts, over more words: "leave the rewards text program",
	// "sign me out of these promos", "get me out of your daily deal alerts".
	rule(
		'en',
		`\\b(?:leave|exit|quit|withdraw (?:me )?from|remove me from|take me out of|sign me (?:out|off)(?: of| from)?|get me out of|log me out of) (?:this|the|your|these|that|ur|all)(?: \\w+){0,2} (?:text|texting|sms|message|messaging|alert|mobile)(?: \\w+)? (?:program|programme|club|list|service|subscription)${END}|\\b(?:withdraw (?:me )?from|remove me from|take me out of|sign me (?:out|off)(?: of| from)?|get me out of|log me out of) (?:this|the|your|these|that|ur|all)(?: \\w+){0,2} ${MESSAGES_EN_STRICT}${END}`,
	),
	rule('en', `\\bwithdraw me${END}`),
	rule(
		'en',
		`^(?:please )?remove (?:from|off)(?: the| your| this| ur)? (?:list|texts|messages)${END}`,
	),
	// Consent denied: "you do not have my permission", "I did not give you permission to text me"
	rule(
		'en',
		`\\b(?:do not|dont|no longer) have (?:my |any )?(?:permission|consent)|\\b(?:did not|didnt|never) give (?:you |u )?(?:my )?(?:permission|consent|my number)${END}`,
		false,
	),
	rule(
		'en',
		`\\bturn (?:these|them|it|this|those|(?:the |your |these )?${MESSAGES_EN_STRICT}) off${END}`,
	),
	rule('en', `\\b(?:knock it off|cut it out|give it a rest)${END}`),
	// "get the hell off my phone", "stay off my phone"
	rule(
		'en',
		`\\b(?:get|stay|keep|get your (?:texts|spam|ads)) (?:the hell |the fuck |tf |the heck |the f )?(?:off|away from|out of|outta) my (?:phone|cell|line|number)${END}`,
	),
	rule('en', `\\bwant nothing (?:more )?to do with (?:you|u|y all|these|this|your|them|ur)${END}`),
	rule(
		'en',
		`\\b(?:i m|im|i am|we re|we are)(?: so| just| honestly| really| officially)? (?:done|finished|through) with (?:these|your|the|this|all|ur)(?: \\w+)? (?:${MESSAGES_EN_STRICT}|program|list|alerts)${END}`,
	),
	rule(
		'en',
		`\\b(?:not|never|no longer)(?: \\w+)? (?:want|need)(?: (?:any|more|of|all))* (?:these|those|them|this)$`,
		false,
	),
	rule('en', `\\bun subscribe${END}`),
	// "I'm done with these", "im so done with you guys": fed up with what comes, said at the end
	rule(
		'en',
		`\\b(?:i m|im|i am|we re|we are)(?: so| just| honestly| really| officially)? (?:done|finished|through) with (?:these|this|them|you|u|y all|yall|you guys|you people|it all|all this|all of this)$`,
	),
	// "you may not text me anymore", "you can't contact me"; not "you can not text me before 9"
	rule(
		'en',
		`\\b(?:you|u) (?:may|can|must|should|are not allowed to|do not have permission to) not (?:text|txt|message|msg|contact|send|spam)${END}(?!(?: \\w+){0,2} (?:before|after|until|till|til|between|during|while|at work|at school|at night|on weekends|in the morning|so early|so late)\\b)`,
		false,
	),
	// "can you not text me", "could u please not message me"
	rule(
		'en',
		`\\b(?:can|could|would|will) (?:you|u|y all)(?: please| pls| just)? not (?:text|txt|message|msg|contact|send|spam)(?: me| us| this number)?$`,
		false,
	),
	// "I'm blocking this number", "blocking you now": the person shuts the texts out
	rule(
		'en',
		`\\b(?:i m|im|i am|i ll|ill|i will|gonna|going to|about to) (?:block|blocking) (?:this|your|you|u|the)(?: number| #| company)?${END}`,
	),
	// "I no longer want to be part of this program", "count me out of these texts", "I'm out"
	rule(
		'en',
		`\\b(?:not|no longer|never)(?: \\w+)? (?:(?:want|wish) to|wanna) be (?:part of|in|on|a member of|enrolled in|subscribed to|signed up for) (?:this|these|your|the|ur|any)(?: \\w+)? (?:list|lists|program|programme|club|texts?|messages|alerts|group|service|thing|anymore)\\b`,
		false,
	),
	rule(
		'en',
		`\\bcount (?:me|us) out(?: of (?:this|these|your|the|ur|all)(?: \\w+)?)?$|^(?:ok |okay |yeah |so |nope )?(?:i m|im|i am|we re|we are) (?:out|outta here|out of here)$`,
	),
	// "Top texting me": STOP with its first letter dropped, before a verb of texting
	rule(
		'en',
		`^(?:please |pls |just |ok )?top (?:texting|txting|messaging|sending|contacting|spamming|bothering)(?= |$)(?! (?:app|apps|service|services|plan|plans|platform|tool|tools|software|company|companies|tips)\\b)`,
	),
	// Not wanting what comes next: "I don't want these anymore", "never want to hear from you again"
	rule(
		'en',
		`\\b(?:not|never|no longer)(?: \\w+)? (?:want|wish|need)(?: (?:any|these|those|this|them|it|more|of|your|the))*(?: (?:reminders|updates|offers|deals|coupons|${MESSAGES_EN_STRICT}))? (?:anymore|any more)${END}`,
		false,
	),
	rule(
		'en',
		`\\b(?:not|never|no longer) (?:want|wish|care) to (?:hear from|be contacted|be texted|be messaged|receive|get)(?: (?:you|u|this|them|y all|anything|any|these|more))*${END}`,
		false,
	),
	rule(
		'en',
		`\\b(?:no longer interested|not interested (?:anymore|any more|in (?:receiving|getting|these|this|them|your (?:texts|messages|alerts))))${END}`,
		false,
	),
	rule(
		'en',
		`\\b(?:${MESSAGES_EN_STRICT}|these|this|they|them) (?:are |is |r )?(?:unwanted|not wanted|unwelcome|not welcome|harassment|harassing me)${END}(?! by\\b)`,
	),
	// Swearing that says "leave me alone"
	rule(
		'en',
		`\\b(?:fuck off|fuck you|fuck u|f off|screw you|screw off|stfu|gtfo|go to hell|eat shit|bugger off|sod off|fuck outta here|fuck out of here)${END}`,
	),
	// A complaint that repeats a STOP: "I opted out last week", "STOP means STOP"
	rule(
		'en',
		`\\b(?:i|ive|i ve|i have|i already|already|after i|since i|when i)(?: (?:already|just|literally|also|even|have|had|ve|did|clearly))? (?:unsubscribed|opted out|replied stop|texted stop|said stop|sent stop|asked (?:you )?to stop|told (?:you|u) to stop|asked to be removed)${END}`,
	),
	rule('en', `\\bstop means stop${END}`),
	// "what part of STOP don't you understand"
	rule(
		'en',
		`\\bwhat part of (?:stop|unsubscribe|quit|remove me|leave me alone|opt out)(?: (?:do not|dont|does not|doesnt|did not|didnt)) (?:you|u|y all|you people|you guys) (?:understand|get)${END}`,
		false,
	),
	rule(
		'shared',
		`\\b(?:how many times|cuantas veces|combien de fois)\\b.* (?:stop|unsubscribe|remove|quit|cancel|alone|paren|parar|pararan|dejen|baja|arreter|arretez|cesser|desabonner)(?: (?:texting|sending|messaging|me|it|this|now|already|please|ya|svp))*$`,
	),
	rule(
		'en',
		`\\b(?:withdraw|withdrawing|revoke|revoking|rescind|rescinding) (?:(?:my|all|any|prior|previous|earlier|past|the) )*(?:consent|permission|authorization|authorisation)${END}`,
	),

	// Spanish, formal and otherwise: "favor de suspender el envío de mensajes", "revoco mi
	// consentimiento", "no autorizo que me sigan enviando", "no vuelvan a escribir"
	rule(
		'es',
		`\\b(?:suspend\\w*|deten\\w*|cancel\\w*|parar|paren|pare|termin\\w*|cese|cesen|cesar|dejen de|deje de|dejar de)(?: (?:el|los|la|las|todo|todos|tus|sus|de|del|inmediato|inmediatamente|ya|ahora|una vez|por favor))* (?:envios(?:$| (?:de|del)(?: (?:los|las|sus|tus))? ${MESSAGES_ES}${END})|envio (?:de|del)(?: (?:los|las|sus|tus))? ${MESSAGES_ES}${END})`,
	),
	rule(
		'es',
		`\\b(?:revoco|retiro|revocar|retirar|revoca|revoquen|cancelo) (?:mi |el |su |cualquier |toda |todo |la )?(?:consentimiento|autorizacion|permiso)${END}`,
	),
	rule(
		'es',
		`\\bno (?:autorizo|autorice|consiento|doy (?:mi )?(?:consentimiento|permiso|autorizacion))${END}`,
		false,
	),
	rule(
		'es',
		`\\bno (?:me |nos )?(?:vuelvan|vuelva|vuelvas) a (?:escribir|mandar|enviar|contactar|llamar|textear|molestar)`,
		false,
	),
	rule(
		'es',
		`\\b(?:favor de|por favor|porfa|les pido|le pido|solicito) (?:no|ya no) (?:me |nos )?(?:envi\\w*|mand\\w*|escrib\\w*|contact\\w*|textee\\w*)`,
		false,
	),
	rule(
		'es',
		`\\bno (?:quiero|queremos|deseo) saber (?:nada )?(?:mas )?(?:de|del) (?:ustedes|usted|ti|ellos|esta empresa|su empresa|este numero)${END}`,
		false,
	),
	rule(
		'es',
		`\\b(?:les|le|te) (?:dije|pedi|escribi|avise) que (?:paren|pararan|dejen|dejaran|no me|me (?:saquen|borren|den de baja|quiten)|ya no)`,
	),
	rule(
		'es',
		`\\bno (?:tienen|tiene|tienes) mi (?:permiso|autorizacion|consentimiento)|\\bnunca (?:les |le |te )?(?:di|dimos) (?:mi )?(?:permiso|autorizacion|consentimiento|numero)${END}`,
		false,
	),
	rule('es', `\\b(?:quiero|deseo|quisiera|me gustaria|queremos) dejar de recibir${END}`, false),
	rule('es', `\\b(?:ya no me interesa|no me interesa(?:n)? (?:mas|recibir|esto|estos))`, false),
	rule(
		'es',
		`\\b(?:desactiv\\w*|apag\\w*)(?: (?:las|los|mis|sus|tus|todas|todos|estas|estos))* (?:alertas|notificaciones|${MESSAGES_ES})${END}`,
	),
	rule(
		'es',
		`\\b(?:(?:vete|vayanse|vayase|andate|larguense|largate) (?:a la mierda|a la verga|a la v rga|a la vrga|al carajo|al diablo|a la chingada)|chinga tu madre|no (?:me )?(?:jodan|jodas|chinguen)|dejen de (?:joder|chingar))${END}`,
	),
	rule('es', `\\b(?:ya )?(?:me )?(?:di|dimos) de baja${END}`),
	rule(
		'es',
		`\\b(?:ya no|no) (?:consiento|acepto|autorizo|doy mi consentimiento)(?: (?:recibir|que|los|sus|estos|mas))*(?: ${MESSAGES_ES})?${END}`,
		false,
	),
	// French: "merci de ne plus m'envoyer de SMS", "cesser tout envoi de messages", "je retire mon
	// consentement", "ça ne m'intéresse plus", "mange de la marde"
	rule(
		'fr',
		`\\bne plus (?:m |me |nous )?(?:envoyer|ecrire|contacter|texter|textoter|appeler|deranger|solliciter|relancer)${END}`,
		false,
	),
	// "comment faire pour ne plus recevoir vos messages"
	rule(
		'fr',
		`\\bne plus recevoir(?: (?:de|d|vos|ces|les|des|aucun|aucune|tes))* ${MESSAGES_FR}${END}`,
		false,
	),
	rule(
		'fr',
		`\\b(?:cesser|cessez|arreter|arretez|suspendre|suspendez|stopper|stoppez)(?: (?:tout|tous|toute|toutes|les|vos|l|d|vos))* envois?(?:$|(?= (?:svp|stp|merci|s il|immediatement|maintenant)\\b)| (?:de|d|des)(?: (?:vos|ces|les))? ${MESSAGES_FR}${END})`,
	),
	rule(
		'fr',
		`\\b(?:retire|retirer|retirez|revoque|revoquer|revoquez|annule|annuler) (?:mon|le|ma|votre) (?:consentement|autorisation|permission)${END}`,
	),
	rule(
		'fr',
		`\\b(?:n avez|avez) pas (?:mon|ma) (?:consentement|autorisation|permission)|\\bjamais (?:donne|accorde) (?:mon|ma|la|mon) (?:consentement|autorisation|permission|numero)${END}`,
		false,
	),
	rule(
		'fr',
		`\\b(?:veux|voudrais|souhaite|aimerais|desire|voulons) (?:arreter|cesser) de recevoir${END}`,
	),
	rule(
		'fr',
		`\\b(?:je|j|nous)(?: ne| n)? (?:veux|veut|voudrais|desire|souhaite|souhaiterais|voulons) (?:plus|plus rien|rien|pu|pu rien) (?:etre (?:contacte|contactee|contactes|sollicite|sollicitee|derange|derangee)|rien recevoir|recevoir)${END}`,
		false,
	),
	rule(
		'fr',
		`\\b(?:j ai|je vous ai|je t ai|on vous a|je l ai)(?: deja)? (?:demande|dit|ecrit|repete) (?:de |d )?(?:arreter|cesser|ne plus|me desabonner|me retirer|stop|arret)${END}`,
	),
	rule(
		'fr',
		`\\b(?:ne m interesse plus|m interesse plus|plus interesse|plus interessee)${END}`,
		false,
	),
	rule(
		'fr',
		`\\b(?:me |nous )?(?:retirer|desinscrire|sortir) (?:du|de la|de ce|de cette|des|de votre|de vos|de l) (?:programme|liste|alertes|club|envois|abonnement|service)${END}`,
	),
	rule(
		'fr',
		`\\b(?:(?:mange|mangez) (?:de la |d la )?(?:marde|merde)|(?:va|allez) (?:chier|te faire foutre|vous faire foutre|au diable)|decalisse|decrisse)${END}`,
	),
	rule(
		'fr',
		`\\b(?:desactivez|desactiver|desactive|fermez|fermer)(?: (?:les|vos|mes|ces|toutes))* (?:alertes|notifications|${MESSAGES_FR})${END}`,
	), // Polite removal with the verb inflected: "drop me from your mobile alerts", "would you mind
	// removing me from your texts", "a formal request to be removed from your SMS list".
	rule(
		'en',
		`\\b(?:(?:drop|dropping|remove|removing|take|taking|delete|deleting) (?:me|us|my number)|(?:be|being|get|getting) (?:removed|dropped|taken|deleted|unsubscribed|unenrolled)) (?:from|off|out of|off of) (?:your|the|these|this|ur|all|any)(?: (?:text|texting|sms|mobile|marketing|message|messaging|promo|promotional|email and text))* (?:texts?|messages|msgs|alerts|sms|list|lists|notifications|program|programme|mailing list)${END}`,
	),
	// Consent named as withdrawn: "consent withdrawn effective today", "consentimiento revocado".
	rule(
		'en',
		`\\b(?:consent|permission|authorization|authorisation)(?: to (?:receive|get|be sent)(?: \\w+){1,4}?)? (?:is |has been |hereby |now |officially )*(?:withdrawn|revoked|rescinded|retracted|cancelled|canceled)${END}`,
	),
	rule(
		'es',
		`\\b(?:consentimiento|autorizacion|permiso) (?:queda |esta |ha sido |fue )?(?:retirado|revocado|cancelado|anulado|retirada|revocada|cancelada|anulada)${END}`,
	),
	rule(
		'fr',
		`\\b(?:consentement|autorisation|permission) (?:est |a ete )?(?:retire|retiree|revoque|revoquee|annule|annulee)${END}`,
	),
	// "¿me pueden quitar de los mensajes?": taking me off the texts, with the verb after "me".
	rule(
		'es',
		`\\bme (?:\\w+ )?(?:quitar|sacar|borrar|eliminar|retirar|quitan|sacan|borran|quiten|saquen) de (?:la |las |los |su |sus |esta |estas |estos |tu |el )?(?:lista|listas|mensajes|alertas|envios|notificaciones|sms|textos|base|sistema)${END}`,
	),
	// "je me retire du programme de messages texte", "je ne souhaite plus faire partie des alertes"
	rule(
		'fr',
		`\\b(?:je me|nous nous) (?:retire|retirons|desinscris|desinscrivons|desabonne|desabonnons) (?:du|de la|de ce|de cette|des|de votre|de vos|de l|de tous les|de toutes les) ?(?:programme|liste|alertes|club|envois|abonnement|service|messages|textos|sms|notifications)${END}`,
	),
	rule(
		'fr',
		`\\b(?:ne|n) (?:\\w+ )?(?:veux|souhaite|desire|voudrais|veut) (?:plus|pas) (?:faire partie|etre membre|etre inscrit|etre inscrite|rester inscrit|rester inscrite) (?:de|du|des|d)\\b`,
		false,
	),
	// Authority taken back, formally: "I no longer authorize Acme to send texts to this number",
	// "you are not authorized to text me", "no longer permit you to contact me".
	rule(
		'en',
		`\\b(?:not|no longer|never)(?: \\w+)? (?:authorize|authorise|permit|allow)(?: \\w+){0,4}? to (?:send|text|txt|message|contact|sms|call|email)${END}|\\b(?:you|u|your company) (?:are|re|is) (?:not|no longer) (?:authorized|authorised|permitted|allowed) to (?:send|text|txt|message|contact|sms)${END}`,
		false,
	),
	rule(
		'es',
		`\\b(?:ya no|no) (?:autorizo|permito|les permito|le permito)(?: a)?(?: \\w+){0,4}? (?:que me|que nos|a) (?:envien|manden|escriban|contacten|enviar|mandar|escribir|contactar)`,
		false,
	),
	rule(
		'fr',
		`\\b(?:n autorise|autorise|permets|permet) (?:plus|pas)(?: \\w+){0,4}? (?:a|de) (?:m |me |nous )?(?:envoyer|texter|ecrire|contacter)${END}`,
		false,
	),
	// The request as a noun, formally: "revocation of my consent", "la revocación de mi
	// consentimiento", "le retrait de mon consentement".
	rule(
		'en',
		`\\b(?:revocation|withdrawal|rescission|termination) of (?:my |all |any |the )?(?:consent|permission|authorization|authorisation)${END}`,
	),
	rule(
		'es',
		`\\b(?:revocacion|retiro|retirada|anulacion|cancelacion) (?:de|del) (?:mi |el |su |la )?(?:consentimiento|autorizacion|permiso)${END}`,
	),
	rule(
		'fr',
		`\\b(?:revocation|retrait|annulation) (?:de|du) (?:mon |ma |le |la |l )?(?:consentement|autorisation|permission)${END}`,
	),
	// Asked not to, politely, with the verb in -ing: "would you mind not texting me anymore?"
	rule(
		'en',
		`\\b(?:mind|consider|try|start|appreciate|appreciate you|appreciate it if you) not (?:texting|txting|messaging|sending|contacting|spamming)(?: me| us| this number)?${END}(?!(?: \\w+){0,2} (?:before|after|until|till|til|between|during|while|at work|at school|at night|on weekends|in the morning|so early|so late)\\b)`,
		false,
	),
	// "no need to keep texting me", "no reason to text me anymore"; not "no need to text me back"
	rule(
		'en',
		`\\bno (?:need|reason) (?:for (?:you|u) )?to (?:(?:keep|continue|still) (?:texting|txting|messaging|contacting|sending)|(?:text|txt|message|contact) (?:me|us|this number) (?:anymore|any more|again|ever again))${END}`,
		false,
	),
	// Texts unwanted, in Spanish and French: "mensajes no deseados", "textos non désirés"
	rule(
		'es',
		`\\b${MESSAGES_ES} (?:no deseados|no deseadas|no solicitados|no solicitadas|no autorizados|no autorizadas|no los quiero|no las quiero)${END}`,
	),
	rule(
		'fr',
		`\\b${MESSAGES_FR} (?:non desires|non desirees|non sollicites|non sollicitees|pas desires|pas voulus|indesirables)${END}`,
	),
	// Authority withheld from the texts themselves: "I do not authorize any further text messages"
	rule(
		'en',
		`\\b(?:not|no longer|never) (?:authorize|authorise|permit|allow|consent to)(?: (?:any|further|future|more|these|your|the|text|sms|marketing|automated|promotional))* ${MESSAGES_EN_STRICT}${END}`,
		false,
	),
	// The texts as the subject, formally: "I request that all SMS communications cease"
	rule(
		'en',
		`\\b(?:request|requesting|requested|ask|asking|demand|demanding|insist|insisting|want|wish|direct|directing) that (?:you )?(?:(?:all|any|your|these|such|further|future|the|text|sms|marketing|promotional|automated) )*(?:${MESSAGES_EN_STRICT}|communications?|contact|messaging|texting) (?:cease|stop|end|be (?:discontinued|stopped|ceased|terminated|halted|ended))${END}`,
	),
	// "I'd rather you didn't text me anymore", "I'd prefer if you stopped texting"
	rule(
		'en',
		`\\b(?:rather|prefer(?: it)? if|prefer that) (?:you|u|y all) (?:did not|would not|do not|not|no longer|stopped|quit) (?:text|txt|message|contact|send|texting|messaging|contacting|sending)(?: me| us)?${END}(?!(?: \\w+){0,2} (?:before|after|until|till|til|between|during|while|at work|at night|on weekends|in the morning|so early|so late|back)\\b)`,
		false,
	),
	// Nothing more wanted from the sender: "I don't want to receive anything else from you"
	rule(
		'en',
		`\\b(?:not|no longer|never)(?: \\w+)? (?:want|wish) to (?:receive|get) (?:anything|nothing)(?: (?:more|else|further))?(?: from (?:you|u|y all|your company|this number))?(?: (?:anymore|any more|again|please|thanks|thank you))*$`,
		false,
	),
	rule(
		'es',
		`\\bno (?:\\w+ )?(?:quiero|deseo|quisiera|queremos) (?:recibir|que me (?:manden|envien)) nada(?: mas)?(?: (?:de|del) (?:ustedes|usted|su empresa|este numero|su parte))?(?: (?:gracias|por favor|porfa))*$`,
		false,
	),
	// Refraining, formally: "que se abstengan de enviarme mensajes", "abstenez-vous de m'écrire"
	rule(
		'es',
		`\\b(?:abstengan|abstenga|abstenerse|abstente|abstenganse) (?:de|d) (?:enviar|mandar|escribir|contactar|llamar|textear)`,
	),
	rule(
		'fr',
		`\\b(?:abstenir|abstenez|abstiens|abstenez vous) (?:de|d) (?:m |me |nous )?(?:envoyer|ecrire|texter|contacter|solliciter)`,
	),
	// All communication ceased: "veuillez cesser toute communication par texto"
	rule(
		'fr',
		`\\b(?:cesser|cessez|arreter|arretez|suspendre|suspendez|stopper|stoppez)(?: (?:tout|toute|toutes|tous|les|vos|ces))* (?:communications?|contacts?|sollicitations?)${END}`,
	),
	rule(
		'es',
		`\\b(?:cesen|cese|cesar|suspendan|suspender|detengan|detener|paren|parar|terminen)(?: (?:toda|todas|la|las|su|sus|cualquier))* (?:comunicacion|comunicaciones|contacto)${END}`,
	),
	// Leaving, in French: "je veux quitter le programme de textos"
	rule(
		'fr',
		`\\b(?:quitter|quitte|quittez|sortir de|sors de|me retirer de) (?:le|la|ce|cette|votre|vos|les|ces|l) (?:programme|liste|club|service|abonnement|alertes|envois)${END}`,
	),
	// Never asked for them: "I never asked for these messages", "nunca pedí estos mensajes"
	rule(
		'en',
		`\\b(?:never|not|nobody|no one) (?:asked|ask|requested|request|signed up|sign up|opted in|agreed) (?:for|to)(?: (?:get|receive|getting|receiving))? (?:these|them|this crap|this spam|any of (?:this|these|them)|(?:these |your |any |the )?${MESSAGES_EN_STRICT})${END}`,
		false,
	),
	rule(
		'es',
		`\\bnunca (?:pedi|solicite|pedimos|autorice|acepte) (?:estos |estas |sus |los |las |tus |ningun |ninguna )?${MESSAGES_ES}${END}|\\bnunca (?:me )?(?:suscribi|inscribi|registre)${END}`,
		false,
	),
	rule(
		'fr',
		`\\b(?:jamais|pas) demande (?:ces |vos |les |de |des |tes )?${MESSAGES_FR}${END}|\\bjamais (?:inscrit|inscrite|abonne|abonnee)${END}`,
		false,
	),
	// No interest in the texts named: "I have no interest in these messages", "vos messages ne
	// m'intéressent pas", "no me interesan sus mensajes"
	rule(
		'en',
		`\\b(?:no interest|not interested|zero interest) in (?:these |your |the |any )?(?:${MESSAGES_EN_STRICT}|texts from you)${END}|\\b(?:nobody|no one) (?:wants|asked for|needs) (?:these|them|(?:these|your|the|this)(?: (?:damn|stupid|fucking|freaking|annoying|dumb|stinking|spammy))? ${MESSAGES_EN_STRICT})${END}`,
		false,
	),
	rule(
		'es',
		`\\bno me interesa(?:n)? (?:sus |estos |estas |los |las |tus )?${MESSAGES_ES}${END}`,
		false,
	),
	rule(
		'fr',
		`\\b${MESSAGES_FR} (?:ne )?m interessent (?:pas|plus)${END}|\\b(?:pas|plus) interesse(?:e)? par (?:vos |ces |les |tes )?${MESSAGES_FR}${END}`,
		false,
	),
	// Enrollment in the texts cancelled: "cancel my enrollment in the text program"
	rule(
		'en',
		`\\b(?:cancel|end|terminate|withdraw) (?:my |the |our )?(?:enrollment|enrolment|registration|participation|membership|subscription) (?:in|to|from|for|with) (?:the |this |your |these |all )?(?:\\w+ )?(?:text|texting|sms|message|messaging|alert|alerts|texts|messages|mobile)\\b`,
	),
	rule(
		'es',
		`\\b(?:cancelar|cancelen|cancelo|anular|anulen) (?:mi |la |su )?(?:inscripcion|suscripcion|registro|participacion) (?:a|en|de|del) (?:los |las |el |la |este |esta |estos |estas |sus )?(?:\\w+ )?(?:mensajes|alertas|textos|sms|programa de mensajes)${END}`,
	),
	rule(
		'fr',
		`\\b(?:ne|n) (?:\\w+ )?(?:veux|souhaite|desire|voudrais|veut) (?:plus|pas) participer (?:au|a ce|a cette|a votre|aux|a vos|a ces) (?:programme|programmes|alertes|club|service|envois|messages|textos)${END}`,
		false,
	),
	// Removed, in the passive: "solicito ser eliminado de su lista"
	rule(
		'es',
		`\\bser (?:eliminad[oa]s?|removid[oa]s?|borrad[oa]s?|sacad[oa]s?|excluid[oa]s?|retirad[oa]s?|dad[oa]s? de baja) (?:de|del)\\b`,
	),
	// "no quiero que me sigan escribiendo", "no deseo que me manden nada"
	rule(
		'es',
		`\\bno (?:\\w+ )?(?:quiero|deseo|queremos|quisiera) que (?:me |nos )?(?:sigan |vuelvan a |continuen )?(?:mand|envi|escrib|contact|molest|textee|llam)\\w*`,
		false,
	),
	// "ni mensajes", after "ni llamadas": not one more text
	rule(
		'es',
		`^(?:y )?ni (?:un |una |mas |un solo |una sola )?${MESSAGES_ES}(?: (?:mas|gracias|por favor|porfa))*$`,
		false,
	),
	// "ya no me estén chingando con mensajes": pestering, in the progressive
	rule(
		'es',
		`\\bno (?:me |nos )?(?:esten|este|estes|anden|sigan) (?:chingando|molestando|fregando|jodiendo|fastidiando|mandando|enviando|escribiendo|spameando|textando|acosando)${END}`,
		false,
	),
	// "I'm leaving the program", "me salgo del programa"
	rule(
		'en',
		`\\b(?:i m|im|i am|we re|we are) (?:leaving|quitting|exiting|withdrawing from|unsubscribing from|getting off) (?:this|the|your|these|ur|all)(?: \\w+)? (?:program|programme|list|alerts|texts|messages|service|subscription|text club|sms club)${END}`,
	),
	rule(
		'es',
		`\\bme (?:salgo|retiro|bajo|quito) (?:de|del) (?:la |las |los |el |este |esta |estas |estos |su |sus )?(?:programa|lista|listas|alertas|mensajes|servicio|suscripcion|promociones|notificaciones)${END}`,
	),
	// "Done with these texts", "I'm over these texts": fed up with the texts named, the "I'm" dropped
	rule(
		'en',
		`^(?:so |just |honestly |officially )?(?:done|finished|through) with (?:these|your|the|this|all|ur|all these|all your)(?: \\w+)? (?:${MESSAGES_EN_STRICT}|program|list|alerts)${END}|\\b(?:i m|im|i am|we re|so|soo) over (?:these|your|the|this|all|ur|all these)(?: \\w+)? ${MESSAGES_EN_STRICT}${END}`,
	),
	// The request as a noun: "solicito la cancelación de los mensajes", "cancellation of these texts"
	rule(
		'es',
		`\\b(?:cancelacion|suspension|eliminacion|terminacion|interrupcion|baja) (?:de|del) (?:los |las |sus |el |mi |estos |estas |todos los |todas las )?(?:${MESSAGES_ES}|envios|alertas|suscripcion|numero)${END}`,
	),
	rule(
		'en',
		`\\b(?:cancellation|termination|suspension|discontinuation|removal) of (?:the |these |my |all |your |this )?(?:${MESSAGES_EN_STRICT}|subscription to (?:these|your|the) ${MESSAGES_EN_STRICT}|number from (?:your|the|this|all|any|every)(?: \\w+){0,3} lists?)${END}`,
	),
	rule(
		'fr',
		`\\b(?:annulation|suspension|arret|fin) (?:de|des|du|d) (?:vos |ces |les |mes )?(?:${MESSAGES_FR}|envois|abonnement aux (?:alertes|messages|textos))${END}`,
	),
	// "je vous dis d'arrêter", "ça fait 3 fois que je dis stop": the person says it, now and again
	rule(
		'fr',
		`\\b(?:je|j) (?:vous |te |le |l )?(?:dis|demande|repete|ecris|redis|redemande) (?:de |d )?(?:arreter|cesser|stop|arret|me desabonner|me retirer)(?: (?:svp|stp|merci|maintenant|immediatement|deja|encore|de m envoyer|de m ecrire|de me texter|les messages|les textos|vos messages|vos textos))*$`,
	),
	// "I'm done getting texts from you", "done receiving these"
	rule(
		'en',
		`\\b(?:i m|im|i am|we re|we are)?(?: so| just| honestly| really| officially)? ?(?:done|finished|through) (?:getting|receiving|with getting|with receiving) (?:(?:these|your|the|this|all|ur|any|more|of|those) )*(?:\\w+ )?(?:${MESSAGES_EN_STRICT}|these|them|this)${END}`,
	),
	// "please stop them for good", "stop these": what was sent, named by a pronoun, the whole request
	// ("stop them" alone may be a thief on a card: only "for good" and its kin make it the texts)
	rule(
		'en',
		`^(?:(?:please|pls|plz|just|so|can you|could you|can u|will you|would you|ok|omg) )*stop (?:(?:these|those|all of these|all of this|this all)(?: (?:for good|now|already|please|pls|permanently|altogether|completely|asap|immediately|forever|thanks|thank you))*|(?:them|it all|all of them)(?: (?:now|already|please|pls))* (?:for good|permanently|altogether|completely|forever|once and for all)(?: (?:please|pls|thanks|thank you))*)$`,
	),
	// "des-suscribir": the prefix written apart
	rule('es', `\\bdes (?:suscrib|subscrib|inscrib)\\w*${END}`),
	// "stop a los mensajes", "alto a las promociones"
	rule(
		'es',
		`\\b(?:stop|alto|basta) a (?:los |las |sus |estos |estas |tus |tanto |tantos |tantas )?${MESSAGES_ES}${END}`,
		false,
	),
	// A threat if one more comes: "reporting this as spam if I get one more", "si me llega otro"
	rule(
		'en',
		`\\bif (?:i|we) (?:get|receive|see) (?:one more|another|1 more|any more|anymore)(?: (?:text|txt|message|msg|sms|one|of these|of those|of them|of your \\w+))?(?=$| (?:i m|im|i ll|ill|i will|i am|i swear|from you|you|we)\\b)|\\bone more (?:text|txt|message|msg)s? and (?:i m|im|i ll|ill|i will|i am|you re|youre)\\b`,
	),
	rule(
		'es',
		`\\bsi (?:me )?(?:llega|llegan|mandan|envian|recibo) (?:otro|otra|un|una|uno|mas)(?: (?:mas|solo))?(?: ${MESSAGES_ES})?${END}`,
	),
	rule(
		'fr',
		`\\bsi (?:je )?(?:recois|recoit|reçois) (?:encore|un autre|une autre)(?: (?:un|une))?(?: ${MESSAGES_FR})?${END}`,
	),
	// "did you not get my stop message?", "you ignored my unsubscribe request"
	rule(
		'en',
		`\\bmy (?:stop|unsubscribe|opt out|optout|removal|cancel|cancellation) (?:message|text|txt|msg|request|reply|response)s?${END}`,
		false,
	),
	// "ya no quiero", alone: no longer wanted
	rule('es', `^ya no (?:quiero|deseo)(?: (?:mas|nada|gracias|por favor|porfa|ya))*$`, false),
	// A dare against texting: "don't you dare text me again", "ni se les ocurra volver a
	// escribirme", "ne vous avisez pas de me réécrire" (a dare against stopping keeps: refused.ts).
	rule(
		'en',
		`\\b(?:do not|never)(?: you| u| ya| y all)?(?: even)? (?:dare(?: to)?|think (?:about|of)) (?:text|txt|message|msg|sms|send|contact|email|spam|bother|call|write|hit me up|texting|messaging|sending|contacting)${END}`,
		false,
	),
	rule(
		'es',
		`\\b(?:ni|no) (?:se (?:te|le|les|os) (?:ocurra|vaya a ocurrir)|(?:se|te|os) (?:atrevan|atreva|atrevas|atrevais) a) (?:volver a )?(?:escribir|mandar|enviar|textear|contactar|llamar|molestar)\\w*${END}`,
		false,
	),
	rule(
		'fr',
		`\\b(?:ne |n )?(?:t|vous) (?:avise|avisez)(?: surtout)? pas (?:d|de) (?:me |m |nous )?(?:reecrire|ecrire|texter|envoyer|renvoyer|recontacter|contacter|appeler|rappeler|deranger)${END}`,
		false,
	),
	// The texts told they may end: "I'm not a member anymore so these can end"
	rule(
		'en',
		`\\b(?:these|those|the texts|your texts|(?:the |these |your )?${MESSAGES_EN_STRICT}) (?:can|should|may|need to|must) (?:end|stop|cease)(?: now)?$`,
		false,
	),
	// Asks for money or support named as what is sent: "no more donation requests"
	rule('en', `\\bno more \\w+ (?:requests|solicitations|appeals|asks)${END}`, false),
	// Taken off every list, the person left unsaid: "pls remove from all lists"
	rule(
		'en',
		`^(?:pls |please |plz )?remove from (?:all|every|your|ur|the|this|all your|all the) lists?${END}`,
	),
	// The texts no longer needed: "plus besoin de me texter", "no need to text me anymore"
	rule(
		'fr',
		`\\b(?:plus|pu|pas) besoin (?:de|d) (?:me |m |nous )?(?:texter|ecrire|envoyer|contacter|relancer)(?: (?:merci|svp|stp|encore|plus))*$`,
		false,
	),
	rule(
		'en',
		`\\bno (?:more )?need to (?:text|message|contact|send|txt|email) (?:me|us)(?: \\w+)? (?:anymore|any more|again)${END}`,
		false,
	),
	// A past request to be removed, told again: "les pedí que me quitaran hace una semana y siguen"
	rule(
		'es',
		`\\b(?:les |le )?(?:pedi|solicite|dije)(?: que)? (?:me )?(?:quitaran|quitaran de|sacaran|borraran|eliminaran|dieran de baja|dejaran de (?:mandar|enviar|escribir))${END}`,
		false,
	),
	// Swearing that means "leave me alone": "arrêtez de me faire chier avec vos dons"
	rule(
		'fr',
		`\\b(?:arretez|arrete|arretes) (?:de|d) (?:me faire chier|m emmerder|me gosser|me faire suer|m achaler|me harceler|me deranger|m ecoeurer)${END}`,
		false,
	),
	// A request passed on for the person: "mon avocat m'a dit de vous demander d'arrêter".
	rule(
		'fr',
		`\\b(?:de |d )?vous (?:demander|dire) (?:d|de) (?:arreter|cesser|me desabonner|me retirer)${END}`,
		false,
	),
];

/** "Remove me", "take my number off your list\": verbs of taking off, a person, and a list or nothing. */
export const REMOVAL_VERBS = new Set([
	'leave',
	'remove',
	'delete',
	'erase',
	'drop',
	'take',
	'get',
	'scratch',
	'let',
]);
/** Verbs that need "off" or "out" to mean removal ("take me off", not "take me to the store"). */
export const REMOVAL_VERBS_NEEDING_OFF = new Set([
	'take',
	'get',
	'drop',
	'scratch',
	'let',
	'leave',
]);
/** Whose number: "my", "this"; and the device it is named by ("this mobile number"). */
const OWNERS = ['my', 'this', 'the'];
const DEVICES = [
	'',
	'mobile ',
	'cell ',
	'cell phone ',
	'cellphone ',
	'phone ',
	'wireless ',
	'telephone ',
];
export const REMOVED_PERSON = [
	'me',
	'us',
	'my info',
	'my information',
	...OWNERS.flatMap((owner) => [
		...DEVICES.flatMap((device) => [`${owner} ${device}number`, `${owner} ${device}#`]),
		// "my phone", "this cell"; "the phone" is as often the handset.
		...(owner === 'the'
			? []
			: ['phone', 'cell', 'mobile', 'cellphone'].map((device) => `${owner} ${device}`)),
	]),
];
/** What a person is taken off of, in a revocation: the list, the texts ("off your list"). */
export const REMOVED_FROM = new Set(
	(
		'list lists listing database db system contacts contact texts text messages msgs mailing sms ' +
		'marketing distribution it this that here there everything all them these subscription records ' +
		'record files file roster registry alerts notifications reminders promos promotions'
	).split(' '),
);
