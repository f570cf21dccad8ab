// @ts-check
'use strict';
/**
 * (m) What the memory costs a send (shared/memory, docs/send-once-and-caps.md): v3 SMS with
 * nothing, with Send Once Per (a key per item), and with a Per-Number Cap (3 a day, each number
 * texted once), in interleaved rounds of one `n8n execute` run; then the same two features with the
 * compliance ledger (an n8n Data Table through n8n's public API, `n8n start` beside the run) against
 * the plain send again, in a second run. No limit anywhere; on SQLite (the bench's user folder) and
 * on PostgreSQL (a server of its own, a user folder of its own). Times come from the sandbox's
 * record: each branch's first to last send.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const queue = require('../../scripts/lib/queue');
const { freePortsFrom } = require('../../scripts/lib/processes');
const { intEnv, rounds, choiceEnv } = require('../lib/config');
const { sharedCredentials } = require('../lib/credentials');
const { importWorkflows } = require('../lib/import');
const { executeUnprinted, EXECUTE_TIMEOUT_MS } = require('../lib/execute');
const { LATE_EVENTS } = require('../lib/rateLimited');
const {
	interleavedWorkflow,
	branchSends,
	branchStartUs,
	perRound,
	verdict,
	shown,
	percent,
} = require('../lib/interleaved');
const { fixed, int, mark, texts, median } = require('../lib/format');
const { LEDGER_SCOPES } = require('../../scripts/lib/ledger');
const { processCpuMs } = require('../lib/cpu');

/**
 * Items per branch. A branch of 200 items (0.4 s) held one or two of the machine's stalls of 15 to
 * 75 ms, each 4 to 20 % of the branch: rounds of -54 % to +79 %. Branches of 350 items narrow that.
 */
const PER_ROUND = intEnv('BENCH_MEMORY_BRANCH_ITEMS', 350);
/**
 * Which features run beside the plain send: `all`, `memory` (the per-workflow memory's alone, no
 * `n8n start` beside the run) or `ledger` (the ledger's alone).
 */
const CHOSEN = choiceEnv('BENCH_M_VARIANTS', ['all', 'memory', 'ledger'], 'all');
/** A feature's cost per item, at most this share of a send's time. */
const AIM = 0.05;
const SEND_PATH = '/transactional_messages/send_sms';
const DB = { database: 'n8n', user: 'n8n', password: 'n8n-bench-memory' };

/** The ledger's credential, imported with the others and given its API key once n8n is up. */
const LEDGER = { id: 'benchComplianceLedger', name: 'Bench: compliance ledger (m)' };
const LEDGER_TABLE = 'Tatango Compliance Ledger (bench m)';
/** Its owner, set up on each database's n8n so that an API key can be made. */
const OWNER = { email: 'bench@example.com', password: 'BenchOwner1' };

/**
 * The compliance ledger (an n8n Data Table reached through n8n's public API, docs/ledger.md) beside
 * the per-workflow memory: the same two features with the ledger's credential on the node, so that
 * the Data Table holds the claims and the counts. Their own numbers, like every branch.
 * @type {{ key: string, label: string, ledger?: boolean, parameters: Record<string, any> }[]}
 */
const LEDGER_VARIANTS = [
	{
		key: 'ledgerOnce',
		label: 'Send Once Per, ledger',
		ledger: true,
		parameters: { sendOncePer: '={{ "bench-ledger-" + $json.phone }}' },
	},
	{
		key: 'ledgerCap',
		label: 'Per-Number Cap (3 a day), ledger',
		ledger: true,
		parameters: { perNumberCap: 'custom', perNumberCapLimit: 3 },
	},
];

/** The API key is made once n8n is up; the credential is imported before, with the workflow naming it. */
const UNTIL_N8N_IS_UP = 'made-when-n8n-is-up';

/** @param {string} n8nUrl @param {string} apiKey @returns {import('../lib/credentials').Credential} */
const ledgerCredential = (n8nUrl, apiKey) => ({
	...LEDGER,
	type: 'tatangoComplianceLedgerApi',
	data: { baseUrl: n8nUrl, apiKey, dataTable: LEDGER_TABLE, retentionDays: 1830 },
});

/**
 * n8n started beside `n8n execute` (the ledger's node calls n8n's public API over HTTP), an owner,
 * an API key with the ledger's scopes and the ledger credential re-imported with it; returns `stop`
 * and `cpuMs`, the server's CPU time so far (what the ledger's calls cost n8n, beside the sends).
 * @param {import('../lib/context').Context} ctx @param {string} label
 * @param {() => Promise<import('../../scripts/lib/n8n-server').N8nServer>} start
 * @param {import('../../scripts/lib/n8n').CliOptions} cli
 */
