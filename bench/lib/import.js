// @ts-check
'use strict';
/** Imports the bench's workflows in one n8n CLI call and names each id by the bench's key. */
const n8n = require('../../scripts/lib/n8n');

/**
 * @param {Record<string, Record<string, any>>} workflows key → workflow JSON
 * @param {import('../../scripts/lib/n8n').CliOptions} cli
 * @returns {Promise<Record<string, string>>} key → workflow id
 */
async function importWorkflows(workflows, cli) {
	const keys = Object.keys(workflows);
	const ids = await n8n.importWorkflows(Object.values(workflows), cli);
	return Object.fromEntries(keys.map((key, i) => [key, ids[i]]));
}

module.exports = { importWorkflows };
