// @ts-check
'use strict';
// Sends in this n8n version (n8n execute, headless): every operation of the registry in one run
// (test/helpers/operations.js, as the e2e suite runs it), and a v2 and a v3 send read closely:
// what each node output and what reached the sandbox.
const n8n = require('../../scripts/lib/n8n');
const { runWorkflow, sandbox } = require('../e2e/env');
const { ACTION, START, connect, creds } = require('../e2e/workflowParts');
const { PHONE, V3_PHONE, isV3Send, operationNodes } = require('../helpers/operations');
const { capabilities } = require('./versions');

const V2_SEND = 'transactionalMessage → send';
const V3_SEND = 'sms → send';

describe(`sends in n8n ${capabilities().version}`, () => {
	/** @type {Awaited<ReturnType<typeof runWorkflow>>} */
	let result;
	/** @type {ReturnType<typeof operationNodes>} */
	let nodes;
	/** @type {any} */
	let inspected;

	beforeAll(async () => {
		await sandbox.reset();
		nodes = operationNodes('e2e', {
			type: ACTION,
			credentials: { ...creds('v2'), ...creds('v3') },
		});
		const names = ['Start', ...nodes.map((node) => node.name)];
		result = await runWorkflow({
			name: `compat ${capabilities().version}: every operation`,
			nodes: [START, ...nodes],
			settings: { executionOrder: 'v1' },
			connections: connect(
				/** @type {Array<[string, string]>} */ (names.slice(1).map((name, i) => [names[i], name])),
			),
		});
		inspected = await sandbox.inspect();
	});

	/** The texts the sandbox recorded for a phone. @param {string} phone @returns {any[]} */
	const textsTo = (phone) =>
		Object.entries(inspected.messages || {})
			.filter(([number]) => number.replace(/\D/g, '').endsWith(phone))
			.flatMap(([, list]) => /** @type {any[]} */ (list));

	test('every operation ran once, and none output an error', () => {
		expect(result.error).toBeFalsy();
		const ran = nodes.map((node) => [
			node.name,
			result.run.data.resultData.runData[node.name]?.length,
		]);
		expect(ran).toEqual(nodes.map((node) => [node.name, 1]));
		const failed = nodes
			.map((node) => [node.name, n8n.nodeItems(result.run, node.name)[0]?.error])
			.filter(([, error]) => error !== undefined);
		expect(failed).toEqual([]);
	});

	test('a v2 send: the transactional message went out, and the node says so', () => {
		const [item] = n8n.nodeItems(result.run, V2_SEND);
		expect(item.status).toBe('Message successfully sent.');
		expect(item.transactional_message).toMatchObject({ number: PHONE });
		expect(textsTo(PHONE)).toContainEqual(
			expect.objectContaining({ kind: 'transactional', text: 'Your order shipped' }),
		);
	});

	test('a v3 send: the SMS went out with its transactionId, and every v3 send reached the number once', () => {
		const [item] = n8n.nodeItems(result.run, V3_SEND);
		expect(item).toEqual({
			outcome: 'sent',
			message: expect.any(String),
			transactionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
			phoneNumber: V3_PHONE,
			channel: 'SMS',
		});
		expect(textsTo(V3_PHONE)).toContainEqual(
			expect.objectContaining({ kind: 'sms', transactionId: item.transactionId }),
		);
		expect(textsTo(V3_PHONE)).toHaveLength(
			nodes.filter((node) => isV3Send(node.parameters)).length,
		);
	});
});
