// @ts-check
'use strict';
/**
 * What the e2e global setup started, for the tests: read from the state file it wrote
 * (jest runs tests in a separate module registry, so globals do not carry over).
 */
const fs = require('fs');
const path = require('path');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
// The sandbox's account and test numbers, for tests that call the sandbox or name a number.
const { SANDBOX_ACCOUNT, TEST_NUMBERS } = require('../../sandbox/fixtures');

const E2E_DIR = process.env.TATANGO_E2E_DIR || require('../../scripts/lib/run-dir').runDir('e2e');
const STATE_FILE = path.join(E2E_DIR, 'state.json');

/**
 * @typedef {{
 *   userFolder: string, n8nUrl: string, n8nPort: number, brokerPort: number, webhookUrl: string,
 *   sandboxUrl: string, credentialIds: { v2: string, v3: string }, owner: { email: string, password: string }, cookie: string,
 *   timings: Record<string, number>
 * }} E2eState
 */

/** @returns {E2eState} */
function state() {
	if (!fs.existsSync(STATE_FILE))
		throw new Error(`${STATE_FILE} missing: run through npm run test:e2e`);
	return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
}

/**
 * CLI options for `n8n` commands run while the server is up: the same user folder (database),
 * their own task-broker port so they do not collide with the server's.
 * @returns {Promise<import('../../scripts/lib/n8n').CliOptions>}
 */
async function cliOptions() {
	const s = state();
	return {
		userFolder: s.userFolder,
		env: { N8N_RUNNERS_BROKER_PORT: String(await n8n.freePort()) },
	};
}

/**
 * Creates a workflow (JSON object) on the running n8n and runs it headless with
 * `n8n execute`; resolves with the run, the last node's output items and the workflow error, if any.
 * `fakeTime` (UTC, `YYYY-MM-DD HH:MM:SS`) runs that `n8n execute` under faketime, its clock
 * starting then (scripts/setup-system.sh installs faketime).
 * @param {Record<string, any>} workflow
 * @param {{ fakeTime?: string }} [options]
 */
async function runWorkflow(workflow, { fakeTime } = {}) {
	const o = await cliOptions();
	const id = await rest().createWorkflow(workflow);
	const result = await n8n.executeWorkflow(id, { ...o, fakeTime });
	return { id, ...result };
}

/** A REST client logged in as the owner of the e2e n8n (the setup's session cookie). */
function rest() {
	const s = state();
	return new n8n.RestClient(s.n8nUrl, s.cookie);
}

/**
 * Creates a workflow, publishes (activates) it on the running n8n and waits until the given
 * production webhook paths (`<webhookId>/<path>`) are live. Returns the workflow id.
 * @param {Record<string, any>} workflow
 * @param {string[]} [webhookPaths]
 */
async function activateWorkflow(workflow, webhookPaths = []) {
	const c = rest();
	const id = await c.createWorkflow(workflow);
	await c.activateWorkflow(id);
	for (const p of webhookPaths) await c.waitForWebhook(p);
	return id;
}

/** The sandbox's control API (sandbox/CONTRACT.md). */
const sandbox = {
	reset: async () => (await axios.post(`${state().sandboxUrl}/_sandbox/reset`)).data,
	inspect: async () => (await axios.get(`${state().sandboxUrl}/_sandbox/inspect`)).data,
	/** @param {unknown} body */
	config: async (body) => (await axios.post(`${state().sandboxUrl}/_sandbox/config`, body)).data,
	/** @param {unknown} faults */
	faults: async (faults) =>
		(await axios.post(`${state().sandboxUrl}/_sandbox/faults`, faults)).data,
};

module.exports = {
	E2E_DIR,
	STATE_FILE,
	state,
	cliOptions,
	runWorkflow,
	rest,
	activateWorkflow,
	sandbox,
	SANDBOX_ACCOUNT,
	TEST_NUMBERS,
};
