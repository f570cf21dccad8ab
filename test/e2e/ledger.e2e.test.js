// @ts-check
'use strict';
// The compliance ledger in a real n8n 2.41.1 (its Data Table through n8n's public API, an API key
// with only the data table scopes, made by this test), the sandbox as Tatango:
// - STOP to a trigger whose Events are Delivery Status only: the trigger answers "not selected",
//   the revocation is on record with the reply's words; START to a trigger whose Events are
//   Consent Revoked only: the opt-in is on record;
// - Compliance Ledger → Get Number History returns the number's record.
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, activateWorkflow, rest, sandbox } = require('./env');
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

		triggerId = await activateTrigger(['consent_revoked']);
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { phone: STOPPER, text: 'START' });
		const optedIn = await until(async () => {
			const history = await historyOf(STOPPER);
			return history.consent.state === 'opted_in' ? history : undefined;
		});
		expect(optedIn.records[0]).toMatchObject({ kind: 'opt_in', words: 'start' });
		expect(await rest().listExecutions(triggerId)).toEqual([]);
		await rest().deactivateWorkflow(triggerId);
	});
});
