// @ts-check
'use strict';
/**
 * (e) Scale: BENCH_SCALE_SMALL and then BENCH_SCALE_LARGE v3 SMS with no limit anywhere, one
 * `n8n execute` each: time per item and the peak memory of the `n8n execute` process, and the
 * per-item ratio large ÷ small (an item must cost no more in a long run than in a short one).
 * `n8n execute` cannot print a 10,000-item run whole, so times and what was accepted come from the
 * sandbox's record: first to last send as it received them.
 */
const { intEnv } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { countsFor, spanMs } = require('../lib/sandbox');
const { executeUnprinted } = require('../lib/execute');
const { watchPeakMemory } = require('../lib/peakMemory');
const { LATE_EVENTS } = require('../lib/rateLimited');
const { fixed, int, mark, texts } = require('../lib/format');

const SMALL = intEnv('BENCH_SCALE_SMALL', 1000);
const LARGE = intEnv('BENCH_SCALE_LARGE', 5000);
const FIRST_NUMBER = 2067000000;
const SEND_PATH = '/transactional_messages/send_sms';

/**
 * @param {import('../lib/context').Context} ctx @param {string} id @param {number} items
 */
async function scaleRun(ctx, id, items) {
	await ctx.sandbox.reset();
	await ctx.sandbox.config({ ...LATE_EVENTS, maxRecordedRequests: items + 100 });
	const memory = watchPeakMemory(['execute', `--id=${id}`]);
	const { exitCode } = await executeUnprinted(ctx, id);
	const peakMb = memory.stop();
	const { requests, messageCounts } = await ctx.sandbox.inspect();
	const sends = requests.filter((r) => r.path === SEND_PATH);
	const ms = spanMs(sends);
	return {
		sent: items,
		exitCode,
		completed: sends.filter((r) => r.statusCode === 202).length,
		ms,
		perItemMs: ms / (items - 1),
		peakMb,
		texts: countsFor(messageCounts, FIRST_NUMBER, items),
	};
}

/** @param {any} e */
const ratio = (e) => e.large.perItemMs / e.small.perItemMs;

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'e',
	title: `${SMALL} and ${LARGE} v3 SMS, no limit`,
	settings: ['BENCH_SCALE_SMALL', 'BENCH_SCALE_LARGE'],
	workflows: (ctx) => ({
		small: loadWorkflow('e-sms-scale.json', { ...ctx.tokens, SCALE_ITEMS: SMALL }),
		large: loadWorkflow('e-sms-scale.json', { ...ctx.tokens, SCALE_ITEMS: LARGE }),
	}),

	async measure(ctx) {
		return {
			small: await ctx.step(`(e) ${SMALL} v3 SMS`, () => scaleRun(ctx, ctx.ids.small, SMALL)),
			large: await ctx.step(`(e) ${LARGE} v3 SMS`, () => scaleRun(ctx, ctx.ids.large, LARGE)),
		};
	},

	summary(e) {
		return [
			`| (e) | time per item, ${int(e.large.sent)} ÷ ${int(e.small.sent)} v3 SMS, no limit | ${fixed(ratio(e))} | ≤ 1.1 | ${mark(ratio(e) <= 1.1)} |`,
		];
	},

	section(e) {
		return [
			`## (e) Scale: ${int(e.small.sent)} and ${int(e.large.sent)} v3 SMS, no rate limit`,
			'',
			"The same workflow as (d) with the credential's pacing and the sandbox's limit out of the way, run once with each size (`n8n execute`). " +
				"Time is the span from the first to the last send as the sandbox received them. Peak memory is the `n8n execute` process's resident high-water mark (Linux VmHWM), which holds the whole run, every item of every node.",
			'',
			'| items | accepted | texts once / twice+ / none | first to last send | per item | n8n peak memory |',
			'|---:|---:|---:|---:|---:|---:|',
			...[e.small, e.large].map(
				(x) =>
					`| ${int(x.sent)} | ${int(x.completed)} | ${texts(x.texts)} | ${fixed(x.ms / 1000, 1)} s | ${fixed(x.perItemMs)} ms | ${x.peakMb === null ? 'n/a' : `${int(x.peakMb)} MB`} |`,
			),
			'',
			`Per-item ratio (${int(e.large.sent)} ÷ ${int(e.small.sent)}): **${fixed(ratio(e))}**.`,
		];
	},
};
