// @ts-check
'use strict';
// The v3 sends in a real n8n against the sandbox: every new operation (SMS, MMS, RCS text,
// carousel and file, WhatsApp template send and upload) in one headless run, and the shipped
// "order shipped → SMS with delivery receipt" example published: an order posted to its webhook
// sends a v3 SMS whose delivery and reply events start the same workflow's Tatango Trigger.
const fs = require('fs');
const path = require('path');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, activateWorkflow, rest, sandbox } = require('./env');
const { SANDBOX_ACCOUNT, TEST_NUMBERS } = require('../../sandbox/fixtures');

const NOBODY_LISTENS = 'https://127.0.0.1:9/tatango?token=e2eNobodyListensHere0123';
const FALLBACK = 'Your order shipped: https://shop.example/t/1042';

/** @param {string} name @param {Record<string, unknown>} parameters @param {number} y */
function tatango(name, parameters, y) {
	const s = state();
	return {
		id: `v3-${name}`,
		name,
		type: 'n8n-nodes-tatango.tatango',
		typeVersion: 1,
		position: [300, y],
		parameters: { phoneNumber: TEST_NUMBERS.V3_SUCCESS, webhookUrl: NOBODY_LISTENS, ...parameters },
		credentials: { tatangoV3Api: { id: s.credentialIds.v3, name: 'Tatango Sandbox (v3)' } },
	};
}

/** Each node: its parameters, the channel its output names and the `kind` the sandbox records. */
const SENDS = {
	SMS: [{ resource: 'sms', operation: 'send', content: 'E2E v3 SMS' }, 'SMS', 'sms'],
	MMS: [
		{
			resource: 'mms',
			operation: 'send',
			content: 'E2E MMS 📦',
			subject: 'Shipped',
			attachmentUrl: 'https://cdn.shop.example/box.jpg',
			smsFailover: FALLBACK,
		},
		'MMS',
		'mms',
	],
	'RCS Text': [
		{ resource: 'rcs', operation: 'sendText', text: '**E2E** RCS text', smsFailover: FALLBACK },
		'RCS',
		'rcs',
	],
	'RCS Carousel': [
		{
			resource: 'rcs',
			operation: 'sendCarousel',
			cardsSource: 'json',
			cardsJson:
				'[{"title":"Boots","text":"Dry","url":"https://e.x/1.jpg"},{"title":"Hats","text":"Warm","url":"https://e.x/2.jpg"}]',
			smsFailover: FALLBACK,
		},
		'RCS',
		'rcs',
	],
	'RCS File': [
		{
			resource: 'rcs',
			operation: 'sendFile',
			fileUrl: 'https://e.x/weekly-news-letter.pdf',
			smsFailover: FALLBACK,
		},
		'RCS',
		'rcs',
	],
	WhatsApp: [
		{
			resource: 'whatsApp',
			operation: 'sendTemplate',
			templateName: 'order_shipped',
			smsFailover: FALLBACK,
		},
		'WHATSAPP',
		'whatsapp',
	],
};

/**
 * Waits until `count` runs of a workflow after `afterId` have finished; returns them, oldest first.
 * @param {string} workflowId @param {string | undefined} afterId @param {number} count
 */
async function finishedExecutions(workflowId, afterId, count, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const done = (await rest().listExecutions(workflowId)).filter(
			(/** @type {any} */ e) =>
				(afterId === undefined || Number(e.id) > Number(afterId)) &&
				e.status !== 'running' &&
				e.status !== 'new',
		);
		if (done.length >= count || Date.now() > deadline) {
			const sorted = done.sort(
				(/** @type {any} */ a, /** @type {any} */ b) => Number(a.id) - Number(b.id),
			);
			return await Promise.all(sorted.map((/** @type {any} */ e) => rest().getExecution(e.id)));
		}
		await new Promise((resolve) => setTimeout(resolve, 300));
	}
}

