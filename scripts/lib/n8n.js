// @ts-check
'use strict';
/**
 * Drives a real n8n (installed into the cache by ./n8n-install.js) with this package loaded as a
 * community package: pack, install into a user folder, import credentials and workflows, execute
 * them headless, start/stop a server, talk to its REST API. Used by the playground
 * (scripts/playground.js), the e2e suite (test/e2e) and later the benchmark and queue-mode tests.
 *
 * Every process started here runs in its own process group and is killed when this process exits
 * (also on failure); `stopAll()` stops them explicitly.
 */
const fs = require('fs');
const os = require('os');
const net = require('net');
const path = require('path');
const crypto = require('crypto');
const { spawn, spawnSync } = require('child_process');
const axios = require('axios').default;
const { ensureN8n, paths: installPaths, cleanNpmEnv } = require('./n8n-install');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const PKG = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const PACKAGE_NAME = /** @type {string} */ (PKG.name);
/** Fixed so the credentials imported by the CLI and a server started later agree. */
const DEFAULT_ENCRYPTION_KEY = 'n8n-nodes-tatango-local-test-key';
/** Same value on every request of one client: n8n ties its auth cookie to a browser id. */
const BROWSER_ID = 'n8n-nodes-tatango-harness';

/** @typedef {{ userFolder: string, env?: Record<string, string|number|boolean|undefined>, timeoutMs?: number, allowFailure?: boolean, log?: (s: string) => void }} CliOptions */
/** @typedef {{ code: number|null, signal: string|null, stdout: string, stderr: string, ms: number }} CliResult */

// ---------------------------------------------------------------------------------------------
// Process bookkeeping: every child is a group leader; all groups die with us.

/** @type {Set<number>} */
const liveGroups = new Set();
let exitHookInstalled = false;

/** @param {number} pid */
function track(pid) {
	liveGroups.add(pid);
	if (!exitHookInstalled) {
		exitHookInstalled = true;
		process.on('exit', () => {
			for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
		});
		// Children run in their own process groups, so a Ctrl-C in the terminal does not reach
		// them. When nobody else handles the signal (a plain script, jest), pass it on to them and
		// then die of it as the process would have; a program with its own handler (the
		// playground) stops them itself.
		for (const sig of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
			const onSignal = () => {
				if (process.listenerCount(sig) > 1) return;
				for (const pgid of liveGroups) killGroup(pgid, 'SIGTERM');
				process.removeListener(sig, onSignal);
				process.kill(process.pid, sig);
			};
			process.on(sig, onSignal);
		}
	}
}

/** @param {number} pgid @param {NodeJS.Signals} signal @returns {boolean} whether it was there */
function killGroup(pgid, signal) {
	try {
		process.kill(-pgid, signal);
		return true;
	} catch {
		return false;
	}
}

/** @param {number} pid */
function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * SIGTERM the group, wait up to `graceMs` for the leader to exit, then SIGKILL the group.
 * @param {number} pgid @param {number} [graceMs]
 */
async function stopGroup(pgid, graceMs = 15000) {
	if (!killGroup(pgid, 'SIGTERM')) {
		liveGroups.delete(pgid);
		return;
	}
	const deadline = Date.now() + graceMs;
	while (Date.now() < deadline && isAlive(pgid)) await sleep(200);
	killGroup(pgid, 'SIGKILL'); // leftovers of the group (task runners) too
	liveGroups.delete(pgid);
}

/** Stops every process this module started and that still runs. */
async function stopAll() {
	await Promise.all([...liveGroups].map((g) => stopGroup(g, 5000)));
}

// ---------------------------------------------------------------------------------------------
// Ports

/** @returns {Promise<number>} a TCP port that was free on 127.0.0.1 a moment ago */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => resolve(port));
		});
	});
}

/** @param {number} port @returns {Promise<boolean>} */
function portInUse(port) {
	return new Promise((resolve) => {
		const sock = net.connect({ port, host: '127.0.0.1' });
		sock.once('connect', () => {
			sock.destroy();
			resolve(true);
		});
		sock.once('error', () => resolve(false));
	});
}

