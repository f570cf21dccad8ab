// @ts-check
'use strict';
/**
 * (q) The Quiet Hours check's cost: BENCH_QUIET_ITEMS v3 SMS with Quiet Hours off, then the same
 * with "federal and state", in one `n8n execute` run under faketime at an hour the rules allow
 * (every text goes and the check runs in full for each item), no limit anywhere. Each branch's
 * time is first to last send as the sandbox received them (`n8n execute` may exit before a
 * 2,000-item run is all printed); and the check alone is timed in the bench's own process.
 */
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { intEnv, rounds } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { executeUnprinted } = require('../lib/execute');
const { LATE_EVENTS } = require('../lib/rateLimited');
const {
	interleavedWorkflow,
	branchSends,
	perRound,
	verdict,
	shown,
	percent,
} = require('../lib/interleaved');
const { fixed, int, mark, median, texts } = require('../lib/format');

const ITEMS = intEnv('BENCH_QUIET_ITEMS', 1000);
const ROUNDS = rounds(5);
const PER_ROUND = Math.ceil(ITEMS / ROUNDS);
const SEND_PATH = '/transactional_messages/send_sms';
/**
 * The `n8n execute` process's clock (faketime), UTC: 12:00 in Seattle (the 206 numbers), a
 * Wednesday, so Washington's 8:00-20:00 lets every text go and the check runs in full.
 */
const BENCH_TIME = '2026-11-25 20:00:00';

/** The two sending nodes of q-quiet-hours.json (the same comparison as one importable workflow). @param {Record<string, string | number>} tokens */
function variants(tokens) {
	const file = loadWorkflow('q-quiet-hours.json', { ...tokens, QUIET_ITEMS: PER_ROUND });
	/** @param {string} name */
	const node = (name) => {
		const { type, typeVersion, parameters, credentials } = file.nodes.find(
			(/** @type {any} */ n) => n.name === name,
		);
		return { type, typeVersion, parameters, credentials };
	};
	return [
		{ key: 'off', label: 'Quiet Hours Off', node: node('Quiet Hours Off') },
		{ key: 'on', label: 'Quiet Hours On', node: node('Quiet Hours On') },
	];
}

/** @param {Record<string, string | number>} tokens */
const build = (tokens) =>
	interleavedWorkflow({
		name: 'Bench (q): v3 SMS with Quiet Hours off and federal and state, interleaved',
		letter: 'q',
		rounds: ROUNDS,
		items: PER_ROUND,
		warmUpItems: Math.min(PER_ROUND, 100),
		variants: variants(tokens),
		firstNumber: 2068000000,
	});

/**
 * The check alone, in this process (the build's code): microseconds per call over numbers across
 * area codes and zones.
 */
function timeCheckAlone(calls = 20000) {
	// The build's copy, by a computed path: lint type-checks this file before anything is built.
	/** @type {typeof import('../../nodes/shared/sendWindow')} */
	const { checkSendWindow } = require(path.join(n8n.REPO_ROOT, 'dist/nodes/shared/sendWindow'));
	const phones = [
		'2065550100',
		'3055550100',
		'8505550100',
		'7095550100',
		'2145550100',
		'4015550100',
	];
	const at = Date.parse(`${BENCH_TIME.replace(' ', 'T')}Z`);
	for (let i = 0; i < 2000; i++) checkSendWindow(phones[i % phones.length], at, 'federalAndState');
	const t = process.hrtime.bigint();
	for (let i = 0; i < calls; i++)
		checkSendWindow(phones[i % phones.length], at + i, 'federalAndState');
	return { calls, microsPerCall: Number(process.hrtime.bigint() - t) / 1000 / calls };
}

/** The check's cost per item ÷ a send's time, per round; and the check alone ÷ a send. @param {any} q */
function figures(q) {
	const perItem = Object.fromEntries(
		q.branches.map((/** @type {any} */ b) => [b.name, b.perItemMs]),
	);
	const cost = verdict(
		perRound(q.branches, perItem, (v) => (v.on - v.off) / v.off),
		0,
	);
	const sendMs = median(perRound(q.branches, perItem, (v) => v.off));
	return { cost, sendMs, costAlone: q.check.microsPerCall / 1000 / sendMs };
}

