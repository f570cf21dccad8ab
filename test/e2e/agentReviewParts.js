// @ts-check
'use strict';
/**
 * Building blocks of the "SMS review of an agent's tool call" tests (single and queue mode): a
 * local refund endpoint that records its calls, the scripted model's part, and the workflow: a
 * Webhook starts an AI Agent (its OpenAI chat model points at the scripted model) whose gated
 * tool "Issue refund" (an HTTP Request tool) is reviewed through the Tatango review tool that n8n
 * derives from SMS → Send and Wait for Reply (`n8n-nodes-tatango.tatangoHitlTool`).
 */
const http = require('http');
const { lastToolResult } = require('./scriptedModel');

/** The refund the scripted model asks for; a test may ask for another. */
const REFUND = { orderId: '1042', amount: 120 };
const ask = { refund: /** @type {Record<string, unknown>} */ ({ ...REFUND }) };

/** A local "refund API": records each call's JSON body; answers with a refund ID. */
async function startRefundEndpoint() {
	/** @type {any[]} */
	const calls = [];
	/** The path (with query) of each call, in the same order. @type {string[]} */
	const paths = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (chunk) => (body += chunk));
		req.on('end', () => {
			let json = null;
			try {
				json = JSON.parse(body);
			} catch {
				json = body;
			}
			calls.push(json);
			paths.push(req.url ?? '');
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify({ refundId: `R-${calls.length}`, status: 'refunded' }));
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('net').AddressInfo} */ (server.address());
	return {
		url: `http://127.0.0.1:${address.port}/refunds`,
		calls,
		paths,
		close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
	};
}

/**
 * The model's part: call the one (gated) tool with the refund, then answer with what the tool
 * returned. The gated tool's schema nests the tool's own fields under `toolParameters`.
 * @param {import('./scriptedModel').ChatRequest} request
 */
function refundScript(request) {
	const result = lastToolResult(request);
	if (result !== undefined) return { text: `Tool said: ${result}` };
	const tool = request.tools?.[0]?.function;
	if (!tool) throw new Error('the agent offered no tool');
	const properties = tool.parameters?.properties ?? {};
	const args =
		'toolParameters' in properties
			? { toolParameters: ask.refund, hitlParameters: {} }
			: ask.refund;
	return { toolCall: { name: tool.name, arguments: args } };
}

/**
 * The workflow. `review` holds the review tool's parameters besides the phone (none: the defaults).
 * @param {{ name: string, path: string, webhookId: string, openAiCredentialId: string,
 *   refundUrl: string, reviewerPhone: string, review?: Record<string, any>,
 *   v3Credential: { id: string, name: string } }} o
 */
function agentReviewWorkflow(o) {
	return {
		name: o.name,
		nodes: [
			{
				id: 'refund-request',
				name: 'Refund Request',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				position: [0, 0],
				webhookId: o.webhookId,
				parameters: { httpMethod: 'POST', path: o.path, options: {} },
			},
			{
				id: 'agent',
				name: 'AI Agent',
				type: '@n8n/n8n-nodes-langchain.agent',
				typeVersion: 3.1,
				position: [220, 0],
				parameters: { promptType: 'define', text: '={{ $json.body.request }}', options: {} },
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
				credentials: { openAiApi: { id: o.openAiCredentialId, name: 'Scripted model' } },
			},
			{
				id: 'review',
				name: 'Ask the manager by SMS',
				type: 'n8n-nodes-tatango.tatangoHitlTool',
				typeVersion: 1,
				position: [420, 200],
				parameters: { phoneNumber: o.reviewerPhone, ...(o.review ?? {}) },
				credentials: { tatangoV3Api: o.v3Credential },
			},
			{
				id: 'refund',
				name: 'Issue refund',
				type: 'n8n-nodes-base.httpRequestTool',
				typeVersion: 4.2,
				position: [620, 400],
				parameters: {
					toolDescription: 'Issue a refund for an order',
					method: 'POST',
					url: o.refundUrl,
					sendBody: true,
					bodyParameters: {
						parameters: [
							{ name: 'orderId', value: "={{ $fromAI('orderId', 'The order number', 'string') }}" },
							{
								name: 'amount',
								value: "={{ $fromAI('amount', 'The refund in dollars', 'number') }}",
							},
						],
					},
					options: {},
				},
			},
		],
		connections: {
			'Refund Request': { main: [[{ node: 'AI Agent', type: 'main', index: 0 }]] },
			'OpenAI Chat Model': {
				ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]],
			},
			'Ask the manager by SMS': { ai_tool: [[{ node: 'AI Agent', type: 'ai_tool', index: 0 }]] },
			'Issue refund': {
				ai_tool: [[{ node: 'Ask the manager by SMS', type: 'ai_tool', index: 0 }]],
			},
		},
		settings: { executionOrder: 'v1' },
	};
}

module.exports = { REFUND, ask, startRefundEndpoint, refundScript, agentReviewWorkflow };
