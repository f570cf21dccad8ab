// @ts-check
'use strict';
/**
 * Duplicate deliveries in queue mode. Tatango may deliver one event twice (about 20 ms apart, or as
 * a retry much later); the Tatango Trigger must start one run per event even though every run goes
 * to whichever worker is free. The trigger's webhook() runs in the webhook process, before anything
 * is queued; what it remembers lives there and in the workflow's static data (PostgreSQL).
 */
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { waitFor } = require('../../scripts/lib/wait');
const { SANDBOX_ACCOUNT, TEST_NUMBERS } = require('../../sandbox/fixtures');
const {
	publishWorkflows,
	webhookProcessUrl,
	publicWebhookUrl,
	settledExecutions,
	itemsOf,
	whoRan,
	sandbox,
	rest,
	state,
	workers,
	startExtraProcess,
} = require('./env');
const { sendWorkflow, triggerWorkflow } = require('./workflows');

/** @param {string} transactionId @param {string} phone */
const deliveryEvent = (transactionId, phone) => ({
	transactionId,
	eventType: 'delivery_status',
	body: { phoneNumber: phone, status: 'success', deliveredAt: new Date().toISOString() },
});

/**
 * POSTs an event to a Tatango Trigger's production URL on a webhook process, as the sandbox would.
 * @param {string} baseUrl webhook process base URL @param {{ webhookPath: string, token: string }} trigger @param {unknown} event
 */
async function deliver(baseUrl, trigger, event) {
	const r = await axios.post(
		`${baseUrl}/webhook/${trigger.webhookPath}?token=${trigger.token}`,
		event,
		{
			headers: { 'x-api-key': SANDBOX_ACCOUNT.v3ApiKey },
			validateStatus: () => true,
			timeout: 30000,
		},
	);
	return { status: r.status, body: r.data };
}

/**
 * Waits until the workflow has `count` finished executions.
 * @param {string} workflowId @param {number} count
 */
async function waitForCount(workflowId, count) {
	const c = rest();
	await waitFor(
		async () => {
			const list = await c.listExecutions(workflowId);
			return (
				list.filter(
					(/** @type {any} */ e) => !['new', 'running', 'waiting', 'unknown'].includes(e.status),
				).length >= count
			);
		},
		{ timeoutMs: 30000, intervalMs: 100, what: `${count} finished executions of ${workflowId}` },
	);
}

/**
 * The trigger executions of a workflow with the event's transaction ID and the worker that ran each.
 * @param {string} workflowId @param {number} count
 */
async function triggerRuns(workflowId, count) {
	const execs = await settledExecutions(workflowId, { count, settleMs: 2000 });
	const c = rest();
	const runs = [];
	for (const s of execs) {
		const e = await c.getExecution(s.id);
		const [item] = itemsOf(e, 'Ran On');
		const who = await whoRan(s.id, item);
		runs.push({
			id: s.id,
			status: s.status,
			transactionId: item.trigger.transactionId,
			worker: who.fromEnv,
			fromLogs: who.fromLogs,
		});
	}
	return runs;
}

