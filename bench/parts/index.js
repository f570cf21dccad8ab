// @ts-check
'use strict';
/**
 * The bench's parts, in the order they run ((f) last: the longest, it starts n8n set-ups of its
 * own). Adding a part: one file here exporting a BenchPart, and one line in this list (its letter
 * is its BENCH_PARTS letter and its `## (x)` heading in bench/results.md).
 *
 * @typedef {object} BenchPart
 * @property {string} key one lowercase letter, unique
 * @property {string} title what it runs, for the log
 * @property {string[]} settings the BENCH_* variables that size it (its file reads them)
 * @property {(ctx: import('../lib/context').SetUpContext) => Record<string, Record<string, any>>} [workflows]
 *   workflows it runs, by a key of its own: imported with every other part's in one CLI call; its
 *   `ctx.ids` gives their ids by the same keys
 * @property {(ctx: import('../lib/context').SetUpContext) => import('../lib/credentials').Credential[]} [credentials]
 *   credentials it needs beyond the shared ones of lib/credentials.js
 * @property {(o: { dir: string, step: typeof import('../lib/log').step, log: (s: string) => void }) => Promise<any>} [prepare]
 *   work that needs neither n8n nor the sandbox (a build), started before the set-up and run beside
 *   it; `ctx.prepared` holds its value
 * @property {(ctx: import('../lib/context').Context) => Promise<any>} measure runs it (the sandbox freshly
 *   reset, no limit) and returns its figures, which go to results.json as they are
 * @property {(result: any, env: import('../lib/environment').Environment) => string[]} summary
 *   its rows of the summary table: `| (x) | measure | result | aim | met |`
 * @property {(result: any, env: import('../lib/environment').Environment) => string[]} section its
 *   section of bench/results.md, starting with its `## (x) ...` heading
 */

/** @type {BenchPart[]} */
module.exports = [
	require('./a-transactional'),
	require('./b-rcs-rate'),
	require('./c-triggers'),
	require('./d-sms-rate'),
	require('./e-scale'),
	require('./o-opt-outs'),
	require('./q-quiet-hours'),
	require('./f-burst'),
	require('./m-memory'),
];
