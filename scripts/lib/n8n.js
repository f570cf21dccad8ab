// @ts-check
'use strict';
/**
 * Drives a real n8n (installed into the cache by ./n8n-install.js) with this package loaded as a
 * community package. Used by the playground (scripts/playground.js), the e2e and queue-mode suites
 * (test/e2e, test/queue) and the benchmark (bench/). One module per concern; this one gathers them
 * under the names the callers use:
 *
 * - ./package.js      `npm pack`, and the tarball installed as n8n's Community Nodes does
 * - ./n8n-cli.js      the n8n command line: environment, import, execute, export
 * - ./n8n-server.js   `n8n start` / `webhook` / `worker`, ready when its health check answers
 * - ./n8n-rest.js     the REST API as the editor uses it
 * - ./processes.js    process groups, pid files, ports (every process dies with the harness)
 * - ./wait.js         the one polling loop
 */
const { ensureN8n } = require('./n8n-install');
const { PACKAGE_NAME, REPO_ROOT, installPackage, packPackage } = require('./package');
const cli = require('./n8n-cli');
const { startN8n } = require('./n8n-server');
const { BROWSER_ID, RestClient, unflatten } = require('./n8n-rest');
const processes = require('./processes');
const { sleep } = require('./wait');

/** @typedef {import('./n8n-cli').CliOptions} CliOptions */
/** @typedef {import('./n8n-cli').CliResult} CliResult */
/** @typedef {import('./n8n-server').N8nServer} N8nServer */
/** @typedef {import('./n8n-server').StartOptions} StartOptions */

/** Installs n8n into the cache when it is not there yet. @param {{ userFolder?: string, log?: (s: string) => void }} [o] */
function ensureInstalled(o) {
	return ensureN8n({ log: (o && o.log) || ((s) => process.stderr.write(s + '\n')) });
}

module.exports = {
	BROWSER_ID,
	PACKAGE_NAME,
	REPO_ROOT,
	RestClient,
	ensureInstalled,
	executeWorkflow: cli.executeWorkflow,
	exportNodes: cli.exportNodes,
	freePort: processes.freePort,
	importCredentials: cli.importCredentials,
	importWorkflow: cli.importWorkflow,
	importWorkflows: cli.importWorkflows,
	installPackage,
	n8nEnv: cli.n8nEnv,
	newId: cli.newId,
	nodeItems: cli.nodeItems,
	packPackage,
	parseRawOutput: cli.parseRawOutput,
	portInUse: processes.portInUse,
	runN8nCli: cli.runN8nCli,
	sleep,
	startN8n,
	stopAll: processes.stopAll,
	stopGroup: processes.stopGroup,
	stopLeftover: processes.stopLeftover,
	track: processes.track,
	unflatten,
};