describe('v3 sends (real n8n, sandbox)', () => {
	test('every v3 operation sends the documented request and outputs message, transactionId, phoneNumber, channel', async () => {
		await sandbox.reset();
		const names = Object.keys(SENDS);
		const nodes = [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			...names.map((name, i) => tatango(name, /** @type {any} */ (SENDS)[name][0], i * 200)),
			tatango(
				'Upload Template',
				{
					resource: 'whatsApp',
					operation: 'uploadTemplate',
					templateName: 'order_shipped',
					language: 'en_US',
					category: 'UTILITY',
					structure: '{"type":"TEXT","body":{"text":"Your order has shipped"}}',
				},
				names.length * 200,
			),
		];
		const targets = nodes.slice(1).map((n) => ({ node: n.name, type: 'main', index: 0 }));
		const result = await runWorkflow({
			name: 'e2e every v3 send',
			nodes,
			connections: { Start: { main: [targets] } },
		});
		expect(result.error).toBeNull();

		const inspected = await sandbox.inspect();
		const recorded = inspected.messages[TEST_NUMBERS.V3_SUCCESS] || [];
		for (const name of names) {
			const [, channel, kind] = /** @type {any} */ (SENDS)[name];
			const [item] = n8n.nodeItems(result.run, name);
			expect({ name, item }).toEqual({
				name,
				item: {
					outcome: 'sent',
					message: expect.any(String),
					transactionId: expect.stringMatching(/^[0-9a-f-]{36}$/),
					phoneNumber: TEST_NUMBERS.V3_SUCCESS,
					channel,
				},
			});
			expect(JSON.stringify(item)).not.toContain('token=');
			expect(recorded).toContainEqual(
				expect.objectContaining({ kind, transactionId: item.transactionId }),
			);
		}
		// The WhatsApp failover went as an object, the others as strings.
		const bodies = inspected.requests
			.filter((/** @type {any} */ r) => r.path.startsWith('/transactional_messages/'))
			.map((/** @type {any} */ r) => [r.path, typeof r.body.smsFailover]);
		expect(bodies).toEqual(
			expect.arrayContaining([
				['/transactional_messages/send_whatsapp', 'object'],
				['/transactional_messages/send_mms', 'string'],
			]),
		);
		expect(n8n.nodeItems(result.run, 'Upload Template')).toEqual([
			{
				message: 'WhatsApp template submitted for approval',
				name: 'order_shipped',
				language: 'en_US',
				category: 'UTILITY',
			},
		]);
		expect(inspected.whatsAppTemplates).toEqual([
			expect.objectContaining({ name: 'order_shipped', language: 'en_US' }),
		]);
	});

	test("examples/order-shipped-sms.json as shipped, set up with one paste: the trigger's plain Production URL in the V3 credential's Default Webhook URL; the delivery and the reply each start exactly one run", async () => {
		await sandbox.reset();
		const wf = JSON.parse(
			fs.readFileSync(path.join(n8n.REPO_ROOT, 'examples', 'order-shipped-sms.json'), 'utf8'),
		);
		const s = state();
		const receipt = wf.nodes.find((/** @type {any} */ n) => n.name === 'Delivery Receipt');
		const send = wf.nodes.find((/** @type {any} */ n) => n.name === 'Text the Customer');
		// As shipped: a sends trigger with the V3 credential and no token, a send with no Webhook URL.
		expect(receipt.parameters).toMatchObject({ source: 'sends' });
		expect(receipt.parameters.secretToken ?? '').toBe('');
		expect(send.parameters.webhookUrl ?? '').toBe('');
		expect(JSON.stringify(wf)).not.toMatch(/token=|\{\{[^}]*webhookUrl/);
		// The one paste: the trigger's Production URL as n8n shows it.
		const productionUrl = `${s.webhookUrl}webhook/${receipt.webhookId}/tatango`;
		const cred = await rest().request('POST', '/rest/credentials', {
			name: 'e2e Tatango v3 → Delivery Receipt',
			type: 'tatangoV3Api',
			data: {
				apiKey: SANDBOX_ACCOUNT.v3ApiKey,
				baseUrl: s.sandboxUrl,
				defaultWebhookUrl: productionUrl,
				requestsPerSecond: 1000,
			},
		});
		for (const node of wf.nodes) {
			if (node.credentials?.tatangoV3Api) {
				node.credentials.tatangoV3Api = { id: cred.id, name: cred.name };
			}
		}
		const id = await activateWorkflow(wf, [`${receipt.webhookId}/tatango`]);
		try {
			await rest().waitForWebhook('order-shipped');
			const before = await rest().listExecutions(id);
			const afterId = before.length ? before[0].id : undefined;

			// A forged or missing token gets 401 and starts nothing.
			for (const query of ['?token=forged0123456789abcdef0123456789', '']) {
				const forged = await axios.post(
					`${s.n8nUrl}/webhook/${receipt.webhookId}/tatango${query}`,
					{ transactionId: 'forged', eventType: 'delivery_status', body: { status: 'success' } },
					{ validateStatus: () => true },
				);
				expect(forged.status).toBe(401);
			}

			// 2065550204: delivered, then the customer replies.
			const order = {
				phone: '(206) 555-0204',
				orderId: '1042',
				trackingUrl: 'https://t.example/1042',
			};
			const posted = await axios.post(`${s.n8nUrl}/webhook/order-shipped`, order);
			expect(posted.status).toBe(200);

			// Three runs of the workflow: the order (the send), the delivery, the reply.
			const executions = await finishedExecutions(id, afterId, 3);
			expect(executions.map((e) => e.status)).toEqual(['success', 'success', 'success']);
			const sent = executions
				.map((e) => e.data.resultData.runData['Text the Customer'])
				.filter(Boolean);
			expect(sent).toHaveLength(1);
			const [sendItem] = n8n.nodeItems(
				executions.find((e) => e.data.resultData.runData['Text the Customer']),
				'Text the Customer',
			);
			expect(sendItem).toMatchObject({
				phoneNumber: TEST_NUMBERS.V3_SUCCESS_THEN_REPLY,
				channel: 'SMS',
			});

			const receipts = executions
				.filter((e) => e.data.resultData.runData['Record Receipt'])
				.map((e) => n8n.nodeItems(e, 'Record Receipt')[0]);
			expect(receipts).toEqual([
				{
					transactionId: sendItem.transactionId,
					receipt: 'success',
					phoneNumber: TEST_NUMBERS.V3_SUCCESS_THEN_REPLY,
					replyText: null,
				},
				{
					transactionId: sendItem.transactionId,
					receipt: 'reply_received',
					phoneNumber: TEST_NUMBERS.V3_SUCCESS_THEN_REPLY,
					replyText: 'Thanks for your message!',
				},
			]);
			// The trigger's own output names the reply's channel.
			const replyEvent = executions
				.map((e) => e.data.resultData.runData['Delivery Receipt'])
				.filter(Boolean)
				.map((runs) => runs[0].data.main[0][0].json)
				.find((json) => json.event === 'reply_received');
			expect(replyEvent).toMatchObject({ channel: 'SMS', transactionId: sendItem.transactionId });

			// Tatango was given the URL with the token the trigger derives; the credential holds none.
			const inspected = await sandbox.inspect();
			const sendRequest = inspected.requests.find(
				(/** @type {any} */ r) => r.path === '/transactional_messages/send_sms',
			);
			expect(sendRequest.body.webhookUrl).toMatch(
				new RegExp(`^${productionUrl.replace(/[.?]/g, '\\$&')}\\?token=[A-Za-z0-9_-]{32}$`),
			);
			expect(JSON.stringify(sendItem)).not.toContain('token');
			// Exactly one run each: nothing more arrives.
			await new Promise((resolve) => setTimeout(resolve, 1500));
			expect(await finishedExecutions(id, afterId, 4, 0)).toHaveLength(3);
			expect(inspected.messages[TEST_NUMBERS.V3_SUCCESS_THEN_REPLY]).toEqual([
				expect.objectContaining({
					kind: 'sms',
					text: 'Your order #1042 has shipped. Track it: https://t.example/1042',
				}),
			]);
		} finally {
			await rest().deactivateWorkflow(id);
		}
	});
});
