#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * `npm run bench`: the Tatango nodes against n8n's own HTTP Request and Webhook nodes, in a real
 * n8n (the cached install of scripts/lib/n8n-install.js) with this package packed and installed as
 * a community package, talking to the sandbox running as its own process.
 *
 *   (a) BENCH_ITEMS (2,000) transactional SMS through the Tatango node and the same calls through
 *       an HTTP Request node, in one workflow run (`n8n execute`): time per item and the ratio.
 *       The Tatango credential's pacing is set out of the way (the sandbox has no limit here), so
 *       this measures per-item overhead.
 *   (b) The sandbox limits v3 to BENCH_RATE (R, 10) calls per second, 429 beyond. BENCH_RATE_SENDS
 *       (300) RCS sends through the Tatango node (credential: Requests per Second = R) and through
 *       an HTTP Request node with its defaults: completed, failed, achieved rate / R.
 *   (c) BENCH_EVENTS (1,000) delivery events POSTed with BENCH_CONCURRENCY (8) clients to a
 *       published Tatango Trigger workflow and to a published Webhook node workflow on `n8n start`:
 *       events per second and client-side p50/p99 latency, in BENCH_ROUNDS (5) interleaved rounds
 *       (A B C A B C ...) so a noisy machine slows every trigger alike; each ratio is the median of
 *       the per-round ratios, with their spread.
 *   (d) BENCH_SMS_SENDS (1,000) v3 SMS through the Tatango node against the sandbox's limit of R
 *       per second (credential: Requests per Second = R): failures, double texts, achieved rate / R.
 *   (e) BENCH_SCALE_SMALL (1,000) and then BENCH_SCALE_LARGE (10,000) v3 SMS with the limit out of
 *       the way: time per item and the peak memory of the `n8n execute` process for each, and the
 *       per-item ratio large / small (an item must cost no more in a long run than in a short one).
 *   (f) A burst of CRM events: BENCH_BURST (500) webhook calls at once, each one execution of
 *       Webhook → SMS Send, against the sandbox's limit of R per second, in one n8n process
 *       (PostgreSQL) and in queue mode with 2 workers (BENCH_WORKER_CONCURRENCY, 10), beside the
 *       same burst into Webhook → No Op; with this checkout's shared pacing and, side by side,
 *       the per-execution pacing of BENCH_BASELINE (BENCH_F_PACING: shared, per-execution or both).
 *       Executions failed, texts twice, 429s, achieved rate / R, webhook answer times (lib/burst.js).
 *   (o) BENCH_OPT_OUT_SENDS (1,000) v3 SMS with Skip Opted-Out Numbers against list 101 holding
 *       BENCH_OPT_OUTS (10,000) opt-outs, one in ten of the numbers texted among them, beside the same
 *       run with the option off, in BENCH_OPT_OUT_ROUNDS (3) interleaved rounds, pacing out of the
 *       way: calls to the list's opt-outs, skips, texts, node time with and without the check.
 *   (q) BENCH_QUIET_ITEMS (1,000) v3 SMS with Quiet Hours off, then the same with Quiet Hours
 *       "federal and state", in one `n8n execute` run under faketime at an hour the rules allow:
 *       the check's cost per item as a share of a send's node time (aim < 5 %), and the check
 *       alone timed in this process (microseconds per call).
 *
 * Prints a Markdown table and writes it to bench/results.md (quoted in docs/benchmark.md). Ports come
 * from BENCH_PORT (5800) upwards, away from the 5678/5679 other n8n instances use. Every process
 * started here is stopped at the end, also on failure or Ctrl+C.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const axios = require('axios').default;

const n8n = require('../scripts/lib/n8n');
const { waitFor } = require('../scripts/lib/wait');
const { freePortsFrom } = require('../scripts/lib/processes');
const { SANDBOX_ACCOUNT, TEST_NUMBERS } = require('../sandbox/fixtures');
const { paths: installPaths } = require('../scripts/lib/n8n-install');
const { startSandboxProcess } = require('../scripts/lib/sandbox-process');
const { loadWorkflow } = require('./lib/workflows');
const { importWorkflows } = require('./lib/import');
const { postEvents, percentile } = require('./lib/load');
const { renderResults, renderOptOuts } = require('./lib/report');
const { watchPeakMemory } = require('./lib/peakMemory');
const { buildBaselinePackage, measureSetup, DEFAULT_BASELINE } = require('./lib/burst');
const { renderBurst, replaceBurstSection } = require('./lib/burstReport');

const BENCH_DIR = require('../scripts/lib/run-dir').runDir('bench');
const RESULTS_FILE = path.join(n8n.REPO_ROOT, 'bench', 'results.md');
const RAW_FILE = path.join(BENCH_DIR, 'results.json');

/** @param {string} name @param {number} fallback */
function intEnv(name, fallback) {
	const value = process.env[name];
	if (value === undefined || value === '') return fallback;
	const number = Number(value);
	if (!Number.isInteger(number) || number <= 0)
		throw new Error(`${name} must be a positive integer, got "${value}"`);
	return number;
}

