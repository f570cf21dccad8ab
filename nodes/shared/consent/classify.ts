// Whether a reply revokes consent, asks for help or opts back in, read as a reasonable person reads
// it (47 CFR 64.1200(a)(10)). Pure, no n8n context: the Tatango Trigger reads every reply with it, Send and Wait its replies.
import { asksAboutTheTexts } from './aboutTexts';
import { keepRequest } from './keep';
import {
	CONFIRMATIONS,
	KEYWORD_OBJECTS,
	SAID_BY_ME,
	FILLER_PHRASES,
	FILLERS,
	FIRST_PERSON,
	FIRST_PERSON_BRIDGES,
	HYPOTHETICAL,
	INSTRUCTION_LINKS,
	KEYWORD_REPLIES,
	LANGUAGE_MARKERS,
	MENTIONABLE,
	NEGATION_BRIDGES,
	NEGATIONS,
	SAYING,
	SAID,
	SAYING_BRIDGES,
	BEFORE_STOP_AS_NOUN,
	type ConsentIntent,
	type ConsentLanguage,
	type RuleLanguage,
} from './lexicon';
import { clausesOf, collapseRepeats } from './normalize';
import {
	REMOVAL_VERBS,
	REMOVAL_VERBS_NEEDING_OFF,
	REMOVED_FROM,
	REMOVED_PERSON,
	REVOCATION_PHRASES,
} from './rules';
import { HEAD_NOUN_PHRASES } from './headNoun';
import { NAMED_REQUEST_PHRASES } from './namedRequests';
import { SHORT_REPLY_PHRASES, shortFormOf } from './shortForms';
import { optInRequest } from './optIn';
import { refusesToStop } from './refused';
import { isElsewhere, scopeOf, withoutChannelsBesideTexts } from './scope';
import { spelledKeyword, withTwoWordKeywords } from './typos';
import {
	WRONG_NUMBER_PHRASES,
	WRONG_NUMBER_REASON,
	notThePersonNamed,
	removesTheWrongNumber,
} from './wrongNumber';
import { ANNOYED_SIGNS, unclearReason } from './unclear';
import {
	ASKED_REASON,
	BESIDE_OTHER_THING_REASON,
	LAUGHING_REASON,
	PLAYFUL_REASON,
	askedKeyword,
	besideOtherThing,
	laughingStop,
	removesNamedNumber,
	TAKEN_BACK_REASON,
	takesBackOwnWords,
	awayForAWhile,
	CHANGED_MIND_REASON,
	changedMind,
	DENIED_REASON,
	deniesAskingToStop,
	HEDGED_REASON,
	hedgedStop,
} from './context';

export type { ConsentIntent, ConsentLanguage } from './lexicon';

export interface ConsentReading {
	/**
	 * `revoked`, `help`, `opt_in`, `unclear` (it may mean stop but does not say it: a person
	 * decides), or null when the reply is none of them.
	 */
	consent: ConsentIntent | null;
	/** The words that decided it, as written (lower-cased), or null. */
	consentWords: string | null;
	/** The language of the reply: `en`, `es` or `fr` (as written in Canada), or null. */
	consentLanguage: ConsentLanguage | null;
	/**
	 * Why, where the words alone do not say it: what makes it unclear, that a bare YES only confirms
	 * a pending subscription, that the reply keeps the texts or stops something else. Else null.
	 */
	consentReason: string | null;
}

/** The reason a bare YES, SÍ or OUI gives: it opts in only where a subscription awaits it. */
export const CONFIRMATION_REASON =
	'confirms what it answers: an opt-in only where a subscription awaits its confirmation (double opt-in)';

/** Replies are short; beyond this much text the rest is not read (a revocation is said early). */
export const MAX_READ_CHARACTERS = 5000;

interface Word {
	raw: string;
	/** Folded and read through misspellings: what the rules compare. */
	key: string;
}

interface Finding {
	intent: ConsentIntent;
	words: string;
	language: RuleLanguage;
	/** Where in its clause the request starts, for what it is about (scope.ts); none for keywords. */
	start?: number;
	/** Which clause of the reply it is in. */
	clause?: number;
	/** A keyword with nothing named to stop ("STOP!", "cancel it"). */
	bare?: boolean;
	/** Says only that the number is wrong ("wrong number"): unclear unless a request comes with it. */
	wrongNumber?: boolean;
}

const NONE: ConsentReading = {
	consent: null,
	consentWords: null,
	consentLanguage: null,
	consentReason: null,
};

const COLLAPSED_FILLERS = new Set([...FILLERS].map(collapseRepeats));
const COLLAPSED_OBJECTS = new Set([...KEYWORD_OBJECTS].map(collapseRepeats));
const KEYWORDS_BY_SPELLING = new Map(
	Object.entries(KEYWORD_REPLIES).map(([phrase, meaning]) => [
		phrase.split(' ').map(collapseRepeats).join(' '),
		meaning,
	]),
);
/** "I replied STOP by mistake", "por error", "par erreur": told, but not meant. */
const BY_MISTAKE = new Set(
	'accident mistake accidentally accidently oops error erreur equivocacion accidentalmente megarde accidentellement'.split(
		' ',
	),
);
export { PLAYFUL_REASON } from './context';