async function withLedger(ctx, label, start, cli) {
	if (!WITH_LEDGER) return { stop: async () => {}, cpuMs: () => NaN };
	const server = await ctx.step(`(m) start n8n for the ledger (${label})`, start);
	try {
		const rest = new n8n.RestClient(server.url);
		await rest.ensureOwner(OWNER);
		const apiKey = await rest.createApiKey(`bench (m) ${Date.now()}`, LEDGER_SCOPES);
		await ctx.step(`(m) the ledger credential with its API key (${label})`, () =>
			n8n.importCredentials([ledgerCredential(server.url, apiKey)], cli),
		);
	} catch (e) {
		await server.stop();
		throw e;
	}
	return { stop: server.stop, cpuMs: () => processCpuMs(server.pid) };
}

/** CPU time of this process's children that have exited (`n8n execute`, with its task runners), in ms. */
function childrenCpuMs() {
	const f = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
	return ((Number(f[13]) + Number(f[14])) * 1000) / 100;
}

/**
 * CPU time over the ledger's `n8n execute` run: the server's (n8n start, answering the ledger's
 * calls) per ledger item and the run's per item. Ledger items are the ledger branches' items, warm-up
 * included.
 * @param {{ cpuMs: () => number }} server @param {() => Promise<unknown>} run
 */
async function cpuOf(server, run) {
	const [server0, execute0] = [server.cpuMs(), childrenCpuMs()];
	await run();
	const ledger = GROUPS.find((g) => g.key === 'ledger');
	const { branches } = ledger ? build(ledger, '') : { branches: [] };
	const items = (/** @type {any[]} */ bs) => bs.reduce((s, b) => s + b.items, 0);
	const ledgerItems = items(branches.filter((b) => onLedger({ key: b.variant })));
	return {
		serverMs: server.cpuMs() - server0,
		executeMs: childrenCpuMs() - execute0,
		ledgerItems,
		items: items(branches),
	};
}

const PLAIN = { key: 'off', label: 'nothing', parameters: {} };

/**
 * The two runs of each database, each its own workflow: the per-workflow memory's features against
 * the plain send, then the ledger's against the plain send again. Apart, because the ledger's
 * branches keep `n8n start` busy after their last send (its rows written at each run's end): in one
 * run with them, the memory's branches that followed a ledger branch shared the machine with that.
 * The memory's figures are the finer (a cost of a few % of a send): 27 rounds, so that the
 * interval is the 8th to the 20th.
 * @type {{ key: 'memory' | 'ledger', letter: string, rounds: number, firstNumber: number, variants: { key: string, label: string, ledger?: boolean, parameters: Record<string, any> }[] }[]}
 */
const GROUPS = [
	{
		key: /** @type {const} */ ('memory'),
		letter: 'm',
		rounds: rounds(27),
		firstNumber: 2063000000,
		variants: [
			PLAIN,
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
		],
	},
	{
		key: /** @type {const} */ ('ledger'),
		letter: 'l',
		rounds: rounds(9),
		firstNumber: 2066000000,
		variants: [PLAIN, ...LEDGER_VARIANTS],
	},
].filter((g) => CHOSEN === 'all' || CHOSEN === g.key);
const FEATURES = GROUPS.flatMap((g) => g.variants.filter((v) => v.key !== 'off'));
/** Whether the ledger's variants run, and so `n8n start` beside their run. */
const WITH_LEDGER = GROUPS.some((g) => g.key === 'ledger');

/** The group a feature is measured in. @param {string} key */
const groupOf = (key) => GROUPS.find((g) => g.variants.some((v) => v.key === key && key !== 'off'));

/**
 * @param {typeof GROUPS[number]} group @param {string} eventsUrl
 * @param {string} [sandboxUrl] marks each branch's start there
 */
const build = (group, eventsUrl, sandboxUrl) =>
	interleavedWorkflow({
		name: `Bench (m): v3 SMS with nothing, Send Once Per, a Per-Number Cap (${group.key === 'ledger' ? 'with the ledger' : 'in memory'}), interleaved`,
		letter: group.letter,
		rounds: group.rounds,
		items: PER_ROUND,
		// The plain send's first measured round after 100 items of warm-up was still its slowest
		// (3.5 to 3.9 ms an item, 2.0 to 2.5 after): its per-item path was not compiled yet.
		warmUpItems: Math.min(PER_ROUND, 250),
		firstNumber: group.firstNumber,
		markerUrl: sandboxUrl,
		variants: group.variants.map((v) => ({
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
					...(v.ledger ? { tatangoComplianceLedgerApi: LEDGER } : {}),
				},
			},
		})),
	});

