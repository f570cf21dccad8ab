// @ts-check
'use strict';
/** Part (f)'s section of bench/results.md: a burst of webhook executions (lib/burst.js). */
const fs = require('fs');

const HEADING = '## (f) A burst of CRM events';

/** @param {number} n @param {number} [digits] */
const fixed = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
/** @param {number} n */
const pct = (n) => (Number.isFinite(n) ? `${Math.round(n * 100)} %` : 'n/a');
/** @param {number} ms */
const sec = (ms) => `${fixed(ms / 1000)} s`;

/**
 * @param {any} f the `f` results of bench/run.js
 * @param {any} env the run's environment
 * @returns {string}
 */
function renderBurst(f, env) {
	const rows = f.runs.map((/** @type {any} */ r) => {
		const where = r.mode === 'one' ? 'one process' : 'queue, 2 workers';
		const failed = r.sms.runs.notSucceeded + r.sms.runs.missing;
		const share429 = r.seen.refused429 / r.seen.calls;
		return `| ${where} | ${r.pacing} | ${failed} | ${r.seen.texts.more} | ${r.seen.texts.none} | ${r.seen.refused429} of ${r.seen.calls} (${pct(share429)}) | ${pct(r.seen.ofRate)} | ${sec(r.sms.p50)} / ${sec(r.sms.p95)} / ${sec(r.sms.max)} | ${sec(r.noop.p50)} / ${sec(r.noop.p95)} / ${sec(r.noop.max)} | ${fixed(f.count / r.noop.seconds)}/s |`;
	});
	const aims = f.runs
		.filter((/** @type {any} */ r) => r.pacing === 'shared')
		.map((/** @type {any} */ r) => {
			const one = r.mode === 'one';
			const failed = r.sms.runs.notSucceeded + r.sms.runs.missing;
			const share429 = r.seen.refused429 / r.seen.calls;
			const ok =
				failed === 0 &&
				r.seen.texts.more === 0 &&
				share429 <= (one ? 0.02 : 0.1) &&
				r.seen.ofRate >= (one ? 0.95 : 0.9);
			return `${one ? 'One process' : 'Queue mode, 2 workers'}: aim 0 failed, 0 twice, 429s ≤ ${one ? 2 : 10} % of send calls, achieved ≥ ${one ? 95 : 90} % of R: **${ok ? 'met' : 'not met'}**.`;
		});
	return `${HEADING}: ${f.count} webhook executions at once, R = ${f.rate}/s

Measured ${env.date.slice(0, 10)} (n8n ${env.n8nVersion}, ${env.cores} cores). ${f.count} POSTs at once (one connection each), each starting one execution of Webhook → SMS Send (v3, credential Requests per Second = ${f.rate}, Max Wait When Rate Limited = 120 s) against the sandbox limiting the key to ${f.rate} calls per 1 s window (429 \`{"message":"Too Many Requests"}\` beyond); the webhook answers when the send is done. Then the same burst into Webhook → No Op, n8n's own floor. One process: \`n8n start\` on PostgreSQL. Queue mode: main, a webhook process and 2 workers (\`--concurrency=${f.workerConcurrency}\`), Redis, PostgreSQL. *shared*: this package (the executions of a process share the account's pacer, the rate adapts to 429s); *per-execution*: the package at ${String(f.baseline).slice(0, 10)} (each execution paces alone), chosen by \`BENCH_F_PACING\`, not by any setting of the node. Failed = executions not recorded as a success (or never recorded); achieved rate = accepted sends over the span from the first to the last, ÷ R. The last column is n8n's own pace for the burst (No Op): where it is below R, n8n, not the pacer, sets the achieved rate.

| n8n | pacing | executions failed | texts twice | never texted | 429s of send calls | achieved ÷ R | answer p50 / p95 / max, SMS Send | answer p50 / p95 / max, No Op | No Op executions answered per second |
|---|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}

${aims.join('\n')}
`;
}

/**
 * Writes the (f) section into results.md, replacing the one there (a partial run leaves the other
 * parts' figures as they were).
 * @param {string} file @param {string} section
 */
function replaceBurstSection(file, section) {
	const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
	const start = text.indexOf(HEADING);
	if (start === -1) {
		const footer = text.lastIndexOf('\nSizes are set by');
		const at = footer === -1 ? text.length : footer + 1;
		fs.writeFileSync(file, `${text.slice(0, at)}${section}\n${text.slice(at)}`);
		return;
	}
	const next = text.slice(start + HEADING.length).search(/\n## |\nSizes are set by/);
	const end = next === -1 ? text.length : start + HEADING.length + next + 1;
	fs.writeFileSync(file, `${text.slice(0, start)}${section}\n${text.slice(end)}`);
}

module.exports = { renderBurst, replaceBurstSection };
