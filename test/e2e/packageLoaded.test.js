// @ts-check
'use strict';
// The packed package, loaded into a real n8n as a community package, is listed by
// `n8n export:nodes` with both credentials and all seven operations.
const n8n = require('../../scripts/lib/n8n');
const { operationPairs } = require('../ui/nodeDescription');
const { cliOptions, runWorkflow, rest } = require('./env');

const ACTION = 'n8n-nodes-tatango.tatango';
const TRIGGER = 'n8n-nodes-tatango.tatangoTrigger';

/** @param {Record<string, any>} node @returns {string[]} "resource:operation" pairs */
function operationsOf(node) {
	const props = /** @type {any[]} */ (node.properties || []);
	const resources = props.find((p) => p.name === 'resource');
	const resourceValues = resources
		? resources.options.map((/** @type {any} */ o) => o.value)
		: [undefined];
	/** @type {string[]} */
	const ops = [];
	for (const p of props.filter((x) => x.name === 'operation' && Array.isArray(x.options))) {
		const forResources =
			(p.displayOptions && p.displayOptions.show && p.displayOptions.show.resource) ||
			resourceValues;
		for (const r of forResources)
			for (const o of p.options) {
				// n8n adds a "Custom API Call" option to every node that has credentials.
				if (o.value !== '__CUSTOM_API_CALL__') ops.push(`${r}:${o.value}`);
			}
	}
	return [...new Set(ops)].sort();
}

describe('package loaded into a real n8n', () => {
	/** @type {Array<Record<string, any>>} */
	let nodes;
	beforeAll(async () => {
		const t = Date.now();
		nodes = await n8n.exportNodes(await cliOptions());
		console.log(
			`n8n export:nodes took ${((Date.now() - t) / 1000).toFixed(1)}s, ${nodes.length} node types`,
		);
	});

	test('export:nodes lists the action and the trigger node', () => {
		const names = nodes.map((n) => n.name);
		expect(names).toEqual(expect.arrayContaining([ACTION, TRIGGER]));
	});

	test('the action node uses both credentials and has every operation the package declares', () => {
		const action = nodes.find((n) => n.name === ACTION);
		expect(action).toBeDefined();
		const creds = (action.credentials || []).map((/** @type {any} */ c) => c.name);
		expect(creds).toEqual(expect.arrayContaining(['tatangoApi', 'tatangoV3Api']));
		const ops = operationsOf(action);
		console.log(`operations: ${ops.join(', ')}`);
		// Read off the built description, so a new operation needs no edit here.
		const declared = operationPairs().map((pair) => `${pair.resource}:${pair.operation}`);
		expect([...ops].sort()).toEqual([...declared].sort());
		expect(ops).toContain('sms:sendAndWait');
	});

	test('the running n8n knows both credential types', async () => {
		const types = (await rest().credentialTypes()).map((c) => c.name);
		expect(types).toEqual(expect.arrayContaining(['tatangoApi', 'tatangoV3Api']));
	});

	test('n8n execute runs a workflow headless (harness check)', async () => {
		const t = Date.now();
		const { items, error } = await runWorkflow({
			name: 'e2e harness check',
			nodes: [
				{
					id: 'a1',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'a2',
					name: 'Set',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [200, 0],
					parameters: {
						assignments: {
							assignments: [{ id: 'x', name: 'hello', value: 'world', type: 'string' }],
						},
						options: {},
					},
				},
			],
			connections: { Start: { main: [[{ node: 'Set', type: 'main', index: 0 }]] } },
		});
		console.log(`import + execute took ${((Date.now() - t) / 1000).toFixed(1)}s`);
		expect(error).toBeNull();
		expect(items).toEqual([{ hello: 'world' }]);
	});
});
