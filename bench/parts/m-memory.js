// @ts-check
'use strict';
/**
 * (m) What the memory costs a send (shared/memory, docs/send-once-and-caps.md): BENCH_MEMORY_ITEMS
 * v3 SMS each with nothing, with Send Once Per (a key per item), and with a Per-Number Cap (3 a day,
 * each number texted once), in one `n8n execute` run, no limit anywhere; on SQLite (the bench's user
 * folder) and on PostgreSQL (a server of its own, a user folder of its own). Times come from the
 * sandbox's record: each branch's gaps between consecutive sends, p50 and mean.
 */
const os = require('os');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const queue = require('../../scripts/lib/queue');
const { freePortsFrom } = require('../../scripts/lib/processes');
const { intEnv, rounds } = require('../lib/config');
const { sharedCredentials } = require('../lib/credentials');
const { importWorkflows } = require('../lib/import');
const { executeUnprinted, EXECUTE_TIMEOUT_MS } = require('../lib/execute');
const { LATE_EVENTS } = require('../lib/rateLimited');
const {
	interleavedWorkflow,
	branchSends,
	perRound,
	verdict,
	shown,
	percent,
} = require('../lib/interleaved');
const { fixed, int, mark, texts } = require('../lib/format');

const ITEMS = intEnv('BENCH_MEMORY_ITEMS', 1000);
const ROUNDS = rounds(5);
const PER_ROUND = Math.ceil(ITEMS / ROUNDS);
const SEND_PATH = '/transactional_messages/send_sms';
const DB = { database: 'n8n', user: 'n8n', password: 'n8n-bench-memory' };

/**
 * The compliance ledger (an n8n Data Table through n8n's public API) is measured beside the
 * per-workflow memory once it is on main: its Send Once Per and cap as further variants here, with
 * the Data Table and the API key credential they need set up in `measure`.
 * HOOK, NOT YET MEASURED: empty until the ledger lands.
 * @type {{ key: string, label: string, parameters: Record<string, any> }[]}
 */
const LEDGER_VARIANTS = [];

/** The measured variants: the send alone, then each feature, each branch texting its own numbers. */
const VARIANTS = [
	{ key: 'off', label: 'nothing', parameters: {} },
	{
		key: 'once',
		label: 'Send Once Per',
		parameters: { sendOncePer: '={{ "bench-" + $json.phone }}' },
	},
	{
		key: 'cap',
		label: 'Per-Number Cap (3 a day)',
		parameters: { perNumberCap: 'custom', perNumberCapLimit: 3 },
	},
	...LEDGER_VARIANTS,
];
const FEATURES = VARIANTS.filter((v) => v.key !== 'off');

/** @param {string} eventsUrl */
const build = (eventsUrl) =>
	interleavedWorkflow({
		name: 'Bench (m): v3 SMS with nothing, Send Once Per, a Per-Number Cap, interleaved',
		letter: 'm',
		rounds: ROUNDS,
		items: PER_ROUND,
		warmUpItems: Math.min(PER_ROUND, 100),
		firstNumber: 2063000000,
		variants: VARIANTS.map((v) => ({
			key: v.key,
			label: `Send ${v.key}`,
			node: {
				type: 'n8n-nodes-tatango.tatango',
				typeVersion: 1,
				parameters: {
					resource: 'sms',
					operation: 'send',
					phoneNumber: '={{ $json.phone }}',
					content: 'Your order has shipped',
					webhookUrl: eventsUrl,
					...v.parameters,
				},
				credentials: {
					tatangoV3Api: {
						id: 'benchTatangoV3Fast',
						name: 'Bench: Tatango v3 (sandbox, no pacing)',
					},
				},
			},
		})),
	});

/** Every branch's sends, and each feature's cost per item ÷ a send's time, round by round. @param {import('../lib/sandbox').SandboxRecord} record */
function database(record) {
	const { branches } = build('');
	const measured = branches.map((b) => ({ ...b, ...branchSends(record, b, SEND_PATH) }));
	return { branches: measured };
}

/** @param {any} d @param {string} key */
function cost(d, key) {
	const perItem = Object.fromEntries(
		d.branches.map((/** @type {any} */ b) => [b.name, b.perItemMs]),
	);
	return verdict(
		perRound(d.branches, perItem, (v) => (v[key] - v.off) / v.off),
		0,
	);
}

/** @param {any} d @param {string} variant */
function total(d, variant) {
	const mine = d.branches.filter((/** @type {any} */ b) => b.variant === variant && b.round >= 0);
	/** @param {string} k */
	const sumTexts = (k) => mine.reduce((s, /** @type {any} */ b) => s + b.texts[k], 0);
	const perItem = mine.map((/** @type {any} */ b) => b.perItemMs).sort((x, y) => x - y);
	return {
		sends: mine.reduce((s, /** @type {any} */ b) => s + b.sends, 0),
		texts: { once: sumTexts('once'), more: sumTexts('more'), none: sumTexts('none') },
		medianMs: perItem[Math.floor(perItem.length / 2)],
	};
}

