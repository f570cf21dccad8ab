// @ts-check
'use strict';
/**
 * What the e2e global setup started, for the tests: read from the state file it wrote
 * (jest runs tests in a separate module registry, so globals do not carry over).
 */
const fs = require('fs');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');

const E2E_DIR = process.env.TATANGO_E2E_DIR || path.join(n8n.REPO_ROOT, '.cache', 'e2e');
const STATE_FILE = path.join(E2E_DIR, 'state.json');

/**
 * @typedef {{
 *   userFolder: string, n8nUrl: string, n8nPort: number, brokerPort: number, webhookUrl: string,
 *   sandboxUrl: string, credentialIds: { v2: string, v3: string }, owner: { email: string, password: string },
 *   timings: Record<string, number>
 * }} E2eState
 */

/** @returns {E2eState} */
function state() {
	if (!fs.existsSync(STATE_FILE)) throw new Error(`${STATE_FILE} missing: run through npm run test:e2e`);
	return JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
}

/**
 * CLI options for `n8n` commands run while the server is up: the same user folder (database),
 * their own task-broker port so they do not collide with the server's.
 * @returns {Promise<import('../../scripts/lib/n8n').CliOptions>}
 */
async function cliOptions() {
	const s = state();
	return { userFolder: s.userFolder, env: { N8N_RUNNERS_BROKER_PORT: String(await n8n.freePort()) } };
}

/**
 * Imports a workflow (JSON object) and runs it headless with `n8n execute`; resolves with the
 * run, the last node's output items and the workflow error, if any.
 * @param {Record<string, any>} workflow
 */
async function runWorkflow(workflow) {
	const o = await cliOptions();
	const id = await n8n.importWorkflow(workflow, o);
	const result = await n8n.executeWorkflow(id, o);
	return { id, ...result };
}

/** A REST client logged in as the owner of the e2e n8n. */
async function rest() {
	const s = state();
	const c = new n8n.RestClient(s.n8nUrl);
	await c.login(s.owner.email, s.owner.password);
	return c;
}

module.exports = { E2E_DIR, STATE_FILE, state, cliOptions, runWorkflow, rest };
