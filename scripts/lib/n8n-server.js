// @ts-check
'use strict';
/** An n8n server process (`n8n start`, `n8n webhook` or `n8n worker`) of the cached n8n. */
const fs = require('node:fs');
const path = require('node:path');
const { paths: installPaths } = require('./n8n-install');
const { n8nEnv } = require('./n8n-cli');
const { assertPortsFree, lastLines, readSafe, startProcess, stopLeftover } = require('./processes');
const { answers200, waitFor } = require('./wait');

/**
 * @typedef {{
 *   userFolder: string, port?: number, brokerPort?: number, webhookUrl?: string,
 *   env?: Record<string, string|number|boolean|undefined>, command?: string[],
 *   logFile?: string, timeoutMs?: number, log?: (s: string) => void
 * }} StartOptions
 * @typedef {{ url: string, port: number, brokerPort: number, webhookUrl: string, pid: number, logFile: string, stop: () => Promise<void> }} N8nServer
 */

/**
 * Starts `n8n start` (or `command`) and waits until `/healthz/readiness` answers 200 (a worker
 * answers it on its health-check port). A pid file in the user folder lets the next start stop a
 * leftover of an earlier run on the same folder.
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
	await assertPortsFree([port, brokerPort], 'n8n');
	const logFile = o.logFile || path.join(o.userFolder, 'n8n.log');
	const args = o.command || ['start'];
	const proc = startProcess({
		command: p.nodeBin,
		args: [p.n8nBin, ...args],
		cwd: o.userFolder,
		env: n8nEnv(o.userFolder, {
			N8N_PORT: port,
			N8N_RUNNERS_BROKER_PORT: brokerPort,
			WEBHOOK_URL: webhookUrl,
			// n8n 2.x builds test-webhook URLs from N8N_WEBHOOK_URL, else from the editor's (http) address:
			// the Tatango Trigger registers its test URL on a list only when it is https.
			N8N_WEBHOOK_URL: webhookUrl,
			N8N_EDITOR_BASE_URL: `http://127.0.0.1:${port}/`,
			...(o.env || {}),
		}),
		logFile,
		pidFile,
	});
	const url = `http://127.0.0.1:${port}`;
	try {
		await waitFor(() => answers200(`${url}/healthz/readiness`), {
			timeoutMs: o.timeoutMs || 180000,
			intervalMs: 500,
			what: `n8n ${args.join(' ')} on ${url}`,
			stopIf: () => proc.exited() && `${proc.exited()} before it was ready`,
		});
		// n8n 1.x answers the readiness check a few seconds before its REST API is mounted.
		if (args[0] === 'start')
			await waitFor(() => answers200(`${url}/rest/settings`), {
				timeoutMs: 60000,
				intervalMs: 250,
				what: `the REST API of n8n on ${url}`,
				stopIf: () => proc.exited() && `${proc.exited()} before its REST API answered`,
			});
	} catch (e) {
		await proc.stop();
		throw new Error(`${e.message}; ${logFile}:\n${lastLines(readSafe(logFile), 40)}`);
	}
	return { url, port, brokerPort, webhookUrl, pid: proc.pid, logFile, stop: proc.stop };
}

module.exports = { startN8n };
