// Claiming a key so that, of all the executions that try at the same moment (in this process or in
// other queue-mode workers), exactly one gets it. n8n's store cannot do this alone: each call reads
// the workflow's row and writes it back whole, so of two calls from different processes that read
// before either writes, the later write wins and the earlier one's marks are lost. The protocol makes
// that lost write the referee:
//
//   1. record, in one call, the key's mark and a claim mark only this attempt writes (a fresh token);
//      the key already there: someone used it first, done.
//   2. wait (the settle time), then test both again:
//      - both there: no other writer overwrote us: the key is ours;
//      - the key there but not our claim: a writer that read before our write overwrote it, and its
//        own write holds the key: it is theirs;
//      - the key gone: an unrelated write (another key) overwrote ours; the test just wrote both
//        again, so wait and test again.
//
// Two attempts both win only if one's read-modify-write of the row took longer than the settle time
// (read before the other's write, written after the other's second test): the settle time is several
// times the slowest recent call to the store, and never under MIN_SETTLE_MS
// (docs/send-once-and-caps.md, "what remains").
import { claimMark, type KeyPurpose, keyMark } from './marks';
import type { MarkStore } from './store';

export const MIN_SETTLE_MS = 150;
export const MAX_SETTLE_MS = 3_000;
/** The settle time is this many times the slowest recent call to the store. */
export const SETTLE_FACTOR = 4;
/** Rounds of "wait and test again" before giving up on a store other writers keep overwriting. */
export const MAX_ROUNDS = 4;

/** What a claim found: the key is this attempt's, was used before, or could not be decided. */
export type ClaimResult = 'claimed' | 'used' | 'undecided';

/** Lets go of keys claimed for `purpose` (their texts certainly did not go), and `alsoRemove`. */
export async function releaseKeys(
	store: MarkStore,
	purpose: KeyPurpose,
	keys: readonly string[],
	alsoRemove: readonly string[] = [],
): Promise<void> {
	await store.remove([...keys.map((key) => keyMark(purpose, key)), ...alsoRemove]);
}

export interface ClaimsOutcome {
	results: Map<string, ClaimResult>;
	/** The claim marks written: remove them once the claims are decided (they are only a referee). */
	claimMarks: string[];
}

export function settleMs(store: MarkStore): number {
	return Math.min(MAX_SETTLE_MS, Math.max(MIN_SETTLE_MS, SETTLE_FACTOR * store.slowestCallMs()));
}

/**
 * Claims every key of `keys` (distinct) for `purpose` and the attempt `token`, in as few calls to
 * the store as keys allow: one call, a wait, one call, whatever their number, when nothing else is
 * writing.
 */
export async function claimKeys(
	store: MarkStore,
	purpose: KeyPurpose,
	keys: readonly string[],
	token: string,
	pause: (ms: number) => Promise<void>,
): Promise<ClaimsOutcome> {
	const results = new Map<string, ClaimResult>();
	const mark = (key: string) => keyMark(purpose, key);
	const claimMarks = keys.map((key) => claimMark(mark(key), token));
	const marksOf = (key: string) => [mark(key), claimMark(mark(key), token)];

	const first = await store.testAndSet(keys.flatMap(marksOf));
	let contending = keys.filter((key) => {
		if (!first.has(mark(key))) return true;
		results.set(key, 'used');
		return false;
	});

	for (let round = 0; round < MAX_ROUNDS && contending.length > 0; round++) {
		await pause(settleMs(store));
		const present = await store.testAndSet(contending.flatMap(marksOf));
		contending = contending.filter((key) => {
			const keyThere = present.has(mark(key));
			if (!keyThere) return true;
			results.set(key, present.has(claimMark(mark(key), token)) ? 'claimed' : 'used');
			return false;
		});
	}
	for (const key of contending) results.set(key, 'undecided');
	return { results, claimMarks };
}