// ---------------------------------------------------------------------------------------------
// Package

/**
 * `npm pack` of the built package into a temp folder. `npm run build` must have run.
 * @param {{ outDir?: string }} [options]
 * @returns {string} path of the .tgz
 */
function packPackage(options = {}) {
	for (const f of [...PKG.n8n.nodes, ...PKG.n8n.credentials]) {
		if (!fs.existsSync(path.join(REPO_ROOT, f))) {
			throw new Error(`${f} is missing: run \`npm run build\` before packing`);
		}
	}
	const outDir = options.outDir || fs.mkdtempSync(path.join(os.tmpdir(), 'tatango-pack-'));
	fs.mkdirSync(outDir, { recursive: true });
	const res = spawnSync('npm', ['pack', '--json', '--pack-destination', outDir], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
		env: { ...process.env, npm_config_ignore_scripts: 'true' },
	});
	if (res.status !== 0) throw new Error(`npm pack failed:\n${res.stderr}`);
	const info = JSON.parse(res.stdout.slice(res.stdout.indexOf('[')));
	return path.join(outDir, info[0].filename);
}

/**
 * Lays the packed package out as n8n's Community Nodes install does: the package under
 * `<userFolder>/.n8n/nodes/node_modules/<name>` and listed in `<userFolder>/.n8n/nodes/package.json`.
 * @param {string} userFolder @param {string} tgz
 * @returns {{ dir: string, name: string, version: string }}
 */
function installPackage(userFolder, tgz) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	const tar = spawnSync('tar', ['-xzf', tgz, '-C', target, '--strip-components=1'], {
		encoding: 'utf8',
	});
	if (tar.status !== 0) throw new Error(`tar -xzf ${tgz} failed: ${tar.stderr}`);
	const pkg = JSON.parse(fs.readFileSync(path.join(target, 'package.json'), 'utf8'));

	const manifest = path.join(nodesDir, 'package.json');
	/** @type {{ name: string, private: boolean, dependencies: Record<string,string> }} */
	let nodesPkg = { name: 'installed-nodes', private: true, dependencies: {} };
	if (fs.existsSync(manifest)) nodesPkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
	nodesPkg.dependencies = { ...(nodesPkg.dependencies || {}), [pkg.name]: pkg.version };
	fs.writeFileSync(manifest, JSON.stringify(nodesPkg, null, 2) + '\n');

	// A community package may have runtime dependencies (this one has none today): npm would
	// install them next to it, so do the same.
	if (pkg.dependencies && Object.keys(pkg.dependencies).length) {
		const res = spawnSync(
			'npm',
			[
				'install',
				'--omit=dev',
				'--omit=peer',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--no-package-lock',
			],
			{ cwd: target, encoding: 'utf8', env: cleanNpmEnv() },
		);
		if (res.status !== 0)
			throw new Error(`installing dependencies of ${pkg.name} failed:\n${res.stderr}`);
	}
	return { dir: target, name: pkg.name, version: pkg.version };
}

// ---------------------------------------------------------------------------------------------
// Environment and CLI

/**
 * Environment for an n8n process on `userFolder`.
 * @param {string} userFolder
 * @param {Record<string, string|number|boolean|undefined>} [extra] overrides (undefined deletes)
 * @returns {Record<string,string>}
 */
