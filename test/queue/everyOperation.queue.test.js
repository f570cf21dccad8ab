// @ts-check
'use strict';
/**
 * Every operation of the registry (test/helpers/operations.js) in one production execution in
 * queue mode: the webhook process queues it and a worker runs every operation against the sandbox.
 */
const axios = require('axios').default;
const crypto = require('crypto');
const {
	publishWorkflows,
	webhookProcessUrl,
	settledExecutions,
	itemsOf,
	whoRan,
	sandbox,
	rest,
} = require('./env');
const { ACTION, CREDENTIALS, chain, ranOnNode, webhookNode } = require('./workflows');
const { operationNodes } = require('../helpers/operations');

describe('queue mode: every operation of the registry runs on a worker', () => {
	const path = `queue-every-operation-${crypto.randomBytes(4).toString('hex')}`;
	const operations = operationNodes('queue', {
		type: ACTION,
		credentials: { ...CREDENTIALS.v2, ...CREDENTIALS.v3 },
	});
	const last = ranOnNode('Ran On', [], [200 * (operations.length + 1), 0]);
	const nodes = [webhookNode(path, 'onReceived'), ...operations, last];
	/** @type {any} */ let execution;

	beforeAll(async () => {
		const [id] = await publishWorkflows([
			{
				workflow: {
					name: 'queue every operation',
					nodes,
					connections: chain(nodes.map((node) => node.name)),
					settings: { executionOrder: 'v1' },
				},
				webhookPaths: [path],
			},
		]);
		await sandbox.reset();
		const answer = await axios.post(webhookProcessUrl(path), {}, { validateStatus: () => true });
		expect(answer.status).toBe(200);
		const [settled] = await settledExecutions(id, { count: 1, timeoutMs: 120000 });
		execution = await rest().getExecution(settled.id);
	});

	test('the execution succeeded on a worker', async () => {
		expect(execution.status).toBe('success');
		const ran = await whoRan(execution.id, itemsOf(execution, 'Ran On')[0]);
		expect(ran.fromEnv).toMatch(/^worker-/);
	});

	test('no operation failed: each one output what Tatango answered, not an error', () => {
		const failed = operations
			.map((node) => [node.name, itemsOf(execution, node.name)[0]?.error])
			.filter(([, error]) => error !== undefined);
		expect(failed).toEqual([]);
	});
});
