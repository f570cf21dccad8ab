// Where the trigger remembers the events that started its workflow, and what each place guarantees.
// The keys are `fingerprint(identity)` hashes; static data holds a `repeats.record.ts` record.
//
// 1. The workflow's static data, `recentEvents` in the node's part: the record that counts. It is
//    written only by the trigger's `execute()`, that is inside the run an event started, because n8n
//    saves static data changed during a run once the run ends (the main process in regular mode, the
//    worker in queue mode). Static data written by `webhook()` is not reliably saved: n8n 2.41 clears
//    the "changed" mark when the call starts a run. And in one process the run may share the very
//    object `webhook()` was given, so a record written there would make `execute()` drop its own
//    event. n8n loads static data from the database for each production call and for each run, so
//    once a run has ended and been saved, every process sees its record: `webhook()` answers a
//    repeat `duplicate` without starting a run (`isRecorded`), and a run whose copy passed
//    `webhook()` before that save drops it in `execute()` if it starts after the save (`recordRun`
//    checks and records). Not locked: each save replaces the whole static data, so runs that overlap
//    (from any events) can each drop the other's record, and two runs that both load it before
//    either saves both keep the event. Where runs happen in the process that answered their calls
//    (regular mode), each save holds every event run in that process (`ranHere`), so a record one
//    save dropped is back with the next, and of runs that overlap only the last to reach
//    `execute()` saves: one database commit for them all instead of one per event.
// 2. A memory in this process (`claimInProcess`), checked and set in one synchronous step by
//    `webhook()`. It exists for copies that reach the same process before the first copy's run has
//    saved anything (Tatango's duplicates arrive ~20 ms apart; a run takes longer): the second
//    `webhook()` finds the claim and starts nothing. It guarantees nothing beyond this process and
//    its lifetime, and nothing relies on it across processes or restarts: it is lost on restart,
//    bounded (oldest dropped first), and another process never sees it.
//
// The record a call read travels with its items to the run only while this process has not seen a
// production run of a call it answered: a queue-mode worker starts from empty static data and
// needs it (recordRun), while in regular mode the run reloads static data itself, and carrying the
// record made every execution n8n writes to its database up to 25 kB larger.
import { randomUUID } from 'node:crypto';

import type { IDataObject } from 'n8n-workflow';

import {
	type EventRecord,
	isDuplicate,
	isLive,
	MAX_REMEMBERED_EVENTS,
	mergeRecords,
	readRecord,
	remember,
	trim,
} from './repeats.record';

export const STATIC_DATA_KEY = 'recentEvents';

/** Field of webhook()'s items that carries the record it read, for execute(); removed there. */
export const CARRIED_RECORD_FIELD = '__tatangoRecentEvents';

/** Field of webhook()'s items naming the process that answered the call; removed in execute(). */
export const ANSWERED_BY_FIELD = '__tatangoAnsweredBy';

/** This process (this copy of the module), as webhook() names it to the run. */
const THIS_PROCESS = randomUUID();

/**
 * Set once a production run found a call answered by this process: runs happen where calls are
 * answered (regular mode), so the run reloads static data and needs no carried record. Never set in
 * a queue-mode webhook process or main, whose production runs all go to workers.
 */
let runsWhereAnswered = false;

/** Trigger nodes remembered in this process; the least recently used is forgotten first. */
export const MAX_SCOPES = 500;

/**
 * A claimed call whose run has not reached execute() after this long (n8n failed to start it) no
 * longer holds back the save of the runs that did.
 */
export const PENDING_RUN_MS = 10_000;

/** What this process remembers of one trigger node. */
interface NodeMemory {
	/** Fingerprint → first seen (ms), in the order claimed by webhook(). */
	claims: Map<string, number>;
	/** Claims whose run has not reached execute() yet, fingerprint → claimed (ms). */
	pending: Map<string, number>;
	/** The events whose runs kept them in this process: each save of a run here holds them all. */
	ran: EventRecord;
}

const inProcess = new Map<string, NodeMemory>();

/** The memory of one trigger node, marked as the most recently used. */
function memoryOf(scope: string): NodeMemory {
	const memory = inProcess.get(scope) ?? { claims: new Map(), pending: new Map(), ran: '' };
	inProcess.delete(scope);
	inProcess.set(scope, memory);
	for (const oldest of inProcess.keys()) {
		if (inProcess.size <= MAX_SCOPES) break;
		inProcess.delete(oldest);
	}
	return memory;
}

/** Forgets, oldest first, entries beyond the bound and those older than `maxAgeMs`. */
function prune(entries: Map<string, number>, now: number, maxAgeMs: number): void {
	for (const [key, at] of entries) {
		if (entries.size <= MAX_REMEMBERED_EVENTS && isLive(at, now, maxAgeMs)) break;
		entries.delete(key);
	}
}

