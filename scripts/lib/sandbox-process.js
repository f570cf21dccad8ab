// @ts-check
'use strict';
/**
 * Starts the Tatango sandbox (`node sandbox/cli.js --port N`, see sandbox/CONTRACT.md) as a child
 * process in its own process group, and the n8n credentials that point at it.
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const axios = require('axios').default;
const { REPO_ROOT, track, stopGroup, stopLeftover, portInUse, sleep } = require('./n8n');

/** Fixed ids, so examples and tests can name the credentials and re-imports overwrite them. */
const SANDBOX_CREDENTIAL_IDS = { v2: 'tatangoSandboxV2', v3: 'tatangoSandboxV3' };

/**
 * The two credentials (n8n import format) for a sandbox at `sandboxUrl`.
 * @param {string} sandboxUrl e.g. http://127.0.0.1:8787
 * @param {{ defaultWebhookUrl?: string }} [o]
 */
function sandboxCredentials(sandboxUrl, o = {}) {
	const baseUrl = sandboxUrl.replace(/\/+$/, '');
	return [
		{
			id: SANDBOX_CREDENTIAL_IDS.v2,
			name: 'Tatango Sandbox (v2)',
			type: 'tatangoApi',
			data: {
				email: 'sandbox@example.com',
				apiKey: 'sandbox-v2-key',
				baseUrl,
				// The sandbox answers as fast as it can: no need to space calls as for the live 1,200/h.
				requestsPerHour: 3600000,
			},
		},
		{
			id: SANDBOX_CREDENTIAL_IDS.v3,
			name: 'Tatango Sandbox (v3)',
			type: 'tatangoV3Api',
			data: {
				apiKey: 'tatango_key_sandbox',
				baseUrl,
				defaultWebhookUrl: o.defaultWebhookUrl || '',
				requestsPerSecond: 1000,
			},
		},
	];
}

/**
 * @param {{ port: number, pidFile?: string, logFile?: string, timeoutMs?: number, args?: string[] }} o
 * @returns {Promise<{ url: string, port: number, pid: number, logFile: string, stop: () => Promise<void> }>}
 */
async function startSandboxProcess(o) {
	const cli = path.join(REPO_ROOT, 'sandbox', 'cli.js');
	if (!fs.existsSync(cli)) throw new Error('sandbox/cli.js does not exist yet');
	if (o.pidFile) await stopLeftover(o.pidFile);
	if (await portInUse(o.port)) throw new Error(`port ${o.port} is in use on 127.0.0.1 (sandbox)`);
	const logFile =
		o.logFile || path.join(require('./run-dir').runDir('sandbox'), `sandbox-${o.port}.log`);
	fs.mkdirSync(path.dirname(logFile), { recursive: true });
	const out = fs.openSync(logFile, 'a');
	const child = spawn(process.execPath, [cli, '--port', String(o.port), ...(o.args || [])], {
		cwd: REPO_ROOT,
		detached: true,
		stdio: ['ignore', out, out],
	});
	fs.closeSync(out);
	const pid = /** @type {number} */ (child.pid);
	track(pid);
	if (o.pidFile) fs.writeFileSync(o.pidFile, String(pid));
	let exited = /** @type {string|null} */ (null);
	child.on('exit', (c, s) => (exited = s ? `signal ${s}` : `exit ${c}`));
	const url = `http://127.0.0.1:${o.port}`;
	const stop = async () => {
		await stopGroup(pid, 5000);
		if (o.pidFile) fs.rmSync(o.pidFile, { force: true });
	};
	const deadline = Date.now() + (o.timeoutMs || 20000);
	for (;;) {
		if (exited) {
			await stop();
			throw new Error(
				`sandbox ${exited} before it was ready; ${logFile}:\n${fs.readFileSync(logFile, 'utf8').slice(-3000)}`,
			);
		}
		try {
			const r = await axios.get(`${url}/_sandbox/inspect`, {
				timeout: 1000,
				validateStatus: () => true,
			});
			if (r.status === 200) break;
		} catch {
			/* not yet */
		}
		if (Date.now() > deadline) {
			await stop();
			throw new Error(
				`sandbox not ready on ${url} within ${(o.timeoutMs || 20000) / 1000}s; see ${logFile}`,
			);
		}
		await sleep(200);
	}
	return { url, port: o.port, pid, logFile, stop };
}

module.exports = { SANDBOX_CREDENTIAL_IDS, sandboxCredentials, startSandboxProcess };
