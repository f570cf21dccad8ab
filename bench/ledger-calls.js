#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * What each kind of call the compliance ledger makes costs n8n's server (docs/ledger.md, "What a
 * text costs n8n's server"): CPU time of the `n8n start` process (utime + stime of all its
 * threads, from /proc/<pid>/stat) per call and per row, which other processes' load on the machine
 * inflates less than wall time; then a thousand texts of each kind through the ledger's own code.
 * A real n8n 2.41.1 on SQLite (or PostgreSQL with `--postgres`), a ledger table made through the
 * public API, rows shaped as the ledger writes them. `--texts-only` skips the calls one by one,
 * `--dry-run-read` adds reads through an update's dry run beside the GET reads, `--profile=DIR`
 * writes n8n's CPU profile there (and each measurement's time window, windows.json).
 *
 *   node bench/ledger-calls.js [--postgres] [--preload=3000] [--repeat=30] [--texts-only]
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const axios = require('axios').default;
const n8n = require('../scripts/lib/n8n');
const queue = require('../scripts/lib/queue');
const { LEDGER_SCOPES } = require('../scripts/lib/ledger');
require('../scripts/lib/load-ts').install();
const { LEDGER_COLUMNS } = require('../nodes/shared/ledger/columns');

const arg = (/** @type {string} */ name, /** @type {number} */ fallback) => {
	const found = process.argv.find((a) => a.startsWith(`--${name}=`));
	return found ? Number(found.split('=')[1]) : fallback;
};
const POSTGRES = process.argv.includes('--postgres');
const PRELOAD = arg('preload', 3000);
const REPEAT = arg('repeat', 30);
const TICK_MS = 1000 / 100; // USER_HZ