const CONFIG = {
	items: intEnv('BENCH_ITEMS', 2000),
	rate: intEnv('BENCH_RATE', 10),
	rateSends: intEnv('BENCH_RATE_SENDS', 300),
	events: intEnv('BENCH_EVENTS', 1000),
	warmupEvents: intEnv('BENCH_WARMUP_EVENTS', 100),
	concurrency: intEnv('BENCH_CONCURRENCY', 8),
	rounds: intEnv('BENCH_ROUNDS', 5),
	smsSends: intEnv('BENCH_SMS_SENDS', 1000),
	scaleSmall: intEnv('BENCH_SCALE_SMALL', 1000),
	scaleLarge: intEnv('BENCH_SCALE_LARGE', 10000),
	optOutSends: intEnv('BENCH_OPT_OUT_SENDS', 1000),
	optOuts: intEnv('BENCH_OPT_OUTS', 10000),
	optOutRounds: intEnv('BENCH_OPT_OUT_ROUNDS', 3),
	quietItems: intEnv('BENCH_QUIET_ITEMS', 1000),
	burst: intEnv('BENCH_BURST', 500),
	workerConcurrency: intEnv('BENCH_WORKER_CONCURRENCY', 10),
	baseline: process.env.BENCH_BASELINE || DEFAULT_BASELINE,
	fPacing: fPacingEnv(),
	basePort: intEnv('BENCH_PORT', 5800),
	skipBuild: Boolean(process.env.BENCH_SKIP_BUILD),
	parts: partsEnv(),
};

/**
 * BENCH_PARTS: which of a to f, o and q to run (default all). Only a full run writes bench/results.md
 * whole; a partial run with (f) replaces only the (f) section there.
 */
function partsEnv() {
	const value = process.env.BENCH_PARTS ?? 'abcdefoq';
	if (!/^[a-foq]+$/.test(value))
		throw new Error(`BENCH_PARTS must be letters from "abcdefoq", got "${value}"`);
	return {
		a: value.includes('a'),
		b: value.includes('b'),
		c: value.includes('c'),
		d: value.includes('d'),
		e: value.includes('e'),
		f: value.includes('f'),
		o: value.includes('o'),
		q: value.includes('q'),
	};
}

/**
 * (q) runs at this moment (UTC) by the `n8n execute` process's clock (faketime): 12:00 in Seattle
 * (the 206 numbers), a Wednesday, so Washington's 8:00-20:00 lets every text go and the check runs
 * in full for each item.
 */
const QUIET_HOURS_BENCH_TIME = '2026-11-25 20:00:00';

/**
 * The Quiet Hours check alone, in this process (the build's code): microseconds per call over
 * numbers across area codes and zones.
 */
function timeQuietHoursCheck(calls = 20000) {
	// The build's copy, by a computed path: lint type-checks this file before anything is built.
	/** @type {typeof import('../nodes/shared/sendWindow')} */
	const { checkSendWindow } = require(path.join(n8n.REPO_ROOT, 'dist/nodes/shared/sendWindow'));
	const phones = [
		'2065550100',
		'3055550100',
		'8505550100',
		'7095550100',
		'2145550100',
		'4015550100',
	];
	const at = Date.parse('2026-11-25T20:00:00Z');
	for (let i = 0; i < 2000; i++) checkSendWindow(phones[i % phones.length], at, 'federalAndState');
	const t = process.hrtime.bigint();
	for (let i = 0; i < calls; i++)
		checkSendWindow(phones[i % phones.length], at + i, 'federalAndState');
	return { calls, microsPerCall: Number(process.hrtime.bigint() - t) / 1000 / calls };
}

/** BENCH_F_PACING: which pacing (f) measures: shared (this checkout), per-execution (BENCH_BASELINE) or both. */
function fPacingEnv() {
	const value = process.env.BENCH_F_PACING || 'both';
	if (!['shared', 'per-execution', 'both'].includes(value))
		throw new Error(`BENCH_F_PACING must be shared, per-execution or both, got "${value}"`);
	return value === 'both' ? ['per-execution', 'shared'] : [value];
}

const SANDBOX_V2 = { email: SANDBOX_ACCOUNT.email, apiKey: SANDBOX_ACCOUNT.v2ApiKey };
const SANDBOX_V3_KEY = SANDBOX_ACCOUNT.v3ApiKey;
const TRIGGER_TOKEN = 'bench-trigger-token-4f1c9a7e2b';
/** RCS sends name a webhook URL; nobody listens there and the sandbox is told to post events late. */
const EVENTS_URL = 'https://127.0.0.1:9/webhook/bench/tatango?token=bench-not-listening-0000';
const TRIGGER_WEBHOOK_ID = '8d1f3b52-6c0e-4d7a-9a41-b0c400000001';
const WEBHOOK_NODE_ID = '8d1f3b52-6c0e-4d7a-9a41-b0c400000002';
const TRIGGER_NO_DUPES_WEBHOOK_ID = '8d1f3b52-6c0e-4d7a-9a41-b0c400000003';
const OWNER = { email: 'bench@example.com', password: 'BenchOwner1' };

