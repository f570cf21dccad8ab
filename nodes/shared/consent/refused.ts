// Replies that name a way to stop only to refuse it: a dare against stopping ("don't you dare stop
// the reminders", "ni se te ocurra darme de baja", "ne t'avise pas d'arrêter"), someone else's
// advice to stop that the person turns down ("my husband says unsubscribe but I like them"), and a
// stop asked back, then refused ("stop? nah I like these", "¿parar? ni loco"). Each keeps the
// texts. A dare against texting ("don't you dare text me again") is the opposite: rules.ts revokes
// it. Pure, no n8n context; keys are folded words (see normalize.ts).

/** Ways to stop the texts a dare or an advice may name, in the three languages. */
const STOPPING_EN =
	'(?:stop|stopping|quit|quitting|cancel|cancell?ing|unsubscrib\\w*|unsub|opt (?:me |us )?out|opting out|end|ending|remov\\w* me|tak\\w* me off|drop\\w* me|cut\\w* me off|block\\w*)';
const STOPPING_ES =
	'(?:dejar de|parar\\w*|detener\\w*|suspender\\w*|cancelar\\w*|quitar\\w*|sacar\\w*|borrar\\w*|dar\\w* de baja|me (?:de|den|dieran|diera) de baja|salirme|salga)';
const STOPPING_FR =
	'(?:arreter|cesser|annuler|couper|me desabonner|me desinscrire|me retirer|m enlever|me supprimer|desabonne\\w*)';

/** "don't you dare stop", "you better not unsubscribe me", "ni se te ocurra dejar de", "ne t'avise pas d'arrêter". */
const DARE = new RegExp(
	[
		`\\b(?:do not|never)(?: you| u| ya| y all)?(?: even)? (?:dare(?: to)?|think (?:about|of)|try(?: to)?) ${STOPPING_EN}(?= |$)`,
		`\\b(?:you|u|y all) (?:better|d better|had better) not ${STOPPING_EN}(?= |$)`,
		`\\b(?:ni|no) se (?:te|le|les|os) (?:ocurra|vaya a ocurrir) ${STOPPING_ES}(?= |$)`,
		`\\b(?:ni|no) (?:se|te|os) (?:atrevan|atreva|atrevas|atrevais) a ${STOPPING_ES}(?= |$)`,
		`\\b(?:ne |n )?(?:t|vous) (?:avise|avisez)(?: surtout)? pas (?:d|de) ${STOPPING_FR}(?= |$)`,
		`\\b(?:ne |n )?(?:ose|osez)(?: surtout)? pas (?:m |me )?${STOPPING_FR}(?= |$)`,
	].join('|'),
);

/**
 * Someone else's advice to stop, then a "but" and the person's own liking or need: "my neighbor
 * told me to unsubscribe but honestly I like the coupons", "mi esposo dice que me dé de baja pero
 * me gustan". Without the turn ("my lawyer told me to tell you to stop") it is not refused.
 */
const ADVICE_REFUSED = new RegExp(
	[
		`\\b(?:(?:told|tells|telling|tell|asked|asks|wants|wanted|want|advised|advises|suggested|suggests|begged|begs) (?:me|us)(?: to| i should| that i should| we should)?|(?:says|said|say|thinks|think|thought)(?: (?:i|we) should| to)?) ${STOPPING_EN}(?= |$).*? (?:but|though|tho|however|yet)(?: \\w+){0,3}? (?:i|we|i m|im)(?: \\w+){0,2}? (?:like|love|enjoy|need|want|use|keep|keeping|read)(?= |$)`,
		`\\b(?:dice|dicen|dijo|dijeron|recomienda|recomendo|aconseja|aconsejo|sugiere|sugirio|quiere|quieren)(?: que)?(?: \\w+){0,2}? ${STOPPING_ES}(?= |$).*? pero(?: \\w+){0,3}? (?:me gusta\\w*|me encanta\\w*|(?:yo )?(?:si )?(?:quiero|necesito)|me sirven)(?= |$)`,
		`\\b(?:dit|disent|m a dit|m ont dit|conseille|veut que|veulent que)(?: \\w+){0,3}? ${STOPPING_FR}(?= |$).*? mais(?: \\w+){0,3}? (?:j aime|j adore|je veux|je les veux|j en ai besoin|je garde|je les garde)(?= |$)`,
	].join('|'),
);

/** A refusal that answers a stop asked back: "nah", "no way", "ni loco", "jamais". */
const REFUSAL =
	/^(?:(?:lol|haha+|lmao|um+|uh+|oh) )?(?:nah+|no+|nope|never|no way|hell no|heck no|not a chance|ni loc[oa]|ni de broma|ni hablar|jamas|nunca|para nada|claro que no|non|jamais|pas question|certainement pas|surtout pas)(?= |$)/;

/** The words of a reply that name stopping only to refuse it, or undefined. */
export function refusesToStop(
	read: string,
	clauseKeys: string[][],
	revokedClauses: Array<number | undefined>,
): string | undefined {
	const joined = clauseKeys.map((keys) => keys.join(' ')).join(' ');
	const dare = DARE.exec(joined) ?? ADVICE_REFUSED.exec(joined);
	if (dare) return dare[0].trim();
	// "stop? nah I like these": a short first clause asked back, then refused; a request to stop
	// after the refusal ("stop? no. stop texting me") is still one.
	const [first, second] = clauseKeys;
	if (!first || !second || first.length > 4 || !/^[^?]{1,40}\?/u.test(read.trim()))
		return undefined;
	if (!revokedClauses.includes(0) || revokedClauses.some((clause) => clause !== 0))
		return undefined;
	const refused = REFUSAL.exec(second.join(' '));
	return refused ? `${first.join(' ')} ${refused[0]}` : undefined;
}
