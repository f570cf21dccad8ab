// @ts-check
'use strict';
/**
 * Interleaved rounds: a comparison of two or more ways to send (variants) run as rounds of short
 * branches in one workflow, A B, B A, A B ... (the order flips each round, so a drift of the
 * process over the run, its heap growing, weighs on both alike), after a warm-up round that is not
 * measured. A noisy spell of the machine then hits both sides of one round, and each figure is the
 * median of the per-round figures with an interval of the rounds (`verdict`). Run one after the other, the
 * two sides of a comparison each got a different machine: the same code read 0.6 or 1.3.
 *
 * A figure whose rounds spread wider than the effect it reports is not a measurement: `verdict`
 * says so, and the parts print "not measured" instead of a number.
 */
const { countsFor } = require('./sandbox');
const { fixed, spreadOf } = require('./format');

/**
 * @typedef {{ key: string, label: string, node: Record<string, any> }} Variant `node`: the sending
 *   node's `type`, `typeVersion`, `parameters`, `credentials` (its input items carry `phone`)
 * @typedef {{ round: number, variant: string, name: string, first: number, items: number }} Branch
 *   `round` -1 is the warm-up
 */

/** The most items a branch texts. */
const NUMBERS_PER_BRANCH = 10000;
/**
 * Each branch texts its own numbers, `first` + branch × this: its own even exchange (the three
 * digits after the area code), so no branch lands on an N11 exchange, which no number has.
 */
const BRANCH_STRIDE = 20000;

/**
 * Start → per branch: its numbers → one item each → the variant's node.
 * @param {{ name: string, letter: string, rounds: number, items: number, warmUpItems: number, variants: Variant[], firstNumber: number, markerUrl?: string }} o
 *   `items`: per branch; `letter`: the part's, for node ids; `markerUrl`: the sandbox's, to start
 *   each branch with a call there that marks its start in the sandbox's record (`branchStartUs`)
 * @returns {{ workflow: Record<string, any>, branches: Branch[] }}
 */
