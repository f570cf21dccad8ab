// @ts-check
'use strict';
/**
 * (c) Webhook throughput on a running n8n (`n8n start`, SQLite): delivery events POSTed by
 * BENCH_CONCURRENCY keep-alive clients to a published Tatango Trigger, the same trigger with its
 * duplicate check off, and n8n's own Webhook node; after BENCH_WARMUP_SECONDS of warm-up each, in
 * interleaved rounds (A B C, B C A, C A B ...: each trigger goes first, second and third alike),
 * each giving every trigger a share of events (SETTINGS: rounds and share length per setting;
 * BENCH_ROUNDS and BENCH_ROUND_SECONDS set both), so a noisy spell of the
 * machine slows every trigger of that round alike; each ratio is the median of the per-round
 * ratios, with its interval (lib/interleaved.js). Rounds last a fixed time, not a fixed count: a
 * busy machine gives fewer events, not a longer run. Beside events/s, n8n's own CPU time per event
 * (/proc), which another process taking the core for a while does not change. Measured twice: at
 * n8n's defaults (the trigger and the Webhook node), and with expression isolates taken only when
 * needed (a fresh start of the same n8n; also the trigger with its duplicate check off).
 */
const http = require('http');
const { processCpuMs } = require('../lib/cpu');
const n8n = require('../../scripts/lib/n8n');
const { TEST_NUMBERS } = require('../../sandbox/fixtures');
const { intEnv, rounds, choiceEnv } = require('../lib/config');
const { verdict, shown } = require('../lib/interleaved');
const { loadWorkflow } = require('../lib/workflows');
const { postEvents, percentile } = require('../lib/load');
const { drainExecutions } = require('../lib/executions');
const { fixed, int, mark } = require('../lib/format');

/** BENCH_ROUND_SECONDS: each share's length at both settings (else each setting's own, below). */
const ROUND_SECONDS = process.env.BENCH_ROUND_SECONDS
	? intEnv('BENCH_ROUND_SECONDS', 3)
	: undefined;
const WARMUP_SECONDS = intEnv('BENCH_WARMUP_SECONDS', 3);
const CONCURRENCY = intEnv('BENCH_CONCURRENCY', 8);
/** Which of n8n's isolate settings to measure (`both` by default; `lazy` alone takes about 60 % of the part's time). */
const ISOLATES = choiceEnv('BENCH_C_ISOLATES', ['both', 'defaults', 'lazy'], 'both');

const TOKEN = 'bench-trigger-token-4f1c9a7e2b';
const TRIGGER_WEBHOOK_ID = '8d1f3b52-6c0e-4d7a-9a41-b0c400000001';
const WEBHOOK_NODE_ID = '8d1f3b52-6c0e-4d7a-9a41-b0c400000002';
const TRIGGER_NO_DUPES_WEBHOOK_ID = '8d1f3b52-6c0e-4d7a-9a41-b0c400000003';
const OWNER = { email: 'bench@example.com', password: 'BenchOwner1' };
/** The most events the trigger's record holds (MAX_REMEMBERED_EVENTS in webhook/repeats.record.ts). */
const MAX_RECORD = 1000;

/**
 * n8n 2.41 evaluates expressions in a JavaScript isolate and, by default, takes a fresh one from its
 * pool for each webhook call before the node runs, except when the start node is its own Webhook
 * node (`webhookPhaseNeedsIsolate` in live-webhooks.js). With this setting every start node takes
 * one only when an expression is evaluated, so both triggers are measured on equal terms.
 */
