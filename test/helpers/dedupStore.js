// @ts-check
/**
 * A model of n8n's deduplication store for tests without a database, written after n8n 2.41.1's
 * `packages/cli/src/deduplication/deduplication-helper.ts` ("entries" mode, the only one the memory
 * uses): one row per (workflowId, context), context '' for scope "workflow" and `n:<node id>` for
 * "node"; the row's value is a JSON array of md5 (base64) hashes. Every call reads the row, changes
 * it in memory and writes it back: `readToWrite` (ms) stretches the time between the two, so tests
 * can make calls from different "processes" overlap the way they can on a real database.
 */
const { createHash } = require('node:crypto');

const hash = (/** @type {unknown} */ value) =>
	createHash('md5').update(String(value)).digest('base64');

class DedupDatabase {
	constructor() {
		/** @type {Map<string, string>} rows as the database holds them: JSON text */
		this.rows = new Map();
		/** @type {number} read-modify-write calls made */
		this.calls = 0;
	}

	/** @param {string} workflowId @param {string} context */
	read(workflowId, context) {
		const row = this.rows.get(`${workflowId}|${context}`);
		return row === undefined
			? undefined
			: /** @type {{mode: string, data: string[]}} */ (JSON.parse(row));
	}

	/** @param {string} workflowId @param {string} context @param {{mode: string, data: string[]}} value */
	write(workflowId, context, value) {
		this.rows.set(`${workflowId}|${context}`, JSON.stringify(value));
	}

	/** Whether the workflow-wide row holds `value` (a look at the table, not a call of n8n's). */
	has(/** @type {string} */ workflowId, /** @type {string} */ value) {
		return this.read(workflowId, '')?.data.includes(hash(value)) ?? false;
	}

	/** How many marks the workflow-wide row holds. */
	size(/** @type {string} */ workflowId) {
		return this.read(workflowId, '')?.data.length ?? 0;
	}
}

/**
 * n8n's DeduplicationHelper over `db`, as one process sees it.
 * @param {DedupDatabase} db
 * @param {{ readToWrite?: () => number, between?: () => Promise<void> }} [timing] `between`
 *   runs between each call's read and its write (a test holds a call there)
 */
function deduplicator(db, { readToWrite = () => 0, between = async () => {} } = {}) {
	const pause = async () => {
		const ms = readToWrite();
		await new Promise((resolve) => setTimeout(resolve, ms));
		await between();
	};
	/** @param {string} scope @param {{node?: {id: string}}} contextData */
	const contextOf = (scope, contextData) => (scope === 'node' ? `n:${contextData.node?.id}` : '');
	return {
		/**
		 * @param {unknown[]} items @param {string} scope
		 * @param {{workflow: {id: string}, node?: {id: string}}} contextData
		 * @param {{mode: string, maxEntries?: number}} options
		 */
		async checkProcessedAndRecord(items, scope, contextData, options) {
			db.calls++;
			const context = contextOf(scope, contextData);
			const row = db.read(contextData.workflow.id, context);
			if (row && row.mode !== options.mode) {
				throw new Error(
					'Deduplication data was originally saved with an incompatible setting of the ‘Keep Items Where’ parameter. Try ’Clean Database’ operation to reset.',
				);
			}
			await pause();
			const hashed = items.map(hash);
			if (!row) {
				if (options.maxEntries) hashed.splice(0, hashed.length - options.maxEntries);
				db.write(contextData.workflow.id, context, { mode: options.mode, data: hashed });
				return { new: items, processed: [] };
			}
			const known = new Set(row.data);
			/** @type {{new: unknown[], processed: unknown[]}} */
			const result = { new: [], processed: [] };
			hashed.forEach((value, index) => {
				if (known.has(value)) result.processed.push(items[index]);
				else {
					result.new.push(items[index]);
					row.data.push(value);
				}
			});
			if (options.maxEntries) row.data.splice(0, row.data.length - options.maxEntries);
			db.write(contextData.workflow.id, context, row);
			return result;
		},
		/**
		 * @param {unknown[]} items @param {string} scope
		 * @param {{workflow: {id: string}, node?: {id: string}}} contextData
		 */
		async removeProcessed(items, scope, contextData) {
			db.calls++;
			const context = contextOf(scope, contextData);
			const row = db.read(contextData.workflow.id, context);
			if (!row) return;
			await pause();
			for (const value of items.map(hash)) {
				const index = row.data.indexOf(value);
				if (index !== -1) row.data.splice(index, 1);
			}
			db.write(contextData.workflow.id, context, row);
		},
	};
}

/**
 * An execution context as far as the memory reaches it: n8n's deduplication helpers bound to a
 * workflow and a node (n8n-core's getDeduplicationHelperFunctions), getWorkflow, getNode.
 * @param {ReturnType<typeof deduplicator> | undefined} store
 * @param {{ workflowId?: string }} [options]
 */
function contextWith(store, { workflowId = 'wf1' } = {}) {
	const workflow = { id: workflowId };
	const node = {
		id: 'node-1',
		name: 'Tatango',
		type: 'n8n-nodes-tatango.tatango',
		typeVersion: 1,
		position: /** @type {[number, number]} */ ([0, 0]),
		parameters: {},
	};
	const helpers = store
		? {
				checkProcessedAndRecord: (
					/** @type {unknown[]} */ items,
					/** @type {string} */ scope,
					/** @type {any} */ options,
				) => store.checkProcessedAndRecord(items, scope, { workflow, node }, options),
				removeProcessed: (
					/** @type {unknown[]} */ items,
					/** @type {string} */ scope,
					/** @type {any} */ _options,
				) => store.removeProcessed(items, scope, { workflow, node }),
			}
		: {};
	return /** @type {import('n8n-workflow').IExecuteFunctions} */ (
		/** @type {unknown} */ ({
			helpers,
			getWorkflow: () => workflow,
			getNode: () => node,
		})
	);
}

module.exports = { DedupDatabase, deduplicator, contextWith, hash };
