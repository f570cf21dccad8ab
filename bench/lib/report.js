// @ts-check
'use strict';
/**
 * bench/results.md: a head (machine, versions), the summary table (each part's rows), each part's
 * section, and how long each part took with the load average meanwhile. A run of some parts only
 * replaces their rows and sections and leaves the others' figures as they were.
 */
const { fixed, joinLines } = require('./format');

const TITLE = '# Benchmark: Tatango nodes vs n8n HTTP Request and Webhook nodes';
const SUMMARY_HEAD = ['| | measure | result | aim | met |', '|---|---|---|---|---|'];
const TIMES_HEADING = '## How long each part took';
const TIMES_HEAD = [
	"| part | time | load average (1 min) before; meanwhile: mean / max | other processes' CPU meanwhile (cores; the bench's own) | quiet | measured |",
	'|---|---:|---:|---:|---|---|',
];
/** @param {import('../parts').BenchPart[]} parts */
const footer = (parts) =>
	`Sizes are set by ${parts.map((p) => `(${p.key}) ${p.settings.map((name) => `\`${name}\``).join(', ')}`).join('; ')} (each part's file in \`bench/parts/\` says what they size). A benchmark, not a test: numbers vary with the machine.`;

/**
 * @typedef {{ seconds: number, load: { mean: number, max: number }, cpu?: import('./cpu').CpuUse | null, before?: { load: number[] }, date: string }} PartTime
 * @typedef {{ part: import('../parts').BenchPart, result: any, time: PartTime }} PartRun
 */

/** @param {string} key @param {PartTime} t */
const timeRow = (key, t) =>
	`| ${key} | ${fixed(t.seconds / 60, 1)} min | ${t.before ? `${fixed(t.before.load[0], 1)}; ` : ''}${fixed(t.load.mean, 1)} / ${fixed(t.load.max, 1)} | ${t.cpu ? `${fixed(t.cpu.otherCores)} (${fixed(t.cpu.benchCores)})` : 'n/a'} | ${t.cpu ? (t.cpu.quiet ? 'yes' : '**no**') : 'n/a'} | ${t.date.slice(0, 16).replace('T', ' ')} UTC |`;

/** The key a summary or time row belongs to: `| (x) |` → x, else the row's first cell. @param {string} row */
const rowKey = (row) => {
	const cell = row.split('|')[1]?.trim() ?? '';
	return /^\(([a-z])\)$/.exec(cell)?.[1] ?? cell;
};

/**
 * The page's parts, read back: summary rows, sections and time rows by key, in page order.
 * @param {string} text
 */
function parsePage(text) {
	const lines = text.split('\n');
	/** @type {Map<string, string[]>} */ const summary = new Map();
	/** @type {Map<string, string>} */ const sections = new Map();
	/** @type {Map<string, string>} */ const times = new Map();
	const start = lines.indexOf(SUMMARY_HEAD[0]);
	if (start === -1) return null;
	let i = start + 2;
	for (; i < lines.length && lines[i].startsWith('|'); i++) {
		const key = rowKey(lines[i]);
		summary.set(key, [...(summary.get(key) ?? []), lines[i]]);
	}
	/** @type {string | null} */ let current = null;
	/** @type {string[]} */ let body = [];
	const close = () => {
		if (current !== null) sections.set(current, body.join('\n').trim());
	};
	for (; i < lines.length; i++) {
		const line = lines[i];
		const part = /^## \(([a-z])\)/.exec(line);
		if (part || line === TIMES_HEADING || line.startsWith('Sizes are set by')) {
			close();
			current = part ? part[1] : null;
			body = [];
			if (line === TIMES_HEADING) {
				for (i += 3; i < lines.length && lines[i].startsWith('|'); i++)
					times.set(rowKey(lines[i]), lines[i]);
				i--;
				continue;
			}
		}
		if (current !== null) body.push(line);
	}
	close();
	return { head: lines.slice(0, start).join('\n').trim(), summary, sections, times };
}

/**
 * The page after this run: its parts' rows and sections, and every other part's as the page had them.
 * @param {string} previous the page before ('' for none)
 * @param {{ runs: PartRun[], parts: import('../parts').BenchPart[], env: import('./environment').Environment, setUp: PartTime, whole: PartTime, complete: boolean }} r
 *   `parts`: every part, in order; `complete`: every part ran
 */
function renderPage(previous, r) {
	const old = (!r.complete && parsePage(previous)) || null;
	const env = r.env;
	const head = [
		TITLE,
		'',
		`Measured by \`npm run bench\` on ${env.date.slice(0, 10)}: n8n ${env.n8nVersion} (Node.js ${env.n8nNode}), n8n-nodes-tatango ${env.packageVersion} installed as a community package, the Tatango sandbox as a separate process; ${env.cores} × ${env.cpu}, ${env.memoryGb} GB. ` +
			(r.complete
				? `Whole run: ${fixed(r.whole.seconds / 60, 1)} min.`
				: `Last run of some parts only (${r.runs.map((x) => `(${x.part.key})`).join(', ')}): the others' figures are from earlier runs (see their dates below).`),
	].join('\n');
	const ran = new Map(r.runs.map((x) => [x.part.key, x]));
	const known = [
		...r.parts.map((part) => part.key),
		...(old ? [...old.sections.keys()] : []),
	].filter((key, i, all) => all.indexOf(key) === i);
	const summary = known.flatMap((key) => {
		const run = ran.get(key);
		return run ? run.part.summary(run.result, env) : (old?.summary.get(key) ?? []);
	});
	const sections = known.flatMap((key) => {
		const run = ran.get(key);
		if (run) return [joinLines(run.part.section(run.result, env)).trim()];
		const kept = old?.sections.get(key);
		return kept ? [kept] : [];
	});
	const times = known.flatMap((key) => {
		const run = ran.get(key);
		if (run) return [timeRow(`(${key})`, run.time)];
		const kept = old?.times.get(key);
		return kept ? [kept] : [];
	});
	return `${joinLines([
		head,
		'',
		...SUMMARY_HEAD,
		...summary,
		'',
		...sections.flatMap((s) => [s, '']),
		TIMES_HEADING,
		'',
		...TIMES_HEAD,
		...times,
		timeRow('set-up (build, pack, install, imports)', r.setUp),
		timeRow(r.complete ? 'whole run' : 'this run', r.whole),
		'',
		footer(r.parts),
	])}\n`;
}

module.exports = { renderPage };