/** "Enough": a keyword of Spanish lists, but alone it names nothing to stop. */
const ENOUGH = new Set(['basta']);
const ENOUGH_REASON = 'says "enough" with nothing named to stop';

/** Lists that are not the texts' ("the wait list", "the guest list"). */
const OTHER_LISTS = new Set(
	'wait waiting guest wish gift invite invitation party class priority reservation shopping grocery'.split(
		' ',
	),
);
/** Spanish participles of saying: "he dicho", "hemos escrito". */
const SPANISH_PARTICIPLES = new Set(
	'dicho escrito mandado enviado puesto pedido respondido contestado'.split(' '),
);
const NEGATED_AFTER = new Set(['pas', 'jamais', 'point']);
const STOP_FOLLOWERS = new Set([...COLLAPSED_FILLERS, 'por', 'favor', 'svp', 'merci', 'gracias']);
/**
 * After a STOP, a refusal that ends the reply says what it wants: "stop ya no quiero", "STOP I
 * don't want it", "stop je n'en veux plus", "STOP I'm not interested in the sale", "STOP I'm
 * begging". Repeated letters are written once, as the words are.
 */
const UNWILLING =
	/^(?:ya )?no (?:quiero|kiero|deseo|me interesa|los quiero|las quiero|quiero nada)(?: (?:mas|nada|ya|gracias|porfa|recibir))*$|^(?:i )?(?:do not|dont|no longer) (?:want|need)(?: (?:it|them|these|this|any|more|anymore|any more|thanks))*$|^(?:je )?(?:ne |n )?(?:veux|veut|en veux) (?:plus|pas)(?: (?:rien|merci|ca))*$|^(?:j en|je n en) (?:veux|veut) (?:plus|pas)(?: merci)?$|^(?:i m|im|i am) (?:beg+ing|pleading)(?: (?:you|u))?(?: (?:please|now))*$|^i beg (?:you|u)$|^(?:i m|im|i am) not interested(?: (?:anymore|any more|in (?:the|your|this|these|that|any|it|them)(?: \w+){0,3}))?$|^(?:je suis )?pas interessee?s?$/;

/** What the clauses of a reply say, before it is decided. */
interface Gathered {
	findings: Finding[];
	allWords: Word[];
	clauseKeys: string[][];
	/** Revocations of something other than the texts, and of calls only. */
	elsewhere: string[];
	aboutCalls: string[];
	/** A bare STOP beside a bill or an order the reply names (context.ts). */
	beside: string[];
	/** A bare "cancel that" taking back what the person said, then a plan instead (context.ts). */
	takenBack: string[];
	keep: string | undefined;
	optIn: Finding | undefined;
	/** HELP and START count only as the whole reply ("Help!! my code isn't working" asks something else). */
	onlyKeywords: boolean;
}

/** What a reply says about consent. */
export function readConsent(text: unknown): ConsentReading {
	if (typeof text !== 'string' || text.trim() === '') return NONE;
	const read = text.slice(0, MAX_READ_CHARACTERS);
	// "???", "🙄": puzzled or annoyed, asking nothing ("." or "!" alone says even less).
	if (ANNOYED_SIGNS.test(read) && /[^\s.!]/u.test(read)) {
		return unclear('only signs of annoyance or puzzlement', null, []);
	}
	const gathered = gather(read);
	return decideRevocation(read, gathered) ?? decideOther(read, gathered);
}