/** CPU milliseconds a process has used so far (all its threads). @param {number} pid */
function cpuMs(pid) {
	const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	// utime and stime are the 14th and 15th fields; `fields` starts at the 3rd.
	return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

let serial = 0;
/** A text's pending row, as `Ledger.claim` writes it (a key and a cap). @param {number} at */
function pendingRow(at) {
	serial++;
	const phone = String(5550000000 + (serial % 100000));
	return {
		kind: 'text',
		at,
		when: new Date(at).toISOString(),
		phone,
		workflow: 'AbCdEfGhIjKlMnOp',
		workflowName: 'Bench (m): v3 SMS, interleaved',
		execution: '1234',
		node: 'Send ledgerCap 3',
		ref: `mhx1abcd${serial.toString(36)}.${serial}`,
		status: 'pending',
		channel: 'SMS',
		sendOnceKey: `bench-ledger-${phone}`,
		capSubject: '',
		capLimit: 3,
		capWindow: phone,
		verdicts: null,
		consent: null,
	};
}

/** Its final row, as `storeOutcomes` writes it: every column, with the verdicts as JSON. */
function finalRow(/** @type {ReturnType<typeof pendingRow>} */ row, /** @type {number} */ id) {
	return {
		...Object.fromEntries(LEDGER_COLUMNS.map((c) => [c.name, null])),
		...row,
		status: 'sent',
		verdicts: JSON.stringify({
			sendWindow: 'off',
			optOuts: 'off',
			sendOnce: 'pass',
			perNumberCap: 'pass: Per-Number Cap',
		}),
		count: 1,
		transactionId: `tx-${row.ref}`,
		reason: null,
		rule: null,
		claim: id,
	};
}

async function main() {
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-calls-'));
	const [port, brokerPort, pgPort] = await Promise.all([
		n8n.freePort(),
		n8n.freePort(),
		n8n.freePort(),
	]);
	/** @type {{ stop: () => Promise<void> } | undefined} */
	let postgres;
	/** @type {Record<string, string>} */
	let env = {};
	if (POSTGRES) {
		const db = { database: 'n8n', user: 'n8n', password: 'ledger-calls' };
		postgres = await queue.startPostgres({
			port: pgPort,
			dir: path.join(os.tmpdir(), `ledger-calls-pg-${pgPort}`),
			...db,
			log: () => {},
		});
		env = {
			DB_TYPE: 'postgresdb',
			DB_POSTGRESDB_HOST: '127.0.0.1',
			DB_POSTGRESDB_PORT: String(pgPort),
			DB_POSTGRESDB_DATABASE: db.database,
			DB_POSTGRESDB_USER: db.user,
			DB_POSTGRESDB_PASSWORD: db.password,
		};
	}
	const profileDir = process.argv.find((a) => a.startsWith('--profile='))?.split('=')[1];
	if (profileDir) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${profileDir}`;
	const server = await n8n.startN8n({ userFolder, port, brokerPort, env });
	try {
		const rest = new n8n.RestClient(server.url);
		await rest.ensureOwner({ email: 'calls@example.com', password: 'LedgerCalls1' });
		const apiKey = await rest.createApiKey(`ledger calls ${Date.now()}`, LEDGER_SCOPES);
		const api = async (
			/** @type {import('axios').Method} */ method,
			/** @type {string} */ p,
			/** @type {{ data?: unknown, params?: unknown }} */ o = {},
		) => {
			const params = /** @type {Record<string, unknown> | undefined} */ (o.params);
			const qs = params
				? `?${Object.entries(params)
						.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
						.join('&')}`
				: '';
			const r = await axios.request({
				method,
				url: `${server.url}/api/v1${p}${qs}`,
				headers: { 'X-N8N-API-KEY': apiKey },
				validateStatus: () => true,
				data: o.data,
			});
			if (r.status >= 400)
				throw new Error(`${method} ${p} -> ${r.status} ${JSON.stringify(r.data)}`);
			return r.data;
		};
		const table = await api('POST', '/data-tables', {
			data: { name: 'Ledger calls', columns: LEDGER_COLUMNS },
		});
		const rows = `/data-tables/${table.id}/rows`;
		const now = Date.now();
		for (let i = 0; i < PRELOAD; i += 100) {
			const batch = Array.from({ length: 100 }, () => pendingRow(now));
			await api('POST', rows, {
				data: { data: batch.map((r) => finalRow(r, 0)), returnType: 'count' },
			});
		}
		/** ids of pending rows written by the pending-insert measurement, for the delete's. */
		/**
		 * Runs `call` REPEAT times; the server's CPU and the wall time per call and per row.
		 * @param {string} what @param {number} perCall rows per call @param {(i: number) => Promise<unknown>} call
		 */
		const measure = async (what, perCall, call) => {
			await call(-1); // warm
			const cpu0 = cpuMs(server.pid);
			const t0 = process.hrtime.bigint();
			for (let i = 0; i < REPEAT; i++) await call(i);
			const wall = Number(process.hrtime.bigint() - t0) / 1e6 / REPEAT;
			const cpu = (cpuMs(server.pid) - cpu0) / REPEAT;
			windows.push({ what, from: Number(t0 / 1000n), to: Number(process.hrtime.bigint() / 1000n) });
			const line = `${what.padEnd(58)} cpu ${cpu.toFixed(2).padStart(7)} ms/call ${((cpu / perCall) * 1000).toFixed(0).padStart(6)} µs/row   wall ${wall.toFixed(2).padStart(7)} ms/call`;
			process.stdout.write(line + '\n');
			return cpu;
		};
		/** @type {Array<{ what: string, from: number, to: number }>} */
		const windows = [];
		process.on('exit', () => {
			if (profileDir)
				fs.writeFileSync(path.join(profileDir, 'windows.json'), JSON.stringify(windows));
		});
		const load = () =>
			os
				.loadavg()
				.map((l) => l.toFixed(2))
				.join(' ');
		process.stdout.write(
			`n8n 2.41.1, ${POSTGRES ? 'PostgreSQL' : 'SQLite'}, table of ${PRELOAD} rows, ${REPEAT} calls each; load ${load()}\n`,
		);
		if (process.argv.includes('--texts-only')) {
			await perText(server, apiKey, load);
			return;
		}
		const idle0 = cpuMs(server.pid);
		await n8n.sleep(3000);
		process.stdout.write(
			`idle: ${((cpuMs(server.pid) - idle0) / 3).toFixed(1)} ms of CPU a second\n`,
		);
		await measure('GET /healthz (no API, no key)', 1, () => axios.get(`${server.url}/healthz`));
		await measure('GET /api/v1/data-tables with a wrong key (401)', 1, () =>
			axios.get(`${server.url}/api/v1/data-tables`, {
				headers: { 'X-N8N-API-KEY': 'wrong' },
				validateStatus: () => true,
			}),
		);
		await measure('GET /data-tables/{id}/columns', 1, () =>
			api('GET', `/data-tables/${table.id}/columns`),
		);
		await measure('GET /data-tables (a call and its key check)', 1, () =>
			api('GET', '/data-tables', { params: { limit: 1 } }),
		);
		const insert = (/** @type {object[]} */ data, returnType = 'count') =>
			api('POST', rows, { data: { data, returnType } });
		for (const n of [1, 10, 100]) {
			await measure(`insert ${n} pending rows (count)`, n, () =>
				insert(Array.from({ length: n }, () => pendingRow(Date.now()))),
			);
		}
		await measure('insert 100 pending rows (all: with their ids)', 100, () =>
			insert(
				Array.from({ length: 100 }, () => pendingRow(Date.now())),
				'all',
			),
		);
		for (const n of [1, 100, 250, 1000]) {
			await measure(`insert ${n} final rows, verdicts JSON (count)`, n, () =>
				insert(Array.from({ length: n }, () => finalRow(pendingRow(Date.now()), 1))),
			);
		}
		const minimal = () => {
			const { verdicts, ...row } = finalRow(pendingRow(Date.now()), 1);
			return Object.fromEntries(Object.entries({ ...row, verdicts }).filter(([, v]) => v !== null));
		};
		await measure('insert 100 final rows, only non-empty columns', 100, () =>
			insert(Array.from({ length: 100 }, minimal)),
		);
		// Ids to delete: rows already in the table, 60 per call.
		const firstId = 1;
		await measure('delete 60 rows by id (or filter in the URL)', 60, (i) =>
			api('DELETE', `${rows}/delete`, {
				params: {
					filter: JSON.stringify({
						type: 'or',
						filters: Array.from({ length: 60 }, (_, j) => ({
							columnName: 'id',
							condition: 'eq',
							value: firstId + (i + 1) * 60 + j,
						})),
					}),
				},
			}),
		);
		await measure('delete 60 rows by id range (gte/lte)', 60, (i) =>
			api('DELETE', `${rows}/delete`, {
				params: {
					filter: JSON.stringify({
						type: 'and',
						filters: [
							{ columnName: 'id', condition: 'gte', value: 5000 + (i + 1) * 60 },
							{ columnName: 'id', condition: 'lt', value: 5000 + (i + 2) * 60 },
						],
					}),
				},
			}),
		);
		/** The `n` numbers of measurement `i`, none of them read before. */
		const numbers = (/** @type {number} */ n, /** @type {number} */ i) =>
			Array.from({ length: n }, (_, j) => String(5550000000 + ((i + 2) * n + j)));
		/** A filter matching rows whose capWindow is any of `values`. */
		const anyCapWindow = (/** @type {string[]} */ values) => ({
			type: 'or',
			filters: values.map((value) => ({ columnName: 'capWindow', condition: 'eq', value })),
		});
		/** A read of `n` numbers' rows, one page, as the node reads them. */
		const readNumbers = (/** @type {number} */ n) => (/** @type {number} */ i) =>
			api('GET', rows, {
				params: {
					limit: 250,
					sortBy: 'id:asc',
					filter: JSON.stringify(anyCapWindow(numbers(n, i))),
				},
			});
		await measure('read: 40 numbers (or on capWindow), one page', 40, readNumbers(40));
		if (process.argv.includes('--dry-run-read')) {
			for (const n of [60, 100, 200]) {
				await measure(`read: ${n} numbers through an update's dry run`, n, (i) =>
					api('PATCH', `${rows}/update`, {
						data: {
							filter: anyCapWindow(numbers(n, i)),
							data: { status: 'pending' },
							dryRun: true,
						},
					}),
				);
			}
			await measure('read: 60 numbers (or on capWindow), one page', 60, readNumbers(60));
		}
		await measure('update 1 row by id', 1, (i) =>
			api('PATCH', `${rows}/update`, {
				data: {
					filter: { type: 'and', filters: [{ columnName: 'id', condition: 'eq', value: 200 + i }] },
					data: { status: 'sent', transactionId: 'tx' },
				},
			}),
		);
		await perText(server, apiKey, load);
		process.stdout.write(`load ${load()}\n`);
	} finally {
		await server.stop();
		if (postgres) {
			await postgres.stop();
			fs.rmSync(path.join(os.tmpdir(), `ledger-calls-pg-${pgPort}`), {
				recursive: true,
				force: true,
			});
		}
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
}

