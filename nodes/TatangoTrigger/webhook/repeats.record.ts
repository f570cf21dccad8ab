// Remembering which events already started the workflow, so a retry or a duplicate delivery of the
// same event starts nothing. A record is one string of fixed-width entries, oldest first: a
// 16-hex-digit fingerprint, then the time it was first seen (ms since 1970, 9 base-36 digits). One
// string rather than an object of a thousand keys because it is read on every call, carried with
// every run and saved after it: a string costs n8n one copy where an object costs one per key.
// Bounded in time (the window) and in size (oldest dropped first). Pure functions: the caller
// passes the current time and stores the record it gets back.
import { createHash } from 'node:crypto';

/** A record; `''` is the empty one. Build it only with these functions. */
export type EventRecord = string;

/** At most this many events are remembered per trigger node (25 kB of static data). */
export const MAX_REMEMBERED_EVENTS = 1000;

export const DEFAULT_WINDOW_MINUTES = 60;

const KEY_LENGTH = 16;
const TIME_LENGTH = 9;
const ENTRY_LENGTH = KEY_LENGTH + TIME_LENGTH;
const WELL_FORMED = /^(?:[0-9a-f]{16}[0-9a-z]{9})*$/;

/**
 * A short, fixed-size name for an event identity (64 bits of SHA-256: a collision among a thousand
 * remembered events has a chance of about 1 in 10^13). Identities hold phone numbers and reply
 * text; only this hash is stored.
 */
export function fingerprint(identity: string): string {
	return createHash('sha256').update(identity, 'utf8').digest('hex').slice(0, KEY_LENGTH);
}

/**
 * Records found well-formed lately, newest last. Each call and each run reads its own copy of the
 * same record from the database, and checking 25 kB against WELL_FORMED twice per event was a third
 * of the trigger's own time in a CPU profile of n8n under load: comparing it with one checked
 * before is a copy's length of memory compare.
 */
const checkedRecords: EventRecord[] = [];
const CHECKED_RECORDS = 4;

/** Reads what static data holds: a well-formed record, or the empty one for anything else. */
export function readRecord(value: unknown): EventRecord {
	if (typeof value !== 'string' || value.length % ENTRY_LENGTH !== 0) return '';
	if (checkedRecords.includes(value)) return value;
	if (!WELL_FORMED.test(value)) return '';
	checkedRecords.push(value);
	if (checkedRecords.length > CHECKED_RECORDS) checkedRecords.shift();
	return value;
}

function keyAt(record: EventRecord, index: number): string {
	return record.slice(index * ENTRY_LENGTH, index * ENTRY_LENGTH + KEY_LENGTH);
}

function timeAt(record: EventRecord, index: number): number {
	const start = index * ENTRY_LENGTH + KEY_LENGTH;
	return parseInt(record.slice(start, start + TIME_LENGTH), 36);
}

function entry(key: string, at: number): string {
	return key + Math.max(0, Math.floor(at)).toString(36).padStart(TIME_LENGTH, '0');
}

function sizeOf(record: EventRecord): number {
	return record.length / ENTRY_LENGTH;
}

/** Whether a time is inside the window around `now` (a clock set back counts as outside). */
export function isLive(at: number, now: number, windowMs: number): boolean {
	return now - at < windowMs && now - at >= -windowMs;
}

/** When `key` was last recorded, if it was. */
export function recordedAt(record: EventRecord, key: string): number | undefined {
	let from = record.length;
	while (from >= 0) {
		const position = record.lastIndexOf(key, from);
		if (position < 0) return undefined;
		if (position % ENTRY_LENGTH === 0) return timeAt(record, position / ENTRY_LENGTH);
		from = position - 1;
	}
	return undefined;
}

/** Whether `key` started a run less than `windowMs` ago. */
export function isDuplicate(
	record: EventRecord,
	key: string,
	now: number,
	windowMs: number,
): boolean {
	const at = recordedAt(record, key);
	return at !== undefined && isLive(at, now, windowMs);
}

/**
 * Drops entries that left the window from the front, then the oldest beyond `maxEntries`. Entries
 * are in the order they were recorded, which is time order but for clocks of different processes.
 */
export function trim(
	record: EventRecord,
	now: number,
	windowMs: number,
	maxEntries = MAX_REMEMBERED_EVENTS,
): EventRecord {
	let first = Math.max(0, sizeOf(record) - maxEntries);
	while (first < sizeOf(record) && !isLive(timeAt(record, first), now, windowMs)) first++;
	return first === 0 ? record : record.slice(first * ENTRY_LENGTH);
}

/** The record with `key` added as seen at `now`, trimmed. The input is not changed. */
export function remember(
	record: EventRecord,
	key: string,
	now: number,
	windowMs: number,
	maxEntries = MAX_REMEMBERED_EVENTS,
): EventRecord {
	return trim(record + entry(key, now), now, windowMs, maxEntries);
}

/** Both records' events, each at the later of its times, oldest first. */
export function mergeRecords(a: EventRecord, b: EventRecord): EventRecord {
	if (a === b || b === '') return a;
	if (a === '') return b;
	const latest = new Map<string, number>();
	for (const record of [a, b]) {
		for (let i = 0; i < sizeOf(record); i++) {
			const key = keyAt(record, i);
			latest.set(key, Math.max(latest.get(key) ?? 0, timeAt(record, i)));
		}
	}
	return [...latest]
		.sort((x, y) => x[1] - y[1])
		.map(([key, at]) => entry(key, at))
		.join('');
}
