// @ts-check
'use strict';
// Skip Opted-Out Numbers in a real n8n against the sandbox: list 101 has 1,500 opt-outs (two
// pages of the unsubscribed list); of three numbers texted, the one that opted out comes out as
// outcome "skipped" on a Switch's own branch and is never texted, the others are texted exactly
// once, and the list is read once for the run, not once per item.
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, sandbox } = require('./env');
const { START, connect, fixedItem } = require('./workflowParts');

const NOBODY_LISTENS = 'https://127.0.0.1:9/tatango?token=e2eNobodyListensHere0123';
const TEXTED = ['2065550311', '2065550313'];
const OPTED_OUT = '2065550312';
/** 1,499 other opt-outs, so the list's opt-outs span two pages of 1,000. */
const OTHER_OPT_OUTS = Array.from({ length: 1499 }, (_, i) => String(2125550000 + i));

/** A Switch on the Tatango node's `outcome`: "skipped" to output 0, anything else to the fallback. */
const routeOutcome = {
	id: 'switch-outcome',
	name: 'Route Outcome',
	type: 'n8n-nodes-base.switch',
	typeVersion: 3.2,
	position: [900, 0],
	parameters: {
		rules: {
			values: [
				{
					conditions: {
						options: { caseSensitive: true, leftValue: '', typeValidation: 'loose', version: 2 },
						combinator: 'and',
						conditions: [
							{
								id: 'skipped',
								leftValue: '={{ $json.outcome }}',
								rightValue: 'skipped',
								operator: { type: 'string', operation: 'equals' },
							},
						],
					},
					renameOutput: true,
					outputKey: 'Skipped',
				},
			],
		},
		options: { fallbackOutput: 'extra', renameFallbackOutput: 'Sent' },
	},
};

/** @param {string} name @param {number} y */
const noOp = (name, y) => ({
	id: `noop-${name}`,
	name,
	type: 'n8n-nodes-base.noOp',
	typeVersion: 1,
	position: [1100, y],
	parameters: {},
});

describe('Skip Opted-Out Numbers (real n8n, sandbox)', () => {
	test('an opted-out number is skipped onto the Switch branch and never texted; the others are texted once; the list is read once', async () => {
		await sandbox.reset();
		const s = state();
		const seeded = await axios.post(`${s.sandboxUrl}/_sandbox/opt-outs`, {
			listId: 101,
			phones: [...OTHER_OPT_OUTS, OPTED_OUT],
		});
		expect(seeded.data.optedOut).toBe(1500);

		const result = await runWorkflow({
			name: 'e2e opt-outs',
			nodes: [
				START,
				fixedItem('Customers', { phones: [TEXTED[0], OPTED_OUT, TEXTED[1]] }),
				{
					id: 'split-customers',
					name: 'Split',
					type: 'n8n-nodes-base.splitOut',
					typeVersion: 1,
					position: [400, 0],
					parameters: { fieldToSplitOut: 'phones', options: {} },
				},
				{
					id: 'text-customer',
					name: 'Text Customer',
					type: 'n8n-nodes-tatango.tatango',
					typeVersion: 1,
					position: [650, 0],
					parameters: {
						resource: 'sms',
						operation: 'send',
						phoneNumber: '={{ $json.phones }}',
						content: 'Your order has shipped',
						webhookUrl: NOBODY_LISTENS,
						skipOptedOut: true,
						optOutList: { __rl: true, mode: 'list', value: '101', cachedResultName: 'Newsletter' },
					},
					credentials: {
						tatangoApi: { id: s.credentialIds.v2, name: 'Tatango Sandbox (v2)' },
						tatangoV3Api: { id: s.credentialIds.v3, name: 'Tatango Sandbox (v3)' },
					},
				},
				routeOutcome,
				noOp('Skipped', -100),
				noOp('Sent', 100),
			],
			connections: connect([
				['Start', 'Customers'],
				['Customers', 'Split'],
				['Split', 'Text Customer'],
				['Text Customer', 'Route Outcome'],
				['Route Outcome', 'Skipped', 0],
				['Route Outcome', 'Sent', 1],
			]),
		});
		expect(result.error).toBeNull();

		expect(n8n.nodeItems(result.run, 'Skipped')).toEqual([
			{ outcome: 'skipped', reason: 'opted out of list 101', phoneNumber: OPTED_OUT, listId: 101 },
		]);
		const sent = n8n.nodeItems(result.run, 'Sent');
		expect(sent.map((/** @type {any} */ item) => item.phoneNumber)).toEqual(TEXTED);
		for (const item of sent) expect(item.transactionId).toMatch(/^[0-9a-f-]{36}$/);

		const inspected = await sandbox.inspect();
		expect(inspected.messageCounts).toEqual({ [TEXTED[0]]: 1, [TEXTED[1]]: 1 });
		const reads = inspected.requests.filter(
			(/** @type {any} */ r) => r.path === '/api/v2/lists/101/subscribers/unsubscribed',
		);
		expect(reads.map((/** @type {any} */ r) => r.query.page)).toEqual(['1', '2']);
	});
});
