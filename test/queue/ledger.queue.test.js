// @ts-check
'use strict';
/**
 * The compliance ledger in queue mode: two workers and a webhook process on PostgreSQL, two
 * workflows using one ledger (a Data Table reached through n8n's public API). 50 order keys, each
 * delivered at the same instant to both workflows: whichever worker runs each execution, the
 * ledger's claims (the claim made first holds a key, read after a settle time) give each key to
 * exactly one text: 50 texts, 50 `already_sent`.
 */
const crypto = require('crypto');
const axios = require('axios').default;
const {
	publishWorkflows,
	webhookProcessUrl,
	settledExecutions,
	rest,
	itemsOf,
	sandbox,
	state,
} = require('./env');
const { CREDENTIALS, orderShippedWorkflow } = require('./workflows');
const { createLedgerCredential } = require('../../scripts/lib/ledger');

const KEYS = 50;
const FIRST_NUMBER = 2067450000;
const EVENTS_URL =
	'https://127.0.0.1:9/webhook/queue-ledger/tatango?token=queueLedgerNobodyListens01';

function sendingWorkflow(/** @type {string} */ name, /** @type {string} */ ledgerId) {
	return orderShippedWorkflow({
		name,
		pathPrefix: 'queue-ledger',
		eventsUrl: EVENTS_URL,
		credentials: {
			...CREDENTIALS.v3,
			tatangoComplianceLedgerApi: { id: ledgerId, name: 'Compliance Ledger (queue)' },
		},
	});
}

test(`${KEYS} keys, each delivered at once to 2 workflows over 2 workers with one ledger: ${KEYS} texts`, async () => {
	const ledgerId = await createLedgerCredential(rest(), {
		n8nUrl: state().mainUrl,
		name: 'Compliance Ledger (queue)',
		dataTable: `Tatango Compliance Ledger (queue ${crypto.randomBytes(3).toString('hex')})`,
	});
	const a = sendingWorkflow('queue ledger: order shipped (A)', ledgerId);
	const b = sendingWorkflow('queue ledger: order shipped (B)', ledgerId);
	const workflowIds = await publishWorkflows([
		{ workflow: a.workflow, webhookPaths: [a.path] },
		{ workflow: b.workflow, webhookPaths: [b.path] },
	]);
	await sandbox.reset();

	const phones = Array.from({ length: KEYS }, (_, i) => String(FIRST_NUMBER + i));
	const run = crypto.randomBytes(3).toString('hex');
	const calls = phones.flatMap((phone, i) => {
		const body = { orderId: `L${run}-${i}`, phone };
		return [
			{ path: a.path, body },
			{ path: b.path, body },
		];
	});
	const answers = await Promise.all(
		calls.map(({ path, body }) =>
			axios.post(webhookProcessUrl(path), body, { timeout: 240_000, validateStatus: () => true }),
		),
	);
	expect(answers.filter((answer) => answer.status !== 200).map((x) => [x.status, x.data])).toEqual(
		[],
	);

	const executions = (
		await Promise.all(
			workflowIds.map(
				async (id) => await settledExecutions(id, { count: KEYS, timeoutMs: 240_000 }),
			),
		)
	).flat();
	expect(executions.filter((e) => e.status !== 'success')).toEqual([]);
	const { messageCounts } = await sandbox.inspect();
	expect(phones.filter((phone) => messageCounts[phone] !== 1)).toEqual([]);

	const c = rest();
	/** @type {Record<string, number>} */ const outcomes = {};
	/** @type {Record<string, number>} */ const workersUsed = {};
	for (const e of executions) {
		const [item] = itemsOf(await c.getExecution(e.id), 'Ran On');
		outcomes[item.outcome] = (outcomes[item.outcome] ?? 0) + 1;
		workersUsed[item.ranOn] = (workersUsed[item.ranOn] ?? 0) + 1;
	}
	console.log(`The ledger in queue mode: ${JSON.stringify({ outcomes, workersUsed })}`);
	expect(outcomes).toEqual({ sent: KEYS, already_sent: KEYS });
	expect(Object.keys(workersUsed)).toHaveLength(2);
});
