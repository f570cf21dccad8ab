// @ts-check
'use strict';
/**
 * n8n in queue mode on one machine, for test/queue: Redis and PostgreSQL (Debian packages that
 * scripts/setup-system.sh installs) on loopback with throwaway data folders, then one `n8n start` (main), one
 * `n8n webhook` and two `n8n worker` processes sharing them, each with the packed package installed
 * as a community package in its own user folder (as on separate machines; the encryption key is
 * shared through N8N_ENCRYPTION_KEY).
 *
 * Every process runs in its own process group and is killed when this process exits (the
 * bookkeeping of ./processes.js); `stop()` stops them in order (n8n first, then Redis and PostgreSQL).
 *
 * Which process ran what: every n8n process gets `TATANGO_QUEUE_PROCESS=<its name>` and
 * `N8N_BLOCK_ENV_ACCESS_IN_NODE=false`, so a node expression `{{ $env.TATANGO_QUEUE_PROCESS }}`
 * names the process that evaluated it; and workers log `Worker started execution <id>` at info
 * level into their own log file (`workerOf()` reads them).
 */
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const { spawnSync } = require('child_process');
const n8n = require('./n8n');
const { assertPortsFree, startProcess, stopLeftover } = require('./processes');
const { waitFor } = require('./wait');

/**
 * Ports, all in 5900–5999 (other suites use 5678/5679, random e2e ports and 5800+).
 * `TATANGO_QUEUE_PORT_BASE` moves the whole block.
 * @param {number} [base]
 */
function queuePorts(base = Number(process.env.TATANGO_QUEUE_PORT_BASE || 5900)) {
	return {
		redis: base + 1,
		postgres: base + 2,
		sandbox: base + 3,
		main: base + 10,
		mainBroker: base + 11,
		webhook: base + 20,
		webhookBroker: base + 21,
		worker1: base + 30,
		worker1Broker: base + 31,
		worker2: base + 40,
		worker2Broker: base + 41,
		/** `n8n` CLI commands run while the cluster is up (import) get their own broker port. */
		cliBroker: base + 50,
		/** A second webhook process started by a test. */
		webhook2: base + 60,
		webhook2Broker: base + 61,
	};
}

/** @param {string} msg */
const defaultLog = (msg) => process.stdout.write(`${msg}\n`);

// ---------------------------------------------------------------------------------------------
// System packages

/** @returns {string|null} the newest PostgreSQL server's bin folder, e.g. /usr/lib/postgresql/15/bin */
function postgresBinDir() {
	const root = '/usr/lib/postgresql';
	if (!fs.existsSync(root)) return null;
	const versions = fs
		.readdirSync(root)
		.filter(
			(v) =>
				fs.existsSync(path.join(root, v, 'bin', 'postgres')) &&
				fs.existsSync(path.join(root, v, 'bin', 'initdb')),
		)
		.sort((a, b) => Number(b) - Number(a));
	return versions.length ? path.join(root, versions[0], 'bin') : null;
}

/** @returns {string|null} */
function redisServerBin() {
	for (const p of ['/usr/bin/redis-server', '/usr/local/bin/redis-server'])
		if (fs.existsSync(p)) return p;
	return null;
}

// ---------------------------------------------------------------------------------------------
// Servers

/**
 * A probe for `waitFor`: whether Redis on 127.0.0.1:`port` answers PING with PONG now.
 * @param {number} port @returns {Promise<boolean>}
 */
function redisAnswersPing(port) {
	return new Promise((resolve) => {
		const sock = net.connect({ port, host: '127.0.0.1' });
		let buf = '';
		sock.setTimeout(1000, () => {
			sock.destroy();
			resolve(false);
		});
		sock.once('connect', () => sock.write('PING\r\n'));
		sock.on('data', (d) => {
			buf += d;
			if (buf.includes('\r\n')) {
				sock.destroy();
				resolve(buf.startsWith('+PONG'));
			}
		});
		sock.once('error', () => resolve(false));
	});
}

/**
 * @typedef {{ name: string, pid: number, port: number, logFile: string, stop: () => Promise<void> }} ServerHandle
 */

