// @ts-check
'use strict';
// The review tool n8n derives from SMS → Send and Wait for Reply (`tatangoHitlTool`, n8n's
// packages/cli/src/tool-generation/hitl-tools.ts) in this n8n version, gating an AI Agent's tool
// (test/e2e/agentReviewParts.js). Where n8n makes it: the agent is offered the gated tool, one text
// reaches the reviewer, "YES <code>" runs the tool once. Where n8n does not: publishing a workflow
// that uses it fails with n8n's message naming the node type, and nothing is sent.
const { rest, sandbox } = require('../e2e/env');
const { REFUND } = require('../e2e/agentReviewParts');
const { startAgentReviewSession } = require('../e2e/agentReviewSession');
const { executionWith, messagesTo } = require('../e2e/waitingParts');
const { capabilities } = require('./versions');

/** @type {Awaited<ReturnType<typeof startAgentReviewSession>>} */ let session;
beforeAll(async () => {
	session = await startAgentReviewSession();
});
afterAll(async () => {
	await session?.close();
});

const { version, hitlTool } = capabilities();

(hitlTool ? test : test.skip)(
	`n8n ${version}: the agent is offered the gated tool; "YES <code>" runs it once`,
	async () => {
		await sandbox.reset();
		const phone = '2065550180';
		const agent = await session.publishAgent(phone);
		const asked = await session.askAgent(agent, phone);

		// What the agent offered the model: the gated tool, its own fields under toolParameters.
		const offered = session.model.requests[0].tools ?? [];
		expect(offered).toHaveLength(1);
		expect(Object.keys(offered[0].function.parameters.properties)).toEqual(
			expect.arrayContaining(['toolParameters']),
		);
		expect(asked.kind).toBe('sms');
		expect(asked.text).toContain('"Issue refund"');
		expect(session.refunds.calls).toEqual([]);

		await session.reply(phone, `yes ${asked.code}`);
		const done = await executionWith(agent.workflowId, ['success', 'error'], 30000);
		expect(done.id).toBe(asked.executionId);
		expect(done.status).toBe('success');
		expect(session.refunds.calls).toEqual([{ orderId: '1042', amount: REFUND.amount }]);
		expect(session.toolResultSeen()).toContain('R-1');
		await rest().deactivateWorkflow(agent.workflowId);
	},
);

(hitlTool ? test.skip : test)(
	`n8n ${version}: no review tool; a workflow using it does not publish, and names the node type`,
	async () => {
		await sandbox.reset();
		const phone = '2065550181';
		const { workflow } = session.agentWorkflow(phone);
		// The AI Agent at the newest version n8n 1.x has (3), so only the review tool is unknown.
		workflow.nodes.find((/** @type {any} */ n) => n.name === 'AI Agent').typeVersion = 3;
		const c = rest();
		const id = await c.createWorkflow(workflow);
		// n8n looks a tool up by its node's name without the "Tool" suffix.
		await expect(c.activateWorkflow(id)).rejects.toThrow(
			/-> 400 .*Unrecognized node type: n8n-nodes-tatango\.tatangoHitl\b/,
		);
		expect(await messagesTo(phone)).toEqual([]);
	},
);
