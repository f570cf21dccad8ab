// @ts-check
'use strict';
/**
 * What every part runs on, set up once per run: this checkout built and packed, installed as a
 * community package into a fresh n8n user folder (n8n itself from the cache of `npm run
 * n8n:install`), the sandbox as its own process, the shared credentials and every chosen part's
 * workflows imported (one CLI call each: an n8n CLI start costs seconds).
 */
const fs = require('fs');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { freePortsFrom } = require('../../scripts/lib/processes');
const { startSandboxProcess } = require('../../scripts/lib/sandbox-process');
const { sandboxControl } = require('./sandbox');
const { sharedCredentials } = require('./credentials');
const { importWorkflows } = require('./import');
const { runCommand } = require('./command');
const { log, step } = require('./log');

/** RCS and SMS sends name a webhook URL; nobody listens there and the sandbox is told to post events late. */
const EVENTS_URL = 'https://127.0.0.1:9/webhook/bench/tatango?token=bench-not-listening-0000';

/**
 * @typedef {object} SetUpContext
 * @property {string} dir the run's folder (outside the repository)
 * @property {string} userFolder n8n's user folder, with the package installed
 * @property {{ base: number, n8n: number, broker: number, sandbox: number, cliBroker: number }} ports
 * @property {string} tgz this checkout's package, packed
 * @property {ReturnType<typeof sandboxControl>} sandbox the sandbox's control API
 * @property {{ SANDBOX_URL: string, EVENTS_URL: string }} tokens workflow tokens any part may use
 * @property {import('../../scripts/lib/n8n').CliOptions} cli for `n8n execute` on the user folder
 * @property {(env: Record<string, string>) => Promise<import('../../scripts/lib/n8n-server').N8nServer>} startN8n
 *   `n8n start` on the user folder with `env` added (the part stops it)
 * @property {typeof step} step
 * @property {typeof log} log
 *
 * @typedef {SetUpContext & { ids: Record<string, string>, prepared: any }} Context a part's: `ids` are
 *   its own workflows', `prepared` what its `prepare` gave
 */

/**
 * @param {import('../parts').BenchPart[]} parts the chosen parts
 * @param {{ dir: string, basePort: number, skipBuild: boolean }} o
 * @returns {Promise<{ ctx: SetUpContext, idsByPart: Record<string, Record<string, string>>, stop: () => Promise<void> }>}
 */
async function setUp(parts, o) {
	fs.mkdirSync(o.dir, { recursive: true });
	const userFolder = path.join(o.dir, 'n8n-user');
	const [n8nPort, brokerPort, sandboxPort, cliBrokerPort] = await freePortsFrom(o.basePort, 4);
	log(
		`ports: n8n ${n8nPort}, task broker ${brokerPort}, sandbox ${sandboxPort}, CLI task broker ${cliBrokerPort}`,
	);
	// BENCH_CPU_PROF=1: every n8n process the parts start writes a V8 CPU profile there when it exits
	// (read with `node bench/profile-summary.js <file>`).
	const profiles = process.env.BENCH_CPU_PROF ? path.join(o.dir, 'cpu-profiles') : null;
	if (profiles) log(`CPU profiles of n8n's processes go to ${profiles}`);
	const profiling = profiles ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profiles}` } : {};
	const cli = {
		userFolder,
		env: { N8N_PORT: n8nPort, N8N_RUNNERS_BROKER_PORT: cliBrokerPort, ...profiling },
	};

	await step('stop leftovers of an earlier run', async () => {
		await n8n.stopLeftover(path.join(userFolder, 'n8n.pid'));
		await n8n.stopLeftover(path.join(o.dir, 'sandbox.pid'));
		fs.rmSync(userFolder, { recursive: true, force: true });
	});
	if (!o.skipBuild)
		await step('npm run build', () => runCommand('npm', ['run', 'build'], { cwd: n8n.REPO_ROOT }));
	const tgz = await step('npm pack', () => n8n.packPackage({ outDir: path.join(o.dir, 'pack') }));
	await step('n8n install (cache)', () => n8n.ensureInstalled({ userFolder, log }));
	await step('install the package into a fresh n8n user folder', () =>
		n8n.installPackage(userFolder, tgz),
	);
	const sandboxProcess = await step('start the sandbox', () =>
		startSandboxProcess({
			port: sandboxPort,
			pidFile: path.join(o.dir, 'sandbox.pid'),
			logFile: path.join(o.dir, 'sandbox.log'),
		}),
	);

	/** @type {SetUpContext} */
	const ctx = {
		dir: o.dir,
		userFolder,
		ports: {
			base: o.basePort,
			n8n: n8nPort,
			broker: brokerPort,
			sandbox: sandboxPort,
			cliBroker: cliBrokerPort,
		},
		tgz,
		sandbox: sandboxControl(sandboxProcess.url),
		tokens: { SANDBOX_URL: sandboxProcess.url, EVENTS_URL },
		cli,
		startN8n: (env) =>
			n8n.startN8n({
				userFolder,
				port: n8nPort,
				brokerPort,
				webhookUrl: `http://127.0.0.1:${n8nPort}/`,
				env: { N8N_LOG_LEVEL: 'warn', ...profiling, ...env },
			}),
		step,
		log,
	};

	/** @type {Record<string, Record<string, string>>} */
	const idsByPart = Object.fromEntries(parts.map((part) => [part.key, {}]));
	const stop = () => step('stop the sandbox', () => sandboxProcess.stop());
	// Parts that start their own n8n (f) import what they need there.
	if (!parts.some((part) => part.workflows)) return { ctx, idsByPart, stop };
	await step('import credentials', () =>
		n8n.importCredentials(
			[
				...sharedCredentials(sandboxProcess.url),
				...parts.flatMap((part) => (part.credentials ? part.credentials(ctx) : [])),
			],
			cli,
		),
	);
	/** @type {Record<string, Record<string, any>>} part key → workflow key → workflow */
	const workflows = {};
	for (const part of parts) if (part.workflows) workflows[part.key] = part.workflows(ctx);
	const flat = Object.fromEntries(
		Object.entries(workflows).flatMap(([key, own]) =>
			Object.entries(own).map(([name, workflow]) => [`${key}:${name}`, workflow]),
		),
	);
	const ids = await step('import workflows', () => importWorkflows(flat, cli));
	for (const [both, id] of Object.entries(ids)) {
		const [key, name] = both.split(':');
		idsByPart[key][name] = id;
	}
	return { ctx, idsByPart, stop };
}

module.exports = { setUp, EVENTS_URL };
