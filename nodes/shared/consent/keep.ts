// Replies that ask to keep the texts in so many words ("keep them coming", "texts are fine", "text
// me instead", "sigan con los SMS", "gardez les SMS"). Such a reply never revokes: whatever else it
// stops is something other than the texts. Pure, no n8n context; a clause is its folded words
// joined by single spaces (see normalize.ts).

const END = '(?= |$)';
const TEXTS_EN = '(?:texts?|txts?|sms|text messages?|messages?|alerts?|reminders?|notifications?)';
const TEXTS_ES = '(?:mensajes?(?: de texto)?|sms|textos?|alertas|recordatorios|notificaciones)';
const TEXTS_FR = '(?:sms|textos?|textes?|messages?|alertes|rappels|notifications)';

const KEEP_PHRASES: RegExp[] = [
	// "keep the texts coming", "keep sending", "please keep me on the list"
	new RegExp(
		`(?:^|\\b(?:please|pls|plz|just|but|and|so|ok|i want to|i d like to|i would like to|want to|wanna|you can|u can|still) )keep (?:them|em|the (?:texts|messages|alerts|reminders)|these|those|sending|texting|getting|receiving|me (?:on|subscribed|posted|updated|in))${END}`,
	),
	new RegExp(
		`\\b(?:keep|want|like) (?:them|em|these|those|(?:the |your |these )?${TEXTS_EN}) coming${END}`,
	),
	new RegExp(
		`\\b(?:texting|(?:text|sms) (?:is|are) fine|${TEXTS_EN}) (?:are|is) (?:fine|ok|okay|good|great|perfect|better|preferred|enough|alright|all right)${END}`,
	),
	new RegExp(`\\b${TEXTS_EN} (?:only|instead)${END}`),
	new RegExp(
		`\\b(?:text|txt|sms) (?:me |us )?(?:instead|only)${END}|^(?:just|only) (?:text|texts|sms)${END}`,
	),
	new RegExp(
		`\\b(?:i |i still |still |i only |only |i just |just )(?:want|like|prefer|need) (?:the |your |to get |to receive |getting )?${TEXTS_EN}${END}(?! to\\b| gone| removed| off| stopped)`,
	),
	new RegExp(
		`\\b(?:i )?(?:want to|wanna|would like to) (?:stay|remain) (?:subscribed|on|in)${END}`,
	),
	new RegExp(
		`\\b(?:i )?(?:want to|wanna|would like to) (?:keep|continue) (?:getting|receiving) (?:the |your |these )?${TEXTS_EN}${END}`,
	),
	// A revocation said not to be wanted: "I don't want to unsubscribe", "please don't remove me"
	new RegExp(
		`\\b(?:do not|dont|never|not)(?: want to| wanna| mean to| trying to)? (?:unsubscribe|opt out|be removed|remove me|take me off|cancel (?:the |my )?(?:texts|subscription)|stop (?:the |these |your )?(?:texts|messages|alerts|reminders|them|sending|texting))${END}`,
	),
	new RegExp(
		`\\bno (?:me )?(?:quiero )?(?:que )?(?:den de baja|darme de baja|dejen de (?:mandar|enviar)|dejar de recibir|salir de la lista)|\\bno (?:me|nos) (?:quiten|quites|quite|saquen|saques|borren|borres|eliminen|elimines|bajen)${END}|\\bne (?:me |m )?(?:desabonnez|retirez|enlevez|desinscrivez) pas${END}|\\bn arretez pas (?:de m envoyer|les)`,
	),
	// The person's own opting out refused, now or ahead: "I won't be unsubscribing", "not gonna
	// opt out", "no me voy a dar de baja", "je ne vais pas me désabonner". The verb must be the
	// opting out itself, so "I won't be needing these, unsubscribe" stays a revocation.
	new RegExp(
		`(?:^|\\b(?:i|we) )(?:won t|wont|will not|will never|m not|am not|re not|are not|m never|am never)(?: be)?(?: gonna| going to)? (?:unsubscrib\\w*|unsub|opt\\w* out|cancel\\w*(?: (?:the |my )?(?:texts|subscription))?)${END}|^(?:not|never) (?:gonna|going to) (?:unsubscribe|unsub|opt out)${END}`,
	),
	new RegExp(
		`\\bno (?:me )?(?:voy|vamos|pienso|pensamos|planeo) (?:a )?(?:dar(?:me|nos)? de baja|desuscribir(?:me|nos)?|salir(?:me)? de la lista)${END}`,
	),
	new RegExp(
		`\\b(?:je|j|on) (?:ne |n )?(?:vais|vai|compte|pense|va) pas (?:me |nous |se )?(?:desabonner|desinscrire)${END}|\\bpas question (?:que je me|que je|de me) (?:desabonn\\w*|desinscri\\w*)|\\bje ne me (?:desabonnerai|desinscrirai) pas${END}`,
	),
	// A negated wish that the texts stop: "I don't want these to stop", "I wouldn't want you to
	// stop", "no quiero que paren", "je ne veux pas que ça s'arrête". The stop must close the
	// clause (or name the texts going on), so "I don't want these, stop" stays a revocation.
	new RegExp(
		`\\b(?:do not|dont|don t|would not|wouldnt|wouldn t|never|not) (?:want|wish|like)(?: (?:them|em|these|those|it|this|you|u|y all|(?:the |these |those |your |my )?${TEXTS_EN}))? (?:to )?(?:stop|end|quit|cease|go away)(?: (?:texting|sending|messaging|coming)(?: me| us| them)?)?$`,
	),
	new RegExp(
		`\\bno (?:quiero|queremos|quisiera|quisieramos|deseo) que (?:(?:los|las|estos|estas|sus) ${TEXTS_ES} )?(?:se )?(?:paren|pare|terminen|termine|acaben|acabe|detengan|detenga|dejen de (?:llegar|mandar\\w*|enviar\\w*|escribir\\w*))$`,
	),
	new RegExp(
		`\\b(?:ne|n) (?:veux|voudrais|souhaite|souhaiterais|veut) pas que (?:ca|ils|elles|vous|(?:les|vos|ces) ${TEXTS_FR}) (?:s )?(?:arrete\\w*|cesse\\w*|finisse\\w*|stoppe\\w*)$`,
	),
	// Leaving asked as absurd: "why would I opt out? love it", "¿por qué me daría de baja?"
	new RegExp(
		`\\bwhy would (?:i|we|anyone)(?: ever| want to| wanna)? (?:unsubscribe|opt out|cancel|stop (?:these|them|the texts)|quit|leave)${END}|\\bpor que (?:me )?(?:daria|darian|cancelaria|saldria) de baja${END}|\\bpourquoi (?:je me|me) desabonnerais${END}`,
	),
	// Spanish
	new RegExp(
		`\\b(?:sigan|siga|sigue|continuen|continue) (?:mandando|enviando|con (?:los|las|el|la)?)(?: \\w+)?`,
	),
	new RegExp(`\\b(?:mejor|prefiero|solo|solamente) (?:por )?${TEXTS_ES}${END}`),
	// Writing welcome instead of something else: "mejor escríbanme por aquí", "text me here instead"
	new RegExp(
		`\\b(?:mejor|solo|solamente|pero) (?:escribanme|escribeme|escribame|mandenme (?:un )?mensaje|textenme|por aqui|por mensaje|por texto)${END}`,
	),
	new RegExp(`\\b${TEXTS_ES} (?:estan|esta|son) (?:bien|ok|perfectos?)${END}`),
	new RegExp(`\\bquiero (?:seguir|continuar) (?:recibiendo|recibir)${END}`),
	// Writing to this number allowed, beside calls to another stopped: "a este sí pueden escribir",
	// "you can still text this one"
	new RegExp(
		`\\b(?:a este|aqui|por aqui|a este numero)(?: si)? (?:me )?(?:pueden|puede|podeis) (?:escribir|mandar|textear|enviar)\\w*|\\b(?:you|u) can (?:still )?(?:text|message|txt) (?:me )?(?:here|this (?:one|number)|on this (?:one|number))${END}`,
	),
	// French
	new RegExp(
		`\\b(?:continuez|continue|continuer) (?:de|a|d) (?:m |me |nous )?(?:envoyer|ecrire|texter|recevoir)`,
	),
	new RegExp(`\\bgardez (?:moi|nous|(?:les|mes) ${TEXTS_FR})${END}`),
	new RegExp(
		`\\b(?:les )?${TEXTS_FR} (?:c est|ca|ca c est) (?:correct|bon|ok|beau|parfait|bien|mieux|correct|va|ca va)${END}`,
	),
	new RegExp(`\\b(?:seulement|juste|plutot) (?:par )?${TEXTS_FR}${END}`),
	new RegExp(`\\b(?:ecrivez moi|textez moi|ecris moi|texte moi) (?:plutot|seulement|ici)${END}`),
	// "escríbanme por aquí", "text me here": writing on this number is welcome
	new RegExp(
		`\\b(?:escribanme|escribeme|escribame|textenme|mandenme (?:un )?mensaje) (?:por aqui|aqui|por mensaje|por texto)${END}|\\b(?:text|message|txt) (?:me|us) (?:here|on this number)${END}`,
	),
	new RegExp(`\\bje veux (?:rester|continuer)${END}`),
	// "je préfère les textos", "je ne veux pas arrêter de recevoir vos messages"
	new RegExp(`\\bje prefere (?:les |vos |des )?${TEXTS_FR}${END}`),
	new RegExp(
		`\\b(?:ne|n) (?:\\w+ )?(?:veux|souhaite|voudrais|veut) (?:pas|jamais) (?:arreter|cesser) (?:de|d) recevoir`,
	),
	// "ne cessez pas les rappels", "n'arrêtez pas de m'envoyer vos promos"
	new RegExp(
		`\\b(?:ne |n )?(?:cessez|cesse|arretez|arrete|stoppez) pas (?:les|vos|ces|de m envoyer|d envoyer|de nous envoyer|de m ecrire)${END}`,
	),
];

/** Negations that undo a wish to keep ("I don't want to keep getting these", "no autorizo que sigan"). */
const NEGATED = /\b(?:not|never|no longer|dont|no|ne|pas|nunca|jamais)(?: \w+){0,3} $/;
/** A complaint, not a wish: "why do you keep texting me". */
const COMPLAINT = /\b(?:why|you|u|y all)(?: \w+){0,2} $/;

/** The words of a clause that ask to keep the texts, or undefined. */
export function keepRequest(joined: string): string | undefined {
	for (const pattern of KEEP_PHRASES) {
		const match = pattern.exec(joined);
		if (!match) continue;
		// "why do you keep texting me", "I don't want to keep getting these": the opposite.
		const before = joined.slice(0, match.index);
		if (NEGATED.test(before)) continue;
		if (COMPLAINT.test(before) && /\bkeep\b/.test(match[0])) continue;
		return match[0].trim();
	}
	return undefined;
}
