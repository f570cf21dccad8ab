// @ts-check
'use strict';
/**
 * Runs a workflow with `n8n execute` in its own process, the way parts that measure one run do.
 * Two ways to read it: the run n8n prints (node times as n8n records them), for runs small enough
 * to be printed whole; or only the sandbox's record, for large runs (`n8n execute` prints every
 * item of every node and may exit before a run of thousands is all written out).
 */
const n8n = require('../../scripts/lib/n8n');

/** A run of thousands of items on a loaded machine takes minutes; nothing legitimate takes this long. */
const EXECUTE_TIMEOUT_MS = 30 * 60 * 1000;

/**
 * `n8n execute` whose printed run is read; throws when the workflow failed.
 * @param {import('./context').Context} ctx @param {string} id
 * @param {{ fakeTime?: string, allowRunError?: boolean }} [o] `allowRunError`: a node is expected to stop the run
 */
async function executePrinted(ctx, id, o = {}) {
	const { run, error } = await n8n.executeWorkflow(id, {
		...ctx.cli,
		timeoutMs: EXECUTE_TIMEOUT_MS,
		fakeTime: o.fakeTime,
	});
	if (error && !o.allowRunError)
		throw new Error(`workflow ${id} failed: ${JSON.stringify(error).slice(0, 1000)}`);
	return run;
}

/**
 * `n8n execute` whose output is not read (what happened comes from the sandbox's record).
 * @param {import('./context').Context} ctx @param {string} id
 * @param {{ fakeTime?: string }} [o]
 * @returns {Promise<{ exitCode: number | null }>}
 */
async function executeUnprinted(ctx, id, o = {}) {
	const res = await n8n.runN8nCli(['execute', `--id=${id}`, '--rawOutput'], {
		...ctx.cli,
		timeoutMs: EXECUTE_TIMEOUT_MS,
		allowFailure: true,
		fakeTime: o.fakeTime,
	});
	// A run that stopped early leaves its last branches unsent: say why, not only that figures are missing.
	if (res.code !== 0)
		ctx.log(
			`n8n execute of workflow ${id} exited with ${res.code}: ${`${res.stderr}\n${res.stdout}`.trim().slice(-1500)}`,
		);
	return { exitCode: res.code };
}

/**
 * One node's run in a printed `n8n execute` result: its time as n8n records it, items, errors.
 * @param {any} run @param {string} name
 */
function nodeRun(run, name) {
	const task = run?.data?.resultData?.runData?.[name]?.[0];
	if (!task)
		throw new Error(
			`node "${name}" did not run: ${JSON.stringify(run?.data?.resultData?.error ?? run).slice(0, 500)}`,
		);
	const items = task.data?.main?.[0] ?? [];
	return {
		ms: /** @type {number} */ (task.executionTime),
		items: items.length,
		errors: items.filter((/** @type {any} */ i) => i.json?.error !== undefined).length,
		error: task.error ? String(task.error.message) : null,
	};
}

module.exports = { executePrinted, executeUnprinted, nodeRun, EXECUTE_TIMEOUT_MS };