function n8nEnv(userFolder, extra = {}) {
	const { nodeBin } = installPaths();
	/** @type {Record<string, string|number|boolean|undefined>} */
	const env = {
		...cleanNpmEnv(),
		PATH: `${path.dirname(nodeBin)}${path.delimiter}${process.env.PATH}`,
		// Jest sets NODE_ENV=test, under which n8n refuses to load community packages; unset
		// means "development" to n8n. Run it as the published Docker image does.
		NODE_ENV: 'production',
		JEST_WORKER_ID: undefined,
		N8N_USER_FOLDER: userFolder,
		N8N_ENCRYPTION_KEY: DEFAULT_ENCRYPTION_KEY,
		DB_TYPE: 'sqlite',
		DB_SQLITE_POOL_SIZE: 2,
		N8N_LISTEN_ADDRESS: '127.0.0.1',
		N8N_HOST: '127.0.0.1',
		N8N_PORT: 5678,
		N8N_PROTOCOL: 'http',
		N8N_RUNNERS_BROKER_PORT: 5679,
		N8N_RUNNERS_BROKER_LISTEN_ADDRESS: '127.0.0.1',
		N8N_SECURE_COOKIE: false,
		N8N_DIAGNOSTICS_ENABLED: false,
		N8N_PERSONALIZATION_ENABLED: false,
		N8N_VERSION_NOTIFICATIONS_ENABLED: false,
		N8N_TEMPLATES_ENABLED: false,
		N8N_HIRING_BANNER_ENABLED: false,
		N8N_DIAGNOSTICS_CONFIG_FRONTEND: '',
		N8N_DIAGNOSTICS_CONFIG_BACKEND: '',
		EXTERNAL_FRONTEND_HOOKS_URLS: '',
		N8N_COMMUNITY_PACKAGES_ENABLED: true,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: false,
		N8N_LOG_LEVEL: 'warn',
		N8N_LOG_OUTPUT: 'console',
		N8N_NO_COLOR: true,
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		...extra,
	};
	/** @type {Record<string,string>} */
	const out = {};
	for (const [k, v] of Object.entries(env)) if (v !== undefined) out[k] = String(v);
	return out;
}

/**
 * Runs `n8n <args>` (Node 24, the cached n8n) to completion.
 * @param {string[]} args
 * @param {CliOptions} options
 * @returns {Promise<CliResult>}
 */
async function runN8nCli(args, options) {
	const p = installPaths();
	const env = n8nEnv(options.userFolder, options.env || {});
	const timeoutMs = options.timeoutMs || 120000;
	const started = Date.now();
	const child = spawn(p.nodeBin, [p.n8nBin, ...args], {
		cwd: options.userFolder,
		env,
		detached: true,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	if (child.pid) track(child.pid);
	let stdout = '';
	let stderr = '';
	child.stdout.on('data', (d) => (stdout += d));
	child.stderr.on('data', (d) => (stderr += d));
	const timer = setTimeout(() => child.pid && killGroup(child.pid, 'SIGKILL'), timeoutMs);
	/** @type {[number|null, NodeJS.Signals|null]} */
	const [code, signal] = await new Promise((resolve, reject) => {
		child.on('error', reject);
		child.on('close', (c, s) => resolve([c, s]));
	});
	clearTimeout(timer);
	if (child.pid) {
		killGroup(child.pid, 'SIGKILL'); // e.g. a task runner the CLI left behind
		liveGroups.delete(child.pid);
	}
	const res = { code, signal, stdout, stderr, ms: Date.now() - started };
	if (code !== 0 && !options.allowFailure) {
		const why = signal
			? `killed by ${signal}${Date.now() - started >= timeoutMs ? ' (timeout)' : ''}`
			: `exit ${code}`;
		const err = new Error(
			`n8n ${args.join(' ')} failed (${why}):\n${lastLines(stderr + '\n' + stdout, 40)}`,
		);
		Object.assign(err, { result: res });
		throw err;
	}
	return res;
}

/** @param {string} s @param {number} n */
function lastLines(s, n) {
	return s.trim().split('\n').slice(-n).join('\n');
}

/** @param {string} prefix @param {unknown} data @returns {string} */
function writeTemp(prefix, data) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), `tatango-${prefix}-`));
	const file = path.join(dir, `${prefix}.json`);
	fs.writeFileSync(file, JSON.stringify(data, null, 2));
	return file;
}

/** @returns {string} an id of the shape n8n uses (16 alphanumerics) */
function newId() {
	const abc = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
	return Array.from(crypto.randomBytes(16), (b) => abc[b % abc.length]).join('');
}

