// @ts-check
/**
 * Runs Send and Wait for Reply through n8n-core the way the n8n server does, in three parts:
 * - `startWaitingRun`: WorkflowExecute runs the node until it puts the execution to wait;
 * - `postToResumeUrl`: a POST to the resume URL, as n8n's WaitingWebhooks handles it: n8n's own
 *   signature check (n8n-core's validateUrlSignature), then the node's webhook() in n8n-core's
 *   WebhookContext over the waiting execution, then (when it returns data) the execution resumes
 *   with that data as the node's output;
 * - `resumeAfterTimeLimit`: what n8n's WaitTracker does when waitTill passes: it runs the waiting
 *   execution again, unchanged.
 * Resuming follows n8n's server code (packages/cli webhooks/waiting-webhooks.ts and
 * webhook-helpers.ts prepareExecutionData); the rest is n8n-core's.
 */
const os = require('os');
const path = require('path');
const { Workflow, createRunExecutionData } = require('n8n-workflow');
const {
	WorkflowExecute,
	ExecutionLifecycleHooks,
	WebhookContext,
	InstanceSettings,
	validateUrlSignature,
} = require('n8n-core');
const { additionalDataFor } = require('./additionalData');
const {
	NODE_TYPE,
	NODE_NAME,
	nodeTypes,
	tatangoNode,
	TestCredentialsHelper,
	prepareContainer,
} = require('./runNode');

const coreDir = path.dirname(require.resolve('n8n-core/package.json'));
const { Container } = require(require.resolve('@n8n/di', { paths: [coreDir] }));

/** n8n's public address in these runs: Tatango only calls HTTPS webhooks. */
const N8N_BASE = 'https://n8n.shop.example';
const HMAC_SECRET = 'test-hmac-signature-secret';
const NODE_ID = '0f0e8a4c-3b1d-4c8e-9d55-6c1f2b7e9a10';

/** The instance's signing secret, without reading or writing an n8n user folder. */
function useSigningSecret() {
	Container.set(InstanceSettings, {
		hmacSignatureSecret: HMAC_SECRET,
		instanceId: 'test-instance',
		// n8n-core derives its binary-data folder from it; nothing is written there in these runs.
		n8nFolder: path.join(os.tmpdir(), 'tatango-send-and-wait-tests'),
	});
}

let executionCounter = 1000;

/**
 * @param {{ parameters: import('n8n-workflow').INodeParameters, items?: import('n8n-workflow').IDataObject[],
 *   credentials: Record<string, any>, base?: string, continueOnFail?: boolean }} options
 */
async function startWaitingRun({
	parameters,
	items = [{}],
	credentials,
	base = N8N_BASE,
	continueOnFail,
}) {
	prepareContainer();
	useSigningSecret();
	/** @type {import('n8n-workflow').INode} */
	const node = {
		id: NODE_ID,
		name: NODE_NAME,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: {
			tatangoV3Api: { id: 'cred-v3', name: 'Tatango V3 account' },
			...(credentials.tatangoApi ? { tatangoApi: { id: 'cred-v2', name: 'Tatango account' } } : {}),
		},
		...(continueOnFail ? { onError: 'continueRegularOutput' } : {}),
	};
	const workflowData = {
		id: 'send-and-wait-test',
		name: 'Send and wait test',
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [node],
		connections: {},
	};
	const workflow = new Workflow({
		id: workflowData.id,
		name: workflowData.name,
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1' },
	});
	const executionId = String(++executionCounter);
	const credentialsHelper = new TestCredentialsHelper(credentials);
	const newAdditionalData = () =>
		additionalDataFor({
			credentialsHelper,
			hooks: new ExecutionLifecycleHooks('manual', executionId, workflowData),
			executionId,
			base,
		});
	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{ node, data: { main: [items.map((json) => ({ json }))] }, source: null },
			],
		},
	});
	const run = await new WorkflowExecute(
		newAdditionalData(),
		'manual',
		runExecutionData,
	).processRunExecutionData(workflow);
	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	return {
		run,
		/** The node's output while it waits (or its error items under Continue On Fail). */
		items: taskData?.data?.main?.[0] ?? [],
		error: run.data.resultData.error ?? taskData?.error,
		waitTill: run.waitTill,
		workflow,
		node,
		executionId,
		newAdditionalData,
	};
}