/** @param {string} s */
const log = (s) => process.stderr.write(`[bench] ${s}\n`);

/** @template T @param {string} name @param {() => T | Promise<T>} fn @returns {Promise<T>} */
async function step(name, fn) {
	const t = Date.now();
	log(`${name} ...`);
	const result = await fn();
	log(`${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
	return result;
}

/** The sandbox's control API. @param {string} url */
function sandboxControl(url) {
	return {
		reset: async () => (await axios.post(`${url}/_sandbox/reset`)).data,
		/** @param {unknown} body */
		config: async (body) => (await axios.post(`${url}/_sandbox/config`, body)).data,
		/** @returns {Promise<{ requests: any[], messageCounts: Record<string, number> }>} */
		inspect: async () =>
			(await axios.get(`${url}/_sandbox/inspect`, { maxContentLength: Infinity })).data,
	};
}

/**
 * Messages the sandbox recorded for `count` consecutive numbers starting at `first`.
 * @param {Record<string, number>} messageCounts @param {number} first @param {number} count
 */
function countsFor(messageCounts, first, count) {
	let once = 0;
	let more = 0;
	let none = 0;
	for (let i = 0; i < count; i++) {
		const n = messageCounts[String(first + i)] ?? 0;
		if (n === 1) once++;
		else if (n > 1) more++;
		else none++;
	}
	return { once, more, none };
}

/**
 * One node's run in an `n8n execute` result.
 * @param {any} run @param {string} name
 */
function nodeRun(run, name) {
	const task = run?.data?.resultData?.runData?.[name]?.[0];
	if (!task)
		throw new Error(
			`node "${name}" did not run: ${JSON.stringify(run?.data?.resultData?.error ?? run).slice(0, 500)}`,
		);
	const items = task.data?.main?.[0] ?? [];
	return {
		ms: /** @type {number} */ (task.executionTime),
		items: items.length,
		errors: items.filter((/** @type {any} */ i) => i.json?.error !== undefined).length,
		error: task.error ? String(task.error.message) : null,
	};
}

/**
 * Waits until n8n has finished every run a workflow was sent (the Tatango Trigger and the Webhook
 * node answer before their run is done), so the next phase does not share the machine with them.
 * @param {import('../scripts/lib/n8n').RestClient} rest @param {string} workflowId @param {number} expected
 */
async function drainExecutions(rest, workflowId, expected, timeoutMs = 120000) {
	/** @param {Record<string, unknown>} filter @returns {Promise<number>} */
	const countOf = async (filter) => {
		const q = encodeURIComponent(JSON.stringify({ workflowId, ...filter }));
		const page = await rest.request('GET', `/rest/executions?filter=${q}&limit=1`);
		return Number(page.count ?? 0);
	};
	let count = 0;
	await waitFor(
		async () => {
			count = await countOf({});
			return count >= expected && (await countOf({ status: ['running', 'new'] })) === 0;
		},
		{ timeoutMs, intervalMs: 500, orLast: true },
	);
	return count;
}

async function main() {
	const started = Date.now();
	fs.mkdirSync(BENCH_DIR, { recursive: true });
	const userFolder = path.join(BENCH_DIR, 'n8n-user');
	const [n8nPort, brokerPort, sandboxPort, cliBrokerPort] = await freePortsFrom(CONFIG.basePort, 4);
	log(
		`ports: n8n ${n8nPort}, task broker ${brokerPort}, sandbox ${sandboxPort}, CLI task broker ${cliBrokerPort}`,
	);
	const cli = { userFolder, env: { N8N_PORT: n8nPort, N8N_RUNNERS_BROKER_PORT: cliBrokerPort } };

	await step('stop leftovers of an earlier run', async () => {
		await n8n.stopLeftover(path.join(userFolder, 'n8n.pid'));
		await n8n.stopLeftover(path.join(BENCH_DIR, 'sandbox.pid'));
		fs.rmSync(userFolder, { recursive: true, force: true });
	});
	if (!CONFIG.skipBuild) {
		await step('npm run build', () => {
			const r = spawnSync('npm', ['run', 'build'], { cwd: n8n.REPO_ROOT, encoding: 'utf8' });
			if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
		});
	}
	const tgz = await step('npm pack', () =>
		n8n.packPackage({ outDir: path.join(BENCH_DIR, 'pack') }),
	);
	await step('n8n install (cache)', () => n8n.ensureInstalled({ userFolder, log }));
	await step('install the package into a fresh n8n user folder', () =>
		n8n.installPackage(userFolder, tgz),
	);

	const sandbox = await step('start the sandbox', () =>
		startSandboxProcess({
			port: sandboxPort,
			pidFile: path.join(BENCH_DIR, 'sandbox.pid'),
			logFile: path.join(BENCH_DIR, 'sandbox.log'),
		}),
	);
	const control = sandboxControl(sandbox.url);

	await step('import credentials', () =>
		n8n.importCredentials(
			[
				{
					id: 'benchTatangoV2Fast',
					name: 'Bench: Tatango v2 (sandbox, no pacing)',
					type: 'tatangoApi',
					data: {
						...SANDBOX_V2,
						baseUrl: sandbox.url,
						requestsPerHour: 360000000,
						maxRateLimitWait: 120,
					},
				},
				{
					id: 'benchTatangoV3Paced',
					name: 'Bench: Tatango v3 (sandbox, paced at R)',
					type: 'tatangoV3Api',
					data: {
						apiKey: SANDBOX_V3_KEY,
						baseUrl: sandbox.url,
						requestsPerSecond: CONFIG.rate,
						maxRateLimitWait: 120,
					},
				},
				{
					id: 'benchTatangoV3Fast',
					name: 'Bench: Tatango v3 (sandbox, no pacing)',
					type: 'tatangoV3Api',
					data: {
						apiKey: SANDBOX_V3_KEY,
						baseUrl: sandbox.url,
						requestsPerSecond: 1000000,
						maxRateLimitWait: 120,
					},
				},
				{
					id: 'benchHttpBasicV2',
					name: 'Bench: sandbox v2 (Basic Auth)',
					type: 'httpBasicAuth',
					data: { user: SANDBOX_V2.email, password: SANDBOX_V2.apiKey },
				},
				{
					id: 'benchHttpHeaderV3',
					name: 'Bench: sandbox v3 (x-api-key header)',
					type: 'httpHeaderAuth',
					data: { name: 'x-api-key', value: SANDBOX_V3_KEY },
				},
			],
			cli,
		),
	);

	const tokens = {
		SANDBOX_URL: sandbox.url,
		EVENTS_URL,
		ITEMS: CONFIG.items,
		SENDS: CONFIG.rateSends,
		SMS_SENDS: CONFIG.smsSends,
		TOKEN: TRIGGER_TOKEN,
	};
	const ids = await step('import workflows', () =>
		importWorkflows(
			{
				a: loadWorkflow('a-transactional.json', tokens),
				bTatango: loadWorkflow('b-rcs-tatango.json', tokens),
				bHttp: loadWorkflow('b-rcs-http-request.json', tokens),
				cTrigger: loadWorkflow('c-tatango-trigger.json', {
					...tokens,
					WEBHOOK_ID: TRIGGER_WEBHOOK_ID,
				}),
				cTriggerNoDupes: withoutDuplicateCheck(
					loadWorkflow('c-tatango-trigger.json', {
						...tokens,
						WEBHOOK_ID: TRIGGER_NO_DUPES_WEBHOOK_ID,
					}),
				),
				cWebhook: loadWorkflow('c-webhook.json', { ...tokens, WEBHOOK_ID: WEBHOOK_NODE_ID }),
				d: loadWorkflow('d-sms-rate.json', tokens),
				eSmall: loadWorkflow('e-sms-scale.json', { ...tokens, SCALE_ITEMS: CONFIG.scaleSmall }),
				eLarge: loadWorkflow('e-sms-scale.json', { ...tokens, SCALE_ITEMS: CONFIG.scaleLarge }),
				q: loadWorkflow('q-quiet-hours.json', { ...tokens, QUIET_ITEMS: CONFIG.quietItems }),
				oOn: loadWorkflow('o-opt-outs.json', { ...tokens, OPT_OUT_SENDS: CONFIG.optOutSends }),
				oOff: withoutOptOutCheck(
					loadWorkflow('o-opt-outs.json', { ...tokens, OPT_OUT_SENDS: CONFIG.optOutSends }),
				),
			},
			cli,
		),
	);

	// (a) per-item overhead, no rate limit.
	await control.reset();
	const a =
		CONFIG.parts.a &&
		(await step(
			`(a) ${CONFIG.items} transactional SMS, Tatango node then HTTP Request node (n8n execute)`,
			async () => {
				const { run, error } = await n8n.executeWorkflow(ids.a, {
					...cli,
					timeoutMs: 30 * 60 * 1000,
				});
				if (error) throw new Error(`workflow (a) failed: ${JSON.stringify(error).slice(0, 1000)}`);
				const { messageCounts } = await control.inspect();
				return {
					tatango: {
						...nodeRun(run, 'Tatango'),
						texts: countsFor(messageCounts, 2065600000, CONFIG.items),
					},
					http: {
						...nodeRun(run, 'HTTP Request'),
						texts: countsFor(messageCounts, 2065700000, CONFIG.items),
					},
				};
			},
		));

	// (b) a rate-limited service.
	const limit = {
		rateLimits: { v3: { limit: CONFIG.rate, windowMs: 1000 } },
		webhookDelayMs: 3600000,
	};
	/**
	 * @param {string} id @param {string} node @param {number} firstNumber
	 * @param {{ path?: string, sends?: number }} [o]
	 */
	const rateLimited = async (id, node, firstNumber, o = {}) => {
		const sendPath = o.path ?? '/transactional_messages/send_rcs_rich_card';
		const sends = o.sends ?? CONFIG.rateSends;
		await control.reset();
		await control.config(limit);
		const { run } = await n8n.executeWorkflow(id, { ...cli, timeoutMs: 30 * 60 * 1000 });
		const { requests, messageCounts } = await control.inspect();
		const statuses = requests.filter((r) => r.path === sendPath).map((r) => r.statusCode);
		const result = nodeRun(run, node);
		const completed = statuses.filter((s) => s === 202).length;
		return {
			...result,
			completed,
			failed: sends - completed,
			refused429: statuses.filter((s) => s === 429).length,
			texts: countsFor(messageCounts, firstNumber, sends),
			runError: run?.data?.resultData?.error?.message ?? null,
		};
	};
	const bTatango =
		CONFIG.parts.b &&
		(await step(`(b) ${CONFIG.rateSends} RCS sends at R = ${CONFIG.rate}/s, Tatango node`, () =>
			rateLimited(ids.bTatango, 'Tatango', 2065800000),
		));
	const bHttp =
		CONFIG.parts.b &&
		(await step(
			`(b) ${CONFIG.rateSends} RCS sends at R = ${CONFIG.rate}/s, HTTP Request node`,
			() => rateLimited(ids.bHttp, 'HTTP Request', 2065900000),
		));

	// (d) v3 SMS at the documented 10/s.
	const d =
		CONFIG.parts.d &&
		(await step(`(d) ${CONFIG.smsSends} v3 SMS at R = ${CONFIG.rate}/s, Tatango node`, () =>
			rateLimited(ids.d, 'Tatango', 2066000000, {
				path: '/transactional_messages/send_sms',
				sends: CONFIG.smsSends,
			}),
		));

	// (e) scale: the same send, small and large, no limit; per-item time and n8n's peak memory.
	// `n8n execute` prints the whole run (every item of every node) and, at 10,000 items, exits
	// before that output is all written: times and what was accepted come from the sandbox's record.
	/** @param {string} id @param {number} items */
	const scaleRun = async (id, items) => {
		await control.reset();
		await control.config({ webhookDelayMs: 3600000, maxRecordedRequests: items + 100 });
		const memory = watchPeakMemory(['execute', `--id=${id}`]);
		const res = await n8n.runN8nCli(['execute', `--id=${id}`, '--rawOutput'], {
			...cli,
			timeoutMs: 30 * 60 * 1000,
			allowFailure: true,
		});
		const peakMb = memory.stop();
		const { requests, messageCounts } = await control.inspect();
		const sends = requests.filter((r) => r.path === '/transactional_messages/send_sms');
		// First to last send as the sandbox received them (`n8n execute` cannot print a 10,000-item
		// run whole, so the node's own time is not read).
		const times = sends.map((r) => r.atMs);
		const ms = times.length > 1 ? Math.max(...times) - Math.min(...times) : NaN;
		return {
			sent: items,
			exitCode: res.code,
			completed: sends.filter((r) => r.statusCode === 202).length,
			ms,
			perItemMs: ms / (items - 1),
			peakMb,
			texts: countsFor(messageCounts, 2067000000, items),
		};
	};
	const e = CONFIG.parts.e && {
		small: await step(`(e) ${CONFIG.scaleSmall} v3 SMS, no limit`, () =>
			scaleRun(ids.eSmall, CONFIG.scaleSmall),
		),
		large: await step(`(e) ${CONFIG.scaleLarge} v3 SMS, no limit`, () =>
			scaleRun(ids.eLarge, CONFIG.scaleLarge),
		),
	};
	await control.reset();

	// (o) Skip Opted-Out Numbers: the list's opt-outs read once per run, whatever the item count.
	const o =
		CONFIG.parts.o &&
		(await step(
			`(o) ${CONFIG.optOutSends} v3 SMS against ${CONFIG.optOuts} opt-outs, check on and off, ${CONFIG.optOutRounds} rounds`,
			() => measureOptOuts(ids, control, sandbox.url, cli),
		));
	await control.reset();

	// (q) the Quiet Hours check's cost per item: the same sends with it off, then on.
	const q =
		CONFIG.parts.q &&
		(await step(
			`(q) ${CONFIG.quietItems} v3 SMS with Quiet Hours off, then on (n8n execute under faketime, ${QUIET_HOURS_BENCH_TIME} UTC)`,
			async () => {
				await control.config({ webhookDelayMs: 3600000 });
				const { run, error } = await n8n.executeWorkflow(ids.q, {
					...cli,
					timeoutMs: 30 * 60 * 1000,
					fakeTime: QUIET_HOURS_BENCH_TIME,
				});
				if (error) throw new Error(`workflow (q) failed: ${JSON.stringify(error).slice(0, 1000)}`);
				const { messageCounts } = await control.inspect();
				return {
					items: CONFIG.quietItems,
					off: {
						...nodeRun(run, 'Quiet Hours Off'),
						texts: countsFor(messageCounts, 2068000000, CONFIG.quietItems),
					},
					on: {
						...nodeRun(run, 'Quiet Hours On'),
						texts: countsFor(messageCounts, 2069000000, CONFIG.quietItems),
					},
					check: timeQuietHoursCheck(),
				};
			},
		));
	await control.reset();

	// (c) webhooks on a running n8n, at n8n's defaults and with isolates taken only when needed.
	const c = CONFIG.parts.c && {
		defaults: await measureTriggers(ids, userFolder, n8nPort, brokerPort, 'defaults', {}),
		lazyIsolates: await measureTriggers(
			ids,
			userFolder,
			n8nPort,
			brokerPort,
			'lazy',
			LAZY_ISOLATES,
		),
	};
	// (f) a burst of webhook executions, one process and queue mode, shared and per-execution pacing.
	/** @type {any[] | false} */
	let f = false;
	if (CONFIG.parts.f) {
		f = [];
		/** @type {Record<string, string>} */
		const packages = { shared: tgz };
		if (CONFIG.fPacing.includes('per-execution'))
			packages['per-execution'] = await step(`(f) build the baseline ${CONFIG.baseline}`, () =>
				buildBaselinePackage({
					ref: CONFIG.baseline,
					dir: path.join(BENCH_DIR, 'baseline'),
					log,
				}),
			);
		for (const mode of /** @type {const} */ (['one', 'queue'])) {
			for (const pacing of CONFIG.fPacing) {
				f.push(
					await measureSetup({
						mode,
						pacing: /** @type {'shared' | 'per-execution'} */ (pacing),
						tgz: packages[pacing],
						dir: path.join(BENCH_DIR, 'burst'),
						basePort: CONFIG.basePort + 300, // away from test:queue (5900-5999)
						sandboxUrl: sandbox.url,
						count: CONFIG.burst,
						rate: CONFIG.rate,
						workerConcurrency: CONFIG.workerConcurrency,
						eventsUrl: EVENTS_URL,
						step,
						log,
					}),
				);
			}
		}
	}
	await step('stop the sandbox', () => sandbox.stop());
	const results = {
		config: CONFIG,
		environment: environment(),
		a,
		b: { rate: CONFIG.rate, sends: CONFIG.rateSends, tatango: bTatango, http: bHttp },
		c,
		d: d && { rate: CONFIG.rate, sends: CONFIG.smsSends, tatango: d },
		e,
		f: f && {
			count: CONFIG.burst,
			rate: CONFIG.rate,
			workerConcurrency: CONFIG.workerConcurrency,
			baseline: CONFIG.baseline,
			runs: f,
		},
		o,
		q,
		totalSeconds: (Date.now() - started) / 1000,
	};
	fs.writeFileSync(RAW_FILE, JSON.stringify(results, null, 2));
	if (!Object.values(CONFIG.parts).every(Boolean)) {
		const { a: ra, b: rb, c: rc, d: rd, e: re, f: rf, o: ro, q: rq } = results;
		process.stdout.write(
			`${JSON.stringify({ a: ra, b: rb, c: rc, d: rd, e: re, f: rf, o: ro, q: rq }, null, 2)}\n`,
		);
		if (results.f) {
			const section = renderBurst(results.f, results.environment);
			replaceBurstSection(RESULTS_FILE, section);
			process.stdout.write(`\n${section}\n`);
			log(`(f): replaced its section of ${path.relative(n8n.REPO_ROOT, RESULTS_FILE)}`);
		}
		if (ro) process.stdout.write(`\n${renderOptOuts(ro).join('\n')}\n`);
		log(
			`partial run: bench/results.md left as it was${results.f ? ' but for (f)' : ''} (raw numbers: ${path.relative(n8n.REPO_ROOT, RAW_FILE)})`,
		);
		return;
	}
	const markdown = `${renderResults(results)}${results.f ? `\n${renderBurst(results.f, results.environment)}` : ''}`;
	fs.writeFileSync(RESULTS_FILE, markdown);
	process.stdout.write(`\n${markdown}\n`);
	log(
		`wrote ${path.relative(n8n.REPO_ROOT, RESULTS_FILE)} (raw numbers: ${path.relative(n8n.REPO_ROOT, RAW_FILE)}) in ${results.totalSeconds.toFixed(0)} s`,
	);
}

/**
 * n8n 2.41 evaluates expressions in a JavaScript isolate and, by default, takes a fresh one from its
 * pool for each webhook call before the node runs, except when the start node is its own Webhook
 * node (`webhookPhaseNeedsIsolate` in live-webhooks.js). With this setting every start node takes
 * one only when an expression is evaluated, so both triggers are measured on equal terms.
 */
const LAZY_ISOLATES = { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' };

/**
 * (c): starts n8n with `env` added, publishes the three trigger workflows and posts events to each in turn.
 * @param {Record<string, string>} ids @param {string} userFolder @param {number} n8nPort @param {number} brokerPort
 * @param {string} label names the measurement in its events' transaction ids
 * @param {Record<string, string>} env
 */
async function measureTriggers(ids, userFolder, n8nPort, brokerPort, label, env) {
	const server = await step(`start n8n (${JSON.stringify(env)})`, () =>
		n8n.startN8n({
			userFolder,
			port: n8nPort,
			brokerPort,
			webhookUrl: `http://127.0.0.1:${n8nPort}/`,
			env: { N8N_LOG_LEVEL: 'warn', ...env },
		}),
	);
	/** What (c) posts to: workflow id and webhook URL of each trigger. */
	const targets = [
		{
			key: 'tatango',
			id: ids.cTrigger,
			path: `${TRIGGER_WEBHOOK_ID}/tatango`,
			query: `?token=${TRIGGER_TOKEN}`,
		},
		{
			key: 'tatangoNoDupes',
			id: ids.cTriggerNoDupes,
			path: `${TRIGGER_NO_DUPES_WEBHOOK_ID}/tatango`,
			query: `?token=${TRIGGER_TOKEN}`,
		},
		{ key: 'webhook', id: ids.cWebhook, path: WEBHOOK_NODE_ID, query: '' },
	];
	/** @type {Record<string, any>} */
	const c = { env };
	try {
		const rest = new n8n.RestClient(server.url);
		await step('owner set-up and login', () => rest.ensureOwner(OWNER));
		await step('publish the trigger workflows', async () => {
			for (const target of targets) await rest.activateWorkflow(target.id);
			for (const target of targets) await rest.waitForWebhook(target.path);
		});
		await step(
			`(c) ${CONFIG.events} events per trigger in ${CONFIG.rounds} interleaved rounds, ${CONFIG.concurrency} concurrent clients`,
			async () => {
				// Warm-up events for each trigger, then rounds of A B C: each trigger gets its share of the
				// measured events per round, followed by a pause until n8n has finished their runs, so no
				// trigger shares the machine with another's runs and a slow spell of the machine hits
				// every trigger of that round. Every event is new: transaction ids carry this
				// measurement's label.
				/** @param {typeof targets[number]} target @param {string} tag @param {number} count */
				const post = (target, tag, count) =>
					postEvents({
						count,
						concurrency: CONFIG.concurrency,
						url: () => `${server.url}/webhook/${target.path}${target.query}`,
						body: (i) => deliveryEvent(`${label}-${target.key}-${tag}-${i}`),
					});
				/** @type {Record<string, number>} */
				const expected = {};
				for (const target of targets) {
					expected[target.key] = await drainExecutions(rest, target.id, 0);
					await post(target, 'warm', CONFIG.warmupEvents);
					expected[target.key] += CONFIG.warmupEvents;
					await drainExecutions(rest, target.id, expected[target.key]);
				}
				const start = { ...expected };
				const perRound = Math.ceil(CONFIG.events / CONFIG.rounds);
				/** @type {Record<string, any[]>} */
				const rounds = Object.fromEntries(targets.map((t) => [t.key, []]));
				for (let round = 0; round < CONFIG.rounds; round++) {
					for (const target of targets) {
						rounds[target.key].push(await post(target, `r${round}`, perRound));
						expected[target.key] += perRound;
						await drainExecutions(rest, target.id, expected[target.key]);
					}
				}
				for (const target of targets) {
					const all = rounds[target.key];
					const latencies = all.flatMap((r) => r.latencies);
					const seconds = all.reduce((sum, r) => sum + r.seconds, 0);
					const count = all.reduce((sum, r) => sum + r.count, 0);
					c[target.key] = {
						count,
						ok: all.reduce((sum, r) => sum + r.ok, 0),
						failed: all.reduce((sum, r) => sum + r.failed, 0),
						seconds,
						perSecond: count / seconds,
						p50: percentile(latencies, 50),
						p99: percentile(latencies, 99),
						roundsPerSecond: all.map((r) => r.perSecond),
						runs:
							(await drainExecutions(rest, target.id, expected[target.key])) - start[target.key],
					};
				}
			},
		);
	} finally {
		await step('stop n8n', () => server.stop());
	}
	return c;
}

