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
const { intEnv } = require('../lib/config');
const { sharedCredentials } = require('../lib/credentials');
const { importWorkflows } = require('../lib/import');
const { executeUnprinted, EXECUTE_TIMEOUT_MS } = require('../lib/execute');
const { countsFor } = require('../lib/sandbox');
const { LATE_EVENTS } = require('../lib/rateLimited');
const { fixed, int, mark, texts } = require('../lib/format');

const ITEMS = intEnv('BENCH_MEMORY_ITEMS', 1000);
const SEND_PATH = '/transactional_messages/send_sms';
const DB = { database: 'n8n', user: 'n8n', password: 'n8n-bench-memory' };

/** Run first and not measured: n8n's first sends of a process are slower (it warms up). */
const WARM_UP = { key: 'warm', label: 'warm-up', first: 2062900000, parameters: {} };

/** The measured branches, in the order they run after the warm-up, each texting its own numbers. */
const BRANCHES = [
	{ key: 'off', label: 'nothing', first: 2063000000, parameters: {} },
	{
		key: 'once',
		label: 'Send Once Per',
		first: 2063100000,
		parameters: { sendOncePer: '={{ "bench-" + $json.phone }}' },
	},
	{
		key: 'cap',
		label: 'Per-Number Cap (3 a day)',
		first: 2063200000,
		parameters: { perNumberCap: 'custom', perNumberCapLimit: 3 },
	},
];

/** Start → per branch: its numbers → one item each → SMS Send. @param {string} eventsUrl */
function memoryWorkflow(eventsUrl) {
	/** @type {any[]} */
	const nodes = [
		{
			id: 'b0m00000-0000-4000-8000-000000000001',
			name: 'Start',
			type: 'n8n-nodes-base.manualTrigger',
			typeVersion: 1,
			position: [0, 0],
			parameters: {},
		},
	];
	/** @type {Record<string, any>} */
	const connections = { Start: { main: [[]] } };
	[WARM_UP, ...BRANCHES].forEach((branch, row) => {
		const [numbers, split, send] = [
			`Numbers ${branch.key}`,
			`Split ${branch.key}`,
			`Send ${branch.key}`,
		];
		nodes.push(
			{
				id: `b0m00000-0000-4000-8000-00000000${row}01`,
				name: numbers,
				type: 'n8n-nodes-base.set',
				typeVersion: 3.4,
				position: [220, row * 220],
				parameters: {
					assignments: {
						assignments: [
							{
								id: 'm1',
								name: 'items',
								type: 'array',
								value: `={{ Array.from({ length: ${ITEMS} }, (_, i) => ({ phone: String(${branch.first} + i) })) }}`,
							},
						],
					},
					options: {},
				},
			},
			{
				id: `b0m00000-0000-4000-8000-00000000${row}02`,
				name: split,
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [440, row * 220],
				parameters: { fieldToSplitOut: 'items', options: {} },
			},
			{
				id: `b0m00000-0000-4000-8000-00000000${row}03`,
				name: send,
				type: 'n8n-nodes-tatango.tatango',
				typeVersion: 1,
				position: [660, row * 220],
				parameters: {
					resource: 'sms',
					operation: 'send',
					phoneNumber: '={{ $json.phone }}',
					content: 'Your order has shipped',
					webhookUrl: eventsUrl,
					...branch.parameters,
				},
				credentials: {
					tatangoV3Api: {
						id: 'benchTatangoV3Fast',
						name: 'Bench: Tatango v3 (sandbox, no pacing)',
					},
				},
			},
		);
		connections.Start.main[0].push({ node: numbers, type: 'main', index: 0 });
		connections[numbers] = { main: [[{ node: split, type: 'main', index: 0 }]] };
		connections[split] = { main: [[{ node: send, type: 'main', index: 0 }]] };
	});
	return {
		name: 'Bench (m): v3 SMS with nothing, Send Once Per, a Per-Number Cap',
		nodes,
		connections,
		settings: { executionOrder: 'v1' },
	};
}

/** @param {number[]} values */
function median(values) {
	const sorted = [...values].sort((a, b) => a - b);
	return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
}

/** One branch's sends as the sandbox saw them. @param {import('../lib/sandbox').SandboxRecord} record @param {typeof BRANCHES[number]} branch */
function branchFigures(record, branch) {
	const times = record.requests
		.filter((r) => {
			if (r.path !== SEND_PATH) return false;
			const phone = Number(
				String(r.body?.phoneNumber ?? '')
					.replace(/\D/g, '')
					.slice(-10),
			);
			return phone >= branch.first && phone < branch.first + ITEMS;
		})
		.map((r) => r.atMs)
		.sort((a, b) => a - b);
	const gaps = times.slice(1).map((t, i) => t - times[i]);
	return {
		sends: times.length,
		p50Ms: median(gaps),
		meanMs: gaps.length ? (times[times.length - 1] - times[0]) / gaps.length : NaN,
		texts: countsFor(record.messageCounts, branch.first, ITEMS),
	};
}