/**
 * Starts redis-server on 127.0.0.1:`port`, no persistence, data in `dir`.
 * @param {{ port: number, dir: string, log?: (s: string) => void }} o
 * @returns {Promise<ServerHandle>}
 */
async function startRedis(o) {
	const bin = redisServerBin();
	if (!bin) throw new Error('redis-server is not installed: run scripts/setup-system.sh');
	fs.mkdirSync(o.dir, { recursive: true });
	const pidFile = path.join(o.dir, 'redis.pid.owner');
	await stopLeftover(pidFile, { cmdPattern: /redis-server/, signal: 'SIGINT' });
	await assertPortsFree([o.port], 'redis');
	const logFile = path.join(o.dir, 'redis.log');
	// No persistence: the data lives as long as the test run.
	const args = [
		'--port',
		String(o.port),
		'--bind',
		'127.0.0.1',
		'--save',
		'',
		'--appendonly',
		'no',
	];
	args.push('--dir', o.dir, '--daemonize', 'no', '--protected-mode', 'yes');
	const proc = startProcess({ command: bin, args, cwd: o.dir, logFile, pidFile, graceMs: 5000 });
	try {
		await waitFor(() => redisAnswersPing(o.port), {
			timeoutMs: 15000,
			intervalMs: 100,
			what: `redis on 127.0.0.1:${o.port}`,
			stopIf: () => proc.exited() && `redis-server ${proc.exited()}`,
		});
	} catch (e) {
		await proc.stop();
		throw new Error(`${e.message}; ${logFile}:\n${readTail(logFile, 20)}`);
	}
	return { name: 'redis', pid: proc.pid, port: o.port, logFile, stop: proc.stop };
}

/** @param {string} file @param {number} n */
function readTail(file, n) {
	try {
		return fs.readFileSync(file, 'utf8').trim().split('\n').slice(-n).join('\n');
	} catch {
		return '';
	}
}

/** @returns {{ uid: number, gid: number } | null} the `postgres` system user when we are root */
function postgresUser() {
	if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
	const r = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
	const g = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
	if (r.status !== 0 || g.status !== 0)
		throw new Error(
			'running as root but there is no `postgres` user (the postgresql package creates it)',
		);
	return { uid: Number(r.stdout.trim()), gid: Number(g.stdout.trim()) };
}

/**
 * Creates a throwaway PostgreSQL cluster in `dir` (owned by the `postgres` user when we are root:
 * PostgreSQL refuses to run as root), starts it on 127.0.0.1:`port` tuned for tests (no fsync),
 * and creates the role and database n8n uses (password auth over TCP).
 * @param {{ port: number, dir: string, database: string, user: string, password: string, log?: (s: string) => void }} o
 * @returns {Promise<ServerHandle & { dataDir: string }>}
 */
