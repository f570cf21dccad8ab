// @ts-check
'use strict';
/**
 * (a) Per-item overhead: BENCH_ITEMS transactional SMS through the Tatango node and as many through
 * an HTTP Request node posting the same call, in one `n8n execute` run of interleaved rounds (a
 * warm-up, then Tatango / HTTP Request, HTTP Request / Tatango, ...: lib/interleaved.js); node
 * time per item as n8n records it, and the median of the per-round ratios with the lowest and
 * highest round. The Tatango credential's pacing is out of the way (the sandbox has no limit here).
 */
const { intEnv, rounds } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { executePrinted, nodeRun } = require('../lib/execute');
const { LATE_EVENTS } = require('../lib/rateLimited');
const {
	interleavedWorkflow,
	branchSends,
	perRound,
	verdict,
	shown,
} = require('../lib/interleaved');
const { fixed, int, mark, texts } = require('../lib/format');

const ITEMS = intEnv('BENCH_ITEMS', 2000);
const ROUNDS = rounds(5);
const PER_ROUND = Math.ceil(ITEMS / ROUNDS);
const WARM_UP_ITEMS = Math.min(PER_ROUND, 200);
const PATH = '/api/v2/transactional_messages';

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
		rounds: ROUNDS,
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
	title: `${ITEMS} transactional SMS per node, Tatango and HTTP Request in ${ROUNDS} interleaved rounds (n8n execute)`,
	settings: ['BENCH_ITEMS', 'BENCH_ROUNDS'],
	workflows: (ctx) => ({ main: build(ctx.tokens).workflow }),

	async measure(ctx) {
		const { branches } = build(ctx.tokens);
		await ctx.sandbox.config({
			...LATE_EVENTS,
			maxRecordedRequests: branches.reduce((s, b) => s + b.items, 0) + 100,
		});
		const run = await executePrinted(ctx, ctx.ids.main);
		const record = await ctx.sandbox.inspect();
		return {
			items: ITEMS,
			rounds: ROUNDS,
			perRound: PER_ROUND,
			branches: branches.map((b) => {
				const node = nodeRun(run, b.name);
				const sends = branchSends(record, b, PATH);
				return {
					...b,
					ms: node.ms,
					errors: node.errors,
					items: node.items,
					texts: sends.texts,
				};
			}),
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
			'One workflow run (`n8n execute`): a Manual Trigger feeds a warm-up branch per node (not measured), then ' +
				`${a.rounds} rounds of ${int(a.perRound)} items per node, Tatango then HTTP Request in odd rounds and the other way round in even ones, each branch texting its own numbers. ` +
				"Time is the node's own execution time as n8n records it; the ratio is the median of the per-round ratios, with the lowest and highest round. " +
				"The Tatango credential's pacing is set out of the way (Requests per Hour 360,000,000); the HTTP Request node (v4.2) posts the same body with Basic Auth and its defaults.",
			'',
			'| node | items out | errors | texts once / twice+ / none | node time | per item |',
			'|---|---:|---:|---:|---:|---:|',
			row('Tatango', 'tatango'),
			row('HTTP Request', 'http'),
			'',
			`Per round (Tatango ÷ HTTP Request): ${r.values.map((v) => fixed(v)).join(', ')}. Ratio: **${shown(r)}**.`,
		];
	},
};
