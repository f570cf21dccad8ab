// @ts-check
'use strict';

/**
 * Work the service accepts now and finishes later (list tag deletion: "allow up to 10 minutes").
 * A job is due `queuedJobDelayMs` after it was queued on the sandbox clock; due jobs run before
 * every API request and when the clock is advanced, so a later read sees the finished work.
 */

/**
 * @param {import('./context').Context} ctx
 * @param {() => void} run
 */
function enqueue(ctx, run) {
	ctx.state.queuedJobs.push({ dueMs: ctx.clock.now() + ctx.config.queuedJobDelayMs, run });
}

/** Runs (and forgets) every job that is due. @param {import('./context').Context} ctx */
function runDueJobs(ctx) {
	const now = ctx.clock.now();
	const due = ctx.state.queuedJobs.filter((job) => job.dueMs <= now);
	if (!due.length) return 0;
	ctx.state.queuedJobs = ctx.state.queuedJobs.filter((job) => job.dueMs > now);
	for (const job of due) job.run();
	return due.length;
}

module.exports = { enqueue, runDueJobs };
