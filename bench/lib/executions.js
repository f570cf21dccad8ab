// @ts-check
'use strict';
/** What a running n8n recorded of a workflow's executions, read through its REST API. */
const { waitFor } = require('../../scripts/lib/wait');

/**
 * How many executions of `workflowId` match `filter`.
 * @param {import('../../scripts/lib/n8n').RestClient} rest @param {string} workflowId
 * @param {Record<string, unknown>} [filter]
 * @returns {Promise<number>}
 */
async function countExecutions(rest, workflowId, filter = {}) {
	const q = encodeURIComponent(JSON.stringify({ workflowId, ...filter }));
	const page = await rest.request('GET', `/rest/executions?filter=${q}&limit=1`);
	return Number(page.count ?? 0);
}

/**
 * Waits until n8n has finished every run a workflow was sent (a webhook answers before its run is
 * done), so the next phase does not share the machine with them; returns how many it recorded.
 * @param {import('../../scripts/lib/n8n').RestClient} rest @param {string} workflowId @param {number} expected
 * @param {number} [timeoutMs] @param {number} [intervalMs] how often it asks
 */
async function drainExecutions(rest, workflowId, expected, timeoutMs = 120000, intervalMs = 500) {
	let count = 0;
	await waitFor(
		async () => {
			count = await countExecutions(rest, workflowId);
			return (
				count >= expected &&
				(await countExecutions(rest, workflowId, { status: ['running', 'new'] })) === 0
			);
		},
		{ timeoutMs, intervalMs, orLast: true },
	);
	return count;
}

module.exports = { countExecutions, drainExecutions };