/** @param {any} q @param {string} variant */
function total(q, variant) {
	const mine = q.branches.filter((/** @type {any} */ b) => b.variant === variant && b.round >= 0);
	/** @param {string} k */
	const sumTexts = (k) => mine.reduce((s, /** @type {any} */ b) => s + b.texts[k], 0);
	return {
		items: mine.reduce((s, /** @type {any} */ b) => s + b.items, 0),
		sends: mine.reduce((s, /** @type {any} */ b) => s + b.sends, 0),
		texts: { once: sumTexts('once'), more: sumTexts('more'), none: sumTexts('none') },
		perItemMs: mine.map((/** @type {any} */ b) => b.perItemMs),
	};
}

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'q',
	title: `${ITEMS} v3 SMS each with Quiet Hours off and on, ${ROUNDS} interleaved rounds (n8n execute under faketime, ${BENCH_TIME} UTC)`,
	settings: ['BENCH_QUIET_ITEMS', 'BENCH_ROUNDS'],
	workflows: (ctx) => ({ main: build(ctx.tokens).workflow }),

	async measure(ctx) {
		const { branches } = build(ctx.tokens);
		await ctx.sandbox.config({
			...LATE_EVENTS,
			maxRecordedRequests: branches.reduce((s, b) => s + b.items, 0) + 100,
		});
		const { exitCode } = await executeUnprinted(ctx, ctx.ids.main, { fakeTime: BENCH_TIME });
		const record = await ctx.sandbox.inspect();
		return {
			items: ITEMS,
			rounds: ROUNDS,
			perRound: PER_ROUND,
			exitCode,
			branches: branches.map((b) => ({ ...b, ...branchSends(record, b, SEND_PATH) })),
			check: timeCheckAlone(),
		};
	},

	summary(q) {
		const x = figures(q);
		return [
			`| (q) | Quiet Hours check's cost per item ÷ a send's time (${int(q.items)} v3 SMS each, off vs federal and state, median of ${q.rounds} interleaved rounds); the check alone | ${shown(x.cost, percent)}; ${fixed(x.costAlone * 100, 2)} % (${fixed(q.check.microsPerCall, 1)} µs) | < 5 % | ${mark(x.costAlone < 0.05 && x.cost.high < 0.05)} |`,
		];
	},

	section(q) {
		const x = figures(q);
		/** @param {string} label @param {string} variant */
		const row = (label, variant) => {
			const t = total(q, variant);
			return `| ${label} | ${int(t.items)} | ${int(t.sends)} | ${texts(t.texts)} | ${t.perItemMs.map((/** @type {number} */ v) => fixed(v, 3)).join(', ')} ms |`;
		};
		return [
			`## (q) The Quiet Hours check: ${int(q.items)} v3 SMS with it off and as many with federal and state hours, ${q.rounds} interleaved rounds`,
			'',
			'One `n8n execute` run under faketime, its clock at an hour the rules allow (every text goes, and the check runs in full for each: area code, rules, every zone). ' +
				`A warm-up branch per setting (not measured), then ${q.rounds} rounds of ${int(q.perRound)} items per setting, off then on in odd rounds and the other way round in even ones, each branch texting its own numbers. ` +
				"Per item: a branch's first to last send as the sandbox received them (its microsecond clock) ÷ its sends. The check alone is also timed in the benchmark's own process, over numbers in six area codes.",
			'',
			'| Quiet Hours | items | sends recorded | texts once / twice+ / none | per item, round by round |',
			'|---|---:|---:|---:|---|',
			row('off', 'off'),
			row('federal and state', 'on'),
			'',
			`Cost per item ÷ a send's time, per round: ${x.cost.values.map(percent).join(', ')}; **${shown(x.cost, percent)}**. The check alone takes **${fixed(q.check.microsPerCall, 1)} µs** per call, ${fixed(x.costAlone * 100, 2)} % of a send's ${fixed(x.sendMs, 3)} ms (median round, Quiet Hours off).`,
		];
	},
};