async function startPostgres(o) {
	const bin = postgresBinDir();
	if (!bin) throw new Error('PostgreSQL is not installed: run scripts/setup-system.sh');
	const owner = postgresUser();
	const pidFile = path.join(path.dirname(o.dir), `${path.basename(o.dir)}.pid.owner`);
	await stopLeftover(pidFile, { cmdPattern: /postgres/, signal: 'SIGINT' });
	await assertPortsFree([o.port], 'postgres');
	fs.rmSync(o.dir, { recursive: true, force: true });
	fs.mkdirSync(o.dir, { recursive: true, mode: 0o700 });
	const dataDir = path.join(o.dir, 'data');
	const sockDir = path.join(o.dir, 'socket');
	fs.mkdirSync(sockDir);
	const pwFile = path.join(o.dir, 'pw');
	fs.writeFileSync(pwFile, 'postgres\n');
	if (owner) {
		for (const p of [o.dir, sockDir, pwFile]) fs.chownSync(p, owner.uid, owner.gid);
	}
	const asOwner = owner ? { uid: owner.uid, gid: owner.gid } : {};
	const logFile = path.join(o.dir, 'postgres.log');

	const init = spawnSync(
		path.join(bin, 'initdb'),
		[
			'-D',
			dataDir,
			'-U',
			'postgres',
			`--pwfile=${pwFile}`,
			'--auth-local=trust',
			'--auth-host=scram-sha-256',
			'-E',
			'UTF8',
			'--no-locale',
			'--no-sync',
		],
		{ encoding: 'utf8', cwd: o.dir, ...asOwner },
	);
	if (init.status !== 0)
		throw new Error(`initdb failed (exit ${init.status}):\n${init.stderr}\n${init.stdout}`);

	const proc = startProcess({
		command: path.join(bin, 'postgres'),
		args: [
			'-D',
			dataDir,
			'-p',
			String(o.port),
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			`unix_socket_directories=${sockDir}`,
			// Throwaway data: no need to survive a crash, so no waiting for the disk.
			'-c',
			'fsync=off',
			'-c',
			'synchronous_commit=off',
			'-c',
			'full_page_writes=off',
			'-c',
			'max_connections=100',
			'-c',
			'shared_buffers=64MB',
		],
		cwd: o.dir,
		logFile,
		pidFile,
		...(owner || {}),
		// Fast shutdown: disconnects n8n's clients instead of waiting for them.
		stopSignal: 'SIGINT',
		graceMs: 1000,
	});
	const stop = async () => {
		await proc.stop();
		fs.rmSync(o.dir, { recursive: true, force: true });
	};

	const psql = path.join(bin, 'psql');
	/** @param {string} sql */
	const runSql = (sql) =>
		spawnSync(
			psql,
			[
				'-h',
				sockDir,
				'-p',
				String(o.port),
				'-U',
				'postgres',
				'-d',
				'postgres',
				'-v',
				'ON_ERROR_STOP=1',
				'-q',
				'-c',
				sql,
			],
			{
				encoding: 'utf8',
			},
		);
	try {
		await waitFor(() => runSql('SELECT 1').status === 0, {
			timeoutMs: 30000,
			what: `postgres on 127.0.0.1:${o.port}`,
			stopIf: () => proc.exited() && `postgres ${proc.exited()} before it was ready`,
		});
	} catch (e) {
		await stop().catch(() => {});
		throw new Error(`${e.message}; ${logFile}:\n${readTail(logFile, 30)}`);
	}
	const pw = o.password.replace(/'/g, "''");
	for (const sql of [
		`CREATE ROLE "${o.user}" LOGIN PASSWORD '${pw}'`,
		`CREATE DATABASE "${o.database}" OWNER "${o.user}"`,
	]) {
		const r = runSql(sql);
		if (r.status !== 0) {
			await stop();
			throw new Error(`psql ${sql.replace(pw, '***')} failed: ${r.stderr}`);
		}
	}
	return { name: 'postgres', pid: proc.pid, port: o.port, logFile, dataDir, stop };
}

// ---------------------------------------------------------------------------------------------
// n8n in queue mode

/**
 * @typedef {{ name: string, role: 'main'|'webhook'|'worker', userFolder: string, url: string, port: number, logFile: string, server: import('./n8n').N8nServer }} QueueProcess
 * @typedef {{
 *   dir: string, ports: ReturnType<typeof queuePorts>, env: Record<string, string>,
 *   redis: ServerHandle, postgres: ServerHandle,
 *   main: QueueProcess, webhook: QueueProcess, workers: QueueProcess[],
 *   tgz: string, timings: Record<string, number>,
 *   cliOptions: () => import('./n8n').CliOptions,
 *   stop: () => Promise<Record<string, number>>
 * }} QueueCluster
 */

/**
 * Environment shared by every n8n process of the cluster (and the CLI commands run against it).
 * @param {{ ports: ReturnType<typeof queuePorts>, db: { database: string, user: string, password: string }, bullPrefix: string }} o
 */
function clusterEnv(o) {
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: '127.0.0.1',
		QUEUE_BULL_REDIS_PORT: String(o.ports.redis),
		QUEUE_BULL_PREFIX: o.bullPrefix,
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: '127.0.0.1',
		DB_POSTGRESDB_PORT: String(o.ports.postgres),
		DB_POSTGRESDB_DATABASE: o.db.database,
		DB_POSTGRESDB_USER: o.db.user,
		DB_POSTGRESDB_PASSWORD: o.db.password,
		// Production webhooks are answered by the webhook process only.
		N8N_DISABLE_PRODUCTION_MAIN_PROCESS: 'true',
		// The URL n8n shows for production webhooks: the webhook process (the sandbox delivers
		// https loopback URLs over plain http, standing in for a TLS-terminating proxy).
		WEBHOOK_URL: `https://127.0.0.1:${o.ports.webhook}/`,
		// So a workflow can name the process that ran it: {{ $env.TATANGO_QUEUE_PROCESS }}.
		N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false',
		N8N_LOG_LEVEL: 'info',
		N8N_GRACEFUL_SHUTDOWN_TIMEOUT: '5',
		// Keep executions (and their data) so the tests can read them back.
		EXECUTIONS_DATA_SAVE_ON_SUCCESS: 'all',
		EXECUTIONS_DATA_SAVE_ON_ERROR: 'all',
		// n8n 3.0 always runs manual executions (the editor's "Execute workflow") on workers in
		// queue mode; n8n 2.x does so with this setting. Run every queue test as 3.0 will.
		OFFLOAD_MANUAL_EXECUTIONS_TO_WORKERS: 'true',
	};
}