const LAZY_SETTING = 'N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE=true';
const SETTINGS = {
	// At n8n's defaults the isolate n8n takes per call sets the trigger's rate, with its duplicate
	// check on or off alike: the check is measured on equal terms only, where it could show. Its
	// ratio (about 0.6) is far from 1 and its rounds close together (0.56 to 0.68 in 9 rounds of
	// 3 s): 6 rounds show it.
	defaults: {
		label: "n8n's defaults",
		env: {},
		targets: ['tatango', 'webhook'],
		rounds: rounds(6),
		seconds: ROUND_SECONDS ?? 3,
	},
	// The headline, near 1 against an aim of 0.95: in 9 rounds of 3 s a third of the rounds held a
	// stall of n8n's that took 10 to 17 % off one trigger's share (0.83 to 0.87 against 0.96 to
	// 1.10 in the others), so the median's interval reached down to them. Shares of 2 s, in 30
	// rounds: a stall then hits fewer of the rounds, and the interval is the 10th to 21st round.
	lazyIsolates: {
		label: 'isolates when needed',
		env: { N8N_EXPRESSION_ENGINE_LAZY_ACQUIRE: 'true' },
		targets: ['tatango', 'tatangoNoDupes', 'webhook'],
		rounds: rounds(30),
		seconds: ROUND_SECONDS ?? 2,
	},
};

/**
 * What (c) posts to: the workflow (by its key in `ids`) and webhook URL of each trigger.
 */
const TARGETS = [
	{ key: 'tatango', path: `${TRIGGER_WEBHOOK_ID}/tatango`, query: `?token=${TOKEN}` },
	{
		key: 'tatangoNoDupes',
		path: `${TRIGGER_NO_DUPES_WEBHOOK_ID}/tatango`,
		query: `?token=${TOKEN}`,
	},
	{ key: 'webhook', path: WEBHOOK_NODE_ID, query: '' },
];

/** The events the Tatango Trigger's saved duplicate record holds (25 characters each). @param {any} workflow */
const recordSize = (workflow) =>
	String(workflow?.staticData?.[`node:${workflow?.nodes?.[0]?.name}`]?.recentEvents ?? '').length /
	25;

/** The Tatango Trigger workflow with Ignore Duplicates Within set to 0: no record kept. @param {Record<string, any>} workflow */
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

/**
 * Starts n8n with the setting's `env` added, publishes its triggers and posts events to each in turn.
 * @param {import('../lib/context').Context} ctx @param {string} label names the measurement in its events' ids
 * @param {{ env: Record<string, string>, targets: string[], rounds: number, seconds: number }} setting
 *   `targets`: the triggers measured (keys of TARGETS); `seconds`: each share's length
 */
