// @ts-check
'use strict';
/**
 * Delivery events set up with one paste, in queue mode: a Tatango Trigger with the v3 credential
 * and no Secret Token, and an SMS send whose credential's Default Webhook URL is the trigger's
 * plain Production URL. The send runs on a worker and adds the token; the webhook process, which
 * derives the token from its own WEBHOOK_URL, accepts the sandbox's delivery event and reply; each
 * starts exactly one run, on a worker. A forged or missing token gets 401 there.
 */
const axios = require('axios').default;
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
} = require('./env');
const { onePasteWorkflows } = require('./workflows');
const { SANDBOX_ACCOUNT, TEST_NUMBERS } = require('../../sandbox/fixtures');

test('the delivery event and the reply each start exactly one run on a worker; forged tokens get 401', async () => {
	await sandbox.reset();
	const c = rest();
	const { trigger, triggerPath, send, sendPath } = await onePasteWorkflows(
		publicWebhookUrl,
		async (defaultWebhookUrl) => {
			const cred = await c.request('POST', '/rest/credentials', {
				name: 'queue: Tatango v3, one paste',
				type: 'tatangoV3Api',
				data: {
					apiKey: SANDBOX_ACCOUNT.v3ApiKey,
					baseUrl: state().sandboxUrl,
					defaultWebhookUrl,
					requestsPerSecond: 1000,
				},
			});
			return { id: cred.id, name: cred.name };
		},
	);
	const [triggerId, sendId] = await publishWorkflows([
		{ workflow: trigger, webhookPaths: [triggerPath] },
		{ workflow: send, webhookPaths: [sendPath] },
	]);

	for (const query of ['?token=forged0123456789abcdef0123456789', '']) {
		const forged = await axios.post(
			`${webhookProcessUrl(triggerPath)}${query}`,
			{ transactionId: 'forged', eventType: 'delivery_status', body: { status: 'success' } },
			{ validateStatus: () => true },
		);
		expect(forged.status).toBe(401);
	}

	const posted = await axios.post(webhookProcessUrl(sendPath), {
		phone: TEST_NUMBERS.V3_SUCCESS_THEN_REPLY,
	});
	expect(posted.status).toBe(200);
	const [sendRun] = await settledExecutions(sendId, { count: 1, settleMs: 0 });
	const [sent] = itemsOf(await c.getExecution(sendRun.id), 'Send SMS');
	expect(JSON.stringify(sent)).not.toContain('token');

	// Delivered, then the reply: two runs of the trigger's workflow, and no third.
	const runs = await settledExecutions(triggerId, { count: 2, timeoutMs: 60000, settleMs: 2000 });
	expect(runs.map((r) => r.status)).toEqual(['success', 'success']);
	const workerNames = workers().map((w) => w.name);
	const events = [];
	for (const run of runs) {
		const [item] = itemsOf(await c.getExecution(run.id), 'Ran On');
		expect(workerNames).toContain((await whoRan(run.id, item)).fromEnv);
		expect(item.trigger.transactionId).toBe(sent.transactionId);
		events.push(item.trigger.event);
	}
	expect(events.sort()).toEqual(['delivery_status', 'reply_received']);

	// Tatango was given the trigger's URL with the derived token; the webhook process answered 200.
	const inspected = await sandbox.inspect();
	const request = inspected.requests.find(
		(/** @type {any} */ r) => r.path === '/transactional_messages/send_sms',
	);
	expect(request.body.webhookUrl).toMatch(/\?token=[A-Za-z0-9_-]{32}$/);
	expect(request.body.webhookUrl.startsWith(`${publicWebhookUrl(triggerPath)}?`)).toBe(true);
	for (const delivery of inspected.webhookDeliveries) {
		expect(delivery.attempts[0].statusCode).toBe(200);
	}
});
