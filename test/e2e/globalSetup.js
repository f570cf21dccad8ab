// @ts-check
'use strict';
/**
 * e2e global setup: build, pack, install n8n (cache), lay the package out as a community
 * package in a fresh user folder, import the sandbox credentials, start the sandbox and one
 * `n8n start` on free ports, set up the owner account. Every step is timed (printed and kept
 * in the state file). Leftovers of an interrupted earlier run are stopped first (pid files).
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const n8n = require('../../scripts/lib/n8n');
const {
	sandboxCredentials,
	startSandboxProcess,
	SANDBOX_CREDENTIAL_IDS,
} = require('../../scripts/lib/sandbox-process');
const { E2E_DIR, STATE_FILE } = require('./env');

const OWNER = { email: 'e2e@example.com', password: 'E2eOwner1' };

module.exports = async function globalSetup() {
	/** @type {Record<string, number>} */
	const timings = {};
	const t0 = Date.now();
	/** @template T @param {string} name @param {() => T | Promise<T>} fn @returns {Promise<T>} */
	const step = async (name, fn) => {
		const t = Date.now();
		process.stdout.write(`\n[e2e setup] ${name} ...`);
		const r = await fn();
		timings[name] = (Date.now() - t) / 1000;
		process.stdout.write(` ${timings[name].toFixed(1)}s`);
		return r;
	};

	const userFolder = path.join(E2E_DIR, 'n8n-user');
	fs.mkdirSync(E2E_DIR, { recursive: true });
	await step('stop leftovers of an earlier run', async () => {
		await n8n.stopLeftover(path.join(userFolder, 'n8n.pid'));
		await n8n.stopLeftover(path.join(E2E_DIR, 'sandbox.pid'));
		fs.rmSync(STATE_FILE, { force: true });
		fs.rmSync(userFolder, { recursive: true, force: true });
	});

	try {
		if (!process.env.TATANGO_E2E_SKIP_BUILD) {
			await step('npm run build', () => {
				const r = spawnSync('npm', ['run', 'build'], { cwd: n8n.REPO_ROOT, encoding: 'utf8' });
				if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
			});
		}
		const tgz = await step('npm pack', () =>
			n8n.packPackage({ outDir: path.join(E2E_DIR, 'pack') }),
		);
		await step('n8n install (cache)', () =>
			n8n.ensureInstalled({ userFolder, log: (s) => process.stdout.write(`\n  ${s}`) }),
		);
		await step('install package into user folder', () => n8n.installPackage(userFolder, tgz));

		const sandboxPort = await n8n.freePort();
		const sandbox = await step('start sandbox', () =>
			startSandboxProcess({
				port: sandboxPort,
				pidFile: path.join(E2E_DIR, 'sandbox.pid'),
				logFile: path.join(E2E_DIR, 'sandbox.log'),
			}),
		);
		const cli = { userFolder, env: { N8N_RUNNERS_BROKER_PORT: String(await n8n.freePort()) } };
		await step('import credentials', () =>
			n8n.importCredentials(sandboxCredentials(sandbox.url), cli),
		);

		const port = await n8n.freePort();
		let brokerPort = await n8n.freePort();
		while (brokerPort === port) brokerPort = await n8n.freePort();
		const server = await step('start n8n', () =>
			n8n.startN8n({ userFolder, port, brokerPort, webhookUrl: `https://127.0.0.1:${port}/` }),
		);
		const rest = new n8n.RestClient(server.url);
		await step('owner setup', () => rest.ensureOwner(OWNER));

		/** @type {any} */ (globalThis).__TATANGO_E2E__ = { server, sandbox };
		timings.total = (Date.now() - t0) / 1000;
		fs.writeFileSync(
			STATE_FILE,
			JSON.stringify(
				{
					userFolder,
					n8nUrl: server.url,
					n8nPort: port,
					brokerPort,
					webhookUrl: server.webhookUrl,
					sandboxUrl: sandbox.url,
					credentialIds: SANDBOX_CREDENTIAL_IDS,
					owner: OWNER,
					cookie: rest.cookie,
					timings,
				},
				null,
				2,
			),
		);
		process.stdout.write(
			`\n[e2e setup] ready in ${timings.total.toFixed(1)}s: n8n ${server.url}, sandbox ${sandbox.url}\n`,
		);
	} catch (e) {
		await n8n.stopAll();
		throw e;
	}
};
