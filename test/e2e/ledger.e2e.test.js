// @ts-check
'use strict';
// The compliance ledger in a real n8n 2.41.1 (its Data Table through n8n's public API, an API key
// with only the data table scopes, made by this test), the sandbox as Tatango:
// - STOP to a trigger whose Events are Delivery Status only: the trigger answers "not selected",
//   the revocation is on record with the reply's words; START to a trigger whose Events are
//   Consent Revoked only: the opt-in is on record;
// - Compliance Ledger → Get Number History returns the number's record;
// - a Florida (305) number texted 3 times by workflow A, then 5,000 other numbers capped in one
//   run, then a 4th text by workflow B: refused with the exact nextAllowedAt (24 hours after the
//   first text's row); a number given 5 texts under a limit of 5 is refused by State Limits (3)
//   until its third-oldest text is 24 hours old;
// - after the STOP, a send in another workflow skips the number; after the START, it is texted.
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, activateWorkflow, rest, sandbox, cliOptions } = require('./env');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');

/** The least an API key needs for the ledger (docs/ledger.md). */
const LEDGER_SCOPES = [
	'dataTable:list',
	'dataTable:create',
	'dataTableColumn:read',
	'dataTableColumn:create',
	'dataTableRow:read',
	'dataTableRow:create',
	'dataTableRow:update',
	'dataTableRow:delete',
];
const STOPPER = '2065550471';
const START = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** @template T @param {() => Promise<T | null | undefined | false>} probe */
async function until(probe, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline) throw new Error('timed out');
		await n8n.sleep(200);
	}
}

/** @type {{ v3: string, ledger: string }} */
const ids = { v3: '', ledger: '' };
let sendsWebhookId = '';
let apiKey = '';

const credentials = () => ({
	tatangoApi: { id: state().credentialIds.v2, name: 'Tatango Sandbox (v2)' },
	tatangoV3Api: { id: ids.v3, name: 'Tatango v3 (ledger)' },
	tatangoComplianceLedgerApi: { id: ids.ledger, name: 'Ledger (e2e)' },
});

/** A workflow whose one Tatango node runs `parameters` once. */
function oneNode(/** @type {string} */ name, /** @type {Record<string, unknown>} */ parameters) {
	return {
		name,
		settings: { executionOrder: 'v1' },
		nodes: [
			START,
			{
				id: 'tatango',
				name: 'Tatango',
				type: 'n8n-nodes-tatango.tatango',
				typeVersion: 1,
				position: [300, 0],
				parameters,
				credentials: credentials(),
				onError: 'continueRegularOutput',
			},
		],
		connections: { Start: { main: [[{ node: 'Tatango', type: 'main', index: 0 }]] } },
	};
}

