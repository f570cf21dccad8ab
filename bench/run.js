#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * `npm run bench`: the Tatango nodes against n8n's own nodes in a real n8n, the package installed as
 * a community package, the sandbox as its own process. The parts are the files of bench/parts/
 * (listed in parts/index.js, each saying what it measures); `--parts a,c,m` (or BENCH_PARTS=acm)
 * picks some by letter, `--rounds N` (or BENCH_ROUNDS) sets every part's interleaved rounds.
 *
 * Before each part it prints the load and what other processes used of the CPU over a few
 * seconds, and after it what they used meanwhile (lib/cpu.js), with a warning when that was more
 * than a trace: figures taken beside someone else's work are not a quiet run's.
 *
 * Sets everything up once (lib/context.js), runs each chosen part from a fresh sandbox, timing it
 * beside the machine's load average, and writes bench/results.md (a run of some parts replaces only
 * theirs) and the raw figures to results.json in the run's folder. Every process started here is
 * stopped at the end, also on failure or Ctrl+C.
 */
const fs = require('fs');
const path = require('path');

/**
 * `--parts a,c,m` and `--rounds N` as BENCH_PARTS and BENCH_ROUNDS, set before the parts load
 * (each reads its settings when it loads).
 * @param {string[]} args
 */
function readArguments(args) {
	for (let i = 0; i < args.length; i++) {
		const [name, inline] = args[i].split('=');
		const value = inline ?? args[++i];
		if (value === undefined) throw new Error(`${name} needs a value`);
		if (name === '--parts') process.env.BENCH_PARTS = value.replace(/[,\s]/g, '');
		else if (name === '--rounds') process.env.BENCH_ROUNDS = value;
		else throw new Error(`unknown argument ${name}: use --parts a,c,m and --rounds N`);
	}
}
readArguments(process.argv.slice(2));

const n8n = require('../scripts/lib/n8n');
const PARTS = require('./parts');
const { intEnv } = require('./lib/config');
const { setUp } = require('./lib/context');
const { environment } = require('./lib/environment');
const { watchLoadAverage } = require('./lib/loadAverage');
const { watchCpu, machineBefore, describeCpu } = require('./lib/cpu');
const { renderPage } = require('./lib/report');
const { log, step } = require('./lib/log');

const BENCH_DIR = require('../scripts/lib/run-dir').runDir('bench');
const RESULTS_FILE = path.join(n8n.REPO_ROOT, 'bench', 'results.md');
const RAW_FILE = path.join(BENCH_DIR, 'results.json');
/** What marks the bench's own detached servers (PostgreSQL's folders, the run's folder). */
const OWN_MARKERS = [BENCH_DIR, 'tatango-bench-'];

/** BENCH_PARTS: letters of the parts to run (default every part). */
function chosenParts() {
	const letters = PARTS.map((part) => part.key).join('');
	const value = process.env.BENCH_PARTS || letters;
	const unknown = [...value].filter((letter) => !letters.includes(letter));
	if (unknown.length > 0)
		throw new Error(`BENCH_PARTS must be letters from "${letters}", got "${value}"`);
	return PARTS.filter((part) => value.includes(part.key));
}

/** @template T @param {() => Promise<T>} fn */
async function timed(fn) {
	const date = new Date().toISOString();
	const started = Date.now();
	const load = watchLoadAverage();
	const cpu = watchCpu(OWN_MARKERS);
	const value = await fn();
	return {
		value,
		time: { seconds: (Date.now() - started) / 1000, load: load.stop(), cpu: cpu.stop(), date },
	};
}

async function main() {
	const parts = chosenParts();
	const whole = watchLoadAverage();
	const wholeCpu = watchCpu(OWN_MARKERS);
	const started = Date.now();
	/** @type {Record<string, Promise<any>>} */
	const preparing = {};
	for (const part of parts)
		if (part.prepare) {
			preparing[part.key] = part.prepare({ dir: BENCH_DIR, step, log });
			preparing[part.key].catch(() => {}); // awaited by its part; a failure stops the run there
		}
	const setUpRun = await timed(() =>
		setUp(parts, {
			dir: BENCH_DIR,
			basePort: intEnv('BENCH_PORT', 5800),
			skipBuild: Boolean(process.env.BENCH_SKIP_BUILD),
		}),
	);
	const { ctx, idsByPart, stop } = setUpRun.value;
	/** @type {import('./lib/report').PartRun[]} */
	const runs = [];
	for (const part of parts) {
		await ctx.sandbox.reset();
		const before = await machineBefore(OWN_MARKERS);
		log(
			`(${part.key}) before: load average ${before.load.map((x) => x.toFixed(1)).join(' / ')} (1 / 5 / 15 min); ${describeCpu(before.cpu)}`,
		);
		const { value, time } = await timed(() =>
			step(`(${part.key}) ${part.title}`, async () =>
				part.measure({ ...ctx, ids: idsByPart[part.key], prepared: await preparing[part.key] }),
			),
		);
		log(
			`(${part.key}) meanwhile: load average ${time.load.mean.toFixed(1)} (max ${time.load.max.toFixed(1)}); ${describeCpu(time.cpu)}`,
		);
		runs.push({ part, result: value, time: { ...time, before } });
	}
	await stop();
	const env = environment();
	const wholeTime = {
		seconds: (Date.now() - started) / 1000,
		load: whole.stop(),
		cpu: wholeCpu.stop(),
		date: setUpRun.time.date,
	};
	fs.writeFileSync(
		RAW_FILE,
		JSON.stringify(
			{
				environment: env,
				parts: Object.fromEntries(runs.map((x) => [x.part.key, { ...x.result, time: x.time }])),
				setUp: setUpRun.time,
				whole: wholeTime,
			},
			null,
			2,
		),
	);
	const page = renderPage(
		fs.existsSync(RESULTS_FILE) ? fs.readFileSync(RESULTS_FILE, 'utf8') : '',
		{
			runs,
			parts: PARTS,
			env,
			setUp: setUpRun.time,
			whole: wholeTime,
			complete: runs.length === PARTS.length,
		},
	);
	fs.writeFileSync(RESULTS_FILE, page);
	process.stdout.write(`\n${page}\n`);
	log(
		`wrote ${path.relative(n8n.REPO_ROOT, RESULTS_FILE)}${runs.length < PARTS.length ? ` (only the sections of ${runs.map((x) => `(${x.part.key})`).join(', ')})` : ''} and ${RAW_FILE} in ${(wholeTime.seconds / 60).toFixed(1)} min`,
	);
	const noisy = runs.filter((x) => x.time.cpu && !x.time.cpu.quiet).map((x) => `(${x.part.key})`);
	log(
		noisy.length === 0
			? 'a quiet run: no other process used the CPU beyond a trace while a part ran'
			: `WARNING: not a quiet run: other processes used the CPU during ${noisy.join(', ')}; their figures are not a quiet run's`,
	);
}

let stopping = false;
/** @param {unknown} error */
async function fail(error) {
	if (stopping) return;
	stopping = true;
	log(`failed: ${error instanceof Error ? error.stack : String(error)}`);
	await n8n.stopAll();
	process.exit(1);
}
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM']))
	process.on(signal, () => void fail(new Error(`interrupted (${signal})`)));

main().then(() => n8n.stopAll(), fail);