/** Each branch's figures, and each feature's cost ÷ a send's time (p50 and mean). @param {import('../lib/sandbox').SandboxRecord} record */
function database(record) {
	const byBranch = Object.fromEntries(BRANCHES.map((b) => [b.key, branchFigures(record, b)]));
	const off = byBranch.off;
	/** @param {string} key */
	const cost = (key) => ({
		p50: (byBranch[key].p50Ms - off.p50Ms) / off.p50Ms,
		mean: (byBranch[key].meanMs - off.meanMs) / off.meanMs,
	});
	return { branches: byBranch, cost: { once: cost('once'), cap: cost('cap') } };
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
		const { main } = await importWorkflows({ main: memoryWorkflow(ctx.tokens.EVENTS_URL) }, cli);
		await ctx.sandbox.reset();
		await ctx.sandbox.config({ ...LATE_EVENTS, maxRecordedRequests: 4 * ITEMS + 100 });
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

/**
 * Met when each feature costs under 5 % of a send's time. Judged on the mean: the sandbox records
 * times to the millisecond, so the p50 of 1-3 ms gaps moves in steps of 30-100 %.
 * @param {any} m
 */
const met = (m) =>
	[m.sqlite, m.postgres].every((d) => Math.max(d.cost.once.mean, d.cost.cap.mean) < 0.05);

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'm',
	title: `${ITEMS} v3 SMS each with nothing, Send Once Per, a Per-Number Cap (SQLite, then PostgreSQL)`,
	settings: ['BENCH_MEMORY_ITEMS'],
	workflows: (ctx) => ({ main: memoryWorkflow(ctx.tokens.EVENTS_URL) }),

	async measure(ctx) {
		await ctx.sandbox.reset();
		await ctx.sandbox.config({ ...LATE_EVENTS, maxRecordedRequests: 4 * ITEMS + 100 });
		await executeUnprinted(ctx, ctx.ids.main);
		const sqlite = database(await ctx.sandbox.inspect());
		const postgres = await onPostgres(ctx);
		return { items: ITEMS, sqlite, postgres };
	},

	summary(m) {
		/** @param {any} c */
		const pct = (c) => `${fixed(c.mean * 100, 1)} %`;
		return [
			`| (m) | Send Once Per's and a Per-Number Cap's cost per item ÷ a send's time, mean (${int(m.items)} v3 SMS each), SQLite; PostgreSQL | once ${pct(m.sqlite.cost.once)}, cap ${pct(m.sqlite.cost.cap)}; once ${pct(m.postgres.cost.once)}, cap ${pct(m.postgres.cost.cap)} | < 5 % | ${mark(met(m))} |`,
		];
	},

	section(m) {
		/** @param {string} db @param {any} d */
		const rows = (db, d) =>
			BRANCHES.map((b) => {
				const f = d.branches[b.key];
				const cost =
					b.key === 'off'
						? ''
						: `${fixed(d.cost[b.key].p50 * 100, 1)} % / ${fixed(d.cost[b.key].mean * 100, 1)} %`;
				return `| ${db} | ${b.label} | ${int(f.sends)} | ${texts(f.texts)} | ${fixed(f.p50Ms)} ms | ${fixed(f.meanMs)} ms | ${cost} |`;
			});
		return [
			`## (m) The memory's cost: ${int(m.items)} v3 SMS each with nothing, Send Once Per, a Per-Number Cap`,
			'',
			"One `n8n execute` run per database, a warm-up branch (not measured) then three branches of the same send, each texting its own numbers: nothing; Send Once Per with a key per item (claimed in batches of up to 100 ahead, the settle wait of each batch overlapping the sends of the one before); a Per-Number Cap of 3 a day (the next 100 items' numbers read ahead and their first texts counted in one write when they had none today or yesterday, as here). Per item: the gaps between a branch's consecutive sends as the sandbox received them, median (p50) and mean; the sandbox records whole milliseconds, so the mean is the finer figure and the aim is judged on it. SQLite is the bench's user folder; PostgreSQL a server started for this part.",
			'',
			'| database | branch | sends | texts once / twice+ / none | per item p50 | per item mean | cost p50 / mean |',
			'|---|---|---:|---:|---:|---:|---:|',
			...rows('SQLite', m.sqlite),
			...rows('PostgreSQL', m.postgres),
		];
	},
};