/** A workflow texting one item per value of `values` (Set → Split Out → Tatango). */
function manyItems(
	/** @type {string} */ name,
	/** @type {unknown[]} */ values,
	/** @type {Record<string, unknown>} */ parameters,
) {
	const workflow = oneNode(name, parameters);
	workflow.nodes.splice(
		1,
		0,
		/** @type {any} */ ({
			id: 'values',
			name: 'Values',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [100, 0],
			parameters: { mode: 'raw', jsonOutput: JSON.stringify({ values }), options: {} },
		}),
		/** @type {any} */ ({
			id: 'split',
			name: 'Split',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [200, 0],
			parameters: { fieldToSplitOut: 'values', options: {} },
		}),
	);
	workflow.connections = /** @type {any} */ ({
		Start: { main: [[{ node: 'Values', type: 'main', index: 0 }]] },
		Values: { main: [[{ node: 'Split', type: 'main', index: 0 }]] },
		Split: { main: [[{ node: 'Tatango', type: 'main', index: 0 }]] },
	});
	return workflow;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const NOBODY_LISTENS = 'https://127.0.0.1:9/tatango?token=ledgerNobodyListens0123456789';
const MIAMI = '3055550181';
const LOWERED = '3055550182';
const capped = (/** @type {Record<string, unknown>} */ cap) => ({
	resource: 'sms',
	operation: 'send',
	content: 'Spring sale: 20% off',
	webhookUrl: NOBODY_LISTENS,
	capSubject: 'spring-sale',
	...cap,
});

async function historyOf(/** @type {string} */ phone) {
	const run = await runWorkflow(
		oneNode('e2e ledger history', {
			resource: 'complianceLedger',
			operation: 'getNumberHistory',
			phoneNumber: phone,
		}),
	);
	expect(run.error).toBeNull();
	return n8n.nodeItems(run.run, 'Tatango')[0];
}

/** A send in another workflow, with Skip Opted-Out Numbers (a list nobody opted out of). */
async function nextSend() {
	const run = await runWorkflow(
		oneNode('e2e ledger next send', {
			resource: 'sms',
			operation: 'send',
			phoneNumber: STOPPER,
			content: 'This week: 20% off',
			webhookUrl: NOBODY_LISTENS,
			skipOptedOut: true,
			optOutList: { __rl: true, mode: 'id', value: '105' },
		}),
	);
	expect(run.error).toBeNull();
	return n8n.nodeItems(run.run, 'Tatango')[0];
}

/** The trigger on the sends' webhook, with the ledger, starting only on `events`. */
async function activateTrigger(/** @type {string[]} */ events) {
	return await activateWorkflow(
		{
			name: `e2e ledger trigger (${events.join(', ')})`,
			nodes: [
				{
					id: 'trigger',
					name: 'Trigger',
					type: 'n8n-nodes-tatango.tatangoTrigger',
					typeVersion: 2,
					position: [0, 0],
					webhookId: sendsWebhookId,
					parameters: { source: 'sends', events },
					credentials: credentials(),
				},
			],
			connections: {},
		},
		[`${sendsWebhookId}/tatango`],
	);
}

beforeAll(async () => {
	await sandbox.reset();
	apiKey = await rest().createApiKey('tatango ledger e2e', LEDGER_SCOPES);
	sendsWebhookId = crypto.randomUUID();
	ids.v3 = (
		await rest().request('POST', '/rest/credentials', {
			name: 'Tatango v3 (ledger)',
			type: 'tatangoV3Api',
			data: {
				apiKey: SANDBOX_ACCOUNT.v3ApiKey,
				baseUrl: state().sandboxUrl,
				defaultWebhookUrl: `${state().webhookUrl}webhook/${sendsWebhookId}/tatango`,
				requestsPerSecond: 1000,
			},
		})
	).id;
	ids.ledger = (
		await rest().request('POST', '/rest/credentials', {
			name: 'Ledger (e2e)',
			type: 'tatangoComplianceLedgerApi',
			data: {
				baseUrl: state().n8nUrl,
				apiKey,
				dataTable: 'Tatango Compliance Ledger (e2e)',
				retentionDays: 1830,
			},
		})
	).id;
});

describe('the compliance ledger (real n8n, sandbox)', () => {
	test('STOP to a trigger on Delivery Status only is on record; START to one on Consent Revoked only too', async () => {
		const shipped = await runWorkflow(
			oneNode('e2e ledger order shipped', {
				resource: 'sms',
				operation: 'send',
				phoneNumber: STOPPER,
				content: 'Your order has shipped',
			}),
		);
		expect(shipped.error).toBeNull();

		let triggerId = await activateTrigger(['delivery_status']);
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { phone: STOPPER, text: 'STOP' });
		const revoked = await until(async () => {
			const history = await historyOf(STOPPER);
			return history.consent.state === 'revoked' ? history : undefined;
		});
		expect(revoked.consent).toMatchObject({ state: 'revoked', words: 'stop' });
		expect(revoked.records[0]).toMatchObject({
			kind: 'revocation',
			status: 'recorded',
			words: 'stop',
		});
		// The trigger started no run for it: its Events are Delivery Status only.
		expect(await rest().listExecutions(triggerId)).toEqual([]);
		await rest().deactivateWorkflow(triggerId);
		// Another workflow's send with Skip Opted-Out Numbers skips the number.
		expect(await nextSend()).toMatchObject({
			outcome: 'skipped',
			phoneNumber: STOPPER,
			reason: expect.stringContaining('compliance ledger'),
		});

		triggerId = await activateTrigger(['consent_revoked']);
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { phone: STOPPER, text: 'START' });
		const optedIn = await until(async () => {
			const history = await historyOf(STOPPER);
			return history.consent.state === 'opted_in' ? history : undefined;
		});
		expect(optedIn.records[0]).toMatchObject({ kind: 'opt_in', words: 'start' });
		expect(await rest().listExecutions(triggerId)).toEqual([]);
		await rest().deactivateWorkflow(triggerId);
		expect(await nextSend()).toMatchObject({ transactionId: expect.any(String) });
		const texts = (await sandbox.inspect()).messages[STOPPER].map((/** @type {any} */ m) => m.text);
		expect(texts).toEqual(['Your order has shipped', 'This week: 20% off']);
	});

	test('a Florida number: 3 texts from workflow A, 5,000 other numbers capped, then the 4th from workflow B is refused with the exact nextAllowedAt', async () => {
		const a = await rest().createWorkflow(
			oneNode('e2e ledger workflow A', capped({ phoneNumber: MIAMI, perNumberCap: 'stateRules' })),
		);
		for (let i = 0; i < 3; i++) {
			const run = await n8n.executeWorkflow(a, await cliOptions());
			expect(run.error).toBeNull();
			expect(n8n.nodeItems(run.run, 'Tatango')[0]).toMatchObject({
				transactionId: expect.any(String),
			});
		}
		const numbers = Array.from({ length: 5000 }, (_, i) => `702556${String(i).padStart(4, '0')}`);
		const bulkId = await rest().createWorkflow(
			manyItems(
				'e2e ledger 5,000 numbers',
				numbers,
				capped({
					phoneNumber: '={{ $json.values }}',
					perNumberCap: 'custom',
					perNumberCapLimit: 3,
				}),
			),
		);
		const started = Date.now();
		// 5,000 texts and their rows: longer than the 2 minutes a run is given elsewhere.
		const bulk = await n8n.executeWorkflow(bulkId, { ...(await cliOptions()), timeoutMs: 900_000 });
		console.log(
			`5,000 capped texts with the ledger: ${((Date.now() - started) / 1000).toFixed(1)} s`,
		);
		expect(bulk.error).toBeNull();
		const bulkItems = n8n.nodeItems(bulk.run, 'Tatango');
		expect(bulkItems).toHaveLength(5000);
		expect(bulkItems.filter((item) => typeof item.transactionId === 'string')).toHaveLength(5000);

		const b = await runWorkflow(
			oneNode('e2e ledger workflow B', capped({ phoneNumber: MIAMI, perNumberCap: 'stateRules' })),
		);
		expect(b.error).toBeNull();
		const refused = n8n.nodeItems(b.run, 'Tatango')[0];
		const history = await historyOf(MIAMI);
		const sent = history.records
			.filter((/** @type {any} */ r) => r.kind === 'text' && r.status === 'sent')
			.map((/** @type {any} */ r) => Date.parse(r.when))
			.sort((/** @type {number} */ x, /** @type {number} */ y) => x - y);
		expect(sent).toHaveLength(3);
		expect(refused).toMatchObject({
			error: expect.stringMatching(
				/^Not sent: 3055550181 has had 3 texts on "spring-sale" in the last 24 hours, the Florida limit \(3 in 24 hours\)/,
			),
			count: 3,
			nextAllowedAt: new Date(sent[0] + DAY_MS).toISOString(),
		});
		expect(history.records[0]).toMatchObject({
			kind: 'text',
			status: 'capped',
			workflowName: 'e2e ledger workflow B',
			count: 3,
		});
		expect(history.records[0].verdicts.perNumberCap).toMatch(/^refuse: Florida/);
		expect((await sandbox.inspect()).messageCounts[MIAMI]).toBe(3);
	});

	test('a lowered limit counts every earlier text: 5 texts under a limit of 5, then State Limits (3) refuses until the third-oldest is 24 hours old', async () => {
		const five = await runWorkflow(
			manyItems(
				'e2e ledger limit 5',
				[1, 2, 3, 4, 5].map(() => LOWERED),
				capped({
					phoneNumber: '={{ $json.values }}',
					perNumberCap: 'custom',
					perNumberCapLimit: 5,
				}),
			),
		);
		expect(five.error).toBeNull();
		expect(
			n8n.nodeItems(five.run, 'Tatango').filter((item) => typeof item.transactionId === 'string'),
		).toHaveLength(5);
		const lowered = await runWorkflow(
			oneNode(
				'e2e ledger State Limits',
				capped({ phoneNumber: LOWERED, perNumberCap: 'stateRules' }),
			),
		);
		const refused = n8n.nodeItems(lowered.run, 'Tatango')[0];
		const sent = (await historyOf(LOWERED)).records
			.filter((/** @type {any} */ r) => r.status === 'sent')
			.map((/** @type {any} */ r) => Date.parse(r.when))
			.sort((/** @type {number} */ x, /** @type {number} */ y) => x - y);
		expect(sent).toHaveLength(5);
		expect(refused).toMatchObject({
			count: 5,
			nextAllowedAt: new Date(sent[2] + DAY_MS).toISOString(),
		});
		expect((await sandbox.inspect()).messageCounts[LOWERED]).toBe(5);
	});
});