/** Every branch's sends of each group's run. @param {import('../lib/sandbox').SandboxRecord} record */
function database(record) {
	return Object.fromEntries(GROUPS.map((g) => [g.key, groupRun(record, g)]));
}

/**
 * A group's branches with their sends, and what each did before its first send.
 * @param {import('../lib/sandbox').SandboxRecord} record @param {typeof GROUPS[number]} group
 */
function groupRun(record, group) {
	const { branches } = build(group, '');
	// What a feature does once per run before its first send (Send Once Per's first claim waits its
	// settle time) apart from what it adds to each send: from the branch's start (its marker, after
	// everything the branch before did) to its first send, and from the first send to the last.
	const measured = branches.map((b) => {
		const sends = branchSends(record, b, SEND_PATH);
		return {
			...b,
			...sends,
			upFrontMs: (sends.firstUs - branchStartUs(record, group.letter, branches, b)) / 1000,
		};
	});
	return { branches: measured };
}

/**
 * A feature's cost per item ÷ the plain send's, round by round, in the run of its group.
 * @param {any} d a database's runs @param {string} key
 */
function cost(d, key) {
	const run = d[groupOf(key)?.key ?? 'memory'] ?? d;
	const perItem = Object.fromEntries(
		run.branches.map((/** @type {any} */ b) => [b.name, b.perItemMs]),
	);
	return verdict(
		perRound(run.branches, perItem, (v) => (v[key] - v.off) / v.off),
		0,
		AIM,
	);
}

/** @param {any} run a group's run @param {string} variant */
function total(run, variant) {
	const mine = run.branches.filter((/** @type {any} */ b) => b.variant === variant && b.round >= 0);
	/** @param {string} k */
	const sumTexts = (k) => mine.reduce((s, /** @type {any} */ b) => s + b.texts[k], 0);
	/** @param {string} k */
	const medianOf = (k) => median(mine.map((/** @type {any} */ b) => b[k]));
	return {
		sends: mine.reduce((s, /** @type {any} */ b) => s + b.sends, 0),
		texts: { once: sumTexts('once'), more: sumTexts('more'), none: sumTexts('none') },
		medianMs: medianOf('perItemMs'),
		upFrontMs: medianOf('upFrontMs'),
	};
}

/** The same workflow on PostgreSQL: its own server and user folder. @param {import('../lib/context').Context} ctx */
async function onPostgres(ctx) {
	const [pgPort, cliBroker, n8nPort, brokerPort] = await freePortsFrom(ctx.ports.base + 60, 4);
	const pgDir = path.join(os.tmpdir(), `tatango-bench-memory-pg-${pgPort}`);
	const postgres = await ctx.step('(m) start postgres', () =>
		queue.startPostgres({ port: pgPort, dir: pgDir, ...DB, log: ctx.log }),
	);
	try {
		const userFolder = path.join(ctx.dir, 'n8n-user-postgres');
		n8n.installPackage(userFolder, ctx.tgz);
		const pgEnv = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(pgPort),
			DB_POSTGRESDB_DATABASE: DB.database,
			DB_POSTGRESDB_USER: DB.user,
			DB_POSTGRESDB_PASSWORD: DB.password,
			N8N_LOG_LEVEL: 'warn',
		};
		const cli = { userFolder, env: { ...pgEnv, N8N_RUNNERS_BROKER_PORT: String(cliBroker) } };
		await ctx.step('(m) import credentials and the workflow on postgres', async () => {
			await n8n.importCredentials(
				[
					...sharedCredentials(ctx.tokens.SANDBOX_URL),
					ledgerCredential(`http://127.0.0.1:${n8nPort}`, UNTIL_N8N_IS_UP),
				],
				cli,
			);
		});
		const ids = await importWorkflows(workflowsOf(ctx), cli);
		return await runGroups(ctx, {
			label: 'PostgreSQL',
			ids,
			cli,
			start: () =>
				n8n.startN8n({
					userFolder,
					port: n8nPort,
					brokerPort,
					webhookUrl: `http://127.0.0.1:${n8nPort}/`,
					env: pgEnv,
				}),
			execute: (group, id) =>
				ctx.step(`(m) n8n execute on postgres (${group})`, () =>
					n8n.runN8nCli(['execute', `--id=${id}`, '--rawOutput'], {
						...cli,
						timeoutMs: EXECUTE_TIMEOUT_MS,
						allowFailure: true,
					}),
				),
		});
	} finally {
		await postgres.stop();
	}
}

