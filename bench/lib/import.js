// @ts-check
'use strict';
/**
 * Imports several workflows with one `n8n import:workflow` (it takes a JSON array): each CLI start
 * costs several seconds, so one call instead of five. scripts/lib/n8n.js imports one at a time.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');

/**
 * @param {Record<string, Record<string, any>>} workflows key → workflow JSON
 * @param {import('../../scripts/lib/n8n').CliOptions} cli
 * @returns {Promise<Record<string, string>>} key → workflow id
 */
async function importWorkflows(workflows, cli) {
	/** @type {Record<string, string>} */
	const ids = {};
	const list = Object.entries(workflows).map(([key, workflow]) => {
		const wf = {
			active: false,
			settings: {},
			connections: {},
			...workflow,
			id: workflow.id || n8n.newId(),
		};
		ids[key] = wf.id;
		return wf;
	});
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tatango-bench-workflows-'));
	const file = path.join(dir, 'workflows.json');
	fs.writeFileSync(file, JSON.stringify(list));
	try {
		await n8n.runN8nCli(['import:workflow', `--input=${file}`], cli);
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
	return ids;
}

module.exports = { importWorkflows };