/**
 * `n8n import:credentials`. Each entry: `{ id?, name, type, data: {...} }` (data in clear: n8n
 * encrypts it with the instance's key on import).
 * @param {Array<{ id?: string, name: string, type: string, data: Record<string, unknown> }>} list
 * @param {CliOptions} options
 * @returns {Promise<Array<{ id: string, name: string, type: string }>>}
 */
async function importCredentials(list, options) {
	const withIds = list.map((c) => ({ id: c.id || newId(), ...c }));
	const file = writeTemp('credentials', withIds);
	try {
		await runN8nCli(['import:credentials', `--input=${file}`], options);
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true });
	}
	return withIds.map(({ id, name, type }) => ({ id, name, type }));
}

/**
 * `n8n import:workflow`. Gives the workflow an id when it has none. Returns the id.
 * @param {Record<string, any>} workflow
 * @param {CliOptions} options
 * @returns {Promise<string>}
 */
async function importWorkflow(workflow, options) {
	/** @type {Record<string, any>} */
	const wf = { active: false, settings: {}, connections: {}, ...workflow };
	if (!wf.id) wf.id = newId();
	const file = writeTemp('workflow', wf);
	try {
		await runN8nCli(['import:workflow', `--input=${file}`], options);
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true });
	}
	return wf.id;
}

/**
 * Pulls the JSON document that `n8n execute --rawOutput` prints out of stdout (log lines may
 * surround it).
 * @param {string} stdout
 */
function parseRawOutput(stdout) {
	const lines = stdout.split('\n');
	for (let i = 0; i < lines.length; i++) {
		if (!/^[{[]/.test(lines[i])) continue;
		for (let j = lines.length; j > i; j--) {
			if (!/^[}\]]/.test(lines[j - 1] || '')) continue;
			try {
				return JSON.parse(lines.slice(i, j).join('\n'));
			} catch {
				/* try a shorter span */
			}
		}
	}
	throw new Error(`no JSON in n8n execute output:\n${lastLines(stdout, 30)}`);
}

/**
 * The items (their `json`) one node produced in a run, by default the last node executed.
 * @param {any} run the IRun that `n8n execute --rawOutput` prints
 * @param {string} [nodeName]
 * @param {number} [output] output index (default 0)
 * @returns {Array<Record<string, any>>}
 */
function nodeItems(run, nodeName, output = 0) {
	const resultData = run && run.data && run.data.resultData;
	if (!resultData) throw new Error('not a workflow run: ' + JSON.stringify(run).slice(0, 300));
	const name = nodeName || resultData.lastNodeExecuted;
	const runs = resultData.runData[name];
	if (!runs)
		throw new Error(
			`node "${name}" did not run; ran: ${Object.keys(resultData.runData).join(', ')}`,
		);
	const last = runs[runs.length - 1];
	const items = (last.data && last.data.main && last.data.main[output]) || [];
	return items.map((/** @type {any} */ i) => i.json);
}

/**
 * `n8n execute --id=ID --rawOutput`. Resolves with the run (IRun), its last node's items and
 * the error, if the workflow failed (then `n8n execute` exits non-zero).
 * @param {string} id
 * @param {CliOptions} options
 * @returns {Promise<{ run: any, items: Array<Record<string, any>>, error: any, ms: number, stdout: string, stderr: string }>}
 */
async function executeWorkflow(id, options) {
	// A failed run is only logged (at info level, as JSON), and the command still exits 0.
	const res = await runN8nCli(['execute', `--id=${id}`, '--rawOutput'], {
		...options,
		env: { N8N_LOG_LEVEL: 'info', ...(options.env || {}) },
		allowFailure: true,
	});
	let run;
	try {
		run = parseRawOutput(res.stdout);
	} catch (e) {
		throw new Error(
			`n8n execute --id=${id} (exit ${res.code}): ${e.message}\nstderr:\n${lastLines(res.stderr, 30)}`,
		);
	}
	const isRun = run && run.data && run.data.resultData;
	const error = isRun ? run.data.resultData.error || null : run;
	let items = [];
	if (isRun && run.data.resultData.lastNodeExecuted) {
		try {
			items = nodeItems(run);
		} catch {
			items = [];
		}
	}
	return { run, items, error, ms: res.ms, stdout: res.stdout, stderr: res.stderr };
}

