// @ts-check
'use strict';
// Every operation of the Tatango node in a real n8n (`n8n execute`, headless) against the sandbox,
// built from the node definitions in examples/ where there is one. Few workflows, as each
// `n8n execute` boots n8n (2-5 s): one runs all seven operations side by side, one is the MOMT
// polling example as shipped, the two RCS examples (sender and published reactor) together, one bad input.
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, activateWorkflow, rest, sandbox } = require('./env');
const { START, example, exampleNode, tatango, fixedItem, connect } = require('./workflowParts');
const { SANDBOX_ACCOUNT, TEST_NUMBERS } = require('../../sandbox/fixtures');

/** The texts the sandbox recorded for one phone. @param {any} inspected @param {string} phone */
function textsTo(inspected, phone) {
	const key = Object.keys(inspected.messages || {}).find((k) =>
		k.replace(/\D/g, '').endsWith(phone),
	);
	return key ? /** @type {Array<Record<string, any>>} */ (inspected.messages[key]) : [];
}

const PHONE_NEWSLETTER = '2065551001';
const PHONE_VIP = '2065551002';
const PHONE_ORDER = '2065551003';
const RCS_PHONE = TEST_NUMBERS.V3_SUCCESS;

describe('every Tatango operation in a real n8n (n8n execute, sandbox)', () => {
	beforeAll(async () => {
		await sandbox.reset();
	});

	describe('one workflow running all seven operations', () => {
		/** @type {Awaited<ReturnType<typeof runWorkflow>>} */
		let result;
		/** @type {any} */
		let inspected;
		/** @param {string} name */
		const out = (name, output = 0) => n8n.nodeItems(result.run, name, output);

		beforeAll(async () => {
			const FORM = 'add-subscriber-from-form.json';
			const CRM = 'transactional-from-crm.json';
			const rcs = exampleNode('send-rcs-card.json', 'Send Rich Card');
			// The e2e credential has no Default Webhook URL: name a URL (nobody listens there).
			rcs.parameters.webhookUrl = 'https://127.0.0.1:9/tatango?token=e2eNobodyListensHere0123';
			const nodes = [
				START,
				// add-subscriber-from-form: the form's output, then the example's nodes as they are
				fixedItem('Sign-up Form', {
					Name: 'Ada',
					Phone: '(206) 555-1001',
					Email: 'ada@example.com',
					Consent: 'Yes, text me. I agree to receive recurring marketing text messages.',
				}),
				exampleNode(FORM, 'Add Subscriber'),
				exampleNode(FORM, 'Added or Pending?'),
				exampleNode(FORM, 'Subscribed'),
				exampleNode(FORM, 'Needs Attention'),
				tatango('Unsubscribe', {
					resource: 'subscriber',
					operation: 'unsubscribe',
					listId: { __rl: true, mode: 'id', value: '101' },
					phoneNumber: "={{ $('Sign-up Form').item.json.Phone }}",
				}),
				// configure-double-opt-in, then a pending add to the double opt-in list
				exampleNode('configure-double-opt-in.json', 'Update Opt-In Settings'),
				tatango('Add VIP', {
					resource: 'subscriber',
					operation: 'add',
					listId: { __rl: true, mode: 'id', value: '102' },
					phoneNumber: PHONE_VIP,
					additionalFields: {},
				}),
				tatango('Keyword Taken', {
					resource: 'keyword',
					operation: 'checkAvailability',
					shortcodeId: { __rl: true, mode: 'id', value: '33733' },
					keyword: 'join',
				}),
				tatango('Keyword Free', {
					resource: 'keyword',
					operation: 'checkAvailability',
					shortcodeId: { __rl: true, mode: 'id', value: '33733' },
					keyword: 'E2EFREE42',
				}),
				// transactional-from-crm: the webhook's output, then the example's send node
				fixedItem('Order Shipped (CRM)', {
					body: {
						event: 'order.shipped',
						phone: '206.555.1003',
						orderNumber: 'A-1001',
						trackingUrl: 'https://t.example.com/A-1001',
					},
				}),
				exampleNode(CRM, 'Send Shipping Notice'),
				tatango('MOMT Report 1', { resource: 'momtReport', operation: 'get', reportId: '1' }),
				rcs,
			];
			const t = Date.now();
			result = await runWorkflow({
				name: 'e2e every operation',
				nodes,
				settings: { executionOrder: 'v1' },
				connections: connect([
					['Start', 'Sign-up Form'],
					['Sign-up Form', 'Add Subscriber'],
					['Add Subscriber', 'Added or Pending?'],
					['Added or Pending?', 'Subscribed', 0],
					['Added or Pending?', 'Needs Attention', 1],
					['Subscribed', 'Unsubscribe'],
					['Start', 'Update Opt-In Settings'],
					['Update Opt-In Settings', 'Add VIP'],
					['Start', 'Keyword Taken'],
					['Keyword Taken', 'Keyword Free'],
					['Start', 'Order Shipped (CRM)'],
					['Order Shipped (CRM)', 'Send Shipping Notice'],
					['Start', 'MOMT Report 1'],
					['Start', 'Send Rich Card'],
				]),
			});
			console.log(`all operations: n8n execute ${(Date.now() - t) / 1000}s`);
			inspected = await sandbox.inspect();
		});

		test('the run succeeds and every Tatango node ran once', () => {
			expect(result.error).toBeNull();
			const ran = Object.keys(result.run.data.resultData.runData);
			for (const name of [
				'Add Subscriber',
				'Unsubscribe',
				'Update Opt-In Settings',
				'Add VIP',
				'Keyword Taken',
				'Keyword Free',
				'Send Shipping Notice',
				'MOMT Report 1',
				'Send Rich Card',
			]) {
				expect(ran).toContain(name);
				expect(out(name)).toHaveLength(1);
			}
		});

		test('subscriber add: outcome "pending_confirmation" on list 101 until the number replies YES, the IF takes the true branch; the YES request went out', () => {
			expect(out('Add Subscriber')[0]).toMatchObject({
				outcome: 'pending_confirmation',
				listId: 101,
				status: 'Subscriber being added to campaign pending confirmation',
				subscriber: { optin_in_progress: true },
			});
			expect(out('Added or Pending?', 0)).toHaveLength(1);
			expect(out('Subscribed')[0]).toMatchObject({
				result: 'waiting for YES',
				outcome: 'pending_confirmation',
				phone: '(206) 555-1001',
			});
			expect(result.run.data.resultData.runData['Needs Attention']).toBeUndefined();
			const texts = textsTo(inspected, PHONE_NEWSLETTER);
			expect(texts).toEqual([expect.objectContaining({ kind: 'opt_in_request', listId: 101 })]);
		});

		test('subscriber unsubscribe: "successfully unsubscribed" from list 101', () => {
			expect(out('Unsubscribe')[0]).toMatchObject({
				listId: 101,
				status: 'successfully unsubscribed',
			});
			expect(out('Unsubscribe')[0].subscriber.opted_out_at).toBeTruthy();
		});

		test('list opt-in settings: the double opt-in of the example is echoed and used for the next add', () => {
			const settings = out('Update Opt-In Settings')[0];
			expect(settings).toMatchObject({
				listId: 102,
				status: 'Opt in settings updated',
				opt_in_type: 'double',
			});
			expect(
				settings.opt_in_requests.map((/** @type {any} */ r) => [
					r.collected_data,
					r.success_action,
				]),
			).toEqual([
				['zip_code', 'nextrequest'],
				['yes', 'optinsubscriber'],
			]);
			expect(settings.opt_in_requests[0]).toMatchObject({ follow_up: true, follow_up_hour: 2 });
			expect(out('Add VIP')[0]).toMatchObject({ outcome: 'pending_confirmation', listId: 102 });
			const texts = textsTo(inspected, PHONE_VIP);
			expect(texts).toEqual([
				expect.objectContaining({
					kind: 'opt_in_request',
					text: 'VIP Club: reply with your 5-digit ZIP code to continue.',
				}),
			]);
		});

		test('keyword check: JOIN is taken on 33733, a free keyword is available', () => {
			expect(out('Keyword Taken')[0]).toMatchObject({
				shortcode: '33733',
				keyword: 'JOIN',
				available: false,
			});
			expect(out('Keyword Free')[0]).toMatchObject({
				shortcode: '33733',
				keyword: 'E2EFREE42',
				available: true,
			});
		});

		test('transactional send: content from the CRM event, status and the text "sent"', () => {
			const sent = out('Send Shipping Notice')[0];
			expect(sent.status).toBe('Message successfully sent.');
			expect(sent.transactional_message).toMatchObject({ number: PHONE_ORDER, status: 'pending' });
			const texts = textsTo(inspected, PHONE_ORDER);
			expect(texts).toEqual([
				expect.objectContaining({
					kind: 'transactional',
					text: 'Your order A-1001 has shipped! Track it at https://t.example.com/A-1001',
				}),
			]);
		});

		test('MOMT report get: report 1 is complete', () => {
			const report = out('MOMT Report 1')[0];
			expect(report.isComplete).toBe(true);
			expect(report).toMatchObject({ id: 1, counts_calculated: true });
		});

		test('RCS send rich card: a transactionId, the card recorded for the number', () => {
			const sent = out('Send Rich Card')[0];
			expect(sent).toMatchObject({
				message: 'RCS rich card message sent successfully',
				phoneNumber: RCS_PHONE,
			});
			expect(typeof sent.transactionId).toBe('string');
			expect(JSON.stringify(sent)).not.toContain('token=');
			const texts = textsTo(inspected, RCS_PHONE);
			expect(texts).toEqual([
				expect.objectContaining({ kind: 'rcs', transactionId: sent.transactionId }),
			]);
		});
	});

	test('examples/poll-momt-report.json as shipped: polls report 2 until complete', async () => {
		await sandbox.reset(); // report 2 half way again
		const wf = example('poll-momt-report.json');
		const t = Date.now();
		const { run, error, items } = await runWorkflow(wf);
		const gets = run.data.resultData.runData['Get MOMT Report'];
		console.log(`poll-momt-report: ${gets.length} get(s), ${(Date.now() - t) / 1000}s`);
		expect(error).toBeNull();
		expect(items).toHaveLength(1);
		expect(items[0]).toMatchObject({ reportId: 2 });
		expect(typeof items[0].csvUrl).toBe('string');
		expect(n8n.nodeItems(run, 'Get MOMT Report')[0].isComplete).toBe(true);
		// Every run but the last was incomplete and went through the Wait.
		const waits = run.data.resultData.runData['Wait 3 Seconds'] || [];
		expect(waits).toHaveLength(gets.length - 1);
	});

	test("examples/send-rcs-card.json + react-to-delivery.json as shipped: the credential's Default Webhook URL reaches the trigger, the Switch routes", async () => {
		const s = state();
		const reactor = example('react-to-delivery.json');
		const trigger = reactor.nodes.find(
			(/** @type {any} */ n) => n.type === 'n8n-nodes-tatango.tatangoTrigger',
		);
		// As shipped: no Secret Token; the credential holds the trigger's plain Production URL.
		expect(trigger.parameters.secretToken ?? '').toBe('');
		const reactorId = await activateWorkflow(reactor, [`${trigger.webhookId}/tatango`]);
		const defaultWebhookUrl = `${s.webhookUrl}webhook/${trigger.webhookId}/tatango`;
		const cred = await rest().request('POST', '/rest/credentials', {
			name: 'e2e Tatango v3 with default webhook',
			type: 'tatangoV3Api',
			data: {
				apiKey: SANDBOX_ACCOUNT.v3ApiKey,
				baseUrl: s.sandboxUrl,
				defaultWebhookUrl,
				requestsPerSecond: 1000,
			},
		});
		const sender = example('send-rcs-card.json');
		const node = sender.nodes.find((/** @type {any} */ n) => n.name === 'Send Rich Card');
		expect(node.parameters.webhookUrl).toBe('');
		node.credentials = { tatangoV3Api: { id: cred.id, name: cred.name } };
		const { items, error } = await runWorkflow(sender);
		expect(error).toBeNull();
		expect(typeof items[0].transactionId).toBe('string');
		const inspected = await sandbox.inspect();
		const request = inspected.requests.find(
			(/** @type {any} */ r) =>
				r.path === '/transactional_messages/send_rcs_rich_card' &&
				r.body &&
				String(r.body.webhookUrl).startsWith(`${defaultWebhookUrl}?token=`),
		);
		expect(request).toBeDefined();
		expect(request.body.rcsPayload.richCard.body).toMatchObject({ title: 'Summer Sale' });

		const execution = await rest().waitForExecution(reactorId, { timeoutMs: 30000 });
		expect(execution.status).toBe('success');
		expect(n8n.nodeItems(execution, 'Delivered')).toEqual([
			{ action: 'mark delivered', event: 'delivery_status', status: 'success' },
		]);
		await rest().deactivateWorkflow(reactorId);
	});

	test("bad input: phone 12345 fails the run with the node's message, nothing reaches the sandbox", async () => {
		const before = (await sandbox.inspect()).requests.length;
		const { error, run } = await runWorkflow({
			name: 'e2e bad phone',
			nodes: [
				START,
				tatango('Send Bad Phone', {
					resource: 'transactionalMessage',
					operation: 'send',
					phoneNumber: '12345',
					content: 'never sent',
					options: {},
				}),
			],
			connections: connect([['Start', 'Send Bad Phone']]),
		});
		expect(error).not.toBeNull();
		expect(String(error.message)).toContain('Invalid Phone Number');
		expect(error.node && error.node.name).toBe('Send Bad Phone');
		expect(run.data.resultData.lastNodeExecuted).toBe('Send Bad Phone');
		const inspected = await sandbox.inspect();
		expect(inspected.requests.length).toBe(before);
		const bodies = inspected.requests.map((/** @type {any} */ r) => JSON.stringify(r.body || {}));
		expect(
			bodies.filter((/** @type {string} */ b) => b.includes('"12345"') || b.includes('never sent')),
		).toEqual([]);
		expect(JSON.stringify(inspected.messages)).not.toContain('never sent');
	});
});