async function measureTriggers(ctx, label, setting) {
	const { env, rounds: ROUNDS, seconds: ROUND_SECONDS } = setting;
	const keys = setting.targets;
	const targets = TARGETS.filter((t) => keys.includes(t.key));
	const server = await ctx.step(`start n8n (${JSON.stringify(env)})`, () => ctx.startN8n(env));
	/** @type {Record<string, any>} */
	const c = { env, rounds: ROUNDS, roundSeconds: ROUND_SECONDS };
	try {
		const rest = new n8n.RestClient(server.url);
		await rest.ensureOwner(OWNER);
		for (const target of targets) await rest.activateWorkflow(ctx.ids[target.key]);
		for (const target of targets) await rest.waitForWebhook(target.path);
		await ctx.step(
			`(c) ${ROUNDS} interleaved rounds of ${ROUND_SECONDS} s per trigger (${keys.join(', ')}), ${CONCURRENCY} concurrent clients`,
			async () => {
				// Each share of events is followed by a pause until n8n has finished their runs, so no
				// trigger shares the machine with another's runs. Every event is new: transaction ids
				// carry this measurement's label.
				/** @param {typeof TARGETS[number]} target @param {string} tag @param {number} seconds */
				const post = (target, tag, seconds) =>
					postEvents({
						seconds,
						concurrency: CONCURRENCY,
						agent: agents[target.key],
						url: () => `${server.url}/webhook/${target.path}${target.query}`,
						body: (i) => deliveryEvent(`${label}-${target.key}-${tag}-${i}`),
					});
				// Each trigger's clients keep their connections from share to share: a share of 2 s
				// does not start by opening them.
				const agents = Object.fromEntries(
					targets.map((t) => [t.key, new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY })]),
				);
				/** @type {Record<string, number>} */
				const expected = {};
				for (const target of targets) {
					// The runs of the measurement before (the same database) count too.
					expected[target.key] = await drainExecutions(rest, ctx.ids[target.key], 0);
					expected[target.key] += (await post(target, 'warm', WARMUP_SECONDS)).count;
					await drainExecutions(rest, ctx.ids[target.key], expected[target.key]);
				}
				const start = { ...expected };
				/** @type {Record<string, any[]>} */
				const rounds = Object.fromEntries(targets.map((t) => [t.key, []]));
				for (let round = 0; round < ROUNDS; round++) {
					// Each round starts with the next trigger: none always follows the same one.
					const order = targets.map((_, i) => targets[(i + round) % targets.length]);
					for (const target of order) {
						const fromUs = Number(process.hrtime.bigint() / 1000n);
						const fromCpuMs = processCpuMs(server.pid);
						const share = await post(target, `r${round}`, ROUND_SECONDS);
						expected[target.key] += share.count;
						const drainFrom = process.hrtime.bigint();
						await drainExecutions(rest, ctx.ids[target.key], expected[target.key], 120000, 100);
						// How long the share's runs went on after its last answer (to 0.1 s).
						const drainSeconds = Number(process.hrtime.bigint() - drainFrom) / 1e9;
						// n8n's CPU time for the share's calls and their runs (up to the drain's end).
						const cpuMs = processCpuMs(server.pid) - fromCpuMs;
						// The monotonic clock every process here shares, so a CPU profile of n8n
						// (BENCH_CPU_PROF) can be cut to this share: bench/profile-summary.js --window.
						const toUs = Number(process.hrtime.bigint() / 1000n);
						rounds[target.key].push({
							...share,
							cpuMs,
							perCpuSecond: share.count / (cpuMs / 1000),
							drainSeconds,
							completedPerSecond: share.count / (share.seconds + drainSeconds),
							window: [fromUs, toUs],
						});
					}
				}
				for (const agent of Object.values(agents)) agent.destroy();
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
						roundsPerCpuSecond: all.map((r) => r.perCpuSecond),
						roundsCompletedPerSecond: all.map((r) => r.completedPerSecond),
						cpuMsPerEvent: all.reduce((sum, r) => sum + r.cpuMs, 0) / count,
						windows: all.map((r) => r.window),
						runs:
							(await drainExecutions(rest, ctx.ids[target.key], expected[target.key])) -
							start[target.key],
					};
				}
				// Whether the saved record holds every event that started a run (up to the record's bound),
				// though runs overlapped all along: n8n keeps whichever save comes last.
				c.record = {
					holds: recordSize(await rest.getWorkflow(ctx.ids.tatango)),
					runs: expected.tatango,
				};
			},
		);
	} finally {
		await ctx.step('stop n8n', () => server.stop());
	}
	return c;
}

/**
 * A trigger's events/s ÷ the Webhook node's, round by round (the two ran in the same round): the
 * median with its interval (lib/interleaved.js), a measurement also when the interval is wholly
 * above or below `aim`. `figure` `roundsPerCpuSecond`: events per second of n8n's CPU time instead.
 * @param {any} m one measurement @param {string} key @param {number} [aim]
 * @param {'roundsPerSecond' | 'roundsPerCpuSecond'} [figure]
 */
const roundRatios = (m, key, aim, figure = 'roundsPerSecond') =>
	verdict(
		(m[key][figure] ?? []).map(
			(/** @type {number} */ rate, /** @type {number} */ i) => rate / m.webhook[figure][i],
		),
		1,
		aim,
	);

/** The aim of (c)'s ratio at each setting. @param {string} setting */
const aimOf = (setting) => (setting === 'lazyIsolates' ? 0.95 : 0.9);

/** Rounds and share length of a setting's measurement (results of before 2026-11-27 kept them once). @param {any} c @param {string} key */
const roundsOf = (c, key) => c[key].rounds ?? c.rounds;
/** @param {any} c @param {string} key */
const secondsOf = (c, key) => c[key].roundSeconds ?? c.roundSeconds;

