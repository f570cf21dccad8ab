// @ts-check
'use strict';
/**
 * A compliance ledger for a running n8n, as tests and the bench set one up: an API key of the
 * logged-in owner with only the scopes the ledger needs, and the "Tatango Compliance Ledger API"
 * credential's data pointing at that n8n (docs/ledger.md).
 */

/** The least an n8n API key needs for the ledger. */
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

/**
 * Creates a ledger credential on the n8n `rest` is logged in to; returns its id.
 * @param {import('./n8n-rest').RestClient} rest
 * @param {{ n8nUrl: string, name?: string, dataTable?: string }} options
 * @returns {Promise<string>}
 */
async function createLedgerCredential(
	rest,
	{ n8nUrl, name = 'Compliance Ledger', dataTable = 'Tatango Compliance Ledger' },
) {
	const apiKey = await rest.createApiKey(`${name} (${Date.now()})`, LEDGER_SCOPES);
	const created = await rest.request('POST', '/rest/credentials', {
		name,
		type: 'tatangoComplianceLedgerApi',
		data: { baseUrl: n8nUrl, apiKey, dataTable, retentionDays: 1830 },
	});
	return created.id;
}

/** The ledger credential the playground imports before n8n starts, and the examples that use it. */
const PLAYGROUND_LEDGER = {
	id: 'tatangoPlaygroundLedger',
	name: 'Tatango Compliance Ledger (playground)',
	dataTable: 'Tatango Compliance Ledger',
	/** The examples whose Tatango nodes and triggers write to it. */
	examples: ['order-shipped-sms.json', 'sms-assistant.json'],
};

/**
 * The playground's ledger credential, to import with the others; its API key is made once n8n is
 * up and its owner set up (`giveLedgerItsKey`).
 * @param {string} n8nUrl
 */
function playgroundLedgerCredential(n8nUrl) {
	return {
		id: PLAYGROUND_LEDGER.id,
		name: PLAYGROUND_LEDGER.name,
		type: 'tatangoComplianceLedgerApi',
		data: {
			baseUrl: n8nUrl,
			apiKey: 'made once n8n is up',
			dataTable: PLAYGROUND_LEDGER.dataTable,
			retentionDays: 1830,
		},
	};
}

/**
 * A workflow whose Tatango nodes and triggers also carry the playground's ledger credential.
 * @param {{ nodes: Array<{ type: string, credentials?: Record<string, unknown> }> }} workflow
 */
function withPlaygroundLedger(workflow) {
	return {
		...workflow,
		nodes: workflow.nodes.map((node) =>
			/^n8n-nodes-tatango\.tatango(Trigger)?$/.test(node.type)
				? {
						...node,
						credentials: {
							...node.credentials,
							tatangoComplianceLedgerApi: {
								id: PLAYGROUND_LEDGER.id,
								name: PLAYGROUND_LEDGER.name,
							},
						},
					}
				: node,
		),
	};
}

/**
 * Gives the imported ledger credential an API key of the logged-in owner, with the ledger's scopes
 * only (a new key each start: the key is never read back).
 * @param {import('./n8n-rest').RestClient} rest
 * @param {string} n8nUrl
 */
async function giveLedgerItsKey(rest, n8nUrl) {
	// n8n takes a label of 50 characters at most.
	const apiKey = await rest.createApiKey(`Playground ledger ${Date.now()}`, LEDGER_SCOPES);
	const { data } = playgroundLedgerCredential(n8nUrl);
	await rest.request('PATCH', `/rest/credentials/${PLAYGROUND_LEDGER.id}`, {
		name: PLAYGROUND_LEDGER.name,
		type: 'tatangoComplianceLedgerApi',
		data: { ...data, apiKey },
	});
}

module.exports = {
	LEDGER_SCOPES,
	PLAYGROUND_LEDGER,
	createLedgerCredential,
	giveLedgerItsKey,
	playgroundLedgerCredential,
	withPlaygroundLedger,
};
