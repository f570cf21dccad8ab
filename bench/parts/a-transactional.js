// @ts-check
'use strict';
/**
 * (a) Per-item overhead: BENCH_ITEMS transactional SMS through the Tatango node and as many through
 * an HTTP Request node posting the same call, in one `n8n execute` run of interleaved rounds (a
 * warm-up, then Tatango / HTTP Request, HTTP Request / Tatango, ...: lib/interleaved.js); node
 * time per item as n8n records it, and the median of the per-round ratios with its interval
 * (lib/interleaved.js). The Tatango credential's pacing is out of the way (the sandbox has no limit here).
 */
const { intEnv, rounds } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const n8n = require('../../scripts/lib/n8n');
const { executeUnprinted, nodeRun } = require('../lib/execute');
const { LATE_EVENTS } = require('../lib/rateLimited');
const {
	interleavedWorkflow,
	branchSends,
	perRound,
	verdict,
	shown,
} = require('../lib/interleaved');
const { fixed, int, mark, texts, median } = require('../lib/format');

const ITEMS = intEnv('BENCH_ITEMS', 5400);
const ROUNDS = rounds(18);
/**
 * `n8n execute` runs the rounds are spread over, each with its own warm-up: a spell that slows one
 * whole process (its heap, its compiled code) then weighs on a third of the rounds, not all.
 */
const RUNS = Math.min(intEnv('BENCH_A_RUNS', 3), ROUNDS);
const ROUNDS_PER_RUN = Math.ceil(ROUNDS / RUNS);
const PER_ROUND = Math.ceil(ITEMS / ROUNDS);
/**
 * Items per node before a run's first measured round. 200 left the Tatango node's first round at
 * twice its later time per item (its code and n8n's still being compiled), which alone moved the
 * median of 5 rounds by a tenth.
 */
const WARM_UP_ITEMS = 500;
const PATH = '/api/v2/transactional_messages';

/** The owner `n8n start` needs before its REST API answers (the same as (c)'s). */
const OWNER = { email: 'bench@example.com', password: 'BenchOwner1' };

/**
 * The last `count` runs of a workflow as n8n saved them, oldest first: read back through the REST
 * API of an `n8n start` on the same database, not from what `n8n execute` prints (it exits before
 * a printed run of a few thousand items is all written out).
 * @param {import('../lib/context').Context} ctx @param {string} id @param {number} count
 */
async function savedRuns(ctx, id, count) {
	const server = await ctx.step('(a) start n8n to read the runs back', () => ctx.startN8n({}));
	try {
		const rest = new n8n.RestClient(server.url);
		await rest.ensureOwner(OWNER);
		const newest = (await rest.listExecutions(id)).slice(0, count).reverse();
		if (newest.length < count)
			throw new Error(`n8n saved ${newest.length} of ${count} runs of (a)`);
		const runs = [];
		for (const e of newest) runs.push({ data: (await rest.getExecution(e.id)).data });
		return runs;
	} finally {
		await server.stop();
	}
}

/** The two sending nodes of a-transactional.json (the same comparison as one importable workflow). @param {Record<string, string | number>} tokens */
function variants(tokens) {
	const file = loadWorkflow('a-transactional.json', { ...tokens, ITEMS: PER_ROUND });
	/** @param {string} name */
	const node = (name) => {
		const { type, typeVersion, parameters, credentials } = file.nodes.find(
			(/** @type {any} */ n) => n.name === name,
		);
		return { type, typeVersion, parameters, credentials };
	};
	return [
		{ key: 'tatango', label: 'Tatango', node: node('Tatango') },
		{ key: 'http', label: 'HTTP Request', node: node('HTTP Request') },
	];
}

/** @param {Record<string, string | number>} tokens */
const build = (tokens) =>
	interleavedWorkflow({
		name: 'Bench (a): Send Transactional Message, Tatango node vs HTTP Request node, interleaved',
		letter: 'a',
		rounds: ROUNDS_PER_RUN,
		items: PER_ROUND,
		warmUpItems: WARM_UP_ITEMS,
		variants: variants(tokens),
		firstNumber: 2065000000,
	});

/** @param {any} a */
const ratio = (a) =>
	verdict(
		perRound(
			a.branches,
			Object.fromEntries(a.branches.map((/** @type {any} */ b) => [b.name, b.ms / b.items])),
			(v) => v.tatango / v.http,
		),
		1,
	);

/** Each node's time per item, round by round (ms). @param {any} a @param {string} variant */
const perItemByRound = (a, variant) =>
	a.branches
		.filter((/** @type {any} */ b) => b.variant === variant && b.round >= 0)
		.sort((/** @type {any} */ x, /** @type {any} */ y) => x.round - y.round)
		.map((/** @type {any} */ b) => b.ms / b.items);

/**
 * The ratio of the rounds where the Tatango node went first and of those where it went second: an
 * effect of the order (one node's garbage collected in the other's time) shows as a gap.
 * @param {any} a
 */
function byOrder(a) {
	const r = ratio(a);
	const rounds = [...new Set(a.branches.map((/** @type {any} */ b) => b.round))].filter(
		(round) => round >= 0,
	);
	/** @param {any} round */
	const tatangoFirst = (round) =>
		a.branches.find((/** @type {any} */ b) => b.round === round).variant === 'tatango';
	/** @param {boolean} first */
	const of = (first) => median(r.values.filter((_, i) => tatangoFirst(rounds[i]) === first));
	return { tatangoFirst: of(true), httpFirst: of(false) };
}