/** Each group's workflow, by its key. @param {import('../lib/context').SetUpContext} ctx */
const workflowsOf = (ctx) =>
	Object.fromEntries(
		GROUPS.map((g) => [
			g.key,
			build(g, ctx.tokens.EVENTS_URL, String(ctx.tokens.SANDBOX_URL)).workflow,
		]),
	);

/**
 * Each group's run on one database, one after the other, and the sandbox's record of them: the
 * memory's alone, the ledger's with `n8n start` beside it (started for it, stopped after it).
 * @param {import('../lib/context').Context} ctx
 * @param {{ label: string, ids: Record<string, string>, cli: import('../../scripts/lib/n8n').CliOptions, start: () => Promise<import('../../scripts/lib/n8n-server').N8nServer>, execute: (group: string, id: string) => Promise<unknown> }} o
 */
async function runGroups(ctx, o) {
	await ctx.sandbox.reset();
	await ctx.sandbox.config({ ...LATE_EVENTS, maxRecordedRequests: RECORDED });
	let cpu;
	for (const group of GROUPS) {
		if (group.key !== 'ledger') {
			await o.execute(group.key, o.ids[group.key]);
			continue;
		}
		const server = await withLedger(ctx, o.label, o.start, o.cli);
		try {
			cpu = await cpuOf(server, () => o.execute(group.key, o.ids[group.key]));
		} finally {
			await server.stop();
		}
	}
	return { ...database(await ctx.sandbox.inspect()), cpu };
}

/** Every send and branch marker of a database's runs, with room to spare. */
const RECORDED =
	GROUPS.map((g) => build(g, '').branches).reduce(
		(sum, branches) => sum + branches.reduce((s, b) => s + b.items + 1, 0),
		0,
	) + 100;

/** Met when the interval of each of `features` lies under the aim. @param {any} m @param {{ key: string }[]} features */
const met = (m, features) =>
	[m.sqlite, m.postgres].every((d) => features.every((f) => cost(d, f.key).high < AIM));

/** @param {{ key: string }} f */
const onLedger = (f) => LEDGER_VARIANTS.some((v) => v.key === f.key);

/** A group's rounds in a result. @param {any} m @param {string} group */
const roundsIn = (m, group) =>
	m.groups?.find((/** @type {any} */ g) => g.key === group)?.rounds ?? m.rounds;

/**
 * CPU time, which other processes' load does not inflate as it does a rate: n8n's server per ledger
 * item, `n8n execute` per item of the run.
 * @param {string} db @param {any} cpu
 */
