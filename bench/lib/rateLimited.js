// @ts-check
'use strict';
/**
 * One `n8n execute` run against the sandbox limiting the v3 key to R calls a second (429 with
 * Retry-After beyond), as parts (b) and (d) run it: what the sandbox accepted and refused, the texts
 * per number, and the node's time as n8n records it.
 */
const { RATE } = require('./config');
const { countsFor } = require('./sandbox');
const { executePrinted, nodeRun } = require('./execute');

/** RCS sends name a webhook URL; the sandbox is told to post their events late (never, here). */
const LATE_EVENTS = { webhookDelayMs: 3600000 };

/**
 * @param {import('./context').Context} ctx
 * @param {{ id: string, node: string, firstNumber: number, sends: number, path: string }} o
 */
async function rateLimitedRun(ctx, o) {
	await ctx.sandbox.reset();
	await ctx.sandbox.config({
		rateLimits: { v3: { limit: RATE, windowMs: 1000 } },
		...LATE_EVENTS,
	});
	const run = await executePrinted(ctx, o.id, { allowRunError: true });
	const { requests, messageCounts } = await ctx.sandbox.inspect();
	const statuses = requests.filter((r) => r.path === o.path).map((r) => r.statusCode);
	const completed = statuses.filter((s) => s === 202).length;
	return {
		...nodeRun(run, o.node),
		completed,
		failed: o.sends - completed,
		refused429: statuses.filter((s) => s === 429).length,
		texts: countsFor(messageCounts, o.firstNumber, o.sends),
		runError: run?.data?.resultData?.error?.message ?? null,
	};
}

/** Completed sends per second of node time. @param {{ completed: number, ms: number }} x */
const achieved = (x) => x.completed / (x.ms / 1000);

module.exports = { rateLimitedRun, achieved, LATE_EVENTS };
