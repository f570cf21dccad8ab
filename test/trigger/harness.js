// @ts-check
// Runs the Tatango Trigger's webhook() the way a production n8n (2.41) does for each call: the
// workflow (parameters filled with their defaults, static data loaded from "the database") is built
// anew, n8n-core's own WebhookContext wraps the request and response, and static data is written
// back after answering if it is marked changed. What n8n's HTTP layer would answer is derived from
// the node's return value.
//
// One n8n behaviour is reproduced on purpose: when the call starts a run, n8n's WorkflowRunner
// builds another Workflow over the same static data object before the answer is sent, and that
// clears the "changed" mark, so what the node recorded is saved only when the workflow had no
// static data yet. Seen against a real n8n 2.41.1; see the README's "Retries and duplicates".
const path = require('node:path');
const { HookContext, InstanceSettings, WebhookContext } = require('n8n-core');
// n8n-core ships its own copies of these; its contexts look services up in its own container.
const fromCore = (name) => require(require.resolve(name, { paths: [path.dirname(require.resolve('n8n-core'))] }));
const { Container } = fromCore('@n8n/di');
const { Logger } = fromCore('@n8n/backend-common');
const { Workflow } = require('n8n-workflow');

const NODE_NAME = 'Tatango Trigger';
const NODE_TYPE = 'n8n-nodes-tatango.tatangoTrigger';
const GOOD_TOKEN = 'tok_0123456789abcdef0123';
const V3_KEY = 'tatango_key_sandbox';

/** Everything the node logged, to check no secret ever reaches a log line. */
const logLines = [];
const logger = {
	error: (message, meta) => logLines.push({ level: 'error', message, meta }),
	warn: (message, meta) => logLines.push({ level: 'warn', message, meta }),
	info: (message, meta) => logLines.push({ level: 'info', message, meta }),
	debug: (message, meta) => logLines.push({ level: 'debug', message, meta }),
};
Container.set(Logger, logger);
// Contexts read instance settings only for signed URLs, which this node never uses. Setting them
// here also keeps n8n-core from creating ~/.n8n/config with an encryption key.
Container.set(InstanceSettings, {});

/**
 * @param {object} [options]
 * @param {Record<string, unknown>} [options.parameters] node parameters (defaults filled by n8n)
 * @param {{ apiKey?: string } | null} [options.credential] the v3 credential, or null when the node has none
 * @param {string} [options.workflowId]
 * @param {{ staticData: object }} [options.database] shared "database" row, to share static data between triggers
 * @param {() => any} [options.loadNodeClass] returns the node class (a fresh module copy stands for another n8n process)
 */