/** The same workflow on PostgreSQL: its own server and user folder. @param {import('../lib/context').Context} ctx */
async function onPostgres(ctx) {
	const [pgPort, cliBroker] = await freePortsFrom(ctx.ports.base + 60, 2);
	const pgDir = path.join(os.tmpdir(), `tatango-bench-memory-pg-${pgPort}`);
	const postgres = await ctx.step('(m) start postgres', () =>
		queue.startPostgres({ port: pgPort, dir: pgDir, ...DB, log: ctx.log }),
	);
	try {
		const userFolder = path.join(ctx.dir, 'n8n-user-postgres');
		n8n.installPackage(userFolder, ctx.tgz);
		const cli = {
			userFolder,
			env: {
				DB_TYPE: 'postgresdb',
				DB_POSTGRESDB_HOST: '127.0.0.1',
				DB_POSTGRESDB_PORT: String(pgPort),
				DB_POSTGRESDB_DATABASE: DB.database,
				DB_POSTGRESDB_USER: DB.user,
				DB_POSTGRESDB_PASSWORD: DB.password,
				N8N_RUNNERS_BROKER_PORT: String(cliBroker),
				N8N_LOG_LEVEL: 'warn',
			},
		};
		await ctx.step('(m) import credentials and the workflow on postgres', async () => {
			await n8n.importCredentials(sharedCredentials(ctx.tokens.SANDBOX_URL), cli);
		});
		const { main } = await importWorkflows({ main: build(ctx.tokens.EVENTS_URL).workflow }, cli);
		await ctx.sandbox.reset();
		await ctx.sandbox.config({ ...LATE_EVENTS, maxRecordedRequests: RECORDED });
		await ctx.step('(m) n8n execute on postgres', () =>
			n8n.runN8nCli(['execute', `--id=${main}`, '--rawOutput'], {
				...cli,
				timeoutMs: EXECUTE_TIMEOUT_MS,
				allowFailure: true,
			}),
		);
		return database(await ctx.sandbox.inspect());
	} finally {
		await postgres.stop();
	}
}

/** Every send of a run, with room to spare. */
const RECORDED = build('').branches.reduce((s, b) => s + b.items, 0) + 100;

/** Met when every round of each feature costs under 5 % of a send's time. @param {any} m */
const met = (m) =>
	[m.sqlite, m.postgres].every((d) => FEATURES.every((f) => cost(d, f.key).high < 0.05));

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'm',
	title: `${ITEMS} v3 SMS each with nothing, Send Once Per, a Per-Number Cap, ${ROUNDS} interleaved rounds (SQLite, then PostgreSQL)`,
	settings: ['BENCH_MEMORY_ITEMS', 'BENCH_ROUNDS'],
	workflows: (ctx) => ({ main: build(ctx.tokens.EVENTS_URL).workflow }),

	async measure(ctx) {
		await ctx.sandbox.reset();
		await ctx.sandbox.config({ ...LATE_EVENTS, maxRecordedRequests: RECORDED });
		await executeUnprinted(ctx, ctx.ids.main);
		const sqlite = database(await ctx.sandbox.inspect());
		const postgres = await onPostgres(ctx);
		return {
			items: ITEMS,
			rounds: ROUNDS,
			perRound: PER_ROUND,
			features: FEATURES.map((f) => ({ key: f.key, label: f.label })),
			sqlite,
			postgres,
		};
	},

	summary(m) {
		/** @param {any} d */
		const costs = (d) =>
			m.features
				.map((/** @type {any} */ f) => `${f.key} ${shown(cost(d, f.key), percent)}`)
				.join(', ');
		const rows = [
			`| (m) | per-workflow memory: each feature's cost per item ÷ a send's time (${int(m.items)} v3 SMS each, median of ${m.rounds} interleaved rounds), SQLite; PostgreSQL | ${costs(m.sqlite)}; ${costs(m.postgres)} | < 5 % | ${mark(met(m))} |`,
		];
		if (LEDGER_VARIANTS.length === 0)
			rows.push(
				'| (m) | the compliance ledger (n8n Data Table) beside it | not measured yet (hook: `LEDGER_VARIANTS` in `bench/parts/m-memory.js`) | < 5 % | — |',
			);
		return rows;
	},

	section(m) {
		/** @param {string} db @param {any} d */
		const rows = (db, d) =>
			[{ key: 'off', label: 'nothing' }, ...m.features].map((/** @type {any} */ f) => {
				const t = total(d, f.key);
				const c = f.key === 'off' ? '' : shown(cost(d, f.key), percent);
				return `| ${db} | ${f.label} | ${int(t.sends)} | ${texts(t.texts)} | ${fixed(t.medianMs, 3)} ms | ${c} |`;
			});
		return [
			`## (m) The memory's cost: ${int(m.items)} v3 SMS each with nothing, Send Once Per, a Per-Number Cap, ${m.rounds} interleaved rounds`,
			'',
			`One \`n8n execute\` run per database: a warm-up branch per variant (not measured), then ${m.rounds} rounds of ${int(m.perRound)} items per variant, in the order nothing, Send Once Per, cap in odd rounds and the reverse in even ones, each branch texting its own numbers. ` +
				"Send Once Per has a key per item (claimed in batches of up to 100 ahead, the settle wait of each batch overlapping the sends of the one before); the Per-Number Cap is 3 a day (the next 100 items' numbers read ahead and their first texts counted in one write when they had none today or yesterday, as here). " +
				"Per item: a branch's first to last send as the sandbox received them (its microsecond clock) ÷ its sends; a feature's cost is, round by round, its branch's time per item over the plain send's of the same round, minus one. SQLite is the bench's user folder; PostgreSQL a server started for this part. " +
				'The compliance ledger (an n8n Data Table) is not measured here yet.',
			'',
			'| database | branch | sends | texts once / twice+ / none | per item (median round) | cost: median (rounds) |',
			'|---|---|---:|---:|---:|---|',
			...rows('SQLite', m.sqlite),
			...rows('PostgreSQL', m.postgres),
		];
	},
};
