// How texts to one number are counted against a Per-Number Cap, pure: which earlier texts count
// with a text, which still count at a moment, whether one more may go and when. The per-workflow
// memory (memory/caps.ts, which knows a text's hour and, once read, its minute) and the compliance
// ledger (ledger/decide.ts, which knows each text's exact time) both decide with this; the limits
// themselves are capRules.ts's.

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a counted text went, as closely as it is known: at some moment up to `latest`, not before
 * `earliest` (the two equal when the time is exact). `closer`: a closer reading can be had (the
 * memory's minute of a text it knows only by the hour).
 */
export interface WentAt {
	earliest: number;
	latest: number;
	closer?: boolean;
}

/** Counted (`count`: the texts of the 24 hours, this one included), or refused. */
export type CapCount =
	| { allowed: true; count: number }
	| { allowed: false; count: number; nextAllowedAt: number };

/** A count, or: it depends on when these texts went; read them closer, then count again. */
export type CapReading<T> = CapCount | { allowed: 'unknown'; readCloser: T[] };

/**
 * Whether one more text may go at `now` with at most `limit` in any 24 hours. A text counts while it
 * may be under 24 hours old (until 24 hours after the latest moment it may have gone: never early);
 * one that may be either decides only once read closer, if it can be. Refused: how many count, and
 * when enough of them are 24 hours old for one more (the (count - limit + 1)-th oldest).
 */
export function countAgainstCap<T>(
	counted: readonly T[],
	wentAt: (text: T) => WentAt,
	limit: number,
	now: number,
): CapReading<T> {
	const edge = now - DAY_MS;
	const live = counted.filter((text) => wentAt(text).latest > edge);
	if (live.length < limit) return { allowed: true, count: live.length + 1 };
	const unsure = live.filter((text) => wentAt(text).closer && wentAt(text).earliest <= edge);
	if (unsure.length > 0) return { allowed: 'unknown', readCloser: unsure };
	const oldestFirst = [...live].sort((a, b) => wentAt(a).latest - wentAt(b).latest);
	const deciding = oldestFirst[live.length - limit];
	// Its time decides when: as close as can be had.
	if (wentAt(deciding).closer) return { allowed: 'unknown', readCloser: [deciding] };
	return { allowed: false, count: live.length, nextAllowedAt: wentAt(deciding).latest + DAY_MS };
}

/**
 * Whether two capped texts count together: the same Cap Subject, or either without one (an empty
 * subject counts every capped text to the number: the strictest reading). The ledger applies it
 * as is. The memory can count only by a text's own subject, so it keeps a text on a subject also
 * among all the number's texts (memory/capRun.ts): a later text on a subject then meets an earlier
 * one without a subject only in that count, whose limit is the most any cap allows.
 */
export function countTogether(subject: string, other: string): boolean {
	return subject === '' || other === '' || subject === other;
}