function createTrigger(options = {}) {
	const NodeClass = (options.loadNodeClass ?? (() => require('../../nodes/TatangoTrigger/TatangoTrigger.node').TatangoTrigger))();
	const nodeType = new NodeClass();
	const nodeTypes = {
		getByName: () => nodeType,
		getByNameAndVersion: () => nodeType,
		getKnownTypes: () => ({}),
	};
	const parameters = { secretToken: GOOD_TOKEN, ...(options.parameters ?? {}) };
	// A new workflow's static data column is empty (null).
	const database = options.database ?? { staticData: null };
	const workflowId = options.workflowId ?? `wf-${Math.random().toString(36).slice(2)}`;
	const credential = options.credential === undefined ? { apiKey: V3_KEY } : options.credential;

	function buildWorkflow(staticData = database.staticData === null ? null : JSON.parse(JSON.stringify(database.staticData))) {
		/** @type {any} */
		const node = {
			id: 'node-1',
			name: NODE_NAME,
			type: NODE_TYPE,
			typeVersion: 1,
			position: [0, 0],
			webhookId: '5f0c5a52-7b1a-4d7e-9a49-3f2a1f1c0c11',
			parameters: JSON.parse(JSON.stringify(parameters)),
		};
		if (credential) node.credentials = { tatangoV3Api: { id: 'cred-1', name: 'Tatango v3' } };
		return new Workflow({
			id: workflowId,
			name: 'Tatango events',
			nodes: [node],
			connections: {},
			active: true,
			nodeTypes,
			staticData,
		});
	}

	const credentialsHelper = {
		isCredentialUsableByNode: () => true,
		getDecrypted: async () => {
			if (!credential) throw new Error('Credentials not found');
			return { ...credential };
		},
	};

	/**
	 * One HTTP call. `hold` lets two calls load static data before either saves it (a race).
	 * @param {{ body?: unknown, rawBody?: unknown, query?: Record<string, unknown>, headers?: Record<string, unknown>, mode?: string }} call
	 */
	async function invoke(call) {
		const loaded = database.staticData === null ? null : JSON.parse(JSON.stringify(database.staticData));
		const workflow = buildWorkflow(loaded);
		const node = workflow.getNode(NODE_NAME);
		let status;
		let responseBody;
		const res = {
			status(code) {
				status = code;
				return res;
			},
			json(data) {
				responseBody = data;
				return res;
			},
		};
		const req = {
			body: call.body,
			rawBody: call.rawBody,
			headers: call.headers ?? {},
			query: call.query ?? { token: GOOD_TOKEN },
			params: {},
			method: 'POST',
		};
		const additionalData = {
			httpRequest: req,
			httpResponse: res,
			timezone: 'UTC',
			credentialsHelper,
		};
		const context = new WebhookContext(
			workflow,
			node,
			/** @type {any} */ (additionalData),
			/** @type {any} */ (call.mode ?? 'webhook'),
			/** @type {any} */ ({ webhookDescription: nodeType.description.webhooks[0], isTest: call.mode === 'manual' }),
			[],
			null,
		);
		const result = await nodeType.webhook.call(context);
		return { result, workflow, loaded, status, responseBody };
	}

	/** What n8n does with the node's answer: respond, start a run or not, save static data. */
	function settle({ result, workflow, loaded, status, responseBody }) {
		// As n8n 2.x's webhook helpers do (handleImmediateWebhookResponse and, for a started run in
		// onReceived mode, extractWebhookOnReceivedResponse with responseData defaulting to
		// 'firstEntryJson').
		let answer;
		if (result.noWebhookResponse) {
			answer = { status, body: responseBody };
		} else if (result.workflowData) {
			const responseData = nodeType.description.webhooks[0].responseData ?? 'firstEntryJson';
			const body =
				responseData === 'noData'
					? undefined
					: responseData || (result.webhookResponse ?? { message: 'Workflow was started' });
			answer = { status: 200, body };
		} else {
			answer = { status: 200, body: result.webhookResponse ?? { message: 'Webhook call received' } };
		}
		// What the node marked as changed, before n8n's runner may clear the mark.
		const staticChanged = workflow.staticData.__dataChanged === true;
		if (result.workflowData && loaded !== null) buildWorkflow(loaded);
		if (workflow.staticData.__dataChanged === true) {
			const saved = JSON.parse(JSON.stringify(workflow.staticData));
			delete saved.__dataChanged;
			database.staticData = saved;
		}
		const items = result.workflowData ? result.workflowData[0].map((item) => item.json) : [];
		return { ...answer, started: result.workflowData !== undefined, items, staticChanged };
	}

	return {
		nodeType,
		database,
		workflowId,
		/** @param {Parameters<typeof invoke>[0]} call */
		post: async (call) => settle(await invoke(call)),
		/** Two calls handled at the same time: both load static data, then both save it. */
		postTogether: async (first, second) => {
			const [a, b] = await Promise.all([invoke(first), invoke(second)]);
			return [settle(a), settle(b)];
		},
		/** Runs webhookMethods.default.create as n8n does when the trigger starts listening. */
		activate: async () => {
			const workflow = buildWorkflow();
			const context = new HookContext(
				workflow,
				workflow.getNode(NODE_NAME),
				/** @type {any} */ ({ timezone: 'UTC', credentialsHelper }),
				'trigger',
				'activate',
			);
			const methods = nodeType.webhookMethods.default;
			if (await methods.checkExists.call(context)) return true;
			return await methods.create.call(context);
		},
	};
}

module.exports = { createTrigger, logLines, GOOD_TOKEN, V3_KEY, NODE_NAME };