function cpuLine(db, cpu) {
	if (!cpu) return `CPU time (${db}): not measured.`;
	const server = Number.isFinite(cpu.serverMs)
		? `n8n's server (answering the ledger's calls) ${fixed(cpu.serverMs / cpu.ledgerItems, 3)} ms per ledger item (${int(cpu.serverMs)} ms over ${int(cpu.ledgerItems)}); `
		: '';
	return `CPU time (${db}): ${server}\`n8n execute\` of the ledger's run with its task runners ${fixed(cpu.executeMs / cpu.items, 3)} ms per item of that run (${int(cpu.executeMs)} ms over ${int(cpu.items)}).`;
}

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'm',
	title: `v3 SMS with nothing, Send Once Per, a Per-Number Cap (${GROUPS.map((g) => `${g.key === 'ledger' ? 'with the ledger' : 'in memory'}: ${g.rounds} interleaved rounds of ${PER_ROUND} items`).join('; then ')}; SQLite, then PostgreSQL)`,
	settings: ['BENCH_MEMORY_BRANCH_ITEMS', 'BENCH_ROUNDS', 'BENCH_M_VARIANTS'],
	credentials: (ctx) => [ledgerCredential(`http://127.0.0.1:${ctx.ports.n8n}`, UNTIL_N8N_IS_UP)],
	workflows: workflowsOf,

	async measure(ctx) {
		const sqlite = await runGroups(ctx, {
			label: 'SQLite',
			ids: ctx.ids,
			cli: ctx.cli,
			start: () => ctx.startN8n({}),
			execute: (_group, id) => executeUnprinted(ctx, id),
		});
		const postgres = await onPostgres(ctx);
		return {
			perRound: PER_ROUND,
			groups: GROUPS.map((g) => ({ key: g.key, rounds: g.rounds })),
			features: FEATURES.map((f) => ({ key: f.key, label: f.label })),
			sqlite,
			postgres,
		};
	},

	summary(m) {
		/** @param {any} d @param {any[]} features */
		const costs = (d, features) =>
			features.map((f) => `${f.key} ${shown(cost(d, f.key), percent)}`).join(', ');
		const memory = m.features.filter((/** @type {any} */ f) => !onLedger(f));
		const ledger = m.features.filter(onLedger);
		/** @param {string} group */
		const of = (group) =>
			`median of ${roundsIn(m, group)} interleaved rounds of ${int(m.perRound)} v3 SMS a branch`;
		return [
			memory.length > 0 &&
				`| (m) | per-workflow memory: each feature's cost per item ÷ a send's time (${of('memory')}), SQLite; PostgreSQL | ${costs(m.sqlite, memory)}; ${costs(m.postgres, memory)} | < 5 % | ${mark(met(m, memory))} |`,
			ledger.length > 0 &&
				`| (m) | the compliance ledger (n8n Data Table through n8n's public API): the same features with the ledger (${of('ledger')}), SQLite; PostgreSQL | ${costs(m.sqlite, ledger)}; ${costs(m.postgres, ledger)} | < 5 % | ${mark(met(m, ledger))} |`,
		].filter((row) => typeof row === 'string');
	},

	section(m) {
		/** @param {string} db @param {any} d */
		const rows = (db, d) =>
			m.groups.flatMap((/** @type {any} */ g) =>
				[
					{ key: 'off', label: g.key === 'ledger' ? 'nothing (beside the ledger)' : 'nothing' },
					...m.features.filter((/** @type {any} */ f) => onLedger(f) === (g.key === 'ledger')),
				].map((/** @type {any} */ f) => {
					const t = total(d[g.key], f.key);
					const c = f.key === 'off' ? '' : shown(cost(d, f.key), percent);
					return `| ${db} | ${f.label} | ${int(t.sends)} | ${texts(t.texts)} | ${fixed(t.upFrontMs, 1)} ms | ${fixed(t.medianMs, 3)} ms | ${c} |`;
				}),
			);
		const runs = m.groups
			.map(
				(/** @type {any} */ g) =>
					`${g.key === 'ledger' ? 'with the ledger' : 'in memory'}: ${g.rounds} rounds`,
			)
			.join(', then ');
		return [
			`## (m) The memory's and the ledger's cost: v3 SMS with nothing, Send Once Per, a Per-Number Cap, in interleaved rounds of ${int(m.perRound)} items a branch (${runs})`,
			'',
			"Two `n8n execute` runs per database, each its own workflow: the plain send, Send Once Per and the cap in the workflow's memory; then the plain send again and the same two features with the compliance ledger. Apart, because the ledger's branches keep `n8n start` busy after their last send (their rows are written at each run's end), which branches of the memory after them shared. " +
				`In each run a warm-up branch per variant (not measured), then rounds of ${int(m.perRound)} items per variant, in the order nothing, Send Once Per, cap in odd rounds and the reverse in even ones, each branch texting its own numbers. ` +
				"Send Once Per has a key per item (claimed in batches of 200, two batches ahead, each batch's keys read a few at a time between the sends' answers, the settle wait of each batch overlapping the sends of the two before); the Per-Number Cap is 3 a day (the numbers of 100 items read ahead in one go and their first texts counted in one write when they had none today or yesterday, as here; the next 100 while the current ones send). " +
				"Before the first send: from the branch's start (a call to the sandbox that opens each branch, after everything the branch before did) to its first send, once per run whatever its size (the plain send's is making the branch's items and starting the node; Send Once Per's first claim adds its settle time, at least 150 ms). Per item: a branch's first to last send as the sandbox received them (its microsecond clock) ÷ its sends; a feature's cost is, round by round, its branch's time per item over the plain send's of the same round, minus one, reported as the median of the rounds with its interval (lib/interleaved.js). SQLite is the bench's user folder; PostgreSQL a server started for this part. " +
				"The ledger's branches carry a Tatango Compliance Ledger API credential: the same features, with their claims and counts in an n8n Data Table through n8n's public API (docs/ledger.md), so `n8n start` runs on the same database beside that `n8n execute` for the whole run (an owner and an API key with the ledger's scopes made on it); its table is made by the first ledger branch (the warm-up).",
			'',
			'| database | branch | sends | texts once / twice+ / none | before the first send (median round) | per item after it (median round) | cost per item: median (interval) |',
			'|---|---|---:|---:|---:|---:|---|',
			...rows('SQLite', m.sqlite),
			...rows('PostgreSQL', m.postgres),
			...(m.groups?.some((/** @type {any} */ g) => g.key === 'ledger')
				? [
						'',
						...[
							['SQLite', m.sqlite],
							['PostgreSQL', m.postgres],
						].map(([db, d]) => cpuLine(String(db), d.cpu)),
					]
				: []),
		];
	},
};
