// @ts-check
'use strict';
/** Turns the benchmark's numbers into the Markdown that bench/results.md and docs/benchmark.md quote. */

/** @param {number} n @param {number} [digits] */
const fixed = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
/** @param {number} n */
const pct = (n) => (Number.isFinite(n) ? `${Math.round(n * 100)} %` : 'n/a');
/** @param {number} n */
const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
/** @param {boolean} ok */
const mark = (ok) => (ok ? 'yes' : '**no**');
/** @param {{ once: number, more: number, none: number }} t */
const texts = (t) => `${int(t.once)} / ${int(t.more)} / ${int(t.none)}`;

/** @param {number[]} values */
function median(values) {
	const sorted = [...values].sort((x, y) => x - y);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * A trigger's events/s ÷ the Webhook node's, round by round (the two ran back to back in each
 * round): the median and the lowest and highest round.
 * @param {any} m one (c) measurement @param {string} key
 */
function roundRatios(m, key) {
	const ratios = m[key].roundsPerSecond.map(
		(/** @type {number} */ perSecond, /** @type {number} */ i) =>
			perSecond / m.webhook.roundsPerSecond[i],
	);
	return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios), ratios };
}

/** @param {{ median: number, low: number, high: number }} r */
const spread = (r) => `${fixed(r.median)} (rounds ${fixed(r.low)}–${fixed(r.high)})`;

/**
 * (o): Skip Opted-Out Numbers, the summary's facts (medians of the interleaved rounds) and its
 * section. The check reads the list once per run, so its cost is those reads, not a cost per item.
 * @param {any} o
 */
function optOutFigures(o) {
	const msOn = median(o.rounds.on.map((/** @type {any} */ x) => x.ms));
	const readMs = median(o.rounds.on.map((/** @type {any} */ x) => x.readMs));
	const msOff = median(o.rounds.off.map((/** @type {any} */ x) => x.ms));
	const on = o.rounds.on;
	const readsPerRun = Math.max(...on.map((/** @type {any} */ x) => x.optOutReads));
	const pages = Math.ceil(o.optOuts / 1000);
	const exact = on.every(
		(/** @type {any} */ x) =>
			x.optOutReads === pages &&
			x.skipped === o.optedOutAmongSends &&
			x.texts.more === 0 &&
			x.texts.once === o.sends - o.optedOutAmongSends,
	);
	return { msOn, msOff, readMs, extraMs: msOn - msOff, readsPerRun, pages, exact };
}

/** @param {any} o @returns {string[]} */
function renderOptOuts(o) {
	const f = optOutFigures(o);
	/** @param {string} label @param {any} x */
	const row = (label, x) =>
		`| ${label} | ${int(x.optOutReads)} | ${x.optOutReads ? `${fixed(x.readMs / 1000, 2)} s` : '–'} | ${int(x.sendCalls)} | ${texts(x.texts)} | ${fixed(x.ms / 1000, 2)} s |`;
	return [
		`## (o) Skip Opted-Out Numbers: ${int(o.sends)} v3 SMS against a list with ${int(o.optOuts)} opt-outs`,
		'',
		`SMS → Send on ${int(o.sends)} numbers with Skip Opted-Out Numbers on list 101, which holds ${int(o.optOuts)} opt-outs (${int(o.optedOutAmongSends)} of them among the numbers texted), beside the same run with the option off; ` +
			`${o.rounds.on.length} interleaved rounds (off, on, ...), each from a fresh sandbox, both credentials' pacing out of the way. ` +
			"Times are the sandbox's: from the node's first call (the first page of opt-outs, or the first send) to its last; reading = from the first page asked for to the first send. " +
			`Texts none = the skipped numbers (${int(o.optedOutAmongSends)} opted out).`,
		'',
		'| run | calls to the opt-outs | reading them | send calls | texts once / twice+ / none | first to last call |',
		'|---|---:|---:|---:|---:|---:|',
		...o.rounds.off.flatMap((/** @type {any} */ off, /** @type {number} */ i) => [
			row(`round ${i + 1}, check off`, off),
			row(`round ${i + 1}, check on`, o.rounds.on[i]),
		]),
		'',
		`The list is read once per run: ${int(f.readsPerRun)} calls (pages of 1,000) for ${int(o.sends)} items, none per item; reading them took ${fixed(f.readMs / 1000, 2)} s (median). ` +
			`First to last call, median of the rounds: **${fixed(f.msOn / 1000, 2)} s** with the check against ${fixed(f.msOff / 1000, 2)} s without ` +
			`(${f.extraMs >= 0 ? '+' : ''}${fixed(f.extraMs / 1000, 2)} s for the run, ${fixed(f.extraMs / o.sends)} ms per send, the skipped sends' time saved included). ` +
			`At Tatango's own pace for v2 (1,200 calls an hour, one every 3 s) those ${int(f.pages)} reads take about ${int(f.pages * 3)} s more, once per run.`,
		'',
	];
}

