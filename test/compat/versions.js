// @ts-check
'use strict';
/**
 * What each n8n version of the compatibility suite offers this package, as measured here
 * (docs/compatibility.md says how each was found). The suite asserts each row either way: a
 * capability a version has must work; one it lacks must fail with the clear error named here.
 */
const { selectedVersion } = require('../../scripts/lib/n8n-install');

/**
 * @typedef {{
 *   hitlTool: boolean,
 *   deduplicationStore: boolean,
 *   dataTableApi: boolean,
 * }} Capabilities
 * hitlTool: n8n derives `<package>.tatangoHitlTool` (the review tool of an AI Agent) from a node
 *   with a Send and Wait operation (n8n's packages/cli/src/tool-generation/hitl-tools.ts).
 * deduplicationStore: n8n gives a node's execute() `this.helpers.checkProcessedAndRecord` and
 *   `removeProcessed`, which Send Once Per and Per-Number Cap keep their memory in
 *   (docs/send-once-and-caps.md).
 * dataTableApi: n8n's public API has `/api/v1/data-tables` (list, create, rows), which the
 *   compliance ledger is kept in (docs/ledger.md).
 */

/** @type {Record<string, Capabilities>} */
const CAPABILITIES = {
	'1.123.81': { hitlTool: false, deduplicationStore: true, dataTableApi: false },
	'2.40.7': { hitlTool: true, deduplicationStore: true, dataTableApi: true },
	'2.41.1': { hitlTool: true, deduplicationStore: true, dataTableApi: true },
};

/** @returns {Capabilities & { version: string }} the running version's row */
function capabilities() {
	const version = selectedVersion();
	const row = CAPABILITIES[version];
	if (!row) throw new Error(`test/compat/versions.js has no row for n8n ${version}`);
	return { version, ...row };
}

module.exports = { CAPABILITIES, capabilities };
