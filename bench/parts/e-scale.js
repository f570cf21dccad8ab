// @ts-check
'use strict';
/**
 * (e) Scale: BENCH_SCALE_SMALL and then BENCH_SCALE_LARGE v3 SMS with no limit anywhere, one
 * `n8n execute` each: time per item and the peak memory of the `n8n execute` process, and the
 * per-item ratio large ÷ small (an item must cost no more in a long run than in a short one).
 * `n8n execute` cannot print a 10,000-item run whole, so times and what was accepted come from the
 * sandbox's record: first to last send as it received them.
 */
const { intEnv, rounds } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { countsFor } = require('../lib/sandbox');
const { verdict, shown } = require('../lib/interleaved');
const { executeUnprinted } = require('../lib/execute');
const { watchPeakMemory } = require('../lib/peakMemory');
const { LATE_EVENTS } = require('../lib/rateLimited');
const { fixed, int, mark, texts } = require('../lib/format');

const SMALL = intEnv('BENCH_SCALE_SMALL', 1000);
const LARGE = intEnv('BENCH_SCALE_LARGE', 5000);
const ROUNDS = rounds(3);
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
	const times = sends.map((r) => r.arrivedUs);
	const ms = sends.length > 1 ? (Math.max(...times) - Math.min(...times)) / 1000 : NaN;
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

/** Per round, the per-item time of the large run ÷ the small run's. @param {any} e */
const ratio = (e) =>
	verdict(
		e.rounds.map((/** @type {any} */ r) => r.large.perItemMs / r.small.perItemMs),
		1,
	);

/** The median round's figures of one size. @param {any} e @param {'small' | 'large'} size */
function median(e, size) {
	const all = e.rounds.map((/** @type {any} */ r) => r[size]);
	const sorted = [...all].sort((x, y) => x.perItemMs - y.perItemMs);
	return sorted[Math.floor(sorted.length / 2)];
}

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'e',
	title: `${SMALL} and ${LARGE} v3 SMS, no limit, ${ROUNDS} interleaved rounds`,
	settings: ['BENCH_SCALE_SMALL', 'BENCH_SCALE_LARGE', 'BENCH_ROUNDS'],
	workflows: (ctx) => ({
		small: loadWorkflow('e-sms-scale.json', { ...ctx.tokens, SCALE_ITEMS: SMALL }),
		large: loadWorkflow('e-sms-scale.json', { ...ctx.tokens, SCALE_ITEMS: LARGE }),
	}),

	async measure(ctx) {
		const all = [];
		for (let round = 0; round < ROUNDS; round++) {
			// Small first in odd rounds, large first in even ones: a drift of the machine weighs on both.
			const order = round % 2 === 0 ? ['small', 'large'] : ['large', 'small'];
			/** @type {Record<string, any>} */
			const r = {};
			for (const size of order) {
				const items = size === 'small' ? SMALL : LARGE;
				r[size] = await ctx.step(`(e) round ${round + 1}: ${items} v3 SMS`, () =>
					scaleRun(ctx, ctx.ids[size], items),
				);
			}
			all.push(r);
		}
		return { small: SMALL, large: LARGE, rounds: all };
	},

	summary(e) {
		const r = ratio(e);
		return [
			`| (e) | time per item, ${int(e.large)} ÷ ${int(e.small)} v3 SMS, no limit (median of ${e.rounds.length} interleaved rounds) | ${shown(r)} | ≤ 1.1 | ${mark(r.high <= 1.1)} |`,
		];
	},

	section(e) {
		const r = ratio(e);
		return [
			`## (e) Scale: ${int(e.small)} and ${int(e.large)} v3 SMS, no rate limit, ${e.rounds.length} interleaved rounds`,
			'',
			"The same workflow as (d) with the credential's pacing and the sandbox's limit out of the way, run with each size (`n8n execute`, a process each) in interleaved rounds: small then large in odd rounds, the other way round in even ones. " +
				"Time is the span from the first to the last send as the sandbox received them (its microsecond clock). Peak memory is the `n8n execute` process's resident high-water mark (Linux VmHWM), which holds the whole run, every item of every node. The table shows the round of median time per item of each size.",
			'',
			'| items | accepted | texts once / twice+ / none | first to last send | per item | n8n peak memory |',
			'|---:|---:|---:|---:|---:|---:|',
			...[median(e, 'small'), median(e, 'large')].map(
				(x) =>
					`| ${int(x.sent)} | ${int(x.completed)} | ${texts(x.texts)} | ${fixed(x.ms / 1000, 1)} s | ${fixed(x.perItemMs, 3)} ms | ${x.peakMb === null ? 'n/a' : `${int(x.peakMb)} MB`} |`,
			),
			'',
			`Per-item ratio (${int(e.large)} ÷ ${int(e.small)}) per round: ${r.values.map((v) => fixed(v)).join(', ')}; **${shown(r)}**.`,
		];
	},
};
