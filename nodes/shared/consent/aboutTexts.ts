import type { ConsentLanguage } from './lexicon';

// A question about the texts themselves (who sends them, what they are, what they cost) asks for
// the program's HELP message, as CTIA's HELP does. A bare "who is this?" names no texts: the
// labelled sets read it as nothing, so it is left out on purpose.
const TEXTS =
	'(?:texts?|txts?|messages?|msgs|sms|alerts|notifications|textos?|mensajes?|alertas|textes|alertes)';
const QUESTIONS: Array<[ConsentLanguage, RegExp]> = [
	[
		'en',
		new RegExp(`\\bwhat (?:are|r) (?:these|those|the|this|ur|your) ${TEXTS}(?: for| about)?$`),
	],
	[
		'en',
		new RegExp(
			`\\b(?:what (?:is|s)|whats) (?:this|the|your) (?:text |sms |texting )?(?:program|programme|service|list)(?: about| for)?$`,
		),
	],
	[
		'en',
		new RegExp(
			`\\b(?:who (?:is|s|are|r)|whos) (?:this |that )?(?:texting|messaging|sending) (?:me|us)(?: these| this| ${TEXTS})?$`,
		),
	],
	[
		'en',
		new RegExp(
			`\\b(?:is there|are there|do i pay|will i be charged|what does it cost)(?: a| any)? (?:charge|charges|fee|fees|cost)? ?(?:for )?(?:these|this|the|your) ${TEXTS}$`,
		),
	],
	[
		'es',
		new RegExp(
			`\\bde (?:que|quien|cual)(?: empresa| compania| negocio)? (?:son|es) (?:estos|los|sus|esos) ${TEXTS}$`,
		),
	],
	['es', new RegExp(`\\bde que se trata(?:n)? (?:este|esto|estos|el|los|sus) ${TEXTS}$`)],
	// "how many messages will I get per month?": how often the program texts
	[
		'en',
		new RegExp(
			`\\bhow (?:many|often)(?: ${TEXTS})? (?:will|do|would|should) (?:i|we) (?:get|receive)(?: ${TEXTS}| them| these)?(?: (?:a|per|each|every) (?:day|week|month))?$`,
		),
	],
	[
		'es',
		new RegExp(
			`\\bquien me (?:escribe|manda|envia|esta escribiendo|esta mandando)(?: ${TEXTS}| esto)?$`,
		),
	],
	[
		'fr',
		new RegExp(`\\b(?:qu est ce que c est que|c est quoi) (?:ces|ses|les|vos|ce|cet) ${TEXTS}$`),
	],
	[
		'fr',
		new RegExp(`\\bqui (?:m envoie|m ecrit|me texte|m envoit)(?: ces| ses| des)?(?: ${TEXTS})?$`),
	],
];

/** The language of a question about the texts themselves, or undefined. */
export function asksAboutTheTexts(clauseKeys: string[][]): ConsentLanguage | undefined {
	for (const keys of clauseKeys) {
		const joined = keys.join(' ');
		const found = QUESTIONS.find(([, pattern]) => pattern.test(joined));
		if (found) return found[0];
	}
	return undefined;
}
