// @ts-check
'use strict';
/**
 * Starts the Tatango sandbox (`node sandbox/cli.js --port N`, see sandbox/CONTRACT.md) as a child
 * process in its own process group, and the n8n credentials that point at it.
 */
const fs = require('fs');
const path = require('path');
const { REPO_ROOT } = require('./package');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');
const { runDir } = require('./run-dir');
const { assertPortsFree, lastLines, readSafe, startProcess, stopLeftover } = require('./processes');
const { answers200, waitFor } = require('./wait');

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
				email: SANDBOX_ACCOUNT.email,
				apiKey: SANDBOX_ACCOUNT.v2ApiKey,
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
				apiKey: SANDBOX_ACCOUNT.v3ApiKey,
				baseUrl,
				defaultWebhookUrl: o.defaultWebhookUrl || '',
				requestsPerSecond: 1000,
			},
		},
	];
}

/**
 * Starts `node sandbox/cli.js --port N` and waits until its control API answers.
 * @param {{ port: number, pidFile?: string, logFile?: string, timeoutMs?: number, args?: string[] }} o
 * @returns {Promise<{ url: string, port: number, pid: number, logFile: string, stop: () => Promise<void> }>}
 */
async function startSandboxProcess(o) {
	const cli = path.join(REPO_ROOT, 'sandbox', 'cli.js');
	if (o.pidFile) await stopLeftover(o.pidFile);
	await assertPortsFree([o.port], 'sandbox');
	const logFile = o.logFile || path.join(runDir('sandbox'), `sandbox-${o.port}.log`);
	fs.mkdirSync(path.dirname(logFile), { recursive: true });
	const proc = startProcess({
		command: process.execPath,
		args: [cli, '--port', String(o.port), ...(o.args || [])],
		cwd: REPO_ROOT,
		logFile,
		pidFile: o.pidFile,
		graceMs: 5000,
	});
	const url = `http://127.0.0.1:${o.port}`;
	try {
		await waitFor(() => answers200(`${url}/_sandbox/inspect`, 1000), {
			timeoutMs: o.timeoutMs || 20000,
			what: `sandbox on ${url}`,
			stopIf: () => proc.exited() && `${proc.exited()} before it was ready`,
		});
	} catch (e) {
		await proc.stop();
		throw new Error(`${e.message}; ${logFile}:\n${lastLines(readSafe(logFile), 30)}`);
	}
	return { url, port: o.port, pid: proc.pid, logFile, stop: proc.stop };
}

module.exports = { SANDBOX_CREDENTIAL_IDS, sandboxCredentials, startSandboxProcess };