/**
 * Starts one n8n process of the cluster (`n8n start`, `n8n webhook` or `n8n worker`) in a user
 * folder of its own, `<dir>/<name>`, with the packed package installed there as a community package.
 * Its log is `<dir>/<name>.log`.
 * @param {{ name: string, role: 'main'|'webhook'|'worker', port: number, brokerPort: number, dir: string, tgz: string, env: Record<string, string>, workerConcurrency?: number }} o
 * @returns {Promise<QueueProcess>}
 */
async function startQueueProcess(o) {
	const userFolder = path.join(o.dir, o.name);
	await stopLeftover(path.join(userFolder, 'n8n.pid')); // an interrupted earlier run
	fs.rmSync(userFolder, { recursive: true, force: true });
	const logFile = path.join(o.dir, `${o.name}.log`);
	fs.rmSync(logFile, { force: true }); // execution ids start over with each new database
	n8n.installPackage(userFolder, o.tgz);
	/** @type {Record<string, string>} */
	const own = { ...o.env, TATANGO_QUEUE_PROCESS: o.name };
	/** @type {string[]} */
	let command = ['start'];
	if (o.role === 'webhook') command = ['webhook'];
	if (o.role === 'worker') {
		command = ['worker', `--concurrency=${o.workerConcurrency || 5}`];
		Object.assign(own, {
			QUEUE_HEALTH_CHECK_ACTIVE: 'true',
			QUEUE_HEALTH_CHECK_PORT: String(o.port),
			N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
		});
	}
	const server = await n8n.startN8n({
		userFolder,
		port: o.port,
		brokerPort: o.brokerPort,
		webhookUrl: o.env.WEBHOOK_URL,
		command,
		env: own,
		logFile,
	});
	return {
		name: o.name,
		role: o.role,
		userFolder,
		url: server.url,
		port: o.port,
		logFile: server.logFile,
		server,
	};
}

/**
 * Starts Redis, PostgreSQL and n8n in queue mode: main, webhook process, two workers.
 * On failure everything started so far is stopped again.
 * @param {{ tgz: string, dir: string, ports?: ReturnType<typeof queuePorts>, workerConcurrency?: number, env?: Record<string, string>, log?: (s: string) => void }} o
 *   `env`: settings added to every n8n process's (the benchmark's database pool)
 * @returns {Promise<QueueCluster>}
 */