/** The numbers texted in (o) start here; every tenth of them opted out of list 101. */
const OPT_OUT_FIRST_SEND = 2068000000;
const OPT_OUT_EVERY = 10;
/** The other opt-outs of list 101 in (o): numbers the run does not text. */
const OPT_OUT_OTHERS_FROM = 2069000000;

/**
 * (o): list 101 holds CONFIG.optOuts opt-outs (every tenth number texted, the rest others); the
 * same 1,000 sends run with Skip Opted-Out Numbers off and on, interleaved, from a fresh sandbox.
 * @param {Record<string, string>} ids @param {ReturnType<typeof sandboxControl>} control
 * @param {string} sandboxUrl @param {import('../scripts/lib/n8n').CliOptions} cli
 */
async function measureOptOuts(ids, control, sandboxUrl, cli) {
	const sends = CONFIG.optOutSends;
	const among = Array.from({ length: Math.ceil(sends / OPT_OUT_EVERY) }, (_, i) =>
		String(OPT_OUT_FIRST_SEND + i * OPT_OUT_EVERY),
	);
	const others = Array.from({ length: Math.max(0, CONFIG.optOuts - among.length) }, (_, i) =>
		String(OPT_OUT_OTHERS_FROM + i),
	);
	/** @param {string} id */
	const once = async (id) => {
		await control.reset();
		await control.config({ webhookDelayMs: 3600000, maxRecordedRequests: sends + 1000 });
		await axios.post(`${sandboxUrl}/_sandbox/opt-outs`, {
			listId: 101,
			phones: [...among, ...others],
		});
		// As in (e): `n8n execute` may exit before a 1,000-item run is all printed, so what was
		// called, and when, comes from the sandbox's record.
		const res = await n8n.runN8nCli(['execute', `--id=${id}`, '--rawOutput'], {
			...cli,
			timeoutMs: 30 * 60 * 1000,
			allowFailure: true,
		});
		const { requests, messageCounts } = await control.inspect();
		const reads = requests.filter((r) => r.path === '/api/v2/lists/101/subscribers/unsubscribed');
		const sent = requests.filter((r) => r.path === '/transactional_messages/send_sms');
		const times = [...reads, ...sent].map((r) => r.atMs);
		const texted = countsFor(messageCounts, OPT_OUT_FIRST_SEND, sends);
		return {
			exitCode: res.code,
			optOutReads: reads.length,
			sendCalls: sent.length,
			skipped: texted.none,
			texts: texted,
			// From the node's first call (the first page of opt-outs, or the first send) to its last.
			ms: Math.max(...times) - Math.min(...times),
			readMs:
				reads.length > 0
					? Math.min(...sent.map((r) => r.atMs)) - Math.min(...reads.map((r) => r.atMs))
					: 0,
		};
	};
	/** @type {{ off: any[], on: any[] }} */
	const rounds = { off: [], on: [] };
	for (let round = 0; round < CONFIG.optOutRounds; round++) {
		rounds.off.push(await once(ids.oOff));
		rounds.on.push(await once(ids.oOn));
	}
	return { sends, optOuts: among.length + others.length, optedOutAmongSends: among.length, rounds };
}

