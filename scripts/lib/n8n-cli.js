// @ts-check
'use strict';
/**
 * The n8n command line of the cached n8n (Node.js 24): its environment, one command run to
 * completion, and the commands the harness uses (import credentials and workflows, execute a
 * workflow headless, export node descriptions).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const crypto = require('node:crypto');
const { spawn, spawnSync } = require('node:child_process');
const { paths: installPaths, cleanNpmEnv } = require('./n8n-install');
const { killGroup, killLeftovers, lastLines, track } = require('./processes');

/** Fixed so the credentials imported by the CLI and a server started later agree. */
const DEFAULT_ENCRYPTION_KEY = 'n8n-nodes-tatango-local-test-key';

/**
 * `fakeTime`: run the command under Debian's `faketime` (libfaketime), its clock starting at this
 * UTC time (`YYYY-MM-DD HH:MM:SS`) and running on: how a test controls the clock n8n's nodes read.
 * @typedef {{ userFolder: string, env?: Record<string, string|number|boolean|undefined>, timeoutMs?: number, allowFailure?: boolean, log?: (s: string) => void, fakeTime?: string }} CliOptions
 */
/** @typedef {{ code: number|null, signal: string|null, stdout: string, stderr: string, ms: number }} CliResult */

/**
 * Environment for an n8n process on `userFolder`.
 * @param {string} userFolder
 * @param {Record<string, string|number|boolean|undefined>} [extra] overrides (undefined deletes)
 * @returns {Record<string,string>}
 */
function n8nEnv(userFolder, extra = {}) {
	const { nodeBin, env: versionEnv } = installPaths();
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
		// What a user of this (unverified) package must set from n8n 3.0 on, where the default
		// becomes false (README, Compatibility); n8n 2.x warns at start while it is unset.
		N8N_UNVERIFIED_PACKAGES_ENABLED: true,
		N8N_ENFORCE_SETTINGS_FILE_PERMISSIONS: false,
		N8N_LOG_LEVEL: 'warn',
		N8N_LOG_OUTPUT: 'console',
		N8N_NO_COLOR: true,
		GENERIC_TIMEZONE: 'UTC',
		TZ: 'UTC',
		// What this n8n version needs on its Node.js (scripts/lib/n8n-install.js, N8N_VERSIONS).
		...versionEnv,
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
	const command = [p.nodeBin, p.n8nBin, ...args];
	if (options.fakeTime) {
		if (spawnSync('sh', ['-c', 'command -v faketime']).status !== 0) {
			throw new Error('faketime is not installed: run `bash scripts/setup-system.sh` as root');
		}
		// Only the wall clock: timers and the event loop keep the real monotonic clock.
		env.FAKETIME_DONT_FAKE_MONOTONIC = '1';
		command.unshift('faketime', '-f', `@${options.fakeTime}`);
	}
	const child = spawn(command[0], command.slice(1), {
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
		killLeftovers(child.pid);
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
 * Imports workflows with one `n8n import:workflow` (it takes a JSON array): each CLI start costs
 * several seconds, so one call for all of them. A workflow without an id gets a new one.
 * @param {Array<Record<string, any>>} workflows
 * @param {CliOptions} options
 * @returns {Promise<string[]>} the ids, in order
 */
async function importWorkflows(workflows, options) {
	const list = workflows.map((workflow) => ({
		active: false,
		settings: {},
		connections: {},
		...workflow,
		id: workflow.id || newId(),
	}));
	const file = writeTemp('workflows', list);
	try {
		await runN8nCli(['import:workflow', `--input=${file}`], options);
	} finally {
		fs.rmSync(path.dirname(file), { recursive: true, force: true });
	}
	return list.map((wf) => wf.id);
}

/**
 * Imports one workflow (inactive unless it says otherwise); returns its id.
 * @param {Record<string, any>} workflow
 * @param {CliOptions} options
 */
async function importWorkflow(workflow, options) {
	const [id] = await importWorkflows([workflow], options);
	return id;
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

module.exports = {
	DEFAULT_ENCRYPTION_KEY,
	executeWorkflow,
	exportNodes,
	importCredentials,
	importWorkflow,
	importWorkflows,
	n8nEnv,
	newId,
	nodeItems,
	parseRawOutput,
	runN8nCli,
};
