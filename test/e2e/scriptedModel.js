// @ts-check
'use strict';
/**
 * A small OpenAI-compatible chat server for the AI agent e2e: n8n's OpenAI chat model node is
 * pointed at it through its credential's Base URL. It answers `POST /chat/completions` from a
 * script (a function of the request) instead of a model, and records every request so a test can
 * read the tool schema n8n offered.
 */
const http = require('http');

/**
 * @typedef {{ messages: any[], tools?: any[], model: string, stream?: boolean }} ChatRequest
 * @typedef {{ toolCall: { name: string, arguments: Record<string, unknown> } } | { text: string }} Turn
 */

/** @param {(request: ChatRequest) => Turn} script */
async function startScriptedModel(script) {
	/** @type {ChatRequest[]} */
	const requests = [];
	const server = http.createServer((req, res) => {
		let body = '';
		req.on('data', (chunk) => (body += chunk));
		req.on('end', () => {
			if (req.method !== 'POST' || !/\/chat\/completions$/.test(req.url ?? '')) {
				res.writeHead(404, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ error: { message: `not scripted: ${req.method} ${req.url}` } }));
				return;
			}
			const request = /** @type {ChatRequest} */ (JSON.parse(body));
			requests.push(request);
			let turn;
			try {
				turn = script(request);
			} catch (error) {
				res.writeHead(500, { 'Content-Type': 'application/json' });
				res.end(JSON.stringify({ error: { message: String(error) } }));
				return;
			}
			const message =
				'toolCall' in turn
					? {
							role: 'assistant',
							content: null,
							tool_calls: [
								{
									id: `call_${requests.length}`,
									type: 'function',
									function: {
										name: turn.toolCall.name,
										arguments: JSON.stringify(turn.toolCall.arguments),
									},
								},
							],
						}
					: { role: 'assistant', content: turn.text };
			const finish = 'toolCall' in turn ? 'tool_calls' : 'stop';
			const answer = {
				id: `chatcmpl-${requests.length}`,
				object: 'chat.completion',
				created: Math.floor(Date.now() / 1000),
				model: request.model,
				choices: [{ index: 0, message, finish_reason: finish }],
				usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
			};
			if (request.stream) {
				// The same answer as one streamed chunk, for clients that ask for a stream.
				res.writeHead(200, { 'Content-Type': 'text/event-stream' });
				const delta =
					'toolCall' in turn
						? { role: 'assistant', tool_calls: [{ index: 0, ...message.tool_calls?.[0] }] }
						: { role: 'assistant', content: turn.text };
				const chunk = {
					...answer,
					object: 'chat.completion.chunk',
					choices: [{ index: 0, delta, finish_reason: finish }],
				};
				res.end(`data: ${JSON.stringify(chunk)}\n\ndata: [DONE]\n\n`);
				return;
			}
			res.writeHead(200, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(answer));
		});
	});
	await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = /** @type {import('net').AddressInfo} */ (server.address());
	return {
		url: `http://127.0.0.1:${address.port}/v1`,
		requests,
		close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
	};
}

/** The tool result the agent sent back to the model, if any (the last `tool` message). */
function lastToolResult(/** @type {ChatRequest} */ request) {
	const tool = [...request.messages].reverse().find((m) => m.role === 'tool');
	return tool === undefined ? undefined : String(tool.content);
}

module.exports = { startScriptedModel, lastToolResult };
