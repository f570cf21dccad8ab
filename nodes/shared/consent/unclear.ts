// Replies that may mean "stop" but do not say it: annoyance with no request ("ugh", "seriously?",
// "why do you keep texting me"), too many texts, "who gave you my number", "this is spam". Read as
// `unclear`, with the reason, so a workflow (or Honor Revocations' setting) decides. Pure, no n8n
// context; words folded as normalize.ts folds them.

/** Words of annoyance; a reply of only these (and fillers) asks nothing. */
const ANNOYED = new Set(
	(
		'ugh argh smh seriously wtf omg ffs jfc jeez geez sigh bruh enough again not no ' +
		'ay ya estuvo otra vez por dios serio en neta encore bon ca va la franchement voyons ' +
		'come on already really meh uf pf pff bof ouf' +
		' this these you again con esto eso lo mismo vous toi ca oh why tho though suffit c est assez'
	).split(' '),
);
/** Of those, the ones that carry the annoyance ("not" alone is not annoyed). */
const STRONGLY_ANNOYED = new Set(
	(
		'ugh argh smh seriously wtf ffs jfc jeez geez sigh bruh enough again ay ya estuvo vez encore voyons ' +
		'really meh uf pf pff bof tho suffit assez'
	).split(' '),
);

/** Signs sent alone: an eye roll, an angry face, question marks. */
export const ANNOYED_SIGNS =
	/^(?:[\s?!.]|\u{1F644}|\u{1F612}|\u{1F624}|\u{1F620}|\u{1F621}|\u{1F92C}|\u{1F595}|\u{1F611}|\u{1F610}|\u{1F928}|\u{1F9D0}|\uFE0F|\u200D)+$/u;

interface UnclearRule {
	reason: string;
	pattern: RegExp;
}

const MESSAGES =
	'(?:texts?|txts?|messages?|msgs?|sms|alerts?|notifications?|emails?|mensajes?|textos?|correos|alertas|notificaciones|textes|textos|courriels|alertes)';
const WRITING =
	'(?:text|texting|txt|message|messaging|send|sending|writ\\w*|contact\\w*|escrib\\w*|mand\\w*|envi\\w*|ecri\\w*|ecrivez|texte\\w*|envoy\\w*|contact\\w*)';

