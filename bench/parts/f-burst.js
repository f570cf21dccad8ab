// @ts-check
'use strict';
/**
 * (f) A burst of CRM events: BENCH_BURST webhook calls at once, each one execution of Webhook →
 * SMS Send, against the sandbox's limit of R a second, in one n8n process (PostgreSQL) and in queue
 * mode with 2 workers (BENCH_WORKER_CONCURRENCY), beside the same burst into Webhook → No Op (n8n's
 * own floor); with this checkout's shared pacing and, side by side, the per-execution pacing of
 * BENCH_BASELINE (BENCH_F_PACING: shared, per-execution or both). Executions failed, texts twice,
 * 429s, achieved rate ÷ R, webhook answer times. Each setup starts its own n8n (lib/burst.js).
 */
const path = require('path');
const { intEnv, choiceEnv, RATE } = require('../lib/config');
const { measureSetup } = require('../lib/burst');
const { buildPackageAt } = require('../lib/baseline');
const { fixed, pct } = require('../lib/format');

/**
 * The last commit of main whose pacing lived in one execution (before the shared pacer).
 */
const DEFAULT_BASELINE = '7fe41102264a4a0d79f9faf617f322a03e577f2f';
/**
 * 100 calls at once: 10 s of sends at R = 10/s. n8n itself fails executions of larger bursts here
 * before they run (500: 440 of 500 with its default PostgreSQL pool, 331 with a pool of 16; 200
 * stalled on executions left running): docs/benchmark.md.
 */
const BURST = intEnv('BENCH_BURST', 100);
const WORKER_CONCURRENCY = intEnv('BENCH_WORKER_CONCURRENCY', 10);
const BASELINE = process.env.BENCH_BASELINE || DEFAULT_BASELINE;
const PACING = choiceEnv('BENCH_F_PACING', ['shared', 'per-execution', 'both'], 'both');
/** @type {Array<'shared' | 'per-execution'>} */
const PACINGS = PACING === 'both' ? ['per-execution', 'shared'] : [PACING];

/** @param {number} ms */
const sec = (ms) => `${fixed(ms / 1000, 1)} s`;

