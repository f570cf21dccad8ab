// Remembering which events already started the workflow, so a retry or a duplicate delivery of the
// same event starts nothing. The memory is a plain object `{ <fingerprint>: <first seen, ms> }`,
// bounded in time (the window) and in size (oldest dropped first). Pure functions: the caller
// passes the current time and stores the object it gets back.
import { createHash } from 'node:crypto';

export type SeenEvents = Record<string, number>;

/** At most this many events are remembered per trigger node (a few tens of kB of static data). */
export const MAX_REMEMBERED_EVENTS = 1000;

export const DEFAULT_WINDOW_MINUTES = 60;

/**
 * A short, fixed-size name for an event identity. Identities hold phone numbers and reply text;
 * only this hash is stored in the workflow's static data.
 */
export function fingerprint(identity: string): string {
	return createHash('sha256').update(identity, 'utf8').digest('hex').slice(0, 32);
}

/** Reads what static data holds, ignoring anything that is not a `{ key: time }` entry. */
export function readSeen(value: unknown): SeenEvents {
	const seen: SeenEvents = {};
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return seen;
	for (const [key, at] of Object.entries(value as Record<string, unknown>)) {
		if (typeof at === 'number' && Number.isFinite(at)) seen[key] = at;
	}
	return seen;
}

/** Whether `key` started a run less than `windowMs` ago. */
export function isDuplicate(seen: SeenEvents, key: string, now: number, windowMs: number): boolean {
	const at = seen[key];
	return at !== undefined && now - at < windowMs && now - at >= -windowMs;
}

/** The entries still inside the window, newest `maxEntries` of them. */
export function prune(
	seen: SeenEvents,
	now: number,
	windowMs: number,
	maxEntries = MAX_REMEMBERED_EVENTS,
): SeenEvents {
	const live = Object.entries(seen).filter(([, at]) => now - at < windowMs && now - at >= -windowMs);
	live.sort((a, b) => b[1] - a[1]);
	return Object.fromEntries(live.slice(0, maxEntries));
}

/** A new memory holding `key` as seen at `now`, pruned. The input is not changed. */
export function remember(
	seen: SeenEvents,
	key: string,
	now: number,
	windowMs: number,
	maxEntries = MAX_REMEMBERED_EVENTS,
): SeenEvents {
	return prune({ ...seen, [key]: now }, now, windowMs, maxEntries);
}
