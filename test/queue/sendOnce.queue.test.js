// @ts-check
'use strict';
/**
 * Send Once Per in queue mode: two workers share PostgreSQL, where n8n's deduplication store keeps
 * each workflow's memory as one row every call reads and rewrites (no lock). 50 order keys, each
 * delivered twice at the same instant to the webhook process: every execution goes to whichever
 * worker is free, and the memory's claim protocol (shared/memory/claims.ts) must give each key to
 * exactly one of them: 50 texts, 50 `already_sent`.
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
} = require('./env');
const { CREDENTIALS, orderShippedWorkflow } = require('./workflows');

const KEYS = 50;
const FIRST_NUMBER = 2067400000;
const EVENTS_URL =
	'https://127.0.0.1:9/webhook/queue-once/tatango?token=queueOnceNobodyListens0123';

function onceWorkflow() {
	return orderShippedWorkflow({
		name: 'queue: Send Once Per, each key delivered twice at once',
		pathPrefix: 'queue-once',
		eventsUrl: EVENTS_URL,
		credentials: CREDENTIALS.v3,
	});
}

test(`${KEYS} keys, each delivered twice at once over 2 workers: ${KEYS} texts, ${KEYS} already_sent`, async () => {
	const { path, workflow } = onceWorkflow();
	const [workflowId] = await publishWorkflows([{ workflow, webhookPaths: [path] }]);
	await sandbox.reset();

	const phones = Array.from({ length: KEYS }, (_, i) => String(FIRST_NUMBER + i));
	const run = crypto.randomBytes(3).toString('hex');
	const bodies = phones.flatMap((phone, i) => {
		const body = { orderId: `Q${run}-${i}`, phone };
		return [body, body];
	});
	const answers = await Promise.all(
		bodies.map((body) =>
			axios.post(webhookProcessUrl(path), body, { timeout: 240_000, validateStatus: () => true }),
		),
	);
	expect(answers.filter((a) => a.status !== 200).map((a) => [a.status, a.data])).toEqual([]);

	const executions = await settledExecutions(workflowId, { count: 2 * KEYS, timeoutMs: 240_000 });
	expect(executions.filter((e) => e.status !== 'success')).toEqual([]);
	const { messageCounts } = await sandbox.inspect();
	expect(phones.filter((phone) => messageCounts[phone] !== 1)).toEqual([]);

	const c = rest();
	/** @type {Record<string, number>} */ const outcomes = {};
	/** @type {Record<string, number>} */ const workersUsed = {};
	/** @type {Map<string, Set<string>>} which workers ran each key's two executions */
	const workersOfKey = new Map();
	for (const e of executions) {
		const [item] = itemsOf(await c.getExecution(e.id), 'Ran On');
		outcomes[item.outcome] = (outcomes[item.outcome] ?? 0) + 1;
		workersUsed[item.ranOn] = (workersUsed[item.ranOn] ?? 0) + 1;
		workersOfKey.set(item.orderId, (workersOfKey.get(item.orderId) ?? new Set()).add(item.ranOn));
	}
	const acrossWorkers = [...workersOfKey.values()].filter((w) => w.size === 2).length;
	console.log(
		`Send Once Per in queue mode: ${JSON.stringify({ outcomes, workersUsed, keysWhoseTwoDeliveriesRanOnBothWorkers: acrossWorkers })}`,
	);
	expect(outcomes).toEqual({ sent: KEYS, already_sent: KEYS });
	// Keys were contested across processes, not only within one.
	expect(acrossWorkers).toBeGreaterThan(0);
});
