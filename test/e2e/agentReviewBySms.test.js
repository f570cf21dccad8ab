// @ts-check
'use strict';
/**
 * SMS review of an AI agent's tool call in a real n8n. The Tatango review tool is the one n8n
 * derives from SMS → Send and Wait for Reply (`tatangoHitlTool`), left at its defaults but for the
 * reviewer's phone; it gates an HTTP Request tool "Issue refund" against a local endpoint that
 * records its calls. The scripted model calls the tool; the sandbox plays the reviewer's texts.
 */
const n8n = require('../../scripts/lib/n8n');
const { rest, sandbox } = require('./env');
const { REFUND, ask } = require('./agentReviewParts');
const { startAgentReviewSession } = require('./agentReviewSession');
const { executionWith, executionStatus, messagesTo } = require('./waitingParts');

/** @type {Awaited<ReturnType<typeof startAgentReviewSession>>} */ let session;
/** @type {Awaited<ReturnType<typeof startAgentReviewSession>>['model']} */ let model;
/** @type {Awaited<ReturnType<typeof startAgentReviewSession>>['refunds']} */ let refunds;

beforeAll(async () => {
	session = await startAgentReviewSession();
	({ model, refunds } = session);
});
afterAll(async () => {
	await session?.close();
});

/** @param {string} phone @param {Record<string, any>} [review] */
const publishAgent = (phone, review) => session.publishAgent(phone, review);
/** @param {{ workflowId: string, path: string }} agent @param {string} [phone] */
const askAgent = (agent, phone) => session.askAgent(agent, phone);
/** @param {string} phone @param {string} text @param {string} [transactionId] */
const reply = (phone, text, transactionId) => session.reply(phone, text, transactionId);
const toolResultSeen = () => session.toolResultSeen();

test('YES with the code: one text to the reviewer, the tool runs once, the model gets its result', async () => {
	await sandbox.reset();
	const phone = '2065550160';
	const agent = await publishAgent(phone);
	refunds.calls.length = 0;
	model.requests.length = 0;
	const asked = await askAgent(agent, phone);

	// One SMS, written from the tool call (n8n's default message renders the input unreadable).
	expect(asked.kind).toBe('sms');
	expect(asked.text).toBe(
		`An AI agent asks to run "Issue refund": orderId 1042, amount 120.\nReply YES ${asked.code} or NO ${asked.code}`,
	);
	expect(await messagesTo(phone)).toHaveLength(1);
	expect(refunds.calls).toEqual([]);

	await reply(phone, `yes ${asked.code}`);
	const done = await executionWith(agent.workflowId, ['success', 'error'], 30000);
	expect(done.id).toBe(asked.executionId);
	expect(done.status).toBe('success');
	expect(refunds.calls).toEqual([{ orderId: '1042', amount: REFUND.amount }]);
	expect(toolResultSeen()).toContain('R-1');
	expect(await messagesTo(phone)).toHaveLength(1);
	await rest().deactivateWorkflow(agent.workflowId);
});

