// Where the trigger remembers the events that started its workflow, in two places:
//
// - a memory in this process, checked and updated in one synchronous step, so two copies of an
//   event reaching the same process (Tatango's duplicates arrive ~20 ms apart) cannot both pass.
//   In a single n8n instance this is what guarantees a repeat never runs twice.
// - the node's workflow static data, which n8n loads for each production call and writes back
//   after answering when it is marked changed: the only store shared between processes and kept
//   across restarts. It is read-modify-write without a lock, and n8n 2.41 clears the changed mark
//   when the call starts a run on a workflow that already has static data (its runner wraps the
//   same object again), so in practice only the first recorded event is saved. Recorded anyway:
//   it costs nothing and an n8n that saves it makes cross-process dedupe work.
import type { IDataObject } from 'n8n-workflow';

import { isDuplicate, readSeen, remember, type SeenEvents } from './duplicates';

export const STATIC_DATA_KEY = 'recentEvents';

/** Trigger nodes remembered in this process; the least recently used is forgotten first. */
const MAX_SCOPES = 500;

const inProcess = new Map<string, SeenEvents>();

export interface RecordInput {
	/** Identifies the trigger node: workflow ID and node name. */
	scope: string;
	/** `getWorkflowStaticData('node')`: changed in place, n8n saves it. */
	staticData: IDataObject;
	key: string;
	now: number;
	windowMs: number;
}

/**
 * Records `key` and returns true when it has not started a run within the window, in this
 * process or (as far as the saved static data tells) in any other; returns false for a repeat.
 */
export function recordIfNew({ scope, staticData, key, now, windowMs }: RecordInput): boolean {
	const stored = readSeen(staticData[STATIC_DATA_KEY]);
	const local = inProcess.get(scope) ?? {};
	if (isDuplicate(stored, key, now, windowMs) || isDuplicate(local, key, now, windowMs)) {
		return false;
	}
	// Assigning a new object (rather than adding a key to the old one) is what marks n8n's
	// observable static data as changed, so it is saved.
	staticData[STATIC_DATA_KEY] = remember(stored, key, now, windowMs);
	inProcess.delete(scope);
	inProcess.set(scope, remember(local, key, now, windowMs));
	while (inProcess.size > MAX_SCOPES) {
		const oldest = inProcess.keys().next().value;
		if (oldest === undefined) break;
		inProcess.delete(oldest);
	}
	return true;
}