const UNCLEAR_PHRASES: UnclearRule[] = [
	{
		reason: 'a complaint that the texts keep coming, with no request to stop',
		pattern: new RegExp(
			`\\bwhy (?:am i|are we|do i|is this number)(?: \\w+)? (?:getting|receiving)\\b|\\b(?:why|por que|porque|pourquoi)\\b(?: \\w+){0,4} (?:keep|still|siguen|sigue|seguir|encore|toujours|continuez|continuent)\\b(?: \\w+){0,3}|\\b(?:why|por que|pourquoi)\\b(?: \\w+){0,3} ${WRITING} (?:\\w+ )*?(?:again|encore|otra vez|de nuevo)\\b|\\b(?:this is getting old|again with (?:this|these)|every (?:single )?day|all day long|todos los dias|tous les jours|a chaque jour)\\b|\\b(?:why|por que|pourquoi)\\b(?: \\w+){0,4} (?:all the time|constantly|nonstop|non stop|so much|so often|tout le temps|sans arret|autant|si souvent|todo el tiempo|a cada rato|tanto|tan seguido)\\b`,
		),
	},
	{
		reason: 'annoyance with no request',
		pattern: new RegExp(
			`\\b(?:chill|calm down|easy|slow down|relax) (?:with|on) (?:the|these|your|all the|all these) (?:texts|messages|alerts|notifications|promos)\\b|^(?:y )?ahora que$|^(?:otra vez|de nuevo) con (?:esto|eso|lo mismo|ustedes)$|^(?:now what|what now|here we go again|quoi encore|et quoi encore|encore une fois)$|\\b(?:que|q) (?:fastidio|lata|hueva|flojera|pesados?|pesadas?|molestia|horror|necedad)\\b|\\b(?:so |very |super |this is )annoying$|^annoying$|\\b(?:estoy|ya estoy) (?:harto|harta|hartos|hartas)\\b|\\b(?:c est|cest) (?:fatigant|achalant|tannant|lassant|penible)\\b`,
		),
	},
	{
		reason: 'a complaint about how many texts come, with no request to stop',
		pattern: new RegExp(
			`\\b(?:\\d+|two|three|four|five|ten|several|multiple|dos|tres|cinco|varios|deux|trois|cinq|plusieurs) (?:of (?:these|them|those|your \\w+)|${MESSAGES}) (?:a|per|every|each|al|por|cada|par) (?:day|week|hour|dia|semana|hora|jour|semaine|heure)\\b|\\b(?:how many|cuantos|combien de) ${MESSAGES}(?: \\w+){0,2} (?:a|per|al|por|par) (?:day|week|dia|semana|jour|semaine)\\b`,
		),
	},
	{
		reason: 'asks for fewer texts, not none',
		pattern: new RegExp(
			`\\b(?:too many|so many|way too many|demasiados|tantos|muchos|muchisimos|tanto|trop de|tellement de|beaucoup trop de) ${MESSAGES}|\\b(?:fewer|less|menos|moins de|moins)(?: \\w+)? ${MESSAGES}|\\bless often\\b|\\btext (?:me )?less\\b|^(?:way |so |far )?too many(?: (?:of (?:these|them)|today|lately))?$|^(?:trop|demasiados)$`,
		),
	},
	{
		reason: 'asks how the sender got the number',
		pattern: new RegExp(
			`\\b(?:who gave (?:you|u)|how did (?:you|u) get|why do (?:you|u) have|where did (?:you|u) get|de donde (?:sacaron|sacaste|tienen|obtuvieron)|quien (?:les|te) dio|comment avez vous (?:eu|obtenu)|qui vous a donne|ou avez vous (?:eu|pris)) (?:my|this|mi|este|mon|ce) (?:number|numero|#|no)`,
		),
	},
	{
		reason: 'calls it spam or a scam, or says it is reported, with no request',
		pattern:
			/\b(?:this is spam|spam|reported|reporting (?:you|this|u)|report (?:you|this|u)|es spam|c est du spam)\b/,
	},
	{
		reason: 'asks to pause the texts, not to end them',
		pattern:
			/^(?:pause|pausa|pausar|mettre en pause|en pause)$|\b(?:pause|pausar|pausen|pausa) (?:the |these |my |your |all |los |las |sus |mis )?(?:texts|messages|alerts|notifications|them|these|mensajes|alertas|notificaciones)\b|\bmettre (?:les |vos |mes )?(?:messages|textos|alertes|sms) en pause\b/,
	},
	{
		reason:
			'says it is not interested, with no request to stop: it may answer the offer, not the texts',
		pattern: new RegExp(
			`^(?:(?:i m|im|i am|sorry|no|nah|we re) )*not interested(?: (?:thanks|thank you|thx|ty|sorry|at all|really))*$|^(?:(?:no|gracias) )*no (?:me|nos) interesa(?: (?:gracias|la verdad|nada))*$|^(?:(?:non|merci|je suis|j suis|chu) )*pas interessee?s?(?: (?:merci|du tout))*$`,
		),
	},
	{
		reason: 'says email is enough, with no request to stop the texts',
		pattern:
			/\b(?:the )?(?:emails?|e mails?|correos?|courriels?) (?:is|are|es|son|est|sont)(?: \w+){0,2} (?:enough|suficientes?|suffisants?|assez)\b/,
	},
	{
		reason: 'unsure whether they want the texts, with no request to stop',
		pattern:
			/\b(?:not sure|unsure|dont know if|do not know if|idk if|no se si|pas sur|pas certaine?|je sais pas si|je ne sais pas si)(?: (?:i|que|je|j|if))? (?:want|need|still want|quiero|necesito|veux|ai besoin)\b/,
	},
];

/** Why a reply that is not a clear request may still mean one, or undefined. */
export function unclearReason(keys: string[]): string | undefined {
	// "ufff", "pfff", "mehhh": sighs, however long.
	const sighs = keys.map((key) => key.replace(/(.)\1+/g, '$1$1'));
	const annoyed = (key: string, index: number): boolean =>
		ANNOYED.has(key) || ANNOYED.has(sighs[index]) || ANNOYED.has(key.replace(/(.)\1+/g, '$1'));
	if (keys.length > 0 && keys.length <= 4 && keys.every(annoyed)) {
		if (
			keys.some(
				(key, index) =>
					STRONGLY_ANNOYED.has(key) ||
					STRONGLY_ANNOYED.has(sighs[index]) ||
					STRONGLY_ANNOYED.has(key.replace(/(.)\1+/g, '$1')),
			)
		) {
			return 'annoyance with no request';
		}
	}
	const joined = keys.join(' ');
	for (const { reason, pattern } of UNCLEAR_PHRASES) {
		if (pattern.test(joined)) return reason;
	}
	return undefined;
}