/** The n8n setting under which every start node takes an expression isolate only when it needs one. */
const LAZY_SETTING = 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true';

/**
 * @param {any} r the results object of bench/run.js
 * @returns {string}
 */
function renderResults(r) {
	const { config: cfg, environment: env, a, b, c, d, e } = r;
	const perItemTatango = a.tatango.ms / cfg.items;
	const perItemHttp = a.http.ms / cfg.items;
	const ratioA = perItemTatango / perItemHttp;

	/** @param {any} x */
	const achieved = (x) => x.completed / (x.ms / 1000);
	const fractionTatango = achieved(b.tatango) / b.rate;
	const fractionHttp = achieved(b.http) / b.rate;
	const defaults = roundRatios(c.defaults, 'tatango');
	const defaultsNoDupes = roundRatios(c.defaults, 'tatangoNoDupes');
	const lazy = roundRatios(c.lazyIsolates, 'tatango');
	const lazyNoDupes = roundRatios(c.lazyIsolates, 'tatangoNoDupes');
	const ratioC = defaults.median;
	const ratioLazy = lazy.median;
	const fractionD = achieved(d.tatango) / d.rate;
	const dOk = d.tatango.failed === 0 && d.tatango.texts.more === 0 && fractionD >= 0.97;
	/** @param {any} x */
	const perItem = (x) => x.perItemMs;
	const ratioE = perItem(e.large) / perItem(e.small);
	/** @param {string} name @param {any} x */
	const triggerRow = (name, x) =>
		`| ${name} | ${int(x.count)} | ${int(x.ok)} | ${int(x.runs)} | ${fixed(x.perSecond, 1)} | ${fixed(x.p50, 1)} ms | ${fixed(x.p99, 1)} ms |`;

	const lines = [
		'# Benchmark: Tatango nodes vs n8n HTTP Request and Webhook nodes',
		'',
		`Measured by \`npm run bench\` on ${env.date.slice(0, 10)}: n8n ${env.n8nVersion} (Node.js ${env.n8nNode}), n8n-nodes-tatango ${env.packageVersion} installed as a community package, the Tatango sandbox as a separate process; ${env.cores} × ${env.cpu}, ${env.memoryGb} GB. Whole run: ${fixed(r.totalSeconds / 60, 1)} min.`,
		'',
		'| | measure | result | aim | met |',
		'|---|---|---|---|---|',
		`| (a) | time per item, Tatango ÷ HTTP Request (${int(cfg.items)} transactional SMS) | ${fixed(ratioA)} | ≤ 1.0 | ${mark(ratioA <= 1)} |`,
		`| (b) | Tatango node at R = ${b.rate}/s: failures; achieved rate ÷ R | ${int(b.tatango.failed)}; ${pct(fractionTatango)} | 0; ≥ 90 % | ${mark(b.tatango.failed === 0 && fractionTatango >= 0.9)} |`,
		`| (c) | events per second, Tatango Trigger ÷ Webhook node, n8n's defaults: median of ${cfg.rounds} interleaved rounds | ${spread(defaults)} | ≥ 0.9 | ${mark(ratioC >= 0.9)} |`,
		`| (c) | the same with expression isolates taken only when needed (\`${LAZY_SETTING}\`) | ${spread(lazy)} | ≥ 0.9 | ${mark(ratioLazy >= 0.9)} |`,
		`| (d) | ${int(d.sends)} v3 SMS at R = ${d.rate}/s: failures; double texts; achieved rate ÷ R | ${int(d.tatango.failed)}; ${int(d.tatango.texts.more)}; ${pct(fractionD)} | 0; 0; ≥ 97 % | ${mark(dOk)} |`,
		`| (e) | time per item, ${int(e.large.sent)} ÷ ${int(e.small.sent)} v3 SMS, no limit | ${fixed(ratioE)} | ≤ 1.1 | ${mark(ratioE <= 1.1)} |`,
		...(r.q ? [quietHoursRow(r.q)] : []),
		...(r.o
			? [
					`| (o) | Skip Opted-Out Numbers, ${int(r.o.sends)} sends, ${int(r.o.optOuts)} opt-outs: calls to the list per run; skipped and texted exactly right | ${int(optOutFigures(r.o).readsPerRun)}; ${mark(optOutFigures(r.o).exact)} | ${int(optOutFigures(r.o).pages)} (once per run); yes | ${mark(optOutFigures(r.o).exact)} |`,
				]
			: []),
		'',
		`## (a) ${int(cfg.items)} × Send Transactional Message, no rate limit`,
		'',
		'One workflow run (`n8n execute`): a Manual Trigger feeds two branches, each splitting out its own ' +
			`${int(cfg.items)} numbers; the Tatango branch runs first. Time is the node's own execution time as n8n records it. ` +
			"The Tatango credential's pacing is set out of the way (Requests per Hour 360,000,000); the HTTP Request node (v4.2) posts the same body with Basic Auth and its defaults.",
		'',
		'| node | items out | errors | texts once / twice+ / none | node time | per item |',
		'|---|---:|---:|---:|---:|---:|',
		`| Tatango | ${int(a.tatango.items)} | ${int(a.tatango.errors)} | ${texts(a.tatango.texts)} | ${fixed(a.tatango.ms / 1000)} s | ${fixed(perItemTatango)} ms |`,
		`| HTTP Request | ${int(a.http.items)} | ${int(a.http.errors)} | ${texts(a.http.texts)} | ${fixed(a.http.ms / 1000)} s | ${fixed(perItemHttp)} ms |`,
		'',
		`Ratio (Tatango ÷ HTTP Request): **${fixed(ratioA)}**.`,
		'',
		`## (b) ${int(b.sends)} RCS sends against a limit of R = ${b.rate} requests/s (429 beyond)`,
		'',
		`The sandbox limits the v3 key to ${b.rate} calls per 1 s window and answers 429 with Retry-After beyond. ` +
			`The Tatango credential says Requests per Second = ${b.rate}; the HTTP Request node has its defaults (no batching, no retry, stop on error). ` +
			'Completed = sends the sandbox accepted (202); achieved rate = completed ÷ node time.',
		'',
		'| node | sends | completed | failed | 429s answered | texts once / twice+ / none | node time | achieved rate | ÷ R |',
		'|---|---:|---:|---:|---:|---:|---:|---:|---:|',
		`| Tatango | ${int(b.sends)} | ${int(b.tatango.completed)} | ${int(b.tatango.failed)} | ${int(b.tatango.refused429)} | ${texts(b.tatango.texts)} | ${fixed(b.tatango.ms / 1000, 1)} s | ${fixed(achieved(b.tatango))}/s | ${pct(fractionTatango)} |`,
		`| HTTP Request | ${int(b.sends)} | ${int(b.http.completed)} | ${int(b.http.failed)} | ${int(b.http.refused429)} | ${texts(b.http.texts)} | ${fixed(b.http.ms / 1000, 1)} s | ${fixed(achieved(b.http))}/s | ${pct(fractionHttp)} |`,
		'',
		b.http.runError || b.http.error
			? `The HTTP Request node's run ended with: "${String(b.http.error || b.http.runError)
					.replace(/\s+/g, ' ')
					.slice(0, 200)}". ` +
				`Its rate is over the ${fixed(b.http.ms / 1000, 1)} s it ran before stopping, for ${int(b.http.completed)} of ${int(b.sends)} sends.`
			: '',
		'',
		`## (c) ${int(cfg.events)} delivery events into a published trigger, ${cfg.concurrency} concurrent clients`,
		'',
		`\`n8n start\` (regular mode, SQLite, executions saved as by default). Each client POSTs its next event as soon as the previous one was answered (keep-alive). ` +
			`Each trigger first gets ${int(cfg.warmupEvents)} warm-up events; then ${cfg.rounds} rounds, each giving every trigger in turn its share of the measured events (A B C A B C ...), each share followed by a pause until n8n has finished its runs. ` +
			'Latency is measured by the client, from sending to the full answer. The Tatango Trigger checks the token and the event type and records each event to drop repeats (every event here is new); ' +
			'"duplicate check off" is the same trigger with Ignore Duplicates Within = 0, which keeps no record; the Webhook node (v2) only answers. ' +
			`Measured twice: at n8n's defaults, then with \`${LAZY_SETTING}\` on a fresh start of the same n8n.`,
		'',
		'| trigger | events | answered 2xx | runs started | events/s | p50 | p99 |',
		'|---|---:|---:|---:|---:|---:|---:|',
		...[
			["n8n's defaults", c.defaults],
			['isolates when needed', c.lazyIsolates],
		].flatMap(([setting, m]) => [
			triggerRow(`Tatango Trigger, ${setting}`, m.tatango),
			triggerRow(`Tatango Trigger, duplicate check off, ${setting}`, m.tatangoNoDupes),
			triggerRow(`Webhook node, ${setting}`, m.webhook),
		]),
		'',
		`Ratio (Tatango Trigger ÷ Webhook node, events/s), the median of the ${cfg.rounds} per-round ratios with the lowest and highest round: ` +
			`**${spread(defaults)}** at n8n's defaults, **${spread(lazy)}** with isolates taken when needed; ` +
			`with the duplicate check off ${spread(defaultsNoDupes)} and ${spread(lazyNoDupes)}. ` +
			'The table pools all rounds.',
		'',
		`## (d) ${int(d.sends)} v3 SMS against a limit of R = ${d.rate} requests/s (429 beyond)`,
		'',
		`One workflow run (\`n8n execute\`) of SMS → Send on ${int(d.sends)} numbers; the sandbox limits the v3 key to ${d.rate} calls per 1 s window, the Tatango credential says Requests per Second = ${d.rate}.`,
		'',
		'| node | sends | completed | failed | 429s answered | texts once / twice+ / none | node time | achieved rate | ÷ R |',
		'|---|---:|---:|---:|---:|---:|---:|---:|---:|',
		`| Tatango | ${int(d.sends)} | ${int(d.tatango.completed)} | ${int(d.tatango.failed)} | ${int(d.tatango.refused429)} | ${texts(d.tatango.texts)} | ${fixed(d.tatango.ms / 1000, 1)} s | ${fixed(achieved(d.tatango))}/s | ${pct(fractionD)} |`,
		'',
		`## (e) Scale: ${int(e.small.sent)} and ${int(e.large.sent)} v3 SMS, no rate limit`,
		'',
		"The same workflow as (d) with the credential's pacing and the sandbox's limit out of the way, run once with each size (`n8n execute`). " +
			"Peak memory is the `n8n execute` process's resident high-water mark (Linux VmHWM), which holds the whole run, every item of every node.",
		'',
		'| items | errors | texts once / twice+ / none | node time | per item | n8n peak memory |',
		'|---:|---:|---:|---:|---:|---:|',
		...[e.small, e.large].map(
			(x) =>
				`| ${int(x.sent)} | ${int(x.errors)} | ${texts(x.texts)} | ${fixed(x.ms / 1000, 1)} s | ${fixed(perItem(x))} ms | ${x.peakMb === null ? 'n/a' : `${int(x.peakMb)} MB`} |`,
		),
		'',
		`Per-item ratio (${int(e.large.sent)} ÷ ${int(e.small.sent)}): **${fixed(ratioE)}**.`,
		'',
		...(r.o ? renderOptOuts(r.o) : []),
		...(r.q ? renderQuietHours(r.q) : []),
		'Sizes are set by `BENCH_ITEMS`, `BENCH_RATE`, `BENCH_RATE_SENDS`, `BENCH_EVENTS`, `BENCH_WARMUP_EVENTS`, `BENCH_CONCURRENCY`, `BENCH_ROUNDS`, `BENCH_SMS_SENDS`, `BENCH_SCALE_SMALL`, `BENCH_SCALE_LARGE`, `BENCH_OPT_OUT_SENDS`, `BENCH_OPT_OUTS`, `BENCH_OPT_OUT_ROUNDS`, `BENCH_QUIET_ITEMS` (see bench/run.js). A benchmark, not a test: numbers vary with the machine.',
		'',
	];
	return lines.filter((line, i, all) => !(line === '' && all[i - 1] === '')).join('\n');
}

