// @ts-check
'use strict';
/**
 * Queue-mode global setup: Redis and PostgreSQL (installed by scripts/setup-system.sh), build, pack, n8n (cache),
 * the sandbox, then n8n in queue mode (main, webhook process, two workers; scripts/lib/queue.js),
 * the owner account and the sandbox credentials. Every step is timed (printed and kept in the
 * state file). Leftovers of an interrupted earlier run are stopped first (pid files).
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const n8n = require('../../scripts/lib/n8n');
const queue = require('../../scripts/lib/queue');
const {
	sandboxCredentials,
	startSandboxProcess,
	SANDBOX_CREDENTIAL_IDS,
} = require('../../scripts/lib/sandbox-process');
const { QUEUE_DIR, STATE_FILE, PACED_CREDENTIAL } = require('./env');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');

const OWNER = { email: 'queue@example.com', password: 'QueueOwner1' };

module.exports = async function globalSetup() {
	/** @type {Record<string, number>} */
	const timings = {};
	const t0 = Date.now();
	/** @template T @param {string} name @param {() => T | Promise<T>} fn @returns {Promise<T>} */
	const step = async (name, fn) => {
		const t = Date.now();
		process.stdout.write(`\n[queue setup] ${name} ...\n`);
		const r = await fn();
		timings[name] = (Date.now() - t) / 1000;
		process.stdout.write(`[queue setup] ${name}: ${timings[name].toFixed(1)}s\n`);
		return r;
	};
	const log = (/** @type {string} */ s) => process.stdout.write(`  ${s}\n`);

	fs.mkdirSync(QUEUE_DIR, { recursive: true });
	fs.rmSync(STATE_FILE, { force: true });
	const ports = queue.queuePorts();

	try {
		if (!queue.redisServerBin() || !queue.postgresBinDir()) {
			throw new Error('redis-server or PostgreSQL is missing: run `bash scripts/setup-system.sh`');
		}
		if (!process.env.TATANGO_QUEUE_SKIP_BUILD && !process.env.TATANGO_E2E_SKIP_BUILD) {
			await step('npm run build', () => {
				const r = spawnSync('npm', ['run', 'build'], { cwd: n8n.REPO_ROOT, encoding: 'utf8' });
				if (r.status !== 0) throw new Error(`npm run build failed:\n${r.stdout}\n${r.stderr}`);
			});
		}
		const tgz = await step('npm pack', () =>
			n8n.packPackage({ outDir: path.join(QUEUE_DIR, 'pack') }),
		);
		await step('n8n install (cache)', () => n8n.ensureInstalled({ userFolder: QUEUE_DIR, log }));

		const sandbox = await step('start sandbox', () =>
			startSandboxProcess({
				port: ports.sandbox,
				pidFile: path.join(QUEUE_DIR, 'sandbox.pid'),
				logFile: path.join(QUEUE_DIR, 'sandbox.log'),
			}),
		);
		/** @type {any} */ (globalThis).__TATANGO_QUEUE__ = {
			sandbox,
			cluster: { stop: async () => ({}) },
		};

		const cluster = await step('start redis, postgres, n8n main, webhook process, 2 workers', () =>
			queue.startQueueCluster({ tgz, dir: path.join(QUEUE_DIR, 'cluster'), ports, log }),
		);
		/** @type {any} */ (globalThis).__TATANGO_QUEUE__ = { sandbox, cluster };

		const rest = new n8n.RestClient(cluster.main.url);
		await step('owner setup', () => rest.ensureOwner(OWNER));
		await step('import credentials', () =>
			n8n.importCredentials(
				[
					...sandboxCredentials(sandbox.url),
					// Paced as a real account would be: 5 calls a second (the pacing test).
					{
						...PACED_CREDENTIAL,
						data: {
							apiKey: SANDBOX_ACCOUNT.v3ApiKey,
							baseUrl: sandbox.url,
							defaultWebhookUrl: '',
							requestsPerSecond: 5,
						},
					},
				],
				cluster.cliOptions(),
			),
		);

		timings.total = (Date.now() - t0) / 1000;
		Object.assign(
			timings,
			Object.fromEntries(Object.entries(cluster.timings).map(([k, v]) => [`  ${k}`, v])),
		);
		fs.writeFileSync(
			STATE_FILE,
			JSON.stringify(
				{
					ports,
					mainUrl: cluster.main.url,
					webhookUrl: cluster.webhook.url,
					publicWebhookBase: cluster.env.WEBHOOK_URL,
					sandboxUrl: sandbox.url,
					clusterDir: cluster.dir,
					clusterEnv: cluster.env,
					tgz,
					credentialIds: { ...SANDBOX_CREDENTIAL_IDS, paced: PACED_CREDENTIAL.id },
					processes: [cluster.main, cluster.webhook, ...cluster.workers].map((p) => ({
						name: p.name,
						role: p.role,
						url: p.url,
						logFile: p.logFile,
						pid: p.server.pid,
					})),
					owner: OWNER,
					cookie: rest.cookie,
					timings,
				},
				null,
				2,
			),
		);
		process.stdout.write(
			`\n[queue setup] ready in ${timings.total.toFixed(1)}s: main ${cluster.main.url}, webhook ${cluster.webhook.url}, ` +
				`workers ${cluster.workers.map((w) => `${w.name} (health ${w.url})`).join(', ')}, sandbox ${sandbox.url}\n`,
		);
	} catch (e) {
		const started = /** @type {any} */ (globalThis).__TATANGO_QUEUE__;
		if (started) {
			await started.cluster.stop().catch(() => {});
			await started.sandbox.stop().catch(() => {});
		}
		await n8n.stopAll();
		throw e;
	}
};
