// @ts-check
'use strict';
/**
 * Send Once Per in a real n8n, its memory in n8n's own database (SQLite here):
 * - an order webhook with 3 orders whose 3rd text fails (the sandbox refuses it once, 400), then
 *   n8n's own Retry through REST, as the editor's "Retry with original workflow" does: orders 1-2
 *   are not texted again, order 3 once;
 * - the same webhook POSTed twice at the same instant: one text;
 * - n8n restarted (stopped, started again on the same database) between two deliveries: one text.
 */
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, rest, activateWorkflow, sandbox } = require('./env');
const { creds } = require('./workflowParts');

const SEND_PATH = '/transactional_messages/send_sms';
const RUN = String(Date.now()).slice(-9);
const WEBHOOK_ID = `5e0d0ce0-0029-4000-8000-${RUN.padStart(12, '0')}`;
const EVENTS_URL =
	'https://127.0.0.1:9/webhook/send-once/tatango?token=sendOnceNobodyListens012345';

/** Webhook (POST `{ orders: [{ orderId, phone }] }`) → one item per order → SMS Send, once per order. */
function orderShipped() {
	return {
		name: 'e2e: order shipped, Send Once Per the order',
		nodes: [
			{
				id: 'once-webhook',
				name: 'Order Shipped',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: WEBHOOK_ID,
				parameters: { httpMethod: 'POST', path: WEBHOOK_ID, responseMode: 'lastNode', options: {} },
			},
			{
				id: 'once-split',
				name: 'Each Order',
				type: 'n8n-nodes-base.splitOut',
				typeVersion: 1,
				position: [200, 0],
				parameters: { fieldToSplitOut: 'body.orders', options: {} },
			},
			{
				id: 'once-send',
				name: 'Text the Customer',
				type: 'n8n-nodes-tatango.tatango',
				typeVersion: 1,
				position: [400, 0],
				parameters: {
					resource: 'sms',
					operation: 'send',
					phoneNumber: '={{ $json.phone }}',
					content: '=Order {{ $json.orderId }} shipped',
					webhookUrl: EVENTS_URL,
					sendOncePer: '={{ $json.orderId }}-shipped',
				},
				credentials: creds('v3'),
			},
		],
		connections: {
			'Order Shipped': { main: [[{ node: 'Each Order', type: 'main', index: 0 }]] },
			'Each Order': { main: [[{ node: 'Text the Customer', type: 'main', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** @param {Array<{ orderId: string, phone: string }>} orders */
const deliver = (orders) =>
	axios.post(
		`${state().n8nUrl}/webhook/${WEBHOOK_ID}`,
		{ orders },
		{ timeout: 120_000, validateStatus: () => true },
	);

/** How many texts the sandbox sent to each number. */
async function textsTo(/** @type {string[]} */ phones) {
	const { messageCounts } = await sandbox.inspect();
	return phones.map((phone) => messageCounts[phone] ?? 0);
}

/** The Tatango node's items of a finished execution. @param {any} execution */
function sentItems(execution) {
	const run = execution.data.resultData.runData['Text the Customer'];
	return run[run.length - 1].data.main[0].map((/** @type {any} */ item) => item.json);
}

/** @type {string} */ let workflowId;

beforeAll(async () => {
	workflowId = await activateWorkflow(orderShipped(), [WEBHOOK_ID]);
});
beforeEach(async () => {
	await sandbox.reset();
});

test("3 orders, the 3rd refused once; n8n's Retry texts the 3rd and not the first two again", async () => {
	const phones = ['2067300001', '2067300002', '2067300003'];
	const orders = phones.map((phone, i) => ({ orderId: `R${RUN}-${i + 1}`, phone }));
	await sandbox.faults([
		// The first two sends pass (a 1 ms delay), the third is refused before it is handled.
		{
			match: { method: 'POST', path: SEND_PATH },
			kind: 'slow',
			delayMs: 1,
			phase: 'before',
			times: 2,
		},
		{
			match: { method: 'POST', path: SEND_PATH },
			kind: 'status',
			status: 400,
			phase: 'before',
			times: 1,
		},
	]);
	const before = (await rest().listExecutions(workflowId))[0]?.id ?? 0;
	await deliver(orders);
	const failed = await rest().waitForExecution(workflowId, { afterId: before });
	expect(failed.status).toBe('error');
	expect(await textsTo(phones)).toEqual([1, 1, 0]);

	// The editor's Retry (the fault is used up): n8n runs the failed node again for every item.
	await rest().request('POST', `/rest/executions/${failed.id}/retry`, { loadWorkflow: false });
	const retried = await rest().waitForExecution(workflowId, { afterId: failed.id });
	expect(retried.status).toBe('success');
	expect(await textsTo(phones)).toEqual([1, 1, 1]);
	const items = sentItems(retried);
	expect(items.map((item) => item.outcome ?? 'sent')).toEqual([
		'already_sent',
		'already_sent',
		'sent',
	]);
	expect(items[0]).toMatchObject({
		sendOncePer: `R${RUN}-1-shipped`,
		sentBy: 'an earlier execution',
	});
});

test('the same webhook POSTed twice at the same instant: one text', async () => {
	const phone = '2067300011';
	const orders = [{ orderId: `T${RUN}`, phone }];
	const answers = await Promise.all([deliver(orders), deliver(orders)]);
	expect(answers.map((a) => a.status)).toEqual([200, 200]);
	expect(await textsTo([phone])).toEqual([1]);
	const outcomes = answers.map((a) => a.data.outcome ?? (a.data.transactionId ? 'sent' : a.data));
	expect(outcomes.sort()).toEqual(['already_sent', 'sent']);
});

test('n8n restarted between two deliveries: one text', async () => {
	const phone = '2067300021';
	const orders = [{ orderId: `S${RUN}`, phone }];
	expect((await deliver(orders)).data.transactionId).toEqual(expect.any(String));

	// Stop the server and start it again on the same database, ports and address.
	const s = state();
	await n8n.stopLeftover(`${s.userFolder}/n8n.pid`);
	await n8n.startN8n({
		userFolder: s.userFolder,
		port: s.n8nPort,
		brokerPort: s.brokerPort,
		webhookUrl: `https://127.0.0.1:${s.n8nPort}/`,
	});
	await rest().waitForWebhook(WEBHOOK_ID);

	const again = await deliver(orders);
	expect(again.data).toMatchObject({ outcome: 'already_sent', sentBy: 'an earlier execution' });
	expect(await textsTo([phone])).toEqual([1]);
});