/** Reads each clause: its requests, and what each is about. */
function gather(read: string): Gathered {
	const clauses = clausesOf(read);
	const found: Gathered = {
		findings: [],
		allWords: [],
		clauseKeys: [],
		elsewhere: [],
		aboutCalls: [],
		beside: [],
		takenBack: [],
		keep: undefined,
		optIn: undefined,
		onlyKeywords: true,
	};
	// "Yes, I want the alerts": after a yes, wanting the texts is an opt-in.
	let afterYes = false;
	clauses.forEach((clause, clauseIndex) => {
		const spelled = withTwoWordKeywords(
			clause.map((word) => spelledKeyword(shortFormOf(word.fold))),
		);
		const words = withoutChannelsBesideTexts(
			clause.map((word, index) => ({ raw: word.raw, key: spelled[index] })),
		);
		found.allWords.push(...words);
		found.clauseKeys.push(words.map((word) => word.key));
		const joined = words.map((word) => word.key).join(' ');
		found.keep ??= keepRequest(joined);
		const asked = optInRequest(joined, afterYes);
		if (asked && !found.optIn) found.optIn = { intent: 'opt_in', ...asked };
		afterYes ||=
			words.every((word) => COLLAPSED_FILLERS.has(collapseRepeats(word.key))) &&
			words.some((word) => CONFIRMATIONS[collapseRepeats(word.key)] !== undefined);
		for (const part of withoutMentions(words, found.findings)) {
			const inPart: Finding[] = [];
			if (!readClause(part, inPart)) found.onlyKeywords = false;
			const keys = part.map((word) => word.key);
			for (const finding of inPart) {
				// What the request is about: the texts revoke, email or an order does not.
				const scope =
					finding.intent === 'revoked' && finding.start !== undefined
						? scopeOf(keys, finding.start)
						: 'texts';
				if (scope === 'elsewhere') found.elsewhere.push(finding.words);
				else if (scope === 'calls') found.aboutCalls.push(finding.words);
				else found.findings.push({ ...finding, clause: clauseIndex });
			}
		}
	});
	placeBareKeywords(found);
	leadingCapitalKeyword(read, found);
	// "don't you dare stop", "my husband says unsubscribe but I like them", "stop? nah": kept.
	found.keep ??= refusesToStop(
		read,
		found.clauseKeys,
		found.findings.filter((finding) => finding.intent === 'revoked').map((f) => f.clause),
	);
	const number = removesNamedNumber(found.clauseKeys);
	if (number) found.findings.push({ intent: 'revoked', words: number, language: 'en' });
	const notThem = notThePersonNamed(read);
	if (notThem) found.findings.push({ intent: 'revoked', wrongNumber: true, ...notThem });
	const removed = found.findings.some((finding) => finding.wrongNumber)
		? removesTheWrongNumber(found.clauseKeys)
		: undefined;
	if (removed) found.findings.push({ intent: 'revoked', words: removed, language: 'shared' });
	return found;
}