describe('declined, unclear, timed out, long, two on one phone', () => {
	/** @type {Awaited<ReturnType<typeof publishAgent>>} */ let timeoutAgent;
	/** @type {Awaited<ReturnType<typeof askAgent>>} */ let timeoutAsked;
	const timeoutPhone = '2065550161';

	// n8n checks waiting executions once a minute: the run that times out starts first and is
	// checked last, so the other tests run while it waits.
	beforeAll(async () => {
		await sandbox.reset();
		timeoutAgent = await publishAgent(timeoutPhone, {
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 0.02, resumeUnit: 'minutes' },
				},
			},
		});
		timeoutAsked = await askAgent(timeoutAgent, timeoutPhone);
	});

	test('NO with the code: the tool never runs, the model is told it was declined', async () => {
		const phone = '2065550162';
		const agent = await publishAgent(phone);
		refunds.calls.length = 0;
		const asked = await askAgent(agent, phone);
		await reply(phone, `No ${asked.code}.`);
		const done = await executionWith(agent.workflowId, ['success', 'error'], 30000);
		expect(done.id).toBe(asked.executionId);
		expect(refunds.calls).toEqual([]);
		expect(toolResultSeen()).toContain('User rejected the tool call to Issue refund');
		await rest().deactivateWorkflow(agent.workflowId);
	});

	test('an unclear reply, or YES without the code, leaves it waiting (Keep Waiting); then YES with the code runs the tool', async () => {
		const phone = '2065550163';
		const agent = await publishAgent(phone);
		refunds.calls.length = 0;
		const asked = await askAgent(agent, phone);
		await reply(phone, 'maybe later');
		await reply(phone, 'YES');
		expect((await rest().getExecution(asked.executionId)).status).toBe('waiting');
		expect(await messagesTo(phone)).toHaveLength(1);
		expect(refunds.calls).toEqual([]);
		await reply(phone, `YES${asked.code}`);
		await executionWith(agent.workflowId, ['success', 'error'], 30000);
		expect(refunds.calls).toHaveLength(1);
		await rest().deactivateWorkflow(agent.workflowId);
	});

	test('with Send Retry Text Once, the retry text names the code', async () => {
		const phone = '2065550166';
		const agent = await publishAgent(phone, { onOtherReply: 'sendRetryText' });
		const asked = await askAgent(agent, phone);
		await reply(phone, 'YES');
		const deadline = Date.now() + 15000;
		while ((await messagesTo(phone)).length < 2 && Date.now() < deadline) await n8n.sleep(200);
		expect((await messagesTo(phone)).map((/** @type {any} */ m) => m.text)).toEqual([
			asked.text,
			`Sorry, we did not get that. Please reply YES or NO.\nReply YES ${asked.code} or NO ${asked.code}`,
		]);
		await reply(phone, `yes ${asked.code}`);
		await executionStatus(asked.executionId, ['success', 'error']);
		await rest().deactivateWorkflow(agent.workflowId);
	});

	test('a request too long for one SMS goes out whole as one MMS with a decline-only SMS fallback', async () => {
		const phone = '2065550164';
		const agent = await publishAgent(phone);
		refunds.calls.length = 0;
		const note =
			'Customer says the parcel arrived crushed and the two mugs inside were broken. '.repeat(4);
		ask.refund = { ...REFUND, orderId: `1042 (${note.trim()})` };
		try {
			const asked = await askAgent(agent, phone);
			expect(asked.kind).toBe('mms');
			expect(asked.text).toContain(note.trim());
			expect(asked.text.length).toBeGreaterThan(160);
			const send = (await sandbox.inspect()).requests.find(
				(/** @type {any} */ q) => q.path === '/transactional_messages/send_mms',
			);
			expect(send.body.smsFailover).toBe(
				`Approval request ${asked.code} is too long for a text and its MMS did not arrive. Reply NO ${asked.code} to decline it.`,
			);
			await reply(phone, `YES ${asked.code}`);
			await executionWith(agent.workflowId, ['success', 'error'], 30000);
			expect(refunds.calls).toHaveLength(1);
		} finally {
			ask.refund = { ...REFUND };
		}
		await rest().deactivateWorkflow(agent.workflowId);
	});

	test('two requests waiting on one phone: each answer resolves its own request, never the other', async () => {
		const phone = '2065550165';
		const agent = await publishAgent(phone);
		refunds.calls.length = 0;
		const first = await askAgent(agent, phone);
		const second = await askAgent(agent, phone);
		expect(second.code).not.toBe(first.code);

		// The answer to the first request, attributed by Tatango to the second text (the latest):
		// the second request ignores it (another code), the first never sees it.
		await reply(phone, `YES ${first.code}`, second.transactionId);
		await n8n.sleep(1000);
		expect((await rest().getExecution(first.executionId)).status).toBe('waiting');
		expect((await rest().getExecution(second.executionId)).status).toBe('waiting');

		// Each answer as a reply to its own text (public docs §4.4: a reply carries the transactionId
		// of the send it answers).
		await reply(phone, `NO ${second.code}`, second.transactionId);
		await executionStatus(second.executionId, ['success', 'error']);
		expect((await rest().getExecution(first.executionId)).status).toBe('waiting');
		expect(refunds.calls).toEqual([]);

		await reply(phone, `Yes ${first.code}`, first.transactionId);
		await executionStatus(first.executionId, ['success', 'error']);
		expect(refunds.calls).toHaveLength(1);
		await rest().deactivateWorkflow(agent.workflowId);
	});

	test('no answer by the time limit: declined, the tool never runs', async () => {
		const done = await executionWith(timeoutAgent.workflowId, ['success', 'error'], 100000);
		expect(done.id).toBe(timeoutAsked.executionId);
		expect(done.status).toBe('success');
		expect(JSON.stringify(done.data.resultData.runData['AI Agent'])).toContain(
			'User rejected the tool call to Issue refund',
		);
		expect(refunds.paths.filter((p) => p.endsWith(`?agent=${timeoutAgent.agentNumber}`))).toEqual(
			[],
		);
		await rest().deactivateWorkflow(timeoutAgent.workflowId);
	}, 150000);
});