/**
 * `n8n publish:workflow --id=ID`: marks the workflow published (active) in the database. A
 * running `n8n start` only picks that up at its next start; to activate on a running server use
 * `RestClient.activateWorkflow`.
 * @param {string} id @param {CliOptions} options
 */
function publishWorkflow(id, options) {
	return runN8nCli(['publish:workflow', `--id=${id}`], options);
}

/**
 * `n8n export:nodes`: the descriptions of every node type n8n loaded.
 * @param {CliOptions} options
 * @returns {Promise<Array<Record<string, any>>>}
 */
async function exportNodes(options) {
	const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tatango-nodes-')), 'nodes.json');
	try {
		await runN8nCli(['export:nodes', `--output=${file}`], options);
		return JSON.parse(fs.readFileSync(file, 'utf8'));
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true });
	}
}

/**
 * The credential types n8n knows, read from the same loader n8n uses (`export:nodes` lists
 * nodes only). Reads `<userFolder>/.n8n/nodes` the way n8n's LoadNodesAndCredentials does,
 * through n8n-core's PackageDirectoryLoader of the cached n8n.
 * @param {CliOptions} options
 * @returns {Promise<string[]>}
 */
async function exportCredentialTypes(options) {
	const p = installPaths();
	const script = `
		const { PackageDirectoryLoader } = require(require.resolve('n8n-core', { paths: [${JSON.stringify(path.dirname(p.n8nBin))}] }));
		(async () => {
			const dir = ${JSON.stringify(path.join(options.userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME))};
			const loader = new PackageDirectoryLoader(dir);
			await loader.loadAll();
			process.stdout.write(JSON.stringify(Object.keys(loader.known.credentials).map((n) => loader.packageName + '.' + n).concat(Object.keys(loader.credentialTypes))));
		})().catch((e) => { console.error(e); process.exit(1); });`;
	const res = spawnSync(p.nodeBin, ['-e', script], {
		encoding: 'utf8',
		env: n8nEnv(options.userFolder),
	});
	if (res.status !== 0) throw new Error(`loading credentials failed: ${res.stderr}`);
	return JSON.parse(res.stdout);
}

// ---------------------------------------------------------------------------------------------
// Server

/**
 * @typedef {{
 *   userFolder: string, port?: number, brokerPort?: number, webhookUrl?: string,
 *   env?: Record<string, string|number|boolean|undefined>, command?: string[],
 *   logFile?: string, timeoutMs?: number, log?: (s: string) => void
 * }} StartOptions
 * @typedef {{ url: string, port: number, brokerPort: number, webhookUrl: string, pid: number, logFile: string, stop: () => Promise<void> }} N8nServer
 */

/**
 * Starts `n8n start` (or `command`) and waits until `/healthz/readiness` answers 200. A pid file
 * in the user folder lets the next start stop a leftover of an earlier run on the same folder.
 * @param {StartOptions} o
 * @returns {Promise<N8nServer>}
 */