/** Whether one run met its aim (shared pacing only; per-execution is the before). @param {any} r */
function aimOf(r) {
	const one = r.mode === 'one';
	const failed = r.sms.runs.notSucceeded + r.sms.runs.missing;
	const share429 = r.seen.refused429 / r.seen.calls;
	const max429 = one ? 0.02 : 0.1;
	const minRate = one ? 0.95 : 0.9;
	return {
		where: one ? 'one process' : 'queue mode, 2 workers',
		failed,
		share429,
		max429,
		minRate,
		met: failed === 0 && r.seen.texts.more === 0 && share429 <= max429 && r.seen.ofRate >= minRate,
	};
}

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'f',
	title: `a burst of ${BURST} webhook executions at R = ${RATE}/s, one process and queue mode, ${PACINGS.join(' and ')} pacing`,
	settings: ['BENCH_BURST', 'BENCH_WORKER_CONCURRENCY', 'BENCH_BASELINE', 'BENCH_F_PACING'],

	// The baseline's build needs no n8n: it runs beside the set-up's own build.
	prepare: (o) =>
		PACINGS.includes('per-execution')
			? o.step(`(f) the package at ${BASELINE.slice(0, 10)} (per-execution pacing)`, () =>
					buildPackageAt({ ref: BASELINE, dir: path.join(o.dir, 'baseline'), log: o.log }),
				)
			: Promise.resolve(null),

	async measure(ctx) {
		/** @type {Record<string, string>} */
		const packages = { shared: ctx.tgz, 'per-execution': ctx.prepared };
		const runs = [];
		for (const mode of /** @type {const} */ (['one', 'queue']))
			for (const pacing of PACINGS)
				runs.push(
					await measureSetup({
						mode,
						pacing,
						tgz: packages[pacing],
						dir: path.join(ctx.dir, 'burst'),
						basePort: ctx.ports.base + 300, // away from test:queue (5900-5999)
						sandboxUrl: ctx.sandbox.url,
						count: BURST,
						rate: RATE,
						workerConcurrency: WORKER_CONCURRENCY,
						eventsUrl: ctx.tokens.EVENTS_URL,
						step: ctx.step,
						log: ctx.log,
					}),
				);
		return {
			count: BURST,
			rate: RATE,
			workerConcurrency: WORKER_CONCURRENCY,
			baseline: BASELINE,
			runs,
		};
	},

	summary(f) {
		return f.runs
			.filter((/** @type {any} */ r) => r.pacing === 'shared')
			.map((/** @type {any} */ r) => {
				const x = aimOf(r);
				return `| (f) | a burst of ${f.count} webhook executions at R = ${f.rate}/s, ${x.where}, shared pacing: failed; twice; 429s; achieved ÷ R | ${x.failed}; ${r.seen.texts.more}; ${pct(x.share429)}; ${pct(r.seen.ofRate)} | 0; 0; ≤ ${pct(x.max429)}; ≥ ${pct(x.minRate)} | ${x.met ? 'yes' : '**no**'} |`;
			});
	},

	section(f, env) {
		const rows = f.runs.map((/** @type {any} */ r) => {
			const x = aimOf(r);
			return `| ${r.mode === 'one' ? 'one process' : 'queue, 2 workers'} | ${r.pacing} | ${x.failed} | ${r.seen.texts.more} | ${r.seen.texts.none} | ${r.seen.refused429} of ${r.seen.calls} (${pct(x.share429)}) | ${pct(r.seen.ofRate)} | ${sec(r.sms.p50)} / ${sec(r.sms.p95)} / ${sec(r.sms.max)} | ${sec(r.noop.p50)} / ${sec(r.noop.p95)} / ${sec(r.noop.max)} | ${fixed(f.count / r.noop.seconds, 1)}/s |`;
		});
		const aims = f.runs
			.filter((/** @type {any} */ r) => r.pacing === 'shared')
			.map((/** @type {any} */ r) => {
				const x = aimOf(r);
				return `${x.where[0].toUpperCase()}${x.where.slice(1)}: aim 0 failed, 0 twice, 429s ≤ ${pct(x.max429)} of send calls, achieved ≥ ${pct(x.minRate)} of R: **${x.met ? 'met' : 'not met'}**.`;
			});
		const unanswered = f.runs.flatMap((/** @type {any} */ r) =>
			[
				['No Op', r.noop],
				['SMS Send', r.sms],
			]
				.filter(([, b]) => b.unanswered > 0)
				.map(
					([name, b]) =>
						`${b.unanswered} of ${f.count} calls into ${name} (${r.mode === 'one' ? 'one process' : 'queue mode'}, ${r.pacing} pacing)`,
				),
		);
		return [
			`## (f) A burst of CRM events: ${f.count} webhook executions at once, R = ${f.rate}/s`,
			'',
			`Measured ${env.date.slice(0, 10)} (n8n ${env.n8nVersion}, ${env.cores} cores). ${f.count} POSTs at once (one connection each), each starting one execution of Webhook → SMS Send (v3, credential Requests per Second = ${f.rate}, Max Wait When Rate Limited = 120 s) against the sandbox limiting the key to ${f.rate} calls per 1 s window (429 \`{"message":"Too Many Requests"}\` beyond); the webhook answers when the send is done. Then the same burst into Webhook → No Op, n8n's own floor. One process: \`n8n start\` on PostgreSQL. Queue mode: main, a webhook process and 2 workers (\`--concurrency=${f.workerConcurrency}\`), Redis, PostgreSQL. *shared*: this package (the executions of a process share the account's pacer, the rate adapts to 429s); *per-execution*: the package at ${String(f.baseline).slice(0, 10)} (each execution paces alone), chosen by \`BENCH_F_PACING\`, not by any setting of the node. Failed = executions not recorded as a success (or never recorded); achieved rate = accepted sends over the span from the first to the last, ÷ R. The last column is n8n's own pace for the burst (No Op): where it is below R, n8n, not the pacer, sets the achieved rate.`,
			'',
			'| n8n | pacing | executions failed | texts twice | never texted | 429s of send calls | achieved ÷ R | answer p50 / p95 / max, SMS Send | answer p50 / p95 / max, No Op | No Op executions answered per second |',
			'|---|---|---:|---:|---:|---:|---:|---:|---:|---:|',
			...rows,
			'',
			...aims,
			...(unanswered.length > 0
				? [
						'',
						`n8n never answered ${unanswered.join(', ')}, though it recorded every execution of the burst as finished; they were given up 15 s after that and are left out of the answer times.`,
					]
				: []),
		];
	},
};
