// n8n's deduplication store, the only durable memory n8n lends a community node (Data Tables refuse
// every node but its own Data Table nodes: docs/send-once-and-caps.md). Its row for a workflow is one
// JSON array of md5 hashes, and every call reads the row, changes it in memory and writes it back
// (packages/cli/src/deduplication/deduplication-helper.ts): no transaction, no lock. Calls from this
// process are therefore made one at a time per workflow here; calls from other processes (queue-mode
// workers) can still overwrite each other, which the claim protocol (claims.ts) allows for.
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/** The memory's view of the store: a set of marks (strings) per workflow. */
export interface MarkStore {
	/** Which of `marks` were present; the absent ones are present from now on (one read and write). */
	testAndSet(marks: readonly string[]): Promise<Set<string>>;
	/** Removes `marks`; absent ones are ignored (one read and write). */
	remove(marks: readonly string[]): Promise<void>;
	/**
	 * A read: which of `marks` are present, leaving them as they were. n8n has no call that only
	 * reads (each test also records), so the marks found absent are removed again in the same turn
	 * of this process on the workflow's store; `alsoRemove` (expired marks) go in that call too.
	 */
	presentAmong(marks: readonly string[], alsoRemove?: readonly string[]): Promise<Set<string>>;
	/** The longest a call to this workflow's store took lately, in ms. */
	slowestCallMs(): number;
}

/**
 * At most this many marks are kept per workflow; n8n drops the oldest beyond it. Every call reads and
 * writes the whole row (about 27 bytes a mark), so the size is also the cost of each call.
 */
export const MEMORY_SIZE = 10_000;

/** One workflow-wide store, shared by every Tatango node of the workflow and its trigger. */
const SCOPE = 'workflow';
const OPTIONS = { mode: 'entries', maxEntries: MEMORY_SIZE } as const;
/** A probe may add more marks than the size for a moment; they must not push real marks out. */
const UNTRIMMED = { mode: 'entries' } as const;

interface DeduplicationHelpers {
	checkProcessedAndRecord(
		items: string[],
		scope: 'workflow',
		options: { mode: 'entries'; maxEntries?: number },
	): Promise<{ new: unknown[]; processed: unknown[] }>;
	removeProcessed(
		items: string[],
		scope: 'workflow',
		options: { mode: 'entries'; maxEntries?: number },
	): Promise<void>;
}

/** The store is missing (an n8n before the deduplication store) or refuses: say what to do. */
export class MemoryUnavailableError extends NodeOperationError {}

function helpersOf(context: IExecuteFunctions, feature: string): DeduplicationHelpers {
	const helpers = context.helpers as unknown as Partial<DeduplicationHelpers>;
	if (
		typeof helpers.checkProcessedAndRecord !== 'function' ||
		typeof helpers.removeProcessed !== 'function'
	) {
		throw new MemoryUnavailableError(
			context.getNode(),
			`${feature} needs n8n's deduplication store (this.helpers.checkProcessedAndRecord), which this n8n does not give nodes`,
			{
				description: `${feature} remembers texts in n8n's own database through that store, which n8n offers from the version that brought Remove Duplicates v2 (late 2024; 1.123 and 2.x have it). Update n8n, or turn ${feature} off. Nothing was sent.`,
			},
		);
	}
	return helpers as DeduplicationHelpers;
}

/** n8n's error when the workflow's row was written in another mode (Remove Duplicates "latest"). */
function storeError(context: IExecuteFunctions, feature: string, error: unknown): Error {
	const message = error instanceof Error ? error.message : String(error);
	if (/incompatible setting/i.test(message)) {
		return new MemoryUnavailableError(
			context.getNode(),
			`${feature} cannot use this workflow's deduplication store: a Remove Duplicates node with Scope "Workflow" keeps a latest value there`,
			{
				description: `The Tatango nodes keep their memory in the workflow-wide store, as a list of entries. Set that Remove Duplicates node's Scope to "Node" and run its Clean Database operation with Scope "Workflow" once (this also forgets what the Tatango nodes remembered in this workflow). Nothing was sent.`,
			},
		);
	}
	return error instanceof Error ? error : new Error(message);
}

/** Calls to the store from this process, one at a time per workflow: the tail of each queue. */
const queues = new Map<string, Promise<void>>();

/** Runs `task` once every earlier task on the same workflow's store has finished. */
async function oneAtATime<T>(workflowId: string, task: () => Promise<T>): Promise<T> {
	const previous = queues.get(workflowId) ?? Promise.resolve();
	const result = previous.then(task);
	const tail = result.then(
		() => undefined,
		() => undefined,
	);
	queues.set(workflowId, tail);
	try {
		return await result;
	} finally {
		if (queues.get(workflowId) === tail) queues.delete(workflowId);
	}
}

/** SQLite's and PostgreSQL's words for a second insert of the same primary key. */
const FIRST_INSERT_RACE = /UNIQUE constraint failed|duplicate key value/i;

/** How long the last calls to each workflow's store took, in ms (the claim's settle follows it). */
const recentDurations = new Map<string, number[]>();
const RECENT_CALLS = 20;

function noteDuration(workflowId: string, ms: number) {
	const durations = recentDurations.get(workflowId) ?? [];
	durations.push(ms);
	if (durations.length > RECENT_CALLS) durations.shift();
	recentDurations.set(workflowId, durations);
}

/**
 * The store of the workflow `context` runs in. `feature` names the setting that needs it, for the
 * error when n8n has no such store. Nothing is read or written until a method is called.
 */
export function workflowStore(context: IExecuteFunctions, feature: string): MarkStore {
	const helpers = helpersOf(context, feature);
	const workflowId = String(context.getWorkflow().id ?? '');

	/** One turn on the store: calls of this process on the same workflow never interleave. */
	async function turn<T>(run: () => Promise<T>): Promise<T> {
		return await oneAtATime(workflowId, async () => {
			const started = Date.now();
			try {
				return await run().catch(async (error: unknown) => {
					// The workflow's first call creates its row; another process creating it at the same
					// moment makes one insert fail on the primary key, and then the row exists.
					if (!FIRST_INSERT_RACE.test(String((error as Error)?.message ?? error))) throw error;
					return await run();
				});
			} catch (error) {
				throw storeError(context, feature, error);
			} finally {
				noteDuration(workflowId, Date.now() - started);
			}
		});
	}

	const record = async (marks: string[], options: typeof OPTIONS | typeof UNTRIMMED) =>
		new Set((await helpers.checkProcessedAndRecord(marks, SCOPE, options)).processed.map(String));
	const forget = async (marks: string[]) => await helpers.removeProcessed(marks, SCOPE, UNTRIMMED);

	return {
		async testAndSet(marks) {
			if (marks.length === 0) return new Set();
			return await turn(async () => await record([...new Set(marks)], OPTIONS));
		},
		async remove(marks) {
			if (marks.length === 0) return;
			await turn(async () => await forget([...new Set(marks)]));
		},
		async presentAmong(marks, alsoRemove = []) {
			if (marks.length === 0 && alsoRemove.length === 0) return new Set();
			return await turn(async () => {
				const unique = [...new Set(marks)];
				// Untrimmed: marks added only to be removed again must not push real ones out.
				const present = unique.length ? await record(unique, UNTRIMMED) : new Set<string>();
				const added = unique.filter((mark) => !present.has(mark));
				if (added.length + alsoRemove.length) await forget([...added, ...alsoRemove]);
				return present;
			});
		},
		slowestCallMs: () => Math.max(0, ...(recentDurations.get(workflowId) ?? [])),
	};
}