/** The (o) workflow with Skip Opted-Out Numbers off: the same sends, no check. @param {Record<string, any>} workflow */
function withoutOptOutCheck(workflow) {
	workflow.name += ' (check off)';
	const node = workflow.nodes.find((/** @type {any} */ n) => n.name === 'Tatango');
	node.parameters.skipOptedOut = false;
	return workflow;
}

/**
 * The Tatango Trigger workflow with Ignore Duplicates Within set to 0: no record kept.
 * @param {Record<string, any>} workflow
 */
function withoutDuplicateCheck(workflow) {
	workflow.name += ' (duplicate check off)';
	workflow.nodes[0].parameters.options = { duplicateWindowMinutes: 0 };
	return workflow;
}

/** A v3 delivery event as Tatango posts it, with its own transaction id. @param {string} id */
function deliveryEvent(id) {
	return {
		transactionId: `bench-${id}`,
		eventType: 'delivery_status',
		body: {
			phoneNumber: TEST_NUMBERS.V3_SUCCESS,
			status: 'success',
			deliveredAt: new Date().toISOString(),
		},
	};
}

function environment() {
	const cpus = os.cpus();
	let nodeVersion = '';
	try {
		nodeVersion = spawnSync(installPaths().nodeBin, ['--version'], {
			encoding: 'utf8',
		}).stdout.trim();
	} catch {
		/* unknown */
	}
	return {
		date: new Date().toISOString(),
		cpu: cpus[0] ? cpus[0].model.trim() : 'unknown',
		cores: cpus.length,
		memoryGb: Math.round(os.totalmem() / 1024 ** 3),
		n8nVersion: installPaths().n8nVersion,
		n8nNode: nodeVersion,
		packageVersion: /** @type {string} */ (
			JSON.parse(fs.readFileSync(path.join(n8n.REPO_ROOT, 'package.json'), 'utf8')).version
		),
	};
}

let stopping = false;
/** @param {unknown} error */
async function fail(error) {
	if (stopping) return;
	stopping = true;
	process.stderr.write(`[bench] failed: ${error instanceof Error ? error.stack : String(error)}\n`);
	await n8n.stopAll();
	process.exit(1);
}
for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM'])) {
	process.on(signal, () => void fail(new Error(`interrupted (${signal})`)));
}

main().then(async () => {
	await n8n.stopAll();
}, fail);