/** The record static data holds. */
export function currentRecord(staticData: IDataObject): EventRecord {
	return readRecord(staticData[STATIC_DATA_KEY]);
}

/**
 * What webhook() adds to a production call's item for the run: which process answered, and the
 * record it read unless runs are known to happen in this process.
 */
export function carriedToRun(staticData: IDataObject): IDataObject {
	return runsWhereAnswered
		? { [ANSWERED_BY_FIELD]: THIS_PROCESS }
		: { [ANSWERED_BY_FIELD]: THIS_PROCESS, [CARRIED_RECORD_FIELD]: currentRecord(staticData) };
}

/**
 * A production run's execute() saw which processes answered its calls: true when this one answered
 * them all, so the run happens where they were claimed.
 */
export function noteAnsweredBy(answeredBy: readonly unknown[]): boolean {
	const here = answeredBy.length > 0 && answeredBy.every((process) => process === THIS_PROCESS);
	if (here) runsWhereAnswered = true;
	return here;
}

/**
 * Whether static data records `key` as having started a run within the window. Reads only: calling
 * this never marks static data as changed.
 */
export function isRecorded(
	staticData: IDataObject,
	key: string,
	now: number,
	windowMs: number,
): boolean {
	return isDuplicate(currentRecord(staticData), key, now, windowMs);
}

/**
 * Claims `key` for this process: returns true and remembers it when no call in this process claimed
 * it within the window, false for a repeat. Check and set happen in one synchronous step, so of two
 * calls handled at the same time in one process only one gets true.
 *
 * @param scope Identifies the trigger node: workflow ID and node name.
 */
export function claimInProcess(scope: string, key: string, now: number, windowMs: number): boolean {
	const memory = memoryOf(scope);
	const at = memory.claims.get(key);
	if (at !== undefined && isLive(at, now, windowMs)) return false;

	memory.claims.delete(key);
	memory.claims.set(key, now);
	prune(memory.claims, now, windowMs);
	memory.pending.delete(key);
	memory.pending.set(key, now);
	prune(memory.pending, now, PENDING_RUN_MS);
	return true;
}

/**
 * For a run's `execute()`: splits `keys` (one per input item, in order) into those to keep and
 * those to drop, and records the kept ones in static data. Dropped: keys static data already holds
 * within the window (another run recorded them) and repeats within `keys`. Assigning the new record
 * is what marks n8n's observable static data as changed so the run saves it.
 *
 * A run of calls this process answered (`claimedIn`, the trigger node's scope) saves the events of
 * every run kept in this process, so a save stays whole whichever overlapping run saves last. It
 * leaves the save to a later run while one is on its way (claimed by webhook(), not yet here), which
 * will hold this run's events too: of runs that overlap, one commit to the database instead of one
 * each. Nothing is written when nothing is new.
 *
 * @returns for each key, whether its item is kept
 */
export function recordRun(
	staticData: IDataObject,
	keys: readonly string[],
	now: number,
	windowMs: number,
	carried: readonly unknown[] = [],
	claimedIn?: string,
): boolean[] {
	// In queue mode a worker's run starts from empty static data (n8n does not reload it when it
	// queues the run), so its save would replace the record with this run's events alone. The
	// record webhook() read from the database travels with the items and is merged back here.
	const saved = carried.map(readRecord).reduce(mergeRecords, currentRecord(staticData));
	let record = saved;
	const kept = keys.map((key) => {
		if (isDuplicate(record, key, now, windowMs)) return false;
		record = remember(record, key, now, windowMs);
		return true;
	});
	if (claimedIn !== undefined) {
		record = ranHere(claimedIn, record, keys, kept, now, windowMs) ?? saved;
	}
	if (record !== saved) staticData[STATIC_DATA_KEY] = record;
	return kept;
}

/**
 * Notes a run of this process's calls in the node's memory, and returns the record its run saves:
 * every event kept in this process merged in, or undefined (no save of its own) while another
 * claimed run is on its way.
 */
function ranHere(
	scope: string,
	record: EventRecord,
	keys: readonly string[],
	kept: readonly boolean[],
	now: number,
	windowMs: number,
): EventRecord | undefined {
	const memory = memoryOf(scope);
	keys.forEach((key, index) => {
		memory.pending.delete(key);
		if (kept[index]) memory.ran = remember(memory.ran, key, now, windowMs);
	});
	prune(memory.pending, now, PENDING_RUN_MS);
	if (memory.pending.size > 0) return undefined;
	return trim(mergeRecords(record, memory.ran), now, windowMs);
}
