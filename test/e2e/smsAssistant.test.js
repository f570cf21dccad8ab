// @ts-check
'use strict';
/**
 * The SMS assistant (examples/sms-assistant.json as shipped, its chat model pointed at the scripted
 * model): a subscriber of list 101 texts the short code, the Tatango Trigger (list source, reply
 * event) starts an AI Agent whose memory is keyed by the phone number (`sessionId` from the
 * trigger, no Set node between), and the answer goes back by SMS to that number.
 */
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, rest, sandbox } = require('./env');
const { example } = require('./workflowParts');
const { startScriptedModel } = require('./scriptedModel');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');

const LIST_ID = 101;
const V2_AUTH = { username: SANDBOX_ACCOUNT.email, password: SANDBOX_ACCOUNT.v2ApiKey };

/** What the person said so far in this conversation, as the model was shown it. @param {any} request */
const userTexts = (request) =>
	request.messages
		.filter((/** @type {any} */ m) => m.role === 'user')
		.map((/** @type {any} */ m) => String(m.content));

/** @type {Awaited<ReturnType<typeof startScriptedModel>>} */ let model;
/** @type {string} */ let workflowId;

/** The model answers each text with what it heard, and how many texts the conversation holds. */
function echoScript(/** @type {any} */ request) {
	const said = userTexts(request);
	return { text: `Got ${said.length}: ${said.at(-1)}` };
}

/** @template T @param {() => Promise<T | null | undefined | false>} probe */
async function until(probe, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline) throw new Error('timed out');
		await n8n.sleep(200);
	}
}

/** SMS the sandbox sent to `phone` (the assistant's answers). @param {string} phone */
async function answersTo(phone) {
	return ((await sandbox.inspect()).messages[phone] ?? [])
		.filter((/** @type {any} */ m) => m.kind !== 'opt_in_confirmation')
		.map((/** @type {any} */ m) => m.text);
}

/** The subscriber texts the short code; resolves once that many answers went to the phone. */
async function text(
	/** @type {string} */ phone,
	/** @type {string} */ body,
	/** @type {number} */ answers,
) {
	await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
		listId: LIST_ID,
		phone,
		text: body,
	});
	await until(async () => (await answersTo(phone)).length >= answers);
}

beforeAll(async () => {
	await sandbox.reset();
	model = await startScriptedModel(echoScript);
	const credential = await rest().request('POST', '/rest/credentials', {
		name: 'Scripted model (assistant)',
		type: 'openAiApi',
		data: { apiKey: 'sk-scripted', url: model.url },
	});
	const workflow = example('sms-assistant.json');
	const chatModel = workflow.nodes.find((/** @type {any} */ n) => n.name === 'OpenAI Chat Model');
	chatModel.parameters.model = { __rl: true, mode: 'id', value: 'scripted-model' };
	chatModel.credentials = { openAiApi: { id: credential.id, name: 'Scripted model (assistant)' } };
	const trigger = workflow.nodes.find((/** @type {any} */ n) => n.name === 'Subscriber Texts');
	trigger.webhookId = crypto.randomUUID();
	workflowId = await rest().createWorkflow(workflow);
	await rest().activateWorkflow(workflowId);
	await rest().waitForWebhook(`${trigger.webhookId}/tatango`);
	await until(async () => {
		const hooks = (await axios.get(`${state().sandboxUrl}/_sandbox/webhooks?listId=${LIST_ID}`))
			.data.webhooks;
		return hooks.some((/** @type {any} */ h) => h.callback_url.includes(trigger.webhookId));
	});
	for (const phone of ['2065550180', '2065550181']) {
		await axios.post(
			`${state().sandboxUrl}/api/v2/lists/${LIST_ID}/subscribers`,
			{ subscriber: { phone_number: phone, bypass_opt_in_process: true } },
			{ auth: V2_AUTH },
		);
	}
});
afterAll(async () => {
	if (workflowId) await rest().deactivateWorkflow(workflowId);
	await model?.close();
});

test('two texts from one number share the conversation; another number starts its own; one answer per text', async () => {
	await text('2065550180', 'What are the deals this week?', 1);
	expect(await answersTo('2065550180')).toEqual(['Got 1: What are the deals this week?']);

	// Tatango delivers the second text's event twice: the trigger starts one run, one answer goes out.
	await sandbox.config({ duplicateWebhooks: true });
	await text('2065550180', 'And on Sunday?', 2);
	await until(async () =>
		(await sandbox.inspect()).webhookDeliveries.some(
			(/** @type {any} */ d) =>
				d.payload?.reply_content === 'And on Sunday?' && d.attempts.length >= 2,
		),
	);
	await sandbox.config({ duplicateWebhooks: false });
	expect(userTexts(model.requests.at(-1))).toEqual([
		'What are the deals this week?',
		'And on Sunday?',
	]);

	await text('2065550181', 'Hi, who is this?', 1);
	expect(userTexts(model.requests.at(-1))).toEqual(['Hi, who is this?']);
	expect(await answersTo('2065550181')).toEqual(['Got 1: Hi, who is this?']);

	await n8n.sleep(2500);
	expect(await answersTo('2065550180')).toEqual([
		'Got 1: What are the deals this week?',
		'Got 2: And on Sunday?',
	]);
	const runs = (await rest().listExecutions(workflowId)).filter(
		(/** @type {any} */ e) => e.status === 'success',
	);
	expect(runs).toHaveLength(3);
	expect(model.requests).toHaveLength(3);
});

test('a text that revokes consent ends the conversation: the agent never sees it, nothing is answered', async () => {
	const requestsBefore = model.requests.length;
	const answersBefore = (await answersTo('2065550181')).length;
	const executionsBefore = (await rest().listExecutions(workflowId)).length;
	await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
		listId: LIST_ID,
		phone: '2065550181',
		text: 'please stop texting me',
	});
	await until(async () => (await rest().listExecutions(workflowId)).length > executionsBefore);
	await n8n.sleep(2500);
	expect(model.requests).toHaveLength(requestsBefore);
	expect(await answersTo('2065550181')).toHaveLength(answersBefore);
	const [latest] = await rest().listExecutions(workflowId);
	expect(latest.status).toBe('success');
});
