// @ts-check
'use strict';
// Building blocks of the e2e workflows: example nodes as shipped, Tatango nodes with the sandbox
// credentials, stand-ins for triggers, connections.
const fs = require('fs');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { state } = require('./env');

const EXAMPLES = path.join(n8n.REPO_ROOT, 'examples');
const ACTION = 'n8n-nodes-tatango.tatango';

/** @param {string} file @returns {Record<string, any>} */
function example(file) {
	return JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8'));
}

/** A copy of one node of an example workflow. @param {string} file @param {string} name */
function exampleNode(file, name) {
	const node = example(file).nodes.find((/** @type {any} */ n) => n.name === name);
	if (!node) throw new Error(`examples/${file} has no node "${name}"`);
	return structuredClone(node);
}

/** The credentials of an action node, as the e2e setup imported them. @param {'v2'|'v3'} api */
function creds(api) {
	const s = state();
	return api === 'v2'
		? { tatangoApi: { id: s.credentialIds.v2, name: 'Tatango Sandbox (v2)' } }
		: { tatangoV3Api: { id: s.credentialIds.v3, name: 'Tatango Sandbox (v3)' } };
}

let nextY = 0;
/**
 * A Tatango action node. @param {string} name @param {Record<string, any>} parameters
 * @param {'v2'|'v3'} [api]
 */
function tatango(name, parameters, api = 'v2') {
	return {
		id: `op-${name}`,
		name,
		type: ACTION,
		typeVersion: 1,
		position: [400, (nextY += 200)],
		parameters,
		credentials: creds(api),
	};
}

/** A Set node that emits one item with the given JSON (stands in for a trigger's output). @param {string} name @param {Record<string, any>} json */
function fixedItem(name, json) {
	return {
		id: `set-${name}`,
		name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [200, (nextY += 200)],
		parameters: { mode: 'raw', jsonOutput: JSON.stringify(json), options: {} },
	};
}

const START = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** `{ from: [[to, output?]...] }` → n8n connections. @param {Array<[string, string, number?]>} pairs */
function connect(pairs) {
	/** @type {Record<string, { main: Array<Array<{ node: string, type: string, index: number }>> }>} */
	const c = {};
	for (const [from, to, out = 0] of pairs) {
		c[from] = c[from] || { main: [] };
		while (c[from].main.length <= out) c[from].main.push([]);
		c[from].main[out].push({ node: to, type: 'main', index: 0 });
	}
	return c;
}

module.exports = { ACTION, START, example, exampleNode, creds, tatango, fixedItem, connect };
