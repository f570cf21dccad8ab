// Counting texts to one number in a rolling 24 hours, with a store that can only say whether a named
// mark is there. Each counted text is a slot mark: the n-th text of an hour (UTC) to that number and
// subject, plus a minute mark saying in which minute it went. To count, the slot marks of the last 25
// hours are tested (limit × 25 marks, one read); a text of the oldest hour may be just over or just
// under 24 hours old, and only when that decides the answer are its minute marks read (60 a slot).
// A day mark says a counted text went to the number that UTC day: a number with none for today and
// yesterday had no text in the last 24 hours, and its first text is counted in one call (countFirst).
import {
	capDayMark,
	capMinuteMark,
	capSlotMark,
	HOUR_MS,
	hourOf,
	MINUTE_MS,
	minuteOf,
} from './marks';
import { countAgainstCap, DAY_MS, type WentAt } from '../capCount';
import { MAX_CUSTOM_CAP } from '../capRules';
import type { MarkStore } from './store';

/** One text counted against a cap: its hour and slot, and once read, the minute it went. */
export interface CountedText {
	hour: number;
	slot: number;
	/** The start of the minute it went (ms), when known. */
	minuteStart?: number;
}

export interface CapTally {
	phone: string;
	/** What the texts are about, as the builder names it; '' counts every text to the number. */
	subject: string;
	/** At most this many texts in any 24 hours. */
	limit: number;
}

export type CapDecision =
	| { allowed: true }
	| { allowed: false; count: number; nextAllowedAt: number }
	/** The answer depends on the exact minute of these texts: read them, then decide again. */
	| { allowed: 'unknown'; readMinutesOf: CountedText[] };

/** When a counted text went: in its minute once read, else some time in its hour (read closer). */
function wentAt(text: CountedText): WentAt {
	if (text.minuteStart !== undefined) {
		return { earliest: text.minuteStart, latest: text.minuteStart + MINUTE_MS };
	}
	return { earliest: text.hour * HOUR_MS, latest: (text.hour + 1) * HOUR_MS, closer: true };
}

/**
 * Whether one more text may go at `now` (pure), by the cap's one rule (capCount.ts): a text whose
 * hour straddles the 24-hour edge, or decides when one more may go, is read to its minute first.
 */
export function decideCap(
	counted: readonly CountedText[],
	limit: number,
	now: number,
): CapDecision {
	const reading = countAgainstCap(counted, wentAt, limit, now);
	if (reading.allowed === true) return { allowed: true };
	if (reading.allowed === 'unknown')
		return { allowed: 'unknown', readMinutesOf: reading.readCloser };
	return reading;
}

/**
 * Every slot of the last 25 hours, up to the most any cap allows: a text counted under a higher
 * limit (before the node's or the credential's limit was lowered) is counted too.
 */
function slotMarksOf({ phone, subject }: CapTally, now: number) {
	const marks = new Map<string, CountedText>();
	const current = hourOf(now);
	for (let hour = current - 24; hour <= current; hour++) {
		for (let slot = 1; slot <= MAX_CUSTOM_CAP; slot++) {
			marks.set(capSlotMark(subject, phone, hour, slot), { hour, slot });
		}
	}
	return marks;
}

/**
 * The texts counted against `cap` at `now`: one read of the store. Expired slot marks are dropped,
 * and `alsoRemove` with them.
 */
export async function readCounted(
	store: MarkStore,
	cap: CapTally,
	now: number,
	alsoRemove: readonly string[] = [],
): Promise<CountedText[]> {
	const marks = slotMarksOf(cap, now);
	const expired: string[] = [];
	for (let slot = 1; slot <= MAX_CUSTOM_CAP; slot++) {
		expired.push(capSlotMark(cap.subject, cap.phone, hourOf(now) - 25, slot));
	}
	const present = await store.presentAmong([...marks.keys()], [...expired, ...alsoRemove]);
	return [...marks].filter(([mark]) => present.has(mark)).map(([, text]) => text);
}