async function startN8n(o) {
	const p = installPaths();
	if (!fs.existsSync(p.n8nBin)) throw new Error('n8n is not installed: run `npm run n8n:install`');
	const port = o.port || 5678;
	const brokerPort = o.brokerPort || port + 1;
	const webhookUrl = o.webhookUrl || `https://127.0.0.1:${port}/`;
	fs.mkdirSync(o.userFolder, { recursive: true });
	const pidFile = path.join(o.userFolder, 'n8n.pid');
	await stopLeftover(pidFile);
	for (const pt of [port, brokerPort]) {
		if (await portInUse(pt))
			throw new Error(
				`port ${pt} is in use on 127.0.0.1: stop what runs there or pick another port`,
			);
	}
	const logFile = o.logFile || path.join(o.userFolder, 'n8n.log');
	const out = fs.openSync(logFile, 'a');
	const env = n8nEnv(o.userFolder, {
		N8N_PORT: port,
		N8N_RUNNERS_BROKER_PORT: brokerPort,
		WEBHOOK_URL: webhookUrl,
		// n8n 2.x builds test-webhook URLs from N8N_WEBHOOK_URL, else from the editor's (http) address:
		// the Tatango Trigger registers its test URL on a list only when it is https.
		N8N_WEBHOOK_URL: webhookUrl,
		N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
		...(o.env || {}),
	});
	const args = o.command || ['start'];
	const child = spawn(p.nodeBin, [p.n8nBin, ...args], {
		cwd: o.userFolder,
		env,
		detached: true,
		stdio: ['ignore', out, out],
	});
	fs.closeSync(out);
	const pid = /** @type {number} */ (child.pid);
	track(pid);
	fs.writeFileSync(pidFile, String(pid));
	let exited = /** @type {string|null} */ (null);
	child.on('exit', (c, s) => (exited = s ? `signal ${s}` : `exit ${c}`));

	const url = `http://127.0.0.1:${port}`;
	const stop = async () => {
		await stopGroup(pid);
		try {
			if (fs.readFileSync(pidFile, 'utf8') === String(pid)) fs.rmSync(pidFile);
		} catch {
			/* gone */
		}
	};
	const deadline = Date.now() + (o.timeoutMs || 180000);
	for (;;) {
		if (exited) {
			await stop();
			throw new Error(
				`n8n ${args.join(' ')} ${exited} before it was ready; ${logFile}:\n${lastLines(readSafe(logFile), 40)}`,
			);
		}
		try {
			const r = await axios.get(`${url}/healthz/readiness`, {
				timeout: 2000,
				validateStatus: () => true,
			});
			if (r.status === 200) break;
		} catch {
			/* not listening yet */
		}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(
				`n8n was not ready within ${(o.timeoutMs || 180000) / 1000}s; ${logFile}:\n${lastLines(readSafe(logFile), 40)}`,
			);
		}
		await sleep(500);
	}
	return { url, port, brokerPort, webhookUrl, pid, logFile, stop };
}

/** @param {string} f */
function readSafe(f) {
	try {
		return fs.readFileSync(f, 'utf8');
	} catch {
		return '';
	}
}

/**
 * Stops the process group named in a pid file left by an earlier run, if the pid still names such
 * a process. `signal` is sent first (e.g. SIGINT: PostgreSQL's fast shutdown), and the group is
 * then stopped as usual.
 * @param {string} pidFile
 * @param {{ cmdPattern?: RegExp, signal?: NodeJS.Signals }} [o]
 */
async function stopLeftover(pidFile, o = {}) {
	const cmdPattern = o.cmdPattern || /n8n|sandbox/;
	let pid = 0;
	try {
		pid = Number(fs.readFileSync(pidFile, 'utf8'));
	} catch {
		return;
	}
	if (pid && isAlive(pid) && cmdPattern.test(readSafe(`/proc/${pid}/cmdline`))) {
		if (o.signal) {
			try {
				process.kill(pid, o.signal);
			} catch {
				/* gone */
			}
			const deadline = Date.now() + 10000;
			while (Date.now() < deadline && isAlive(pid)) await sleep(100);
		}
		await stopGroup(pid, 10000);
	}
	fs.rmSync(pidFile, { force: true });
}

// ---------------------------------------------------------------------------------------------
// REST API (owner account, executions, activation)

class RestClient {
	/**
	 * @param {string} url base URL of the n8n server
	 * @param {string} [cookie] an `n8n-auth=...` cookie from an earlier login (n8n limits logins
	 *   to 5 a minute per e-mail, so tests share one)
	 */
	constructor(url, cookie = '') {
		this.url = url.replace(/\/+$/, '');
		this.cookie = cookie;
	}