/** The settings measured, by their key in the result. @param {any} c */
const measured = (c) =>
	/** @type {(keyof typeof SETTINGS)[]} */ (Object.keys(SETTINGS)).filter((key) => c[key]);

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'c',
	title: `interleaved rounds of delivery events per trigger: ${SETTINGS.lazyIsolates.rounds} of ${SETTINGS.lazyIsolates.seconds} s with isolates when needed, ${SETTINGS.defaults.rounds} of ${SETTINGS.defaults.seconds} s at n8n's defaults`,
	settings: [
		'BENCH_ROUND_SECONDS',
		'BENCH_WARMUP_SECONDS',
		'BENCH_CONCURRENCY',
		'BENCH_ROUNDS',
		'BENCH_C_ISOLATES',
	],
	workflows: (ctx) => ({
		tatango: loadWorkflow('c-tatango-trigger.json', {
			...ctx.tokens,
			TOKEN,
			WEBHOOK_ID: TRIGGER_WEBHOOK_ID,
		}),
		tatangoNoDupes: withoutDuplicateCheck(
			loadWorkflow('c-tatango-trigger.json', {
				...ctx.tokens,
				TOKEN,
				WEBHOOK_ID: TRIGGER_NO_DUPES_WEBHOOK_ID,
			}),
		),
		webhook: loadWorkflow('c-webhook.json', { ...ctx.tokens, WEBHOOK_ID: WEBHOOK_NODE_ID }),
	}),

	async measure(ctx) {
		return {
			warmupSeconds: WARMUP_SECONDS,
			concurrency: CONCURRENCY,
			defaults:
				ISOLATES === 'lazy' ? undefined : await measureTriggers(ctx, 'defaults', SETTINGS.defaults),
			lazyIsolates:
				ISOLATES === 'defaults'
					? undefined
					: await measureTriggers(ctx, 'lazy', SETTINGS.lazyIsolates),
		};
	},

	summary(c) {
		/** @type {Record<string, string>} */
		const measures = {
			lazyIsolates: `events per second, Tatango Trigger (duplicate check on) ÷ Webhook node, expression isolates taken only when needed (\`${LAZY_SETTING}\`: what the trigger itself costs): median of ${c.lazyIsolates?.rounds ?? c.rounds} interleaved rounds of ${c.lazyIsolates?.roundSeconds ?? c.roundSeconds} s`,
			defaults: `the same at n8n's defaults (n8n takes an isolate per call for any trigger but its own)`,
		};
		// The headline first: on equal terms. At n8n's defaults n8n's isolate policy sets the figure.
		return /** @type {const} */ (['lazyIsolates', 'defaults'])
			.filter((key) => c[key])
			.map((key) => {
				const aim = aimOf(key);
				const r = roundRatios(c[key], 'tatango', aim);
				return `| (c) | ${measures[key]} | ${shown(r)} | ≥ ${aim} | ${mark(r.measured && r.low >= aim)} |`;
			});
	},

	section(c) {
		/** @param {string} name @param {any} x */
		const row = (name, x) =>
			x
				? [
						`| ${name} | ${int(x.count)} | ${int(x.ok)} | ${int(x.runs)} | ${fixed(x.perSecond, 1)} | ${fixed(x.p50, 1)} ms | ${fixed(x.p99, 1)} ms | ${fixed(x.cpuMsPerEvent, 2)} ms |`,
					]
				: [];
		/** @param {any} x */
		const byRound = (x) =>
			x.roundsPerSecond.map((/** @type {number} */ n) => fixed(n, 1)).join(', ');
		return [
			`## (c) Delivery events into a published trigger, ${c.concurrency} concurrent clients, ${measured(
				c,
			)
				.map(
					(key) =>
						`${roundsOf(c, key)} rounds of ${secondsOf(c, key)} s per trigger (${SETTINGS[key].label})`,
				)
				.join(', ')}`,
			'',
			`\`n8n start\` (regular mode, SQLite, executions saved as by default). Each client POSTs its next event as soon as the previous one was answered (keep-alive). ` +
				`Each trigger first gets ${c.warmupSeconds} s of warm-up events; then rounds, each giving every trigger in turn a share of events (${measured(
					c,
				)
					.map(
						(key) => `${SETTINGS[key].label}: ${roundsOf(c, key)} rounds of ${secondsOf(c, key)} s`,
					)
					.join(
						'; ',
					)}; A B C, B C A, C A B, ...: the order turns each round), each share followed by a pause until n8n has finished its runs; a fixed time, not a fixed count, so a busy machine gives fewer events, not a longer run. ` +
				"Latency is measured by the client, from sending to the full answer. n8n CPU per event: the `n8n start` process's CPU time (user and system, all its threads, from /proc) from the start of a share to the end of its runs, ÷ its events; another process taking the core for a while lowers events/s, not this. " +
				'The Tatango Trigger checks the token and the event type and records each event to drop repeats (every event here is new); ' +
				'"duplicate check off" is the same trigger with Ignore Duplicates Within = 0, which keeps no record; the Webhook node (v2) only answers. ' +
				`Measured twice: at n8n's defaults (the trigger and the Webhook node), then with \`${LAZY_SETTING}\` on a fresh start of the same n8n (also the trigger with its duplicate check off).`,
			'',
			'| trigger | events | answered 2xx | runs started | events/s | p50 | p99 | n8n CPU per event |',
			'|---|---:|---:|---:|---:|---:|---:|---:|',
			...measured(c).flatMap((key) => [
				...row(`Tatango Trigger, ${SETTINGS[key].label}`, c[key].tatango),
				...row(
					`Tatango Trigger, duplicate check off, ${SETTINGS[key].label}`,
					c[key].tatangoNoDupes,
				),
				...row(`Webhook node, ${SETTINGS[key].label}`, c[key].webhook),
			]),
			'',
			'Events/s round by round: ' +
				measured(c)
					.map(
						(key) =>
							`${SETTINGS[key].label}: ${SETTINGS[key].targets
								.filter((t) => c[key][t])
								.map((t) => `${t} ${byRound(c[key][t])}`)
								.join('; ')}`,
					)
					.join('. ') +
				'.',
			'',
			`Ratio (Tatango Trigger ÷ Webhook node, events/s), the median of the per-round ratios with its interval (the lowest and highest round, or with more than 8 rounds the middle ones; "not measured" when the interval is wider than the ratio's distance from 1 and holds the aim): ` +
				measured(c)
					.map(
						(key) =>
							`${SETTINGS[key].label}: **${shown(roundRatios(c[key], 'tatango', aimOf(key)))}**` +
							(c[key].tatangoNoDupes
								? `, with the duplicate check off ${shown(roundRatios(c[key], 'tatangoNoDupes', aimOf(key)))}`
								: '') +
							`; events per second of n8n's CPU time, the same ratio: ${shown(roundRatios(c[key], 'tatango', aimOf(key), 'roundsPerCpuSecond'))}` +
							(c[key].tatangoNoDupes
								? `, duplicate check off ${shown(roundRatios(c[key], 'tatangoNoDupes', aimOf(key), 'roundsPerCpuSecond'))}`
								: ''),
					)
					.join('; ') +
				'. The table pools all rounds.',
			'',
			`The duplicate record the Tatango Trigger saved (static data, read back after each measurement; at most ${int(MAX_RECORD)} events): ` +
				measured(c)
					.map(
						(key) =>
							`${SETTINGS[key].label}: ${c[key].record ? `${int(c[key].record.holds)} events, of ${int(Math.min(c[key].record.runs, MAX_RECORD))} it should hold (${int(c[key].record.runs)} runs so far)` : 'not read'}`,
					)
					.join('; ') +
				'.',
		];
	},
};