/**
 * Whether n8n's waiting-webhook signature check accepts a URL (what WaitingWebhooks.validateSignature does).
 * @param {string} url
 */
function n8nAcceptsSignature(url) {
	const parsed = new URL(url);
	const signature = parsed.searchParams.get('signature');
	if (!signature) return false;
	return validateUrlSignature(signature, parsed, HMAC_SECRET);
}

/** An Express-like response that records what the webhook answered. */
function recordingResponse() {
	return {
		statusCode: 200,
		/** @type {unknown} */
		body: undefined,
		sent: false,
		status(/** @type {number} */ code) {
			this.statusCode = code;
			return this;
		},
		send(/** @type {unknown} */ body) {
			this.body = body;
			this.sent = true;
			return this;
		},
	};
}

/** Runs the waiting execution on, as n8n does after a resume (data in the stack already set). */
async function continueRun(waiting) {
	const run = await new WorkflowExecute(
		waiting.newAdditionalData(),
		'manual',
		waiting.run.data,
	).processRunExecutionData(waiting.workflow);
	const taskData = run.data.resultData.runData[NODE_NAME]?.at(-1);
	return { run, items: taskData?.data?.main?.[0] ?? [], finished: !run.waitTill };
}

/**
 * A POST of `event` to `url` (the webhookUrl the node gave Tatango, or a forged one).
 * @param {Awaited<ReturnType<typeof startWaitingRun>>} waiting
 * @param {string} url
 * @param {unknown} event
 * @returns {Promise<{ statusCode: number, resumed: boolean, rejectedByN8n: boolean,
 *   items: import('n8n-workflow').INodeExecutionData[], finished?: boolean }>} `items`: the node's
 *   output once resumed (empty while it waits)
 */
async function postToResumeUrl(waiting, url, event) {
	const parsed = new URL(url);
	if (!n8nAcceptsSignature(url)) {
		return { statusCode: 401, resumed: false, rejectedByN8n: true, items: [] };
	}
	const additionalData = waiting.newAdditionalData();
	const response = recordingResponse();
	additionalData.httpRequest = {
		method: 'POST',
		body: event,
		query: Object.fromEntries(parsed.searchParams),
		headers: { 'content-type': 'application/json' },
		params: {},
	};
	additionalData.httpResponse = response;
	const webhookData = /** @type {import('n8n-workflow').IWebhookData} */ ({
		httpMethod: 'POST',
		node: NODE_NAME,
		path: NODE_ID,
		webhookDescription: tatangoNode.description.webhooks?.[0],
		workflowId: waiting.workflow.id,
	});
	const context = new WebhookContext(
		waiting.workflow,
		waiting.node,
		additionalData,
		'manual',
		webhookData,
		[],
		waiting.run.data,
	);
	if (!tatangoNode.webhook) throw new Error('the Tatango node has no webhook()');
	const result = await tatangoNode.webhook.call(context);
	if (result.noWebhookResponse) {
		return { statusCode: response.statusCode, resumed: false, rejectedByN8n: false, items: [] };
	}
	// n8n's prepareExecutionData: the webhook's data becomes the waiting node's input, forwarded.
	const entry = waiting.run.data.executionData.nodeExecutionStack[0];
	entry.data.main = result.workflowData ?? [];
	entry.metadata = { ...entry.metadata, forwardAllOutputs: true };
	const resumed = await continueRun(waiting);
	return { statusCode: 200, resumed: true, rejectedByN8n: false, ...resumed };
}

/**
 * n8n's WaitTracker at waitTill: the execution runs on from where it waits.
 * @param {Awaited<ReturnType<typeof startWaitingRun>>} waiting
 */
async function resumeAfterTimeLimit(waiting) {
	return await continueRun(waiting);
}

module.exports = {
	N8N_BASE,
	NODE_ID,
	startWaitingRun,
	postToResumeUrl,
	resumeAfterTimeLimit,
	n8nAcceptsSignature,
};