/**
 * A thousand texts through the ledger's own code (nodes/shared/ledger), as the send path records
 * them: claimed a hundred at a time (with a key, a cap, or both) and told what became of them, or,
 * with neither, written at the run's end. The server's CPU per text, and the calls made.
 * @param {{ url: string, pid: number }} server @param {string} apiKey @param {() => string} load
 */
async function perText(server, apiKey, load) {
	const { Ledger } = require('../nodes/shared/ledger');
	const TEXTS = 1000;
	let calls = 0;
	const http = {
		credentials: async () => ({ baseUrl: server.url, apiKey, dataTable: 'Ledger calls' }),
		request: async (/** @type {any} */ call) => {
			calls++;
			const qs = call.qs
				? `?${Object.entries(call.qs)
						.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
						.join('&')}`
				: '';
			const r = await axios.request({
				method: call.method,
				url: `${server.url}/api/v1${call.path}${qs}`,
				data: call.body,
				headers: { 'X-N8N-API-KEY': apiKey },
				validateStatus: () => true,
			});
			if (r.status >= 400) throw new Error(`${call.method} ${call.path} -> ${r.status}`);
			return r.data;
		},
	};
	const outcome = (/** @type {number} */ i) => ({
		status: 'sent',
		at: Date.now(),
		when: new Date().toISOString(),
		verdicts: JSON.stringify({ sendOnce: 'pass', perNumberCap: 'pass: Per-Number Cap' }),
		count: 1,
		transactionId: `tx-${Date.now()}-${i}`,
	});
	let run = 0;
	/** @param {string} what @param {{ key?: boolean, cap?: boolean }} o */
	const scenario = async (what, o) => {
		run++;
		const ledger = await Ledger.open(
			/** @type {any} */ ({
				logger: { warn: (/** @type {string} */ m) => process.stderr.write(`${m}\n`) },
			}),
			{ workflow: 'w', workflowName: 'ledger calls', execution: String(run), node: 'Send' },
			{ http: /** @type {any} */ (http), pause: (/** @type {number} */ ms) => n8n.sleep(ms) },
		);
		const cpu0 = cpuMs(server.pid);
		const calls0 = calls;
		const phone = (/** @type {number} */ i) => String(6000000000 + run * 100000 + i);
		if (!o.key && !o.cap) {
			await ledger.append(
				Array.from({ length: TEXTS }, (_, i) => ({
					kind: /** @type {const} */ ('text'),
					phone: phone(i),
					channel: 'SMS',
					...outcome(i),
				})),
			);
		} else {
			for (let b = 0; b < TEXTS; b += 100) {
				const texts = Array.from({ length: 100 }, (_, i) => ({
					phone: phone(b + i),
					channel: 'SMS',
					...(o.key ? { sendOnceKey: `calls-${run}-${b + i}` } : {}),
					...(o.cap ? { cap: { subject: '', limit: 3 } } : {}),
				}));
				const claims = await ledger.claim(texts, Date.now());
				claims.forEach((claim, i) => ledger.settle(claim.row, outcome(b + i)));
			}
			await ledger.flush();
		}
		const cpu = (cpuMs(server.pid) - cpu0) / TEXTS;
		process.stdout.write(
			`${TEXTS} texts, ${what.padEnd(44)} server cpu ${cpu.toFixed(3)} ms/text, ${((calls - calls0) / (TEXTS / 100)).toFixed(1)} calls per 100 texts; load ${load()}\n`,
		);
	};
	await scenario('with a Send Once key', { key: true });
	await scenario('with a cap', { cap: true });
	await scenario('with a key and a cap', { key: true, cap: true });
	await scenario('with neither (written at the run end)', {});
}

main().catch((e) => {
	process.stderr.write(`${e.stack || e}\n`);
	process.exit(1);
});