	/**
	 * @param {import('axios').Method} method @param {string} p @param {unknown} [data]
	 * @returns {Promise<any>} the `data` of n8n's `{ data }` answer
	 */
	async request(method, p, data) {
		const r = await axios.request({
			method,
			url: `${this.url}${p}`,
			data,
			headers: { 'browser-id': BROWSER_ID, ...(this.cookie ? { cookie: this.cookie } : {}) },
			validateStatus: () => true,
			timeout: 30000,
		});
		const setCookie = r.headers['set-cookie'];
		if (setCookie) {
			const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
			if (auth) this.cookie = auth;
		}
		if (r.status >= 400) {
			const err = new Error(
				`${method} ${p} -> ${r.status} ${JSON.stringify(r.data).slice(0, 500)}`,
			);
			Object.assign(err, { status: r.status, body: r.data });
			throw err;
		}
		return r.data && typeof r.data === 'object' && 'data' in r.data ? r.data.data : r.data;
	}

	/** @returns {Promise<boolean>} */
	async isOwnerSetUp() {
		const s = await this.request('GET', '/rest/settings');
		return Boolean(s.userManagement && s.userManagement.showSetupOnFirstLoad === false);
	}

	/**
	 * Creates the owner account if the instance has none, then logs in.
	 * @param {{ email: string, password: string, firstName?: string, lastName?: string }} owner
	 */
	async ensureOwner(owner) {
		if (!(await this.isOwnerSetUp())) {
			await this.request('POST', '/rest/owner/setup', {
				email: owner.email,
				password: owner.password,
				firstName: owner.firstName || 'Local',
				lastName: owner.lastName || 'Owner',
			});
		}
		await this.login(owner.email, owner.password);
	}

	/** @param {string} email @param {string} password */
	async login(email, password) {
		return this.request('POST', '/rest/login', { emailOrLdapLoginId: email, password });
	}

	/** @param {string} workflowId @returns {Promise<any[]>} newest first */
	async listExecutions(workflowId) {
		const q = encodeURIComponent(JSON.stringify({ workflowId }));
		const d = await this.request('GET', `/rest/executions?filter=${q}&limit=100`);
		return d.results || d;
	}

	/**
	 * One execution with its run data parsed (n8n's REST sends it `flatted`-encoded).
	 * @param {string} id
	 */
	async getExecution(id) {
		const e = await this.request('GET', `/rest/executions/${id}`);
		if (e && typeof e.data === 'string') e.data = unflatten(e.data);
		return e;
	}

	/**
	 * Waits for an execution of `workflowId` newer than `sinceId` that has finished.
	 * @param {string} workflowId @param {{ afterId?: string|number, timeoutMs?: number }} [o]
	 */
	async waitForExecution(workflowId, o = {}) {
		const deadline = Date.now() + (o.timeoutMs || 30000);
		for (;;) {
			const list = await this.listExecutions(workflowId);
			const done = list.find(
				(e) =>
					(o.afterId === undefined || Number(e.id) > Number(o.afterId)) &&
					e.status !== 'running' &&
					e.status !== 'new',
			);
			if (done) return this.getExecution(done.id);
			if (Date.now() > deadline)
				throw new Error(`no finished execution of ${workflowId} within ${o.timeoutMs || 30000}ms`);
			await sleep(300);
		}
	}

	/** @returns {Promise<any[]>} every credential type the server loaded (what the editor sees) */
	async credentialTypes() {
		return this.request('GET', '/types/credentials.json');
	}

	/** @returns {Promise<any[]>} every node type the server loaded (what the editor sees) */
	async nodeTypes() {
		return this.request('GET', '/types/nodes.json');
	}

	/**
	 * Creates a workflow through the REST API, as the editor does (faster than the CLI import,
	 * which boots n8n each time). Returns its id.
	 * @param {Record<string, any>} workflow
	 * @returns {Promise<string>}
	 */
	async createWorkflow(workflow) {
		/** @type {Record<string, any>} */
		const body = { settings: {}, connections: {}, ...workflow, active: false };
		delete body.id; // n8n assigns one
		const created = await this.request('POST', '/rest/workflows', body);
		return created.id;
	}