/** Reads the minute each of `texts` went in (one read); a minute not found is taken as the hour's last. */
export async function readMinutes(
	store: MarkStore,
	cap: CapTally,
	texts: readonly CountedText[],
): Promise<void> {
	const marks = new Map<string, { text: CountedText; minute: number }>();
	for (const text of texts) {
		for (let minute = 0; minute < 60; minute++) {
			marks.set(capMinuteMark(cap.subject, cap.phone, text.hour, text.slot, minute), {
				text,
				minute,
			});
		}
	}
	const present = await store.presentAmong([...marks.keys()]);
	for (const text of texts) text.minuteStart = (text.hour + 1) * HOUR_MS - MINUTE_MS;
	for (const [mark, { text, minute }] of marks) {
		if (present.has(mark)) text.minuteStart = text.hour * HOUR_MS + minute * MINUTE_MS;
	}
}

/**
 * Counts one more text at `now` if the cap allows it, recording it before it is sent: the first free
 * slot of the current hour. A slot another execution took since `counted` was read joins `counted`
 * and the decision is made again. Returns the marks to remove if the text then certainly does not go.
 */
export async function countOneMore(
	store: MarkStore,
	cap: CapTally,
	counted: CountedText[],
	now: number,
): Promise<{ taken: string[] } | Exclude<CapDecision, { allowed: true }>> {
	for (;;) {
		const decision = decideCap(counted, cap.limit, now);
		if (decision.allowed !== true) return decision;
		const hour = hourOf(now);
		const used = new Set(counted.filter((text) => text.hour === hour).map((text) => text.slot));
		let slot = 1;
		while (used.has(slot)) slot++;
		const slotMark = capSlotMark(cap.subject, cap.phone, hour, slot);
		const minute = minuteOf(now);
		const minuteMark = capMinuteMark(cap.subject, cap.phone, hour, slot, minute);
		const dayMark = capDayMark(cap.subject, cap.phone, Math.floor(now / DAY_MS));
		const present = await store.testAndSet([slotMark, minuteMark, dayMark]);
		if (!present.has(slotMark)) {
			counted.push({ hour, slot, minuteStart: hour * HOUR_MS + minute * MINUTE_MS });
			return { taken: [slotMark, minuteMark] };
		}
		// Taken meanwhile by another execution; its minute mark is its own, ours is not: remove ours.
		if (!present.has(minuteMark)) await store.remove([minuteMark]);
		counted.push({ hour, slot });
	}
}

/**
 * The first text of a run to `cap`'s number and subject, in one call when the number had no counted
 * text today or yesterday (UTC): its day marks are tested and its first slot of this hour taken at
 * once. Otherwise the count is read in full, the slot just taken given back in that same read, and
 * the caller goes on with `countOneMore`. A day mark recorded for yesterday by this test is harmless: it
 * only sends tomorrow's first text the full way.
 */
export async function countFirst(
	store: MarkStore,
	cap: CapTally,
	now: number,
): Promise<{ counted: CountedText[]; taken?: string[] }> {
	const day = Math.floor(now / DAY_MS);
	const hour = hourOf(now);
	const minute = minuteOf(now);
	const slotMark = capSlotMark(cap.subject, cap.phone, hour, 1);
	const minuteMark = capMinuteMark(cap.subject, cap.phone, hour, 1, minute);
	const days = [
		capDayMark(cap.subject, cap.phone, day - 1),
		capDayMark(cap.subject, cap.phone, day),
	];
	const present = await store.testAndSet([...days, slotMark, minuteMark]);
	const slotTaken = !present.has(slotMark);
	if (slotTaken && !days.some((mark) => present.has(mark))) {
		const counted = [{ hour, slot: 1, minuteStart: hour * HOUR_MS + minute * MINUTE_MS }];
		return { counted, taken: [slotMark, minuteMark] };
	}
	// What this call added of the slot's marks goes again (a minute mark of another text's slot
	// would misdate it).
	const giveBack = [
		...(slotTaken ? [slotMark] : []),
		...(present.has(minuteMark) ? [] : [minuteMark]),
	];
	const counted = await readCounted(store, cap, now, giveBack);
	return {
		counted: slotTaken
			? counted.filter((text) => !(text.hour === hour && text.slot === 1))
			: counted,
	};
}