function interleavedWorkflow(o) {
	if (o.items > NUMBERS_PER_BRANCH) throw new Error(`at most ${NUMBERS_PER_BRANCH} items a branch`);
	/** @type {Branch[]} */
	const branches = [];
	for (let round = -1; round < o.rounds; round++) {
		const order = round % 2 === 0 || round === -1 ? o.variants : [...o.variants].reverse();
		for (const variant of order) {
			const tag = round === -1 ? 'warm-up' : `r${round + 1}`;
			branches.push({
				round,
				variant: variant.key,
				name: `${variant.label} ${tag}`,
				first: o.firstNumber + branches.length * BRANCH_STRIDE,
				items: round === -1 ? o.warmUpItems : o.items,
			});
		}
	}
	let n = 0;
	const id = () => `b0${o.letter}00000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
	/** @type {any[]} */
	const nodes = [
		{
			id: id(),
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	/** @type {Record<string, any>} */
	const connections = { Start: { main: [[]] } };
	const byKey = new Map(o.variants.map((v) => [v.key, v]));
	// n8n's v1 order runs the branches of one output top to bottom: their rows are their order.
	branches.forEach((branch, row) => {
		const [numbers, split] = [`Numbers ${branch.name}`, `Split ${branch.name}`];
		nodes.push(
			{
				id: id(),
				name: numbers,
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, row * 200],
				parameters: {
					assignments: {
						assignments: [
							{
								id: 'n1',
								name: 'items',
								type: 'array',
								value: `={{ Array.from({ length: ${branch.items} }, (_, i) => ({ phone: String(${branch.first} + i) })) }}`,
							},
						],
					},
					options: {},
				},
			},
			{
				id: id(),
				name: split,
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, row * 200],
				parameters: { fieldToSplitOut: 'items', options: {} },
			},
			{
				...structuredClone(byKey.get(branch.variant)?.node),
				id: id(),
				name: branch.name,
				position: [660, row * 200],
			},
		);
		if (o.markerUrl) {
			// Executed once per branch, before its items are made: the branch's start on the same
			// clock as its sends, after everything the branch before did (also after its last send).
			const marker = `Marker ${branch.name}`;
			nodes.push({
				id: id(),
				name: marker,
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				position: [110, row * 200],
				parameters: {
					url: `${o.markerUrl}${markerPath(o.letter, row)}`,
					options: { response: { response: { neverError: true } } },
				},
			});
			connections.Start.main[0].push({ node: marker, type: 'main', index: 0 });
			connections[marker] = { main: [[{ node: numbers, type: 'main', index: 0 }]] };
		} else {
			connections.Start.main[0].push({ node: numbers, type: 'main', index: 0 });
		}
		connections[numbers] = { main: [[{ node: split, type: 'main', index: 0 }]] };
		connections[split] = { main: [[{ node: branch.name, type: 'main', index: 0 }]] };
	});
	return {
		workflow: { name: o.name, nodes, connections, settings: { executionOrder: 'v1' } },
		branches,
	};
}

/** The path of a branch's start marker (not an API path: the sandbox records it and answers 404). @param {string} letter @param {number} row */
const markerPath = (letter, row) => `/bench-marker/${letter}/${row}`;

/**
 * When a branch of a workflow built with `markerUrl` started, on the sandbox's microsecond clock.
 * @param {import('./sandbox').SandboxRecord} record @param {string} letter @param {Branch[]} branches @param {Branch} branch
 */
function branchStartUs(record, letter, branches, branch) {
	const path = markerPath(letter, branches.indexOf(branch));
	return record.requests.find((r) => r.path === path)?.arrivedUs ?? NaN;
}

/** The last 10 digits of a recorded send's number. @param {any} body */
const phoneOf = (body) =>
	Number(
		String(body?.phoneNumber ?? body?.transactional_message?.number ?? '')
			.replace(/\D/g, '')
			.slice(-10),
	);

/**
 * One branch's sends as the sandbox received them: how many, the texts per number, and the time
 * per item from the first to the last send's arrival (microsecond clock), in ms.
 * @param {import('./sandbox').SandboxRecord} record @param {Branch} branch @param {string} path
 */
function branchSends(record, branch, path) {
	const times = record.requests
		.filter((r) => {
			if (r.path !== path) return false;
			const phone = phoneOf(r.body);
			return phone >= branch.first && phone < branch.first + branch.items;
		})
		.map((r) => r.arrivedUs)
		.sort((a, b) => a - b);
	const gaps = times
		.slice(1)
		.map((t, i) => (t - times[i]) / 1000)
		.sort((a, b) => a - b);
	/** @param {number} p */
	const gapAt = (p) => gaps[Math.min(gaps.length - 1, Math.floor((p / 100) * gaps.length))] ?? NaN;
	return {
		sends: times.length,
		// How the time between sends spreads (ms), to tell a steady cost from a few long stalls.
		gapsMs: { p10: gapAt(10), p50: gapAt(50), p90: gapAt(90), p99: gapAt(99), max: gapAt(100) },
		firstUs: times[0] ?? NaN,
		lastUs: times[times.length - 1] ?? NaN,
		perItemMs:
			times.length > 1 ? (times[times.length - 1] - times[0]) / 1000 / (times.length - 1) : NaN,
		texts: countsFor(record.messageCounts, branch.first, branch.items),
	};
}

/**
 * Per round, a figure of the variants' (e.g. B's time ÷ A's), from each branch's own figure.
 * @param {Branch[]} branches @param {Record<string, number>} byName a figure per branch name
 * @param {(v: Record<string, number>) => number} of the round's figure from its variants' figures
 */
function perRound(branches, byName, of) {
	const rounds = [...new Set(branches.map((b) => b.round))].filter((r) => r >= 0);
	return rounds.map((round) =>
		of(
			Object.fromEntries(
				branches.filter((b) => b.round === round).map((b) => [b.variant, byName[b.name]]),
			),
		),
	);
}

/**
 * How many rounds at each end a median's interval leaves out: the largest k such that the k-th
 * lowest and k-th highest rounds bound the median with at least 95 % confidence whatever the
 * rounds' distribution (a round is as likely above the true median as below it, so the count below
 * is binomial), at least 1. Up to 8 rounds that leaves the lowest and highest (5 rounds: only
 * 94 %); 9 rounds give the 2nd to 8th, 16 rounds the 4th to 13th. So more rounds narrow a figure's
 * interval, where the lowest and highest round would only widen it.
 * @param {number} n rounds
 */
function roundsLeftOut(n) {
	let k = 1;
	let below = 0;
	let choose = 1;
	for (let i = 0; i < n; i++) {
		below += choose / 2 ** n;
		choose = (choose * (n - i)) / (i + 1);
		if (below + choose / 2 ** n > 0.025) break;
		k = i + 2;
	}
	return Math.min(k, Math.ceil(n / 2));
}

/**
 * The median of per-round figures with its interval (the lowest and highest round when there are
 * up to 8, the middle rounds beyond: `roundsLeftOut`), and whether that is a measurement: the
 * interval is no wider than the effect (how far the median is from `none`, what the figure reads
 * when there is no difference: 1 for a ratio, 0 for a cost), or, given the figure's `aim`, lies
 * wholly on one side of it. A cost near nothing or a ratio near 1 has no effect to be narrower
 * than, yet an interval of -1 % to +3 % shows a cost under 5 %.
 * @param {number[]} values @param {number} none @param {number} [aim]
 * @returns {Verdict}
 *
 * @typedef {{ median: number, low: number, high: number, values: number[], inner: number, measured: boolean }} Verdict
 *   `low`, `high`: the interval's ends; `inner`: the rounds it spans
 */
function verdict(values, none, aim) {
	const sorted = [...values].sort((x, y) => x - y);
	const k = values.length > 0 ? roundsLeftOut(values.length) : 1;
	const s = { ...spreadOf(values), low: sorted[k - 1], high: sorted[values.length - k] };
	const sideOfAim = aim !== undefined && (s.low >= aim || s.high <= aim);
	const measured =
		values.length > 1 &&
		values.every(Number.isFinite) &&
		(s.high - s.low <= Math.abs(s.median - none) || sideOfAim);
	return { ...s, inner: values.length - 2 * (k - 1), measured };
}

/**
 * A verdict as the tables show it: the median with its interval, or "not measured" with it.
 * @param {Verdict} v @param {(n: number) => string} [show]
 */
function shown(v, show = (n) => fixed(n)) {
	const which =
		v.inner === v.values.length ? 'rounds' : `middle ${v.inner} of ${v.values.length} rounds`;
	const rounds = `${which} ${show(v.low)}–${show(v.high)}`;
	return v.measured
		? `${show(v.median)} (${rounds})`
		: `not measured (${rounds}: wider than the effect)`;
}

/** A share as a percentage. @param {number} n */
const percent = (n) => `${fixed(n * 100, 1)} %`;

module.exports = {
	interleavedWorkflow,
	branchSends,
	branchStartUs,
	perRound,
	roundsLeftOut,
	verdict,
	shown,
	percent,
};
