// @ts-check
'use strict';
// Every operation in the registry (test/helpers/operations.js) in one workflow in a real n8n against
// the sandbox: one node per operation, in the registry's order, each run once with its valid
// parameters. A new operation gets its entry there and is run here with no change to this file.
const n8n = require('../../scripts/lib/n8n');
const { runWorkflow, sandbox } = require('./env');
const { ACTION, START, connect, creds } = require('./workflowParts');
const { V3_PHONE, PHONE, isV3Send, operationNodes } = require('../helpers/operations');

describe('every operation of the registry in one run (real n8n, sandbox)', () => {
	/** @type {Awaited<ReturnType<typeof runWorkflow>>} */
	let result;
	/** @type {ReturnType<typeof operationNodes>} */
	let nodes;

	beforeAll(async () => {
		await sandbox.reset();
		nodes = operationNodes('e2e', {
			type: ACTION,
			credentials: { ...creds('v2'), ...creds('v3') },
		});
		const names = ['Start', ...nodes.map((node) => node.name)];
		result = await runWorkflow({
			name: 'e2e every operation of the registry',
			nodes: [START, ...nodes],
			settings: { executionOrder: 'v1' },
			connections: connect(
				/** @type {Array<[string, string]>} */ (names.slice(1).map((name, i) => [names[i], name])),
			),
		});
	});

	test('the run succeeds and every operation ran once', () => {
		expect(result.error).toBeFalsy();
		for (const node of nodes) {
			expect([node.name, result.run.data.resultData.runData[node.name]?.length]).toEqual([
				node.name,
				1,
			]);
		}
	});

	test('no operation failed: each one output what Tatango answered, not an error', () => {
		const failed = nodes
			.map((node) => [node.name, n8n.nodeItems(result.run, node.name)[0]?.error])
			.filter(([, error]) => error !== undefined);
		expect(failed).toEqual([]);
	});

	test('every send reached the sandbox once: the v3 channels on one number, v2 on another', async () => {
		const inspected = await sandbox.inspect();
		const texts = (/** @type {string} */ phone) =>
			Object.entries(inspected.messages || {})
				.filter(([number]) => number.replace(/\D/g, '').endsWith(phone))
				.flatMap(([, list]) => /** @type {unknown[]} */ (list));
		const v3Sends = nodes.filter((node) => isV3Send(node.parameters));
		expect(texts(V3_PHONE)).toHaveLength(v3Sends.length);
		expect(texts(PHONE).length).toBeGreaterThanOrEqual(1);
	});
});