/**
 * `countFirst` for many numbers at once (one call, and a second only to give back what the numbers
 * texted lately got): for each, its first slot taken if it had no counted text today or yesterday,
 * or `undefined` (count it the full way, with `countFirst`, when its text comes).
 */
export async function countFirstAhead(
	store: MarkStore,
	caps: readonly CapTally[],
	now: number,
): Promise<Array<{ counted: CountedText[]; taken: string[] } | undefined>> {
	const day = Math.floor(now / DAY_MS);
	const hour = hourOf(now);
	const minute = minuteOf(now);
	const marksOf = (cap: CapTally) => ({
		days: [capDayMark(cap.subject, cap.phone, day - 1), capDayMark(cap.subject, cap.phone, day)],
		slot: capSlotMark(cap.subject, cap.phone, hour, 1),
		minute: capMinuteMark(cap.subject, cap.phone, hour, 1, minute),
	});
	const all = caps.map(marksOf);
	const present = await store.testAndSet(all.flatMap((m) => [...m.days, m.slot, m.minute]));
	const giveBack: string[] = [];
	const results = all.map((m) => {
		const slotTaken = !present.has(m.slot);
		if (slotTaken && !m.days.some((mark) => present.has(mark))) {
			return {
				counted: [{ hour, slot: 1, minuteStart: hour * HOUR_MS + minute * MINUTE_MS }],
				taken: [m.slot, m.minute],
			};
		}
		if (slotTaken) giveBack.push(m.slot);
		if (!present.has(m.minute)) giveBack.push(m.minute);
		return undefined;
	});
	await store.remove(giveBack);
	return results;
}

/** A first text counted ahead (countFirstAhead), with the tally it was counted in. */
export interface AheadCount {
	cap: CapTally;
	counted: CountedText[];
	taken: string[];
}

/**
 * A first text counted ahead (countFirstAhead) about to go at `now`: still in the hour it was counted
 * in? Then its minute is brought up to now (the later minute mark is added; the latest one counts)
 * and it is the text's count. Another hour: false, give its marks back and count the full way.
 */
export async function keepCountedAhead(
	store: MarkStore,
	cap: CapTally,
	ahead: { counted: CountedText[]; taken: string[] },
	now: number,
): Promise<boolean> {
	const [text] = ahead.counted;
	if (text.hour !== hourOf(now)) return false;
	await keepAllCountedAhead(store, [{ cap, ...ahead }], now);
	return true;
}

/**
 * `keepCountedAhead`'s minute for many counts taken ahead at once (one call): each counted in an
 * earlier minute of `now`'s hour gets `now`'s minute mark, so that the texts still to go after a
 * minute's turn do not each make a call. Counts of another hour are left alone (keepCountedAhead
 * gives them back).
 */
export async function keepAllCountedAhead(
	store: MarkStore,
	aheads: readonly AheadCount[],
	now: number,
): Promise<void> {
	const hour = hourOf(now);
	const minute = minuteOf(now);
	const minuteStart = hour * HOUR_MS + minute * MINUTE_MS;
	const behind = aheads.filter(
		({ counted: [text] }) => text.hour === hour && text.minuteStart !== minuteStart,
	);
	if (behind.length === 0) return;
	const marks = behind.map(({ cap, counted: [text] }) =>
		capMinuteMark(cap.subject, cap.phone, text.hour, text.slot, minute),
	);
	await store.testAndSet(marks);
	behind.forEach((ahead, i) => {
		ahead.taken.push(marks[i]);
		ahead.counted[0].minuteStart = minuteStart;
	});
}