/** Words that open an object after a verb: "STOP the car", "ALTO el envío". */
const DETERMINERS = new Set(
	'the a an my your our his her their that el la los las mi su le les mon ma mes'.split(' '),
);
const AFTER_STOP_AS_VERB = /^(?:\w+ing|by|at|in|on|for|to|and|or|with|over|de|pour|par)$/;
/** Words of asking that make a keyword before them a request: "stop please ...". */
const POLITE = new Set(['please', 'pls', 'plz', 'svp', 'stp', 'porfa', 'xfa']);
/** "stop please I love this", "stop please lol": said in play, not a request (context.ts). */
const PRAISE_OR_PLAY = new Set(
	'love like loving adore cute lol lmao haha hahaha omg jaja jajaja mdr encanta'.split(' '),
);
/** A reply that opens with the keyword in capitals, then more words: "STOP idk who you are". */
const LEADING_CAPITAL_KEYWORD = /^\s*(?:STOP|ALTO|ARR[EÊ]T|UNSUBSCRIBE|BAJA)\b(?!\s*[?'’-])/u;

/**
 * "STOP idk who you are", "ALTO no sé quién es usted": the keyword in capitals, first, then a
 * sentence with no stop between them, is the keyword used; what follows is read for what it is
 * about ("STOP sending me emails" stays about email).
 */
function leadingCapitalKeyword(read: string, found: Gathered): void {
	const first = found.clauseKeys[0] ?? [];
	const revoked = found.findings.filter((finding) => finding.intent === 'revoked');
	if (first.length < 2 || revoked.some((finding) => !finding.wrongNumber)) return;
	// In any case, a keyword then "please" ("Stop please I'm at work", "arret svp c'est le mauvais
	// numero") or then the number said wrong ("stop wrong number") is the keyword used.
	const used =
		LEADING_CAPITAL_KEYWORD.test(read) ||
		((POLITE.has(first[1]) || (first[1] === 'por' && first[2] === 'favor')) &&
			!first.some((key) => PRAISE_OR_PLAY.has(key))) ||
		revoked.some((finding) => finding.wrongNumber && finding.clause === 0);
	if (!used || KEYWORD_REPLIES[first[0]]?.intent !== 'revoked') return;
	// "STOP ordering pizza", "STOP by our store": a verb's object or a place, not the keyword.
	if (AFTER_STOP_AS_VERB.test(first[1])) return;
	if (found.keep !== undefined) return;
	const words = found.allWords[0].raw;
	const scope = scopeOf(first, 0);
	// "STOP THE PRESSES", "STOP the car!": an object named, not the texts.
	if (DETERMINERS.has(first[1]) && scope !== 'texts') return;
	if (scope === 'elsewhere') found.elsewhere.push(words);
	else if (scope === 'calls') found.aboutCalls.push(words);
	else found.findings.push({ intent: 'revoked', words, language: 'shared', clause: 0, start: 0 });
}

/** A bare STOP or CANCEL beside a bill or a card the reply names is about that, or unclear. */
function placeBareKeywords(found: Gathered): void {
	found.findings = found.findings.filter((finding) => {
		if (finding.intent !== 'revoked' || !finding.bare || finding.clause === undefined) return true;
		if (takesBackOwnWords(found.clauseKeys, finding.clause)) {
			found.takenBack.push(finding.words);
			return false;
		}
		const about = besideOtherThing(found.clauseKeys, finding.clause);
		if (about === 'elsewhere') found.elsewhere.push(finding.words);
		if (about === 'unclear') found.beside.push(finding.words);
		return about === undefined;
	});
}

/** The reading when the reply keeps the texts or revokes them; undefined otherwise. */
function decideRevocation(read: string, found: Gathered): ConsentReading | undefined {
	const { findings, allWords, optIn } = found;
	const keys = allWords.map((word) => word.key);
	const mistaken = keys.some((key) => BY_MISTAKE.has(key)) || /\bsin querer\b/.test(keys.join(' '));
	const revoked =
		findings.find((finding) => finding.intent === 'revoked' && !finding.wrongNumber) ??
		findings.find((finding) => finding.intent === 'revoked');
	if (found.keep !== undefined) {
		if (optIn) return reading(optIn, allWords, null);
		// "I sent STOP by mistake, I want to keep getting them": asking for the texts back.
		if (mistaken) {
			const undone = { intent: 'opt_in' as const, words: found.keep, language: 'shared' as const };
			return reading(undone, allWords, null);
		}
		return { ...NONE, consentWords: found.keep, consentReason: 'asks to keep the texts' };
	}
	if (!revoked) return undefined;
	// "Wrong number": whoever has the number never consented, but did not ask anything either.
	if (revoked.wrongNumber) {
		const language = languageOf(revoked.language, allWords);
		return { ...unclear(WRONG_NUMBER_REASON, revoked.words, allWords), consentLanguage: language };
	}
	const revocationWords = findings
		.filter((finding) => finding.intent === 'revoked')
		.map((finding) => finding.words);
	const laughing = laughingStop(read, revocationWords, keys);
	if (laughing === 'praised') {
		return { ...NONE, consentWords: revoked.words, consentReason: PLAYFUL_REASON };
	}
	if (laughing === 'play') return unclear(LAUGHING_REASON, revoked.words, allWords);
	if (awayForAWhile(revocationWords, keys)) return undefined;
	if (deniesAskingToStop(keys)) {
		return { ...NONE, consentWords: revoked.words, consentReason: DENIED_REASON };
	}
	if (changedMind(keys)) {
		return { ...NONE, consentWords: revoked.words, consentReason: CHANGED_MIND_REASON };
	}
	if (hedgedStop(revocationWords, keys)) return unclear(HEDGED_REASON, revoked.words, allWords);
	if (askedKeyword(read, keys)) return unclear(ASKED_REASON, revoked.words, allWords);
	// "Basta", "ya basta": "enough", with nothing named, as a bare "enough" or "ça suffit" is.
	const revocations = findings.filter((finding) => finding.intent === 'revoked');
	if (revocations.every((finding) => finding.bare && ENOUGH.has(collapseRepeats(finding.words)))) {
		return unclear(ENOUGH_REASON, revoked.words, allWords);
	}
	if (optIn && mistaken) return undefined;
	return reading(revoked, allWords, null);
}

/** Opt-ins, confirmations, help, a copied call to action, unclear replies, and the rest. */
function decideOther(read: string, found: Gathered): ConsentReading {
	const { findings, allWords, optIn, onlyKeywords } = found;
	const keywordOptIn = onlyKeywords
		? findings.find((finding) => finding.intent === 'opt_in')
		: undefined;
	if (keywordOptIn ?? optIn) return reading((keywordOptIn ?? optIn) as Finding, allWords, null);
	const confirmation = confirmationOf(allWords);
	if (confirmation) return confirmation;
	// "send INFO": a keyword mentioned as what to send is still asked for.
	const help =
		(onlyKeywords ? findings.find((finding) => finding.intent === 'help') : undefined) ??
		helpRequest(allWords);
	if (help) return reading(help, allWords, null);
	const aboutTexts = asksAboutTheTexts(found.clauseKeys);
	if (aboutTexts) {
		const question = { intent: 'help' as const, words: read.toLowerCase(), language: aboutTexts };
		return reading(question, allWords, null);
	}
	const copied = copiedCallToAction(read, allWords, found.clauseKeys.length);
	if (copied)
		return reading(copied, allWords, 'copies the sender\'s "reply STOP" line as the reply');
	if (found.aboutCalls.length > 0) {
		return unclear('asks to stop calls, not texts', found.aboutCalls[0], allWords);
	}
	if (found.beside.length > 0) return unclear(BESIDE_OTHER_THING_REASON, found.beside[0], allWords);
	const why = unclearReason(allWords.map((word) => word.key));
	if (why) return unclear(why, null, allWords);
	if (found.takenBack.length > 0) {
		return { ...NONE, consentWords: found.takenBack[0], consentReason: TAKEN_BACK_REASON };
	}
	if (found.elsewhere.length > 0) {
		return {
			...NONE,
			consentWords: found.elsewhere[0],
			consentReason: 'asks to stop something other than the texts',
		};
	}
	return NONE;
}

function reading(finding: Finding, words: Word[], reason: string | null): ConsentReading {
	return {
		consent: finding.intent,
		consentWords: finding.words,
		consentLanguage: languageOf(finding.language, words),
		consentReason: reason,
	};
}

function unclear(reason: string, consentWords: string | null, words: Word[]): ConsentReading {
	return {
		consent: 'unclear',
		consentWords,
		consentLanguage: words.length > 0 ? languageOf('shared', words) : null,
		consentReason: reason,
	};
}

/** A reply of only YES, SÍ or OUI (and fillers): a confirmation of what it answers. */
function confirmationOf(words: Word[]): ConsentReading | undefined {
	const keys = words.map((word) => collapseRepeats(word.key));
	const confirming = keys.filter((key) => CONFIRMATIONS[key] !== undefined);
	if (confirming.length === 0 || !keys.every((key) => COLLAPSED_FILLERS.has(key))) return undefined;
	const word = words[keys.indexOf(confirming[0])].raw;
	return {
		consent: 'opt_in',
		consentWords: word,
		consentLanguage: CONFIRMATIONS[confirming[0]],
		consentReason: CONFIRMATION_REASON,
	};
}

/** Words that ask for the program's help in a sentence ("need help", "who is this? info please"). */
const HELP_WORDS = new Set([
	'help',
	'halp',
	'info',
	'infos',
	'information',
	'informacion',
	'ayuda',
	'aide',
	'aidez',
	'aider',
	'ayudenme',
	'ayudame',
	'ayudeme',
]);
/** Help words in Spanish and French; the rest are English or shared. */
const HELP_LANGUAGE: Record<string, ConsentLanguage> = {
	informacion: 'es',
	ayudenme: 'es',
	ayudame: 'es',
	ayudeme: 'es',
	aide: 'fr',
	aidez: 'fr',
	aider: 'fr',
	infos: 'fr',
};

/** Help with something else than the texts: the code, the app, a size. */
const HELPED_WITH = new Set(
	(
		'code app website site login password size sizes financing refund return returns price prices ' +
		'hours directions envio envios tienda talla compte cuenta'
	).split(' '),
);

/** Words that link help to its topic ("info on", "información sobre"). */
const TOPIC_LINKS = new Set(['on', 'about', 'regarding', 'sobre', 'acerca', 'sur', 'concernant']);
/** Topics that are the program itself: help with the texts. */
const PROGRAM = new Set(
	(
		'this these program programme service texts messages alerts number este esta estos estas ' +
		'programa servicio mensajes alertas ce ces cette programme messages textos'
	).split(' '),
);

/** The program named outright (not "this"): "help me understand this program". */
const THE_PROGRAM = new Set(
	'program programme service texts messages alerts programa servicio mensajes alertas textos'.split(
		' ',
	),
);

function helpRequest(words: Word[]): Finding | undefined {
	const keys = words.map((word) => word.key);
	if (keys.some((key) => isElsewhere(key) || HELPED_WITH.has(key))) return undefined;
	for (let i = 0; i < keys.length; i++) {
		if (!HELP_WORDS.has(keys[i])) continue;
		const before = keys[i - 1] ?? '';
		// "thanks for the help", "the info", "don't need help", "help me find...": not the program's.
		if (['the', 'your', 'for', 'ur', 'la', 'tu', 'votre', 'cette'].includes(before)) continue;
		// "ça m'aide", "ça te aide": French "it helps me", not a request.
		if (keys[i] === 'aide' && ['m', 'me', 't', 'te', 'nous', 'l'].includes(before)) continue;
		if (isNegated(words, i, i + 1, NEGATIONS.en)) continue;
		const next = keys[i + 1];
		if (
			['me', 'us', 'moi', 'nous'].includes(next ?? '') &&
			keys[i + 2] !== undefined &&
			!COLLAPSED_FILLERS.has(collapseRepeats(keys[i + 2])) &&
			// "help me understand this program": help with the texts themselves.
			!keys.slice(i + 2).some((key) => THE_PROGRAM.has(key))
		) {
			continue;
		}
		// "info on the blue sweater": about a product, not the program.
		if (TOPIC_LINKS.has(next ?? '') && !keys.slice(i + 2, i + 5).some((key) => PROGRAM.has(key))) {
			continue;
		}
		// "ayúdenme a encontrar mi pedido": help with something named after it.
		if (/^ayud[ae]n?me$/.test(keys[i]) && ['a', 'con', 'para'].includes(next ?? '')) continue;
		const meaning = KEYWORD_REPLIES[keys[i]];
		const language = meaning?.language ?? HELP_LANGUAGE[keys[i]] ?? 'en';
		return { intent: 'help', words: words[i].raw, language };
	}
	return undefined;
}

/**
 * A reply that is the sender's own opt-out line, copied ("STOP to opt out", "Text STOP2END"):
 * the person sends the keyword the way they were told to. Not a question about it.
 */
function copiedCallToAction(text: string, words: Word[], clauses: number): Finding | undefined {
	if (text.includes('?') || clauses !== 1) return undefined;
	let i = 0;
	if (SAYING.has(words[0]?.key ?? '')) i = 1;
	const keyword = words[i];
	const meaning = keyword ? KEYWORD_REPLIES[keyword.key] : undefined;
	if (meaning?.intent !== 'revoked') return undefined;
	const rest = words.slice(i + 1).map((word) => word.key);
	// "STOP 2 END": digits standing for "to" lead to a keyword; "exit 23 is closed" is a road sign.
	const digitsToKeyword =
		/^\d+$/.test(rest[0] ?? '') && KEYWORD_REPLIES[rest[1] ?? ''] !== undefined;
	if (rest.length > 0 && !INSTRUCTION_LINKS.has(rest[0]) && !digitsToKeyword) {
		return undefined;
	}
	return { intent: 'revoked', words: keyword.raw, language: meaning.language };
}

/**
 * The clause without keywords that are mentioned rather than used ("what happens if I reply
 * STOP?", a quote of the business's "Reply STOP to opt out"), in the parts around them. A person
 * saying they used the keyword ("I already said STOP") revokes.
 */
function withoutMentions(words: Word[], findings: Finding[]): Word[][] {
	const removed = new Array<boolean>(words.length).fill(false);
	for (let i = 0; i < words.length; i++) {
		if (!MENTIONABLE.has(words[i].key)) continue;
		let sayer = i - 1;
		while (sayer >= 0 && i - sayer <= 3 && SAYING_BRIDGES.has(words[sayer].key)) sayer--;
		const said = sayer >= 0 && SAYING.has(words[sayer].key);
		const instructed = INSTRUCTION_LINKS.has(words[i + 1]?.key ?? '');
		if (!said && !(instructed && isInstructionLine(words, i))) continue;
		const byThePerson = said && (saidByThePerson(words, sayer) || passedOn(words, sayer));
		if (byThePerson && !words.some((word) => BY_MISTAKE.has(word.key))) {
			const meaning = KEYWORD_REPLIES[words[i].key];
			if (meaning?.intent === 'revoked') {
				findings.push({
					intent: 'revoked',
					words: phrase(words, sayer, i + 1),
					language: SPANISH_PARTICIPLES.has(words[sayer].key) ? 'es' : meaning.language,
				});
			}
		}
		const from = said ? sayer : i;
		// "Do I reply STOP or UNSUBSCRIBE?": the keywords listed after the first are mentioned too.
		let last = i;
		while (
			['or', 'and', 'o', 'y', 'ou', 'et'].includes(words[last + 1]?.key ?? '') &&
			MENTIONABLE.has(words[last + 2]?.key ?? '')
		) {
			last += 2;
		}
		const to = instructed ? words.length : last + 1;
		for (let k = from; k < to; k++) removed[k] = true;
	}
	const parts: Word[][] = [[]];
	words.forEach((word, index) => {
		if (removed[index]) parts.push([]);
		else parts[parts.length - 1].push(word);
	});
	return parts.filter((part) => part.length > 0);
}

/** "STOP to opt out", "ALTO para cancelar": the keyword, a link, and what it does. */
function isInstructionLine(words: Word[], keywordIndex: number): boolean {
	const what = words.slice(keywordIndex + 2, keywordIndex + 6).map((word) => word.key);
	return what.some((key) =>
		[
			'opt',
			'optout',
			'unsubscribe',
			'unsub',
			'stop',
			'end',
			'cancel',
			'quit',
			'cancelar',
			'baja',
			'annuler',
			'desabonner',
			'desinscrire',
			'receiving',
			'remove',
			'removed',
		].includes(key),
	);
}

/** "my lawyer told me to tell you to stop": a request passed on to the sender, for the person. */
function passedOn(words: Word[], sayer: number): boolean {
	return (
		words[sayer].key === 'tell' &&
		words[sayer - 1]?.key === 'to' &&
		['you', 'u', 'y all'].includes(words[sayer + 1]?.key ?? '')
	);
}

/**
 * Whether the verb of saying is the person's own, told as done ("I already said STOP"), not a case
 * ("what happens if I reply STOP?") nor an instruction ("reply STOP").
 */
function saidByThePerson(words: Word[], sayer: number): boolean {
	let person = -1;
	for (let k = sayer - 1; k >= 0 && sayer - k <= 4 && SAID.has(words[sayer].key); k--) {
		const key = words[k].key;
		if (FIRST_PERSON.has(key)) {
			person = k;
			break;
		}
		if (!FIRST_PERSON_BRIDGES.has(key)) break;
	}
	// "how many times do I have to say stop", "combien de fois je dois vous dire d'arrêter": said
	// before, and again now.
	const before = words.slice(Math.max(0, sayer - 8), sayer).map((word) => word.key);
	const askedHowOften = [
		['many', 'times'],
		['cuantas', 'veces'],
		['combien', 'fois'],
		// "ça fait 3 fois que je dis stop", "es la tercera vez que digo alto"
		['fois', 'que'],
		['vez', 'que'],
		['veces', 'que'],
	].some(([how, often]) => before.includes(how) && before.includes(often));
	if (askedHowOften) return true;
	// "les he dicho STOP": the Spanish perfect is the person's own with "he" or "hemos".
	if (SPANISH_PARTICIPLES.has(words[sayer].key)) {
		return ['he', 'hemos'].includes(words[sayer - 1]?.key ?? '');
	}
	// "Replied stop twice already": English drops the "I" at the start of a reply.
	if (person < 0)
		return (
			SAID_BY_ME.has(words[sayer].key) ||
			// "Already told you to stop": the same, after "already".
			((sayer === 0 || (sayer === 1 && ['already', 'alr'].includes(words[0].key))) &&
				SAID.has(words[sayer].key))
		);
	return !words.slice(Math.max(0, person - 3), person).some((word) => HYPOTHETICAL.has(word.key));
}

/** Every phrase rule, and whether it only says the number is wrong. */
const PHRASE_RULES = [
	...[
		...REVOCATION_PHRASES,
		...HEAD_NOUN_PHRASES,
		...NAMED_REQUEST_PHRASES,
		...SHORT_REPLY_PHRASES,
	].map((rule) => ({ rule, wrongNumber: false })),
	...WRONG_NUMBER_PHRASES.map((rule) => ({ rule, wrongNumber: true })),
];

/** Adds what the clause says to the findings; says whether the clause is only keywords. */
function readClause(words: Word[], findings: Finding[]): boolean {
	const keywords = keywordReply(words);
	if (keywords) findings.push(...keywords);
	const joined = words.map((word) => word.key).join(' ');
	for (const { rule, wrongNumber } of PHRASE_RULES) {
		const match = rule.pattern.exec(joined);
		if (!match) continue;
		const [start, end] = wordSpan(joined, match.index, match[0].length);
		const negations = NEGATIONS[rule.language === 'shared' ? 'en' : rule.language];
		if (rule.negatable && isNegated(words, start, end, negations)) continue;
		if (words[start].key === 'stop' && BEFORE_STOP_AS_NOUN.has(words[start - 1]?.key ?? ''))
			continue;
		findings.push({
			intent: 'revoked',
			words: phrase(words, start, end),
			language: rule.language,
			start,
			...(wrongNumber ? { wrongNumber } : {}),
		});
	}
	const removal = removalRequest(words);
	if (removal) findings.push(removal);
	const stop = freeStandingStop(words);
	if (stop) findings.push(stop);
	return keywords !== undefined;
}

/**
 * A clause that is only keywords, give or take fillers ("Stop it please!!", "STOP STOP",
 * "ayuda por favor"): what each keyword means.
 */
function keywordReply(words: Word[]): Finding[] | undefined {
	let keys = words.map((word) => collapseRepeats(word.key));
	const kept = words.map(() => true);
	for (const filler of FILLER_PHRASES) {
		const parts = filler.split(' ');
		for (let i = 0; i + parts.length <= keys.length; i++) {
			if (parts.every((part, k) => keys[i + k] === collapseRepeats(part))) {
				for (let k = 0; k < parts.length; k++) kept[i + k] = false;
			}
		}
	}
	const remaining = words
		.map((word, index) => ({ word, key: keys[index] }))
		.filter(({ key }, index) => kept[index] && key !== '');
	keys = remaining.map(({ key }) => key);
	const found: Finding[] = [];
	let i = 0;
	while (i < keys.length) {
		let matched = 0;
		for (let length = Math.min(3, keys.length - i); length > 0 && matched === 0; length--) {
			const meaning = KEYWORDS_BY_SPELLING.get(keys.slice(i, i + length).join(' '));
			if (meaning) {
				found.push({
					...meaning,
					bare: true,
					words: remaining
						.slice(i, i + length)
						.map(({ word }) => word.raw)
						.join(' '),
				});
				matched = length;
			}
		}
		if (matched === 0) {
			// Fillers, and what a keyword stops ("stop texts", "STOP pub", "fin des messages").
			const stopping = found[found.length - 1];
			const named = stopping?.intent === 'revoked' && COLLAPSED_OBJECTS.has(keys[i]);
			if (!COLLAPSED_FILLERS.has(keys[i]) && !named) return undefined;
			// The words quoted run on to what is stopped: "stop texts", "no más mensajes".
			if (
				named &&
				(keys[i - 1] === undefined ||
					!COLLAPSED_FILLERS.has(keys[i - 1]) ||
					COLLAPSED_OBJECTS.has(keys[i - 1]))
			) {
				stopping.words += ` ${remaining[i].word.raw}`;
			}
			matched = 1;
		}
		i += matched;
	}
	return found.length > 0 ? found : undefined;
}

/** "Remove me", "take my number off your list"; not "take me off the waitlist", "remove the onions". */
function removalRequest(words: Word[]): Finding | undefined {
	const keys = words.map((word) => word.key);
	for (let v = 0; v < keys.length; v++) {
		if (!REMOVAL_VERBS.has(keys[v])) continue;
		const person = REMOVED_PERSON.filter((candidate) => {
			const parts = candidate.split(' ');
			return parts.every((part, k) => keys[v + 1 + k] === part);
		}).sort((a, b) => b.length - a.length)[0];
		const digits = phoneNumberAt(keys, v + 1);
		if (person === undefined && digits === 0) continue;
		let next = v + 1 + (person === undefined ? digits : person.split(' ').length);
		if (isNegated(words, v, next, NEGATIONS.en)) continue;
		const link = keys[next];
		let removes: boolean;
		if (link === 'off' || link === 'from' || link === 'out') {
			// "off your list", "from this list", or nothing more ("take my number off"); not "off the waitlist".
			const rest = keys.slice(next + 1);
			// "off the wait list for the sofa", "off the guest list": a list of something else.
			const list = rest.indexOf('list');
			removes =
				(rest.every((key) => COLLAPSED_FILLERS.has(collapseRepeats(key))) ||
					rest.slice(0, 5).some((key) => REMOVED_FROM.has(key))) &&
				!(list > 0 && OTHER_LISTS.has(rest[list - 1]));
			next = words.length;
		} else {
			// "remove me", "delete my number"; "take me" alone is not a removal.
			removes =
				!REMOVAL_VERBS_NEEDING_OFF.has(keys[v]) &&
				keys.slice(next).every((key) => COLLAPSED_FILLERS.has(collapseRepeats(key)));
		}
		if (removes) {
			return { intent: 'revoked', words: phrase(words, v, next), language: 'en', start: v };
		}
	}
	return undefined;
}

/** How many words from `from` write a phone number in digits ("555 201 8834"), or 0. */
function phoneNumberAt(keys: string[], from: number): number {
	let count = 0;
	let length = 0;
	while (/^\d+$/.test(keys[from + count] ?? '')) {
		length += keys[from + count].length;
		count++;
	}
	return length >= 7 && length <= 15 ? count : 0;
}

/**
 * "stop" standing on its own in a sentence ("this is my work phone please stop", "make it stop"),
 * not as a noun ("bus stop", "the next stop") nor followed by what it is about ("stop by at 5").
 */
function freeStandingStop(words: Word[]): Finding | undefined {
	for (let i = 0; i < words.length; i++) {
		if (words[i].key !== 'stop') continue;
		if (i > 0 && BEFORE_STOP_AS_NOUN.has(words[i - 1].key)) continue;
		const following = words.slice(i + 1).map((word) => collapseRepeats(word.key));
		// Every word after it goes with a stop, or those before the first that does not are followed
		// by a refusal ("stop ya no quiero"). Only tails starting at or before that word are tried,
		// so a long reply is not joined and tested once per word.
		const firstOther = following.findIndex((key) => !STOP_FOLLOWERS.has(key));
		const saidAll =
			firstOther < 0 ||
			following
				.slice(0, firstOther + 1)
				.some((_, k) => UNWILLING.test(following.slice(k).join(' ')));
		if (!saidAll) continue;
		if (isNegated(words, i, i + 1, NEGATIONS.en)) continue;
		// "Why did my texts stop?", "where is the stop?": a question, not a request.
		if (
			words.slice(0, i).some((word) => ['did', 'does', 'where', 'donde', 'ou'].includes(word.key))
		)
			continue;
		return { intent: 'revoked', words: words[i].raw, language: 'shared', start: i, bare: true };
	}
	return undefined;
}

/** A negation just before the words (over "please", "want to"...) or "pas" just after. */
function isNegated(words: Word[], start: number, end: number, negations: Set<string>): boolean {
	if (NEGATED_AFTER.has(words[end]?.key ?? '')) return true;
	for (let k = start - 1; k >= 0 && start - k <= 5; k--) {
		const key = words[k].key;
		if (negations.has(key)) return true;
		if (!NEGATION_BRIDGES.has(key)) return false;
	}
	return false;
}

/** The words a match covers, from its character offsets in the joined clause. */
function wordSpan(joined: string, index: number, length: number): [number, number] {
	const before = joined.slice(0, index).trim();
	const start = before === '' ? 0 : before.split(' ').length;
	const covered = joined.slice(index, index + length).trim();
	return [start, start + (covered === '' ? 0 : covered.split(' ').length)];
}

function phrase(words: Word[], start: number, end: number): string {
	return words
		.slice(start, end)
		.map((word) => word.raw)
		.join(' ');
}

/** A rule's language, or for a shared keyword the language the rest of the reply is written in. */
function languageOf(language: RuleLanguage, words: Word[]): ConsentLanguage {
	if (language === 'es' || language === 'fr') return language;
	const counts: Record<ConsentLanguage, number> = { en: 0, es: 0, fr: 0 };
	for (const word of words) {
		for (const candidate of ['en', 'es', 'fr'] as const) {
			if (LANGUAGE_MARKERS[candidate].has(word.key)) counts[candidate]++;
		}
	}
	// An English keyword in a Spanish or French reply ("Remove me por favor", "Unsubscribe svp
	// merci") is that reply's language: the keyword is borrowed, the rest is the person's.
	// The English keyword counts for English only beside other English words ("unsubscribe porfa").
	const english = language === 'en' && counts.en > 0 ? counts.en + 1 : counts.en;
	if (counts.es > english && counts.es >= counts.fr) return 'es';
	if (counts.fr > english && counts.fr > counts.es) return 'fr';
	return 'en';
}
