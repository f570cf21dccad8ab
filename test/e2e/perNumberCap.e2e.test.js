// @ts-check
'use strict';
/**
 * Per-Number Cap in a real n8n, counted in its own database: one workflow (the memory is per
 * workflow) run by `n8n execute` under faketime, the clock of each run set where the test needs it.
 * A Florida number gets 3 texts on one subject; the 4th within 24 hours is refused with
 * nextAllowedAt and nothing reaches the sandbox; at nextAllowedAt it is sent.
 */
const n8n = require('../../scripts/lib/n8n');
const { cliOptions, rest, sandbox } = require('./env');
const { START, tatango, connect } = require('./workflowParts');

const MIAMI = '3055550177';

function cappedSend() {
	const send = {
		...tatango(
			'Send',
			{
				resource: 'sms',
				operation: 'send',
				phoneNumber: MIAMI,
				content: 'Spring sale: 20% off',
				webhookUrl: 'https://127.0.0.1:9/tatango?token=capNobodyListens0123456789abc',
				perNumberCap: 'stateRules',
				capSubject: 'spring-sale',
			},
			'v3',
		),
		onError: 'continueRegularOutput',
	};
	return {
		name: 'e2e per-number cap, Florida',
		settings: { executionOrder: 'v1' },
		nodes: [START, send],
		connections: connect([['Start', 'Send']]),
	};
}

/** The Send node's one item of a run at `fakeTime` (UTC, `YYYY-MM-DD HH:MM:SS`). */
async function sendAt(/** @type {string} */ workflowId, /** @type {string} */ fakeTime) {
	const result = await n8n.executeWorkflow(workflowId, { ...(await cliOptions()), fakeTime });
	expect(result.error).toBeNull();
	return n8n.nodeItems(result.run, 'Send')[0];
}

async function textsToMiami() {
	return (await sandbox.inspect()).messageCounts[MIAMI] ?? 0;
}

test("a Florida number's 4th text on one subject within 24 hours: refused with nextAllowedAt, sent once the clock passes it", async () => {
	await sandbox.reset();
	const workflowId = await rest().createWorkflow(cappedSend());
	for (const time of ['2026-11-25 15:05:00', '2026-11-25 16:00:00', '2026-11-25 20:00:00']) {
		expect(await sendAt(workflowId, time)).toMatchObject({ transactionId: expect.any(String) });
	}
	expect(await textsToMiami()).toBe(3);

	const refused = await sendAt(workflowId, '2026-11-26 14:00:00');
	// faketime's clock runs on from 15:05:00 while n8n starts: the first text's minute may be later.
	expect(refused.nextAllowedAt).toMatch(/^2026-11-26T15:(0[6-9]|[1-5]\d):00\.000Z$/);
	expect(refused).toMatchObject({
		error: expect.stringMatching(
			/^Not sent: 3055550177 has had 3 texts on "spring-sale" in the last 24 hours, the Florida limit \(3 in 24 hours\)\./,
		),
		count: 3,
		rule: expect.objectContaining({ name: 'Florida', limit: 3 }),
	});
	expect(await textsToMiami()).toBe(3);

	const at = refused.nextAllowedAt.replace('T', ' ').replace(/\.000Z$/, '');
	expect(await sendAt(workflowId, at)).toMatchObject({ transactionId: expect.any(String) });
	expect(await textsToMiami()).toBe(4);
});

/**
 * Oregon (HB 3865, in force 2026-01-01): a Bend (541) number under State Limits, its Last Purchase
 * At read from the item as a builder would write it (`{{ $json.lastPurchaseAt }}`). The item comes
 * from a Set node reading an environment variable, so one workflow (one memory) runs with and
 * without a purchase on file.
 */
const BEND = '5415550177';

function oregonSend() {
	const send = {
		...tatango(
			'Send',
			{
				resource: 'sms',
				operation: 'send',
				phoneNumber: BEND,
				content: 'New trail shoes are in',
				webhookUrl: 'https://127.0.0.1:9/tatango?token=capNobodyListens0123456789abc',
				perNumberCap: 'stateRules',
				lastPurchaseAt: '={{ $json.lastPurchaseAt }}',
			},
			'v3',
		),
		onError: 'continueRegularOutput',
	};
	const customer = {
		id: 'set-customer',
		name: 'Customer',
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position: [200, 400],
		parameters: {
			mode: 'raw',
			jsonOutput: '={{ JSON.stringify({ lastPurchaseAt: $env.E2E_LAST_PURCHASE_AT || "" }) }}',
			options: {},
		},
	};
	return {
		name: 'e2e per-number cap, Oregon',
		settings: { executionOrder: 'v1' },
		nodes: [START, customer, send],
		connections: connect([
			['Start', 'Customer'],
			['Customer', 'Send'],
		]),
	};
}

test("a 541 number's 4th text in 24 hours is refused under State Limits (Oregon); sent with a purchase within 18 months on file", async () => {
	await sandbox.reset();
	const workflowId = await rest().createWorkflow(oregonSend());
	const run = async (/** @type {string} */ fakeTime, lastPurchaseAt = '') => {
		const result = await n8n.executeWorkflow(workflowId, {
			...(await cliOptions()),
			fakeTime,
			env: { N8N_BLOCK_ENV_ACCESS_IN_NODE: 'false', E2E_LAST_PURCHASE_AT: lastPurchaseAt },
		});
		expect(result.error).toBeNull();
		return n8n.nodeItems(result.run, 'Send')[0];
	};
	const textsToBend = async () => (await sandbox.inspect()).messageCounts[BEND] ?? 0;

	for (const time of ['2026-11-25 17:00:00', '2026-11-25 18:00:00', '2026-11-25 19:00:00']) {
		expect(await run(time)).toMatchObject({ transactionId: expect.any(String) });
	}
	const refused = await run('2026-11-26 16:00:00');
	expect(refused).toMatchObject({
		error: expect.stringMatching(
			/^Not sent: 5415550177 has had 3 texts in the last 24 hours, the Oregon limit \(3 in 24 hours\)\./,
		),
		rule: expect.objectContaining({ name: 'Oregon', citation: 'Or. Laws 2025, HB 3865' }),
	});
	expect(await textsToBend()).toBe(3);

	// The same text to a customer who bought on 2026-03-14: an established business relationship.
	expect(await run('2026-11-26 16:05:00', '2026-03-14')).toMatchObject({
		transactionId: expect.any(String),
	});
	expect(await textsToBend()).toBe(4);
});
