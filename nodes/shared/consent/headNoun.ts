// Requests that name what they stop by a topic and a messaging noun ("stop the happy hour texts",
// "no more flash sale alerts", "turn off these bill reminders"), or make the texts the subject
// ("these texts need to end"). The head noun decides what is stopped: the topic before it (a bill,
// a delivery, a sale) is what the texts are about, not another channel; a channel word before the
// noun (email, paper, voice, push, app notifications) is. Pure, no n8n context; words folded.
import type { PhraseRule } from './rules';

const END = '(?= |$)';

/** Messaging nouns that head a request's object: the texts, whatever their topic. */
const HEAD_EN =
	'(?:texts?|txts?|text messages|messages?|msgs?|sms|smss|alerts?|reminders?|notifications?|notifs?|promos)';

/** Words that make the noun another channel's ("email alerts", "voice reminders", "app notifications"). */
const NOT_CHANNEL =
	'(?!(?:email|emails|e|mail|paper|call|calls|voice|voicemail|push|phone|robocall|app|for|of|on|to|from|at|in|about|date|time|the|a|an)\\b)';

/** Verbs of ending a thing, in English. */
const STOPPING_EN =
	'(?:stop|end|quit|cancel|halt|cease|discontinue|no more|turn off|shut off|switch off|disable|enough with|enough of|done with)';

/** "need to stop coming at 6am": a time, not the texts, is what ends. */
const NOT_A_TIME =
	'(?!(?: \\w+){0,2} (?:before|after|until|till|til|between|during|while|at|on|so early|so late)\\b)';

const rule = (language: PhraseRule['language'], source: string, negatable = true): PhraseRule => ({
	language,
	pattern: new RegExp(source),
	negatable,
});

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
		`\\b(?:want|need|would like|d like|wish)(?: for)? (?:these|the|your|ur|all|those|all these|all the|all your)(?: ${NOT_CHANNEL}\\w+){0,2} ${HEAD_EN} to (?:stop|end|cease|go away)${END}`,
	),
	// "can you guys not text me", "could u stop texting me"
	rule(
		'en',
		`\\b(?:can|could|would|will) (?:you|u|y all|yall|ya)(?: guys| all| people| folks)? (?:please |pls |plz )?not (?:text|txt|message|msg|contact|send|spam)${END}(?!(?: \\w+)? (?:before|after|until|till|til|between|during|while|at|on)\\b)`,
		false,
	),
];