/** @param {any} a @param {string} variant */
function total(a, variant) {
	const mine = a.branches.filter((/** @type {any} */ b) => b.variant === variant && b.round >= 0);
	/** @param {string} k */
	const sum = (k) => mine.reduce((s, /** @type {any} */ b) => s + b[k], 0);
	/** @param {string} k */
	const sumTexts = (k) => mine.reduce((s, /** @type {any} */ b) => s + b.texts[k], 0);
	return {
		items: sum('items'),
		errors: sum('errors'),
		ms: sum('ms'),
		texts: { once: sumTexts('once'), more: sumTexts('more'), none: sumTexts('none') },
	};
}

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'a',
	title: `${ROUNDS_PER_RUN * RUNS * PER_ROUND} transactional SMS per node, Tatango and HTTP Request in ${ROUNDS_PER_RUN * RUNS} interleaved rounds over ${RUNS} n8n execute runs`,
	settings: ['BENCH_ITEMS', 'BENCH_ROUNDS', 'BENCH_A_RUNS'],
	workflows: (ctx) => ({ main: build(ctx.tokens).workflow }),

	async measure(ctx) {
		const { branches } = build(ctx.tokens);
		/** @type {import('../lib/sandbox').SandboxRecord[]} */
		const records = [];
		for (let n = 0; n < RUNS; n++) {
			await ctx.sandbox.reset();
			await ctx.sandbox.config({
				...LATE_EVENTS,
				maxRecordedRequests: branches.reduce((s, b) => s + b.items, 0) + 100,
			});
			const { exitCode } = await executeUnprinted(ctx, ctx.ids.main);
			if (exitCode !== 0) throw new Error(`n8n execute of (a) exited with ${exitCode}`);
			records.push(await ctx.sandbox.inspect());
		}
		const runs = await savedRuns(ctx, ctx.ids.main, RUNS);
		/** @type {any[]} */
		const measured = [];
		runs.forEach((run, n) => {
			for (const b of branches) {
				const node = nodeRun(run, b.name);
				measured.push({
					...b,
					// Names and rounds told apart across runs; every run's warm-up stays round -1.
					name: `${b.name}, run ${n + 1}`,
					round: b.round < 0 ? b.round : n * ROUNDS_PER_RUN + b.round,
					run: n,
					ms: node.ms,
					errors: node.errors,
					items: node.items,
					texts: branchSends(records[n], b, PATH).texts,
				});
			}
		});
		return {
			items: ROUNDS_PER_RUN * RUNS * PER_ROUND,
			rounds: ROUNDS_PER_RUN * RUNS,
			runs: RUNS,
			perRound: PER_ROUND,
			branches: measured,
		};
	},

	summary(a) {
		const r = ratio(a);
		return [
			`| (a) | time per item, Tatango ÷ HTTP Request (${int(a.items)} transactional SMS each, median of ${a.rounds} interleaved rounds) | ${shown(r)} | ≤ 0.5 | ${mark(r.measured && r.high <= 0.5)} |`,
		];
	},

	section(a) {
		const r = ratio(a);
		/** @param {string} label @param {string} variant */
		const row = (label, variant) => {
			const t = total(a, variant);
			return `| ${label} | ${int(t.items)} | ${int(t.errors)} | ${texts(t.texts)} | ${fixed(t.ms / 1000)} s | ${fixed(t.ms / t.items)} ms |`;
		};
		return [
			`## (a) ${int(a.items)} × Send Transactional Message, no rate limit, ${a.rounds} interleaved rounds`,
			'',
			`${a.runs ?? 1} workflow run(s) (\`n8n execute\`) one after the other, the sandbox reset before each: a Manual Trigger feeds a warm-up branch of ${int(WARM_UP_ITEMS)} items per node (not measured), then ` +
				`${int(a.rounds / (a.runs ?? 1))} rounds of ${int(a.perRound)} items per node, Tatango then HTTP Request in odd rounds and the other way round in even ones, each branch texting its own numbers; ${a.rounds} rounds in all. ` +
				"Time is the node's own execution time as n8n records it; the ratio is the median of the per-round ratios, with its interval (the lowest and highest round, or with more than 8 rounds the middle ones: `lib/interleaved.js`). " +
				"The Tatango credential's pacing is set out of the way (Requests per Hour 360,000,000); the HTTP Request node (v4.2) posts the same body with Basic Auth and its defaults.",
			'',
			'| node | items out | errors | texts once / twice+ / none | node time | per item |',
			'|---|---:|---:|---:|---:|---:|',
			row('Tatango', 'tatango'),
			row('HTTP Request', 'http'),
			'',
			`Per round (Tatango ÷ HTTP Request): ${r.values.map((v) => fixed(v)).join(', ')}. Ratio: **${shown(r)}**.`,
			'',
			`Time per item round by round, Tatango: ${perItemByRound(a, 'tatango')
				.map((v) => fixed(v))
				.join(', ')} ms; HTTP Request: ${perItemByRound(a, 'http')
				.map((v) => fixed(v))
				.join(', ')} ms. ` +
				`Median ratio of the rounds where Tatango went first ${fixed(byOrder(a).tatangoFirst)}, where it went second ${fixed(byOrder(a).httpFirst)}.`,
		];
	},
};
