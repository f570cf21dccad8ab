// @ts-check
/**
 * An AI Agent that texts: n8n's AI Agent with its OpenAI chat model pointed at a scripted
 * OpenAI-compatible server, and the Tatango node as its tool (`usableAsTool`). The script plays
 * the model: it calls the tool with the parameters the tool schema offers, then answers with the
 * tool's output. The sandbox shows what was really sent.
 */
const { rest, cliOptions, sandbox } = require('./env');
const n8n = require('../../scripts/lib/n8n');
const { startScriptedModel, lastToolResult } = require('./scriptedModel');
const { SANDBOX_CREDENTIAL_IDS } = require('../../scripts/lib/sandbox-process');

const PROMPT = 'Text +1 206 555 0100 that the order shipped';
// What a builder writes for the model when letting it fill a field (n8n leaves it empty).
const PHONE_HINT =
	'The mobile number to text: US or Canadian, e.g. +1 206 555 0100 or (206) 555-0100';
const CONTENT_HINT = 'The text to send: up to 160 GSM-7 characters';

/** @type {Awaited<ReturnType<typeof startScriptedModel>>} */
let model;
/** @type {{ phone: string, content: string }} */
let nextSend;

/** The first script: call the one tool with the schema's phone and text fields, then report. */
function script(/** @type {import('./scriptedModel').ChatRequest} */ request) {
	const result = lastToolResult(request);
	if (result !== undefined) return { text: `Tool said: ${result}` };
	const tool = request.tools?.[0]?.function;
	if (!tool) throw new Error('the agent offered no tool');
	const fields = Object.keys(tool.parameters?.properties ?? {});
	const phoneField = fields.find((f) => /phone/i.test(f));
	const textField = fields.find((f) => /content|message|text/i.test(f));
	if (!phoneField || !textField) throw new Error(`no phone/text field in ${fields.join(', ')}`);
	return {
		toolCall: {
			name: tool.name,
			arguments: { [phoneField]: nextSend.phone, [textField]: nextSend.content },
		},
	};
}

function agentWorkflow(/** @type {string} */ openAiCredentialId) {
	return {
		name: 'AI agent texts with Tatango',
		nodes: [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 2.2,
				position: [220, 0],
				parameters: { promptType: 'define', text: PROMPT, options: {} },
			},
			{
				id: 'model',
				name: 'OpenAI Chat Model',
				type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
				typeVersion: 1.2,
				position: [220, 200],
				parameters: {
					model: { __rl: true, mode: 'id', value: 'scripted-model' },
					options: { maxRetries: 0 },
				},
				credentials: { openAiApi: { id: openAiCredentialId, name: 'Scripted model' } },
			},
			{
				id: 'tool',
				name: 'Text a customer',
				type: 'n8n-nodes-tatango.tatangoTool',
				typeVersion: 1,
				position: [420, 200],
				parameters: {
					resource: 'transactionalMessage',
					operation: 'send',
					phoneNumber: `={{ $fromAI('phoneNumber', ${JSON.stringify(PHONE_HINT)}, 'string') }}`,
					content: `={{ $fromAI('content', ${JSON.stringify(CONTENT_HINT)}, 'string') }}`,
				},
				credentials: {
					tatangoApi: { id: SANDBOX_CREDENTIAL_IDS.v2, name: 'Tatango Sandbox (v2)' },
				},
			},
		],
		connections: {
			Start: { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			'Text a customer': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
		},
		settings: { executionOrder: 'v1' },
	};
}

/** @type {string} */
let workflowId;

beforeAll(async () => {
	model = await startScriptedModel(script);
	const credential = await rest().request('POST', '/rest/credentials', {
		name: 'Scripted model',
		type: 'openAiApi',
		data: { apiKey: 'sk-scripted', url: model.url },
	});
	workflowId = await rest().createWorkflow(agentWorkflow(credential.id));
});

afterAll(async () => {
	await model?.close();
});

async function runAgent() {
	model.requests.length = 0;
	return await n8n.executeWorkflow(workflowId, await cliOptions());
}

test('the agent texts the number it was asked to, and answers with what the tool reported', async () => {
	await sandbox.reset();
	nextSend = { phone: '+1 206 555 0100', content: 'Your order shipped' };
	const { items, error } = await runAgent();
	expect(error).toBeFalsy();

	// The model was offered the Tatango tool, described by the Tool Description's default: the
	// operation's one sentence (what it does, needs and returns); each field by its $fromAI text.
	const tool = model.requests[0].tools?.[0]?.function;
	expect(tool.description).toBe(
		"Send a transactional message in Tatango (needs Phone Number and Content; returns the message's ID and status)",
	);
	expect(tool.parameters.properties.phoneNumber.description).toBe(PHONE_HINT);
	expect(tool.parameters.properties.content.description).toBe(CONTENT_HINT);

	const messages = (await sandbox.inspect()).messages['2065550100'] ?? [];
	expect(messages.map((/** @type {any} */ m) => m.text)).toEqual(['Your order shipped']);
	// The tool's output went back to the model, and the final answer carries it.
	const toolResult = lastToolResult(model.requests[model.requests.length - 1]);
	expect(toolResult).toContain('2065550100');
	expect(items[0].output).toBe(`Tool said: ${toolResult}`);
});

test('an invalid number: the tool returns the validation error as text, nothing is sent', async () => {
	await sandbox.reset();
	nextSend = { phone: '+44 20 7946 0958', content: 'Your order shipped' };
	const { items } = await runAgent();

	const toolResult = lastToolResult(model.requests[model.requests.length - 1]);
	expect(toolResult).toContain('is not a US or Canadian number');
	expect(items[0].output).toContain('is not a US or Canadian number');
	const inspected = await sandbox.inspect();
	expect(Object.keys(inspected.messages)).toEqual([]);
});
