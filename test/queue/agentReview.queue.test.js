// @ts-check
'use strict';
/**
 * SMS review of an AI agent's tool call in queue mode: the agent workflow of the single-mode e2e
 * (the Tatango review tool at its defaults gating an HTTP Request tool), started through the
 * webhook process. The agent runs on a worker and waits; the reviewer's text reaches the resume
 * URL on the webhook process, and the resumed execution (the gated tool, the model's last turn)
 * runs on a worker. A run with no answer is resumed by main's wait tracker as declined.
 */
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { publishWorkflows, webhookProcessUrl, sandbox, rest, state, whoRan } = require('./env');
const { startScriptedModel, lastToolResult } = require('../e2e/scriptedModel');
const {
	startRefundEndpoint,
	refundScript,
	agentReviewWorkflow,
} = require('../e2e/agentReviewParts');

/** @type {Awaited<ReturnType<typeof startScriptedModel>>} */ let model;
/** @type {Awaited<ReturnType<typeof startRefundEndpoint>>} */ let refunds;

/** Waits until an execution of the workflow (other than `skip`) has one of `statuses`. */
async function executionWith(
	/** @type {string} */ workflowId,
	/** @type {string[]} */ statuses,
	timeoutMs = 30000,
	/** @type {string[]} */ skip = [],
) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const list = await rest().listExecutions(workflowId);
		const found = list.find(
			(/** @type {any} */ e) => statuses.includes(e.status) && !skip.includes(e.id),
		);
		if (found) return await rest().getExecution(found.id);
		if (Date.now() > deadline)
			throw new Error(`no ${statuses.join('/')} execution of ${workflowId} in ${timeoutMs} ms`);
		await n8n.sleep(300);
	}
}

/** The code in the last text to `phone`. @param {string} phone */
async function codeTextedTo(phone) {
	const sent = ((await sandbox.inspect()).messages[phone] ?? []).at(-1);
	return /Reply YES (\d{4}) or NO \1/.exec(sent?.text ?? '')?.[1];
}

describe('queue mode: SMS review of an agent tool call', () => {
	/** @type {string[]} */ let ids;
	/** @type {Array<{ path: string, phone: string }>} */ const agents = [];

	beforeAll(async () => {
		model = await startScriptedModel(refundScript);
		refunds = await startRefundEndpoint();
		const credential = await rest().request('POST', '/rest/credentials', {
			name: 'Scripted model',
			type: 'openAiApi',
			data: { apiKey: 'sk-scripted', url: model.url },
		});
		const s = state();
		const limit = {
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 0.02, resumeUnit: 'minutes' },
				},
			},
		};
		const workflows = ['2065550170', '2065550171', '2065550172'].map((phone, n) => {
			const path = `agent-review-${crypto.randomBytes(4).toString('hex')}`;
			agents.push({ path, phone });
			return {
				workflow: agentReviewWorkflow({
					name: `Agent review (queue ${n})`,
					path,
					webhookId: crypto.randomUUID(),
					openAiCredentialId: credential.id,
					refundUrl: `${refunds.url}?agent=${n}`,
					reviewerPhone: phone,
					review: n === 1 ? limit : undefined,
					v3Credential: { id: s.credentialIds.v3, name: 'Tatango Sandbox (v3)' },
				}),
				webhookPaths: [path],
			};
		});
		ids = await publishWorkflows(workflows);
		await sandbox.reset();
	});
	afterAll(async () => {
		await model?.close();
		await refunds?.close();
	});

	test('YES with the code: resumed on a worker, the tool runs once; NO: never runs; no answer by the limit: declined', async () => {
		// The run that times out starts first: n8n's wait tracker checks once a minute.
		await axios.post(webhookProcessUrl(agents[1].path), { request: 'Refund order 1042: $120' });
		await axios.post(webhookProcessUrl(agents[0].path), { request: 'Refund order 1042: $120' });
		const waiting = await executionWith(ids[0], ['waiting', 'error', 'success']);
		expect(waiting.status).toBe('waiting');
		const code = await codeTextedTo(agents[0].phone);
		expect(code).toMatch(/^\d{4}$/);

		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
			phone: agents[0].phone,
			text: `YES ${code}`,
		});
		const done = await executionWith(ids[0], ['success', 'error']);
		expect(done.id).toBe(waiting.id);
		expect(done.status).toBe('success');
		expect(refunds.paths.filter((p) => p.endsWith('?agent=0'))).toHaveLength(1);
		expect((await whoRan(done.id)).fromLogs.length).toBeGreaterThan(0);
		const answered = model.requests.filter((r) => lastToolResult(r)?.includes('R-'));
		expect(answered.length).toBeGreaterThan(0);

		// NO with the code: resumed on a worker, the model is told it was declined, no refund.
		await axios.post(webhookProcessUrl(agents[2].path), { request: 'Refund order 1042: $120' });
		const waitingNo = await executionWith(ids[2], ['waiting', 'error', 'success']);
		expect(waitingNo.status).toBe('waiting');
		const codeNo = await codeTextedTo(agents[2].phone);
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
			phone: agents[2].phone,
			text: `no ${codeNo}`,
		});
		const declined = await executionWith(ids[2], ['success', 'error']);
		expect(declined.status).toBe('success');
		expect(JSON.stringify(declined.data.resultData.runData['AI Agent'])).toContain(
			'User rejected the tool call to Issue refund',
		);
		expect(refunds.paths.filter((p) => p.endsWith('?agent=2'))).toEqual([]);

		const timedOut = await executionWith(ids[1], ['success', 'error'], 100000);
		expect(timedOut.status).toBe('success');
		expect(JSON.stringify(timedOut.data.resultData.runData['AI Agent'])).toContain(
			'User rejected the tool call to Issue refund',
		);
		expect(refunds.paths.filter((p) => p.endsWith('?agent=1'))).toEqual([]);
	}, 150000);
});
