#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * Where a V8 CPU profile's time went (a `BENCH_CPU_PROF=1 npm run bench` run writes one per n8n
 * process): `node bench/profile-summary.js <file.cpuprofile> [--under REGEX] [--only REGEX]`.
 * Prints each function's inclusive and self time, as ms and as a share of the samples counted;
 * `--under` counts only samples with a matching function on their stack (e.g. `TatangoNode` for the
 * node's own runs), `--only` lists only matching functions, `--window FROM:TO` (repeatable) counts
 * only samples taken between two times of the system's monotonic clock in microseconds, the clock
 * of V8's profiles and of `process.hrtime` (part (c) records each share's window in results.json).
 */
const fs = require('fs');

/** @param {string[]} args */
function options(args) {
	/** @type {{ file?: string, under?: RegExp, only?: RegExp, top: number, windows: number[][] }} */
	const o = { top: 40, windows: [] };
	for (let i = 0; i < args.length; i++) {
		if (args[i] === '--under') o.under = new RegExp(args[++i]);
		else if (args[i] === '--window') o.windows.push(args[++i].split(':').map(Number));
		else if (args[i] === '--only') o.only = new RegExp(args[++i]);
		else if (args[i] === '--top') o.top = Number(args[++i]);
		else o.file = args[i];
	}
	if (!o.file)
		throw new Error(
			'usage: profile-summary.js <file.cpuprofile> [--under RE] [--only RE] [--top N]',
		);
	return o;
}

/**
 * @param {{ nodes: any[], samples: number[], timeDeltas: number[], startTime: number }} profile
 * @param {{ under?: RegExp, windows: number[][] }} o
 */
function summarise(profile, o) {
	const byId = new Map(profile.nodes.map((n) => [n.id, n]));
	/** @type {Map<number, number>} */
	const parent = new Map();
	for (const n of profile.nodes) for (const c of n.children || []) parent.set(c, n.id);
	/** @param {any} n */
	const name = (n) =>
		`${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/^file:\/\//, '')}:${n.callFrame.lineNumber + 1}`;
	/** @type {Map<string, number>} */ const inclusive = new Map();
	/** @type {Map<string, number>} */ const self = new Map();
	let counted = 0;
	let at = profile.startTime;
	profile.samples.forEach((id, i) => {
		const us = profile.timeDeltas[i] || 0;
		at += us;
		if (o.windows.length > 0 && !o.windows.some(([from, to]) => at >= from && at <= to)) return;
		/** @type {string[]} */
		const stack = [];
		for (let n = /** @type {number | undefined} */ (id); n !== undefined; n = parent.get(n))
			stack.push(name(byId.get(n)));
		if (o.under && !stack.some((frame) => o.under?.test(frame))) return;
		counted += us;
		self.set(stack[0], (self.get(stack[0]) || 0) + us);
		for (const frame of new Set(stack)) inclusive.set(frame, (inclusive.get(frame) || 0) + us);
	});
	return { counted, inclusive, self };
}

function main() {
	const o = options(process.argv.slice(2));
	const profile = JSON.parse(fs.readFileSync(/** @type {string} */ (o.file), 'utf8'));
	const total = profile.timeDeltas.reduce(
		(/** @type {number} */ a, /** @type {number} */ b) => a + b,
		0,
	);
	const s = summarise(profile, o);
	process.stdout.write(
		`${(total / 1000).toFixed(0)} ms sampled; ${(s.counted / 1000).toFixed(0)} ms counted${o.under ? ` (under ${o.under})` : ''}${o.windows.length ? ` (in ${o.windows.length} windows)` : ''}\n`,
	);
	for (const [title, map] of /** @type {const} */ ([
		['inclusive', s.inclusive],
		['self', s.self],
	])) {
		process.stdout.write(`-- ${title}\n`);
		[...map]
			.filter(([frame]) => !o.only || o.only.test(frame))
			.sort((a, b) => b[1] - a[1])
			.slice(0, o.top)
			.forEach(([frame, us]) =>
				process.stdout.write(
					`${(us / 1000).toFixed(0).padStart(8)} ms ${((100 * us) / s.counted).toFixed(1).padStart(5)} %  ${frame}\n`,
				),
			);
	}
}

main();