/**
 * (q): the Quiet Hours check's cost per item, by n8n's node times (off vs on) and timed alone.
 * @param {any} q
 */
function quietHoursFigures(q) {
	const perItemOff = q.off.ms / q.items;
	const perItemOn = q.on.ms / q.items;
	return {
		perItemOff,
		perItemOn,
		cost: (perItemOn - perItemOff) / perItemOff,
		costAlone: q.check.microsPerCall / 1000 / perItemOff,
	};
}

/** @param {any} q */
function quietHoursRow(q) {
	const x = quietHoursFigures(q);
	return `| (q) | Quiet Hours check's cost per item ÷ a send's node time (${int(q.items)} v3 SMS, off vs federal and state); the check alone | ${fixed(x.cost * 100, 1)} %; ${fixed(x.costAlone * 100, 2)} % (${fixed(q.check.microsPerCall, 1)} µs) | < 5 % | ${mark(x.costAlone < 0.05 && x.cost < 0.05)} |`;
}

/** @param {any} q */
function renderQuietHours(q) {
	const x = quietHoursFigures(q);
	return [
		`## (q) The Quiet Hours check: ${int(q.items)} v3 SMS with it off, then with federal and state hours`,
		'',
		'One `n8n execute` run under faketime, its clock at an hour the rules allow (every text goes, and the check runs in full for each: area code, rules, every zone). ' +
			"Two branches of the same send, the first with Quiet Hours off, the second with it on; node time as n8n records it. The check alone is also timed in the benchmark's own process (Node.js 20), over numbers in six area codes.",
		'',
		'| Quiet Hours | items | errors | texts once / twice+ / none | node time | per item |',
		'|---|---:|---:|---:|---:|---:|',
		`| off | ${int(q.off.items)} | ${int(q.off.errors)} | ${texts(q.off.texts)} | ${fixed(q.off.ms / 1000, 1)} s | ${fixed(x.perItemOff)} ms |`,
		`| federal and state | ${int(q.on.items)} | ${int(q.on.errors)} | ${texts(q.on.texts)} | ${fixed(q.on.ms / 1000, 1)} s | ${fixed(x.perItemOn)} ms |`,
		'',
		`Cost per item: **${fixed(x.cost * 100, 1)} %** of a send's node time by n8n's timing (the difference of two branches, within the machine's noise); the check alone takes **${fixed(q.check.microsPerCall, 1)} µs** per call, ${fixed(x.costAlone * 100, 2)} % of a send's ${fixed(x.perItemOff)} ms.`,
		'',
	];
}

module.exports = { renderResults, renderOptOuts };