	/** @param {string} id */
	async getWorkflow(id) {
		return this.request('GET', `/rest/workflows/${id}`);
	}

	/**
	 * Publishes (activates) a workflow on the running server, so its production webhooks listen.
	 * @param {string} id
	 */
	async activateWorkflow(id) {
		const wf = await this.getWorkflow(id);
		return this.request('POST', `/rest/workflows/${id}/activate`, { versionId: wf.versionId });
	}

	/**
	 * Waits until a production webhook is registered: n8n 2.x publishes through an outbox, so the
	 * webhook goes live a moment (~0.2 s) after the activate call returns. Probes the path with a
	 * method the webhook does not listen on (PATCH unless told): n8n answers 404 "The requested
	 * webhook ... is not registered" while the path is unknown, and 404 "This webhook is not
	 * registered for PATCH requests" once it is, without running anything.
	 * @param {string} webhookPath e.g. `<webhookId>/tatango` (without the `webhook/` prefix)
	 * @param {{ timeoutMs?: number, prefix?: string, probeMethod?: import('axios').Method }} [o]
	 */
	async waitForWebhook(webhookPath, o = {}) {
		const deadline = Date.now() + (o.timeoutMs || 20000);
		const url = `${this.url}/${o.prefix || 'webhook'}/${webhookPath.replace(/^\/+/, '')}`;
		for (;;) {
			const r = await axios.request({
				method: o.probeMethod || 'PATCH',
				url,
				validateStatus: () => true,
				timeout: 5000,
			});
			const message =
				r.data && typeof r.data === 'object' ? String(r.data.message || '') : String(r.data);
			if (r.status !== 404 || !/^The requested webhook .* is not registered/.test(message)) return;
			if (Date.now() > deadline)
				throw new Error(`webhook ${url} not registered within ${o.timeoutMs || 20000}ms`);
			await sleep(100);
		}
	}

	/** @param {string} id */
	async deactivateWorkflow(id) {
		return this.request('POST', `/rest/workflows/${id}/deactivate`, {});
	}
}

/**
 * Decodes n8n's `flatted` serialisation (an array of values where strings that are numbers
 * point at other entries) without loading the flatted package.
 * @param {string} text
 */
function unflatten(text) {
	const input = JSON.parse(text);
	if (!Array.isArray(input)) return input;
	const seen = new Map();
	/** @param {any} value */
	const revive = (value) => {
		if (typeof value === 'string' && /^\d+$/.test(value)) return resolveIndex(Number(value));
		return value;
	};
	/** @param {number} i */
	const resolveIndex = (i) => {
		if (seen.has(i)) return seen.get(i);
		const v = input[i];
		if (v === null || typeof v !== 'object') {
			seen.set(i, v);
			return v;
		}
		const out = Array.isArray(v) ? [] : {};
		seen.set(i, out);
		for (const [k, x] of Object.entries(v)) out[k] = revive(x);
		return out;
	};
	return resolveIndex(0);
}

/** @param {CliOptions|undefined} [o] */
function ensureInstalled(o) {
	return ensureN8n({ log: (o && o.log) || ((s) => process.stderr.write(s + '\n')) });
}

module.exports = {
	REPO_ROOT,
	PACKAGE_NAME,
	BROWSER_ID,
	packPackage,
	installPackage,
	n8nEnv,
	runN8nCli,
	importCredentials,
	importWorkflow,
	executeWorkflow,
	parseRawOutput,
	nodeItems,
	publishWorkflow,
	exportNodes,
	exportCredentialTypes,
	startN8n,
	stopLeftover,
	stopAll,
	stopGroup,
	track,
	freePort,
	portInUse,
	RestClient,
	unflatten,
	ensureInstalled,
	newId,
	sleep,
};
