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

module.exports = { LEDGER_SCOPES, createLedgerCredential };