async function startQueueCluster(o) {
	const log = o.log || defaultLog;
	const ports = o.ports || queuePorts();
	/** @type {Record<string, number>} */
	const timings = {};
	/** @template T @param {string} name @param {() => Promise<T>} fn @returns {Promise<T>} */
	const timed = async (name, fn) => {
		const t = Date.now();
		const r = await fn();
		timings[name] = (Date.now() - t) / 1000;
		log(`queue: ${name} in ${timings[name].toFixed(1)}s`);
		return r;
	};
	fs.mkdirSync(o.dir, { recursive: true });
	const db = { database: 'n8n', user: 'n8n', password: 'n8n-queue-test' };
	const env = { ...clusterEnv({ ports, db, bullPrefix: 'tatango-queue' }), ...(o.env || {}) };

	/** @type {Array<() => Promise<void>>} stops, in the order they must run */
	const n8nStops = [];
	/** @type {ServerHandle|undefined} */ let redis;
	/** @type {ServerHandle|undefined} */ let postgres;
	const stopEverything = async () => {
		/** @type {Record<string, number>} */
		const t = {};
		let t0 = Date.now();
		await Promise.all(n8nStops.splice(0).map((s) => s().catch(() => {})));
		t['stop n8n processes'] = (Date.now() - t0) / 1000;
		t0 = Date.now();
		if (redis) await redis.stop().catch(() => {});
		if (postgres) await postgres.stop().catch(() => {});
		t['stop redis and postgres'] = (Date.now() - t0) / 1000;
		return t;
	};

	try {
		// PostgreSQL's data folder must be reachable by the postgres user: a folder of its own in /tmp.
		const pgDir = path.join(os.tmpdir(), `tatango-queue-pg-${ports.postgres}`);
		[redis, postgres] = await timed('start redis and postgres', () =>
			Promise.all([
				startRedis({ port: ports.redis, dir: path.join(o.dir, 'redis'), log }),
				startPostgres({ port: ports.postgres, dir: pgDir, ...db, log }),
			]),
		);

		/**
		 * @param {string} name @param {'main'|'webhook'|'worker'} role @param {number} port @param {number} brokerPort
		 */
		const startProcess = async (name, role, port, brokerPort) => {
			const p = await startQueueProcess({
				name,
				role,
				port,
				brokerPort,
				dir: o.dir,
				tgz: o.tgz,
				env,
				workerConcurrency: o.workerConcurrency,
			});
			n8nStops.push(p.server.stop);
			return p;
		};

		// main first: it creates the schema (migrations) the others expect.
		const main = await timed('start n8n main', () =>
			startProcess('main', 'main', ports.main, ports.mainBroker),
		);
		const [webhook, worker1, worker2] = await timed('start webhook process and two workers', () =>
			Promise.all([
				startProcess('webhook', 'webhook', ports.webhook, ports.webhookBroker),
				startProcess('worker-1', 'worker', ports.worker1, ports.worker1Broker),
				startProcess('worker-2', 'worker', ports.worker2, ports.worker2Broker),
			]),
		);
		return {
			dir: o.dir,
			ports,
			env,
			redis,
			postgres,
			main,
			webhook,
			workers: [worker1, worker2],
			tgz: o.tgz,
			timings,
			cliOptions: () => ({
				userFolder: main.userFolder,
				env: {
					...env,
					TATANGO_QUEUE_PROCESS: 'cli',
					N8N_RUNNERS_BROKER_PORT: String(ports.cliBroker),
					N8N_LOG_LEVEL: 'warn',
				},
			}),
			stop: stopEverything,
		};
	} catch (e) {
		await stopEverything();
		throw e;
	}
}

/**
 * Which worker logged `Worker started execution <id>`, read from the workers' log files.
 * @param {Array<{ name: string, logFile: string }>} workers
 * @returns {Map<string, string[]>} execution id → names of the workers that started it
 */
function executionsByWorker(workers) {
	/** @type {Map<string, string[]>} */
	const map = new Map();
	for (const w of workers) {
		let text = '';
		try {
			text = fs.readFileSync(w.logFile, 'utf8');
		} catch {
			continue;
		}
		for (const m of text.matchAll(/Worker started execution (\d+) \(job/g)) {
			const list = map.get(m[1]) || [];
			list.push(w.name);
			map.set(m[1], list);
		}
	}
	return map;
}

/**
 * @param {Array<{ name: string, logFile: string }>} workers @param {string|number} executionId
 * @param {number} [timeoutMs] the log line may land a moment after the execution is listed
 * @returns {Promise<string[]>} the workers that logged starting it (exactly one when all is well)
 */
async function workersOf(workers, executionId, timeoutMs = 5000) {
	const found = await waitFor(() => executionsByWorker(workers).get(String(executionId)), {
		timeoutMs,
		intervalMs: 100,
		orLast: true,
	});
	return found || [];
}

module.exports = {
	queuePorts,
	postgresBinDir,
	redisServerBin,
	startRedis,
	startPostgres,
	clusterEnv,
	startQueueCluster,
	startQueueProcess,
	executionsByWorker,
	workersOf,
};
