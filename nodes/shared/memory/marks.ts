// The names of the marks the memory keeps in n8n's deduplication store. n8n stores only an md5 hash
// of each, so a mark can be found again only by naming it exactly: every fact is one mark, and every
// question is "which of these marks are present". The prefix keeps them apart from the values a
// Remove Duplicates node with Scope "Workflow" keeps in the same row; the version lets a later
// layout start afresh instead of misreading these.
const PREFIX = 'tatango/1/';

export const HOUR_MS = 3_600_000;
export const MINUTE_MS = 60_000;

/** Whole hours since 1970 (UTC): the unit caps count texts in. */
export function hourOf(ms: number): number {
	return Math.floor(ms / HOUR_MS);
}

/** The minute (0-59) within its hour. */
export function minuteOf(ms: number): number {
	return Math.floor((ms % HOUR_MS) / MINUTE_MS);
}

/**
 * What a claimed key is for, each its own namespace: `once`, a Send Once Per key (a text with it
 * went, or is going, or may have gone); `confirmation`, the Tatango Trigger's one confirmation text
 * of a revocation.
 */
export type KeyPurpose = 'once' | 'confirmation';

/** `key` was claimed for `purpose`. */
export function keyMark(purpose: KeyPurpose, key: string): string {
	return `${PREFIX}${purpose}/${key}`;
}

/** One claim of a key mark by one attempt (`token`), to find out which of two writers the store kept. */
export function claimMark(mark: string, token: string): string {
	return `${PREFIX}claim/${token}/${mark}`;
}

/** The `slot`-th text (1-based) counted against a cap, sent to `phone` in hour `hour`. */
export function capSlotMark(subject: string, phone: string, hour: number, slot: number): string {
	return `${PREFIX}cap/${hour}/${slot}/${phone}/${subject}`;
}

/** The minute of the hour that slot's text went in: read only when a refusal needs the exact time. */
export function capMinuteMark(
	subject: string,
	phone: string,
	hour: number,
	slot: number,
	minute: number,
): string {
	return `${PREFIX}capMinute/${hour}/${slot}/${minute}/${phone}/${subject}`;
}

/** A text counted against a cap went to `phone` on UTC day `day` (days since 1970): a quick "not lately". */
export function capDayMark(subject: string, phone: string, day: number): string {
	return `${PREFIX}capDay/${day}/${phone}/${subject}`;
}

/** The person at `phone` revoked consent (cleared when they opt back in). */
export function revokedMark(phone: string): string {
	return `${PREFIX}revoked/${phone}`;
}