describe('queue mode: duplicate deliveries start one run', () => {
	const repeats = triggerWorkflow('repeats');
	const viaSandbox = triggerWorkflow('sandbox duplicates');
	const send = sendWorkflow();
	/** @type {string} */ let repeatsId;
	/** @type {string} */ let viaSandboxId;
	/** @type {string} */ let sendId;

	beforeAll(async () => {
		[repeatsId, viaSandboxId, sendId] = await publishWorkflows([
			{ workflow: repeats.workflow, webhookPaths: [repeats.webhookPath] },
			{ workflow: viaSandbox.workflow, webhookPaths: [viaSandbox.webhookPath] },
			{ workflow: send.workflow, webhookPaths: [send.webhookPath] },
		]);
		await sandbox.reset();
	});

	afterAll(async () => {
		await sandbox.reset();
	});

	const EVENTS = 6;
	const COPIES = 3;
	const txIds = Array.from({ length: EVENTS }, () => crypto.randomUUID());

	test(`${EVENTS} events, each delivered ${COPIES} times after its run finished: ${EVENTS} runs, spread over both workers`, async () => {
		const base = state().webhookUrl;
		/** @type {Array<{ event: number, copy: number, status: number, body: any }>} */
		const answers = [];
		for (let i = 0; i < EVENTS; i++) {
			for (let copy = 0; copy < COPIES; copy++) {
				const r = await deliver(base, repeats, deliveryEvent(txIds[i], TEST_NUMBERS.V3_SUCCESS));
				answers.push({ event: i, copy, ...r });
				// The next copy only once this event's run has finished on its worker: whatever the
				// run records is saved by then.
				if (copy === 0) await waitForCount(repeatsId, i + 1);
			}
		}
		for (const a of answers) {
			expect(a.status).toBe(200);
			expect(a.body).toEqual(
				a.copy === 0
					? { received: true, started: true }
					: { received: true, started: false, reason: 'duplicate' },
			);
		}
		const runs = await triggerRuns(repeatsId, EVENTS);
		expect(runs.map((r) => r.transactionId).sort()).toEqual([...txIds].sort());
		for (const r of runs) {
			expect(r.status).toBe('success');
			expect(r.fromLogs).toEqual([r.worker]);
		}
		const perWorker = runs.reduce(
			(/** @type {Record<string, number>} */ m, r) => ((m[r.worker] = (m[r.worker] || 0) + 1), m),
			{},
		);
		console.log(
			`runs per worker: ${JSON.stringify(perWorker)}; order: ${runs.map((r) => r.worker).join(', ')}`,
		);
		expect(Object.keys(perWorker).sort()).toEqual(
			workers()
				.map((w) => w.name)
				.sort(),
		);
	});

	test("the sandbox's duplicate deliveries (duplicateWebhooks) start one run per RCS message", async () => {
		await sandbox.config({ duplicateWebhooks: true });
		const deliveryUrl = `${publicWebhookUrl(viaSandbox.webhookPath)}?token=${viaSandbox.token}`;
		const SENDS = 4;
		const sent = [];
		for (let i = 0; i < SENDS; i++) {
			const r = await axios.post(
				webhookProcessUrl(send.webhookPath),
				{
					phone: `20655504${String(10 + i).padStart(2, '0')}`,
					tag: `dup-${i}`,
					webhookUrl: deliveryUrl,
				},
				{ timeout: 60000 },
			);
			sent.push(r.data.rcs.transactionId);
		}
		await settledExecutions(sendId, { count: SENDS, settleMs: 0 });
		const runs = await triggerRuns(viaSandboxId, SENDS);
		expect(runs.map((r) => r.transactionId).sort()).toEqual([...sent].sort());
		for (const r of runs) expect(r.status).toBe('success');

		// The sandbox did deliver every event twice, and both copies were answered 200.
		const { webhookDeliveries } = await sandbox.inspect();
		const ours = webhookDeliveries.filter((/** @type {any} */ d) =>
			sent.includes(d.payload && d.payload.transactionId),
		);
		expect(ours).toHaveLength(SENDS);
		for (const d of ours) {
			const copies = d.attempts.filter((/** @type {any} */ a) => a.statusCode === 200);
			expect(copies.length).toBeGreaterThanOrEqual(2);
			expect(d.attempts.some((/** @type {any} */ a) => a.duplicate)).toBe(true);
		}
		const perWorker = runs.reduce(
			(/** @type {Record<string, number>} */ m, r) => ((m[r.worker] = (m[r.worker] || 0) + 1), m),
			{},
		);
		console.log(
			`sandbox duplicates: ${ours.length} events delivered ${ours.map((d) => d.attempts.length).join('/')} times; runs per worker: ${JSON.stringify(perWorker)}`,
		);
	});

	test('a second webhook process: an event whose run has ended is dropped by the other webhook process', async () => {
		const s = state();
		const second = await startExtraProcess(
			'webhook-2',
			'webhook',
			s.ports.webhook2,
			s.ports.webhook2Broker,
		);
		try {
			const c = rest();
			const before = (await c.listExecutions(repeatsId)).length;
			const event = deliveryEvent(crypto.randomUUID(), TEST_NUMBERS.V3_SUCCESS);
			const first = await deliver(second.url, repeats, event);
			expect(first.body).toEqual({ received: true, started: true });
			await waitForCount(repeatsId, before + 1);
			// The run recorded the event in the workflow's static data (saved by its worker); the
			// first webhook process never saw the event, and reads that record.
			const elsewhere = await deliver(s.webhookUrl, repeats, event);
			const same = await deliver(second.url, repeats, event);
			expect(elsewhere.body).toEqual({ received: true, started: false, reason: 'duplicate' });
			expect(same.body).toEqual({ received: true, started: false, reason: 'duplicate' });
			await n8n.sleep(2000);
			expect((await c.listExecutions(repeatsId)).length).toBe(before + 1);

			// An older event, recorded several runs ago on the other webhook process, is still known:
			// each worker run merges the record its webhook call read before saving.
			const older = await deliver(
				second.url,
				repeats,
				deliveryEvent(txIds[0], TEST_NUMBERS.V3_SUCCESS),
			);
			expect(older.body).toEqual({ received: true, started: false, reason: 'duplicate' });
			await n8n.sleep(2000);
			expect((await c.listExecutions(repeatsId)).length).toBe(before + 1);
		} finally {
			await second.server.stop();
		}
	});
});
