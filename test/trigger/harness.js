// @ts-check
// Runs the Tatango Trigger the way a production n8n (2.41) handles each call ("delivery"):
//
// 1. The webhook process: the workflow (parameters filled with their defaults, static data loaded
//    from "the database") is built anew, n8n-core's own WebhookContext wraps the request and
//    response, webhook() answers, and static data is written back if it is marked changed. What
//    n8n's HTTP layer would answer is derived from the node's return value.
// 2. If webhook() returned workflowData, the run: n8n-core's real WorkflowExecute processes an
//    execution whose stack starts at the trigger with webhook()'s items as its input (as n8n's
//    webhook helpers build it), so the trigger's execute() runs through n8n-core's ExecuteContext,
//    then a downstream node records what reached it. The run's workflowExecuteAfter hook saves
//    the static data changed during the run, as n8n's save hook does (not for manual runs).
//
// Where the run happens is a choice (`runOn`):
// - 'main' (regular mode): in the webhook's own process, over the very static data object the
//   webhook call loaded (n8n's WorkflowRunner wraps it again in a new Workflow);
// - 'worker' (queue mode): on a worker, another process with its own copy of the node's modules,
//   whose run starts from empty static data (n8n 2.41.1 queues the run without it); only what
//   webhook() read from the database and carried in the items is known there.
//
// One n8n behaviour is reproduced on purpose: when the call starts a run, n8n's WorkflowRunner
// builds another Workflow over the same static data object before the webhook's static data is
// saved, and that clears the "changed" mark, so what webhook() recorded would be saved only when
// the workflow had no static data yet. Seen against a real n8n 2.41.1; see docs/trigger.md, "Retries
// and duplicates". The trigger no longer writes static data in webhook(); `staticChanged` reports
// whether it did.
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');
const { additionalDataFor } = require('../helpers/additionalData');
const { TestCredentialsHelper, prepareContainer } = require('../helpers/runNode');
const path = require('node:path');
const {
	BinaryDataConfig,
	ExecutionLifecycleHooks,
	HookContext,
	InstanceSettings,
	WebhookContext,
	WorkflowExecute,
} = require('n8n-core');
// n8n-core ships its own copies of these; its contexts look services up in its own container.
const fromCore = (name) =>
	require(require.resolve(name, { paths: [path.dirname(require.resolve('n8n-core'))] }));
const { Container } = fromCore('@n8n/di');
const { Logger } = fromCore('@n8n/backend-common');
const { Workflow, createRunExecutionData } = require('n8n-workflow');

const NODE_NAME = 'Tatango Trigger';
const NODE_TYPE = 'n8n-nodes-tatango.tatangoTrigger';
/** A node after the trigger: what reaches it is what the workflow acted on. */
const EFFECT_NAME = 'Act On Event';
const EFFECT_TYPE = 'test.recordEffect';
const GOOD_TOKEN = 'tok_0123456789abcdef0123';
const V3_KEY = SANDBOX_ACCOUNT.v3ApiKey;

/** Everything the node logged, to check no secret ever reaches a log line. */
const logLines = [];
const logger = {
	error: (message, meta) => logLines.push({ level: 'error', message, meta }),
	warn: (message, meta) => logLines.push({ level: 'warn', message, meta }),
	info: (message, meta) => logLines.push({ level: 'info', message, meta }),
	debug: (message, meta) => logLines.push({ level: 'debug', message, meta }),
	/** n8n-core's execution engine asks for a logger scoped to a topic. */
	scoped: () => logger,
};
Container.set(Logger, logger);
// Contexts read instance settings only for signed URLs, which this node never uses. Setting them
// here also keeps n8n-core from creating ~/.n8n/config with an encryption key.
Container.set(InstanceSettings, {});
// The execution engine asks how binary data is kept; this node has none. 'default' (in memory) also
// keeps n8n-core from building its storage config, which needs a real ~/.n8n folder.
Container.set(BinaryDataConfig, { mode: 'default' });

const sharedNodeClass = () =>
	require('../../nodes/TatangoTrigger/TatangoTrigger.node').TatangoTrigger;

/** The node class from a fresh copy of its modules, with their own in-process memory: another process. */
function isolatedNodeClass() {
	/** @type {any} */
	let NodeClass;
	jest.isolateModules(() => {
		NodeClass = require('../../nodes/TatangoTrigger/TatangoTrigger.node').TatangoTrigger;
	});
	return NodeClass;
}

/**
 * @param {object} [options]
 * @param {Record<string, unknown>} [options.parameters] node parameters (defaults filled by n8n)
 * @param {{ apiKey?: string } | null} [options.credential] the v3 credential, or null when the node has none
 * @param {Record<string, unknown>} [options.v2Credential] the v2 credential (list source), if the node has one
 * @param {number} [options.typeVersion] the node's version (1.1 unless told)
 * @param {string} [options.webhookBaseUrl] n8n's webhook base URL, for hooks (test URLs replace
 *   "/webhook" with "/webhook-test")
 * @param {string} [options.workflowId]
 * @param {string} [options.webhookId] the node's webhook ID (a fixed UUID unless told)
 * @param {{ staticData: object, effects?: object[] }} [options.database] shared "database" row, to share
 *   static data between triggers; `effects` collects the items that reached the node after the trigger
 * @param {() => any} [options.loadNodeClass] returns the node class (a fresh module copy stands for another n8n process)
 * @param {'main' | 'worker'} [options.runOn] where runs happen: in the webhook's process (regular mode,
 *   the default) or on a queue-mode worker (then the webhook's process, unless `loadNodeClass` says,
 *   and each worker have a copy of the node's modules of their own)
 */
function createTrigger(options = {}) {
	const runOn = options.runOn ?? 'main';
	const NodeClass = (
		options.loadNodeClass ?? (runOn === 'worker' ? isolatedNodeClass : sharedNodeClass)
	)();
	const nodeType = new NodeClass();
	// A new workflow's static data column is empty (null).
	const database = options.database ?? { staticData: null };
	database.effects ??= [];
	const effectType = {
		description: {
			displayName: 'Record Effect',
			name: EFFECT_TYPE,
			group: ['transform'],
			version: 1,
			description: '',
			defaults: { name: EFFECT_NAME },
			inputs: ['main'],
			outputs: ['main'],
			properties: [],
		},
		/** @this {import('n8n-workflow').IExecuteFunctions} */
		async execute() {
			const items = this.getInputData();
			for (const item of items) database.effects.push(item.json);
			return [items];
		},
	};
	/** @param {any} trigger */
	const typesWith = (trigger) => ({
		getByName: (/** @type {string} */ type) => (type === EFFECT_TYPE ? effectType : trigger),
		getByNameAndVersion: (/** @type {string} */ type) =>
			type === EFFECT_TYPE ? effectType : trigger,
		getKnownTypes: () => ({}),
	});
	const nodeTypes = typesWith(nodeType);
	/** @type {ReturnType<typeof typesWith> | undefined} */
	let workerTypes;
	// A worker is another process: its copy of the node's modules is not the webhook process's.
	const workerNodeTypes = () => (workerTypes ??= typesWith(new (isolatedNodeClass())()));
	const parameters = { secretToken: GOOD_TOKEN, ...(options.parameters ?? {}) };
	const workflowId = options.workflowId ?? `wf-${Math.random().toString(36).slice(2)}`;
	const credential = options.credential === undefined ? { apiKey: V3_KEY } : options.credential;
	const v2Credential = options.v2Credential ?? null;
	const typeVersion = options.typeVersion ?? 1.1;
	const webhookBaseUrl = options.webhookBaseUrl ?? 'https://n8n.example.test/webhook';
	const webhookTestBaseUrl = webhookBaseUrl.replace(/\/webhook$/, '/webhook-test');
	const webhookId = options.webhookId ?? '5f0c5a52-7b1a-4d7e-9a49-3f2a1f1c0c11';

	function buildWorkflow(
		staticData = database.staticData === null
			? null
			: JSON.parse(JSON.stringify(database.staticData)),
		types = nodeTypes,
	) {
		/** @type {any} */
		const node = {
			id: 'node-1',
			name: NODE_NAME,
			type: NODE_TYPE,
			typeVersion,
			position: [0, 0],
			webhookId,
			parameters: JSON.parse(JSON.stringify(parameters)),
		};
		node.credentials = {};
		if (credential) node.credentials.tatangoV3Api = { id: 'cred-1', name: 'Tatango v3' };
		if (v2Credential) node.credentials.tatangoApi = { id: 'cred-2', name: 'Tatango' };
		const effect = {
			id: 'node-2',
			name: EFFECT_NAME,
			type: EFFECT_TYPE,
			typeVersion: 1,
			position: [200, 0],
			parameters: {},
		};
		return new Workflow({
			id: workflowId,
			name: 'Tatango events',
			nodes: [node, effect],
			connections: { [NODE_NAME]: { main: [[{ node: EFFECT_NAME, type: 'main', index: 0 }]] } },
			active: true,
			nodeTypes: types,
			staticData,
			settings: { executionOrder: 'v1' },
		});
	}

	let executionCounter = 0;

	/**
	 * The run a started call leads to: WorkflowExecute from the trigger, webhook()'s items as input.
	 * @param {import('n8n-workflow').Workflow} workflow the run's workflow (its static data as loaded for the run)
	 * @param {import('n8n-workflow').INodeExecutionData[][]} workflowData what webhook() returned
	 * @param {string} mode 'webhook' for production calls, 'manual' for test calls
	 */
	async function execute(workflow, workflowData, mode) {
		const executionId = `${workflowId}-${++executionCounter}`;
		const hooks = new ExecutionLifecycleHooks(
			/** @type {any} */ (mode),
			executionId,
			/** @type {any} */ ({
				id: workflowId,
				name: 'Tatango events',
				active: true,
				activeVersionId: null,
				isArchived: false,
				createdAt: new Date(),
				updatedAt: new Date(),
				nodes: Object.values(workflow.nodes),
				connections: workflow.connectionsBySourceNode,
			}),
		);
		let staticSaved = false;
		// As n8n's save hook: static data changed during the run is saved, except for manual runs.
		hooks.addHandler('workflowExecuteAfter', async (_run, newStaticData) => {
			if (mode === 'manual' || !newStaticData) return;
			database.staticData = JSON.parse(JSON.stringify(newStaticData));
			staticSaved = true;
		});
		const additionalData = additionalDataFor({ credentialsHelper, hooks, executionId });
		const runExecutionData = createRunExecutionData({
			executionData: {
				nodeExecutionStack: [
					{ node: workflow.getNode(NODE_NAME), data: { main: workflowData }, source: null },
				],
			},
		});
		const effectsBefore = database.effects.length;
		const run = await new WorkflowExecute(
			additionalData,
			/** @type {any} */ (mode),
			runExecutionData,
		).processRunExecutionData(workflow);
		const error = run.data.resultData.error;
		if (error)
			throw Object.assign(new Error(`The run failed: ${error.message}`), { stack: error.stack });
		const triggerOutput = run.data.resultData.runData[NODE_NAME]?.[0]?.data?.main?.[0] ?? [];
		return {
			/** The trigger's output items (after its execute()). */
			items: triggerOutput.map((item) => item.json),
			pairedItems: triggerOutput.map((item) => item.pairedItem),
			/** Items that reached the node after the trigger in this run. */
			effects: database.effects.slice(effectsBefore),
			staticSaved,
		};
	}

	// n8n's credentials helper as the node tests have it: the type's defaults filled in, and each
	// credential type's own authentication applied to requests (hooks talk to Tatango).
	const credentialsHelper = new TestCredentialsHelper(
		/** @type {any} */ ({
			...(credential ? { tatangoV3Api: credential } : {}),
			...(v2Credential ? { tatangoApi: v2Credential } : {}),
		}),
	);

	/**
	 * One HTTP call. `hold` lets two calls load static data before either saves it (a race).
	 * `unreadBody` is a body n8n left unread (it reads only JSON, form and text bodies for nodes
	 * above version 1): the request then offers it through `readRawBody()`, as n8n's does.
	 * @param {{ body?: unknown, rawBody?: unknown, unreadBody?: Buffer, query?: Record<string, unknown>, headers?: Record<string, unknown>, mode?: string }} call
	 */
	async function invoke(call) {
		const loaded =
			database.staticData === null ? null : JSON.parse(JSON.stringify(database.staticData));
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
		/** @type {Record<string, unknown>} */
		const req = {
			body: call.body,
			rawBody: call.rawBody,
			headers: call.headers ?? {},
			query: call.query ?? { token: GOOD_TOKEN },
			params: {},
			method: 'POST',
		};
		if (call.unreadBody) {
			req.readRawBody = async () => {
				req.rawBody = call.unreadBody;
			};
		}
		const additionalData = {
			httpRequest: req,
			httpResponse: res,
			timezone: 'UTC',
			credentialsHelper,
			webhookBaseUrl,
			webhookTestBaseUrl,
		};
		const context = new WebhookContext(
			workflow,
			node,
			/** @type {any} */ (additionalData),
			/** @type {any} */ (call.mode ?? 'webhook'),
			/** @type {any} */ ({
				webhookDescription: nodeType.description.webhooks[0],
				isTest: call.mode === 'manual',
			}),
			[],
			null,
		);
		const result = await nodeType.webhook.call(context);
		return { call, result, workflow, loaded, status, responseBody };
	}

	/** What n8n does with the node's answer: respond, start a run or not, save static data. */
	function settle({ call, result, workflow, loaded, status, responseBody }) {
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
			answer = {
				status: 200,
				body: result.webhookResponse ?? { message: 'Webhook call received' },
			};
		}
		// What the node marked as changed, before n8n's runner may clear the mark.
		const staticChanged = workflow.staticData.__dataChanged === true;
		// n8n's WorkflowRunner builds the run's Workflow over the same static data object (when there
		// is one) before the webhook's static data is saved.
		const runnerWorkflow = result.workflowData && loaded !== null ? buildWorkflow(loaded) : null;
		if (workflow.staticData.__dataChanged === true) {
			const saved = JSON.parse(JSON.stringify(workflow.staticData));
			delete saved.__dataChanged;
			database.staticData = saved;
		}
		const items = result.workflowData ? result.workflowData[0].map((item) => item.json) : [];
		const started = result.workflowData !== undefined;
		const mode = call.mode ?? 'webhook';
		/** Runs the workflow the call started (null when it started none). */
		const runWorkflow = async () => {
			if (!started) return null;
			if (runOn === 'worker') {
				// The job travels through the queue and the database as JSON. n8n 2.41.1 does not put the
				// workflow's static data in the queued execution, so the worker's run starts from empty
				// static data (measured in a real queue-mode cluster: test/queue/duplicates.test.js).
				return await execute(
					buildWorkflow(null, workerNodeTypes()),
					JSON.parse(JSON.stringify(result.workflowData)),
					mode,
				);
			}
			return await execute(runnerWorkflow ?? buildWorkflow(loaded), result.workflowData, mode);
		};
		return { ...answer, started, items, staticChanged, runWorkflow };
	}

	/** A delivery: webhook() answers, then the run it started (if any) runs to the end. */
	async function deliver(pending) {
		const { runWorkflow, ...answer } = pending;
		return { ...answer, run: await runWorkflow() };
	}

	return {
		nodeType,
		database,
		workflowId,
		/**
		 * One call delivered as n8n does: webhook(), then the run it started (`run`: null if none).
		 * @param {Parameters<typeof invoke>[0]} call
		 */
		post: async (call) => deliver(settle(await invoke(call))),
		/**
		 * Only the webhook part of a call: the answer, and `runWorkflow()` to run what it started
		 * later, e.g. after another call (a run still queued or in progress).
		 * @param {Parameters<typeof invoke>[0]} call
		 */
		receive: async (call) => settle(await invoke(call)),
		/**
		 * A run of the workflow from the trigger with the given input (as if webhook() had returned it),
		 * on a worker: static data loaded from the database now.
		 * @param {import('n8n-workflow').INodeExecutionData[][]} workflowData
		 * @param {string} [mode]
		 */
		runFrom: async (workflowData, mode = 'webhook') =>
			await execute(buildWorkflow(undefined, workerNodeTypes()), workflowData, mode),
		/** Two calls handled at the same time: both load static data, both answer, then both runs run. */
		postTogether: async (first, second) => {
			const [a, b] = await Promise.all([invoke(first), invoke(second)]);
			const pending = [settle(a), settle(b)];
			return [await deliver(pending[0]), await deliver(pending[1])];
		},
		/** Runs webhookMethods.default.create as n8n does when the trigger starts listening. */
		activate: async () => {
			const workflow = buildWorkflow();
			const context = new HookContext(
				workflow,
				workflow.getNode(NODE_NAME),
				/** @type {any} */ ({
					timezone: 'UTC',
					credentialsHelper,
					webhookBaseUrl,
					webhookTestBaseUrl,
				}),
				'trigger',
				'activate',
				/** @type {any} */ ({ webhookDescription: nodeType.description.webhooks[0] }),
			);
			const methods = nodeType.webhookMethods.default;
			if (await methods.checkExists.call(context)) return true;
			return await methods.create.call(context);
		},
		/**
		 * One webhook method (checkExists, create, delete) as n8n runs it: a HookContext over the
		 * workflow with static data from "the database", saved back afterwards (n8n saves static data
		 * after activating and deactivating). `test` is "Listen for test event": the test URL.
		 * @param {'checkExists' | 'create' | 'delete'} method
		 * @param {{ test?: boolean }} [o]
		 */
		hook: async (method, o = {}) => {
			prepareContainer();
			const workflow = buildWorkflow();
			const base = additionalDataFor({ credentialsHelper, hooks: undefined, executionId: 'hook' });
			const context = new HookContext(
				workflow,
				workflow.getNode(NODE_NAME),
				{
					...base,
					webhookBaseUrl,
					webhookTestBaseUrl,
				},
				o.test ? 'manual' : 'trigger',
				o.test ? 'manual' : 'activate',
				/** @type {any} */ ({
					webhookDescription: nodeType.description.webhooks[0],
					isTest: o.test,
				}),
			);
			try {
				return await nodeType.webhookMethods.default[method].call(context);
			} finally {
				if (workflow.staticData.__dataChanged === true) {
					const saved = JSON.parse(JSON.stringify(workflow.staticData));
					delete saved.__dataChanged;
					database.staticData = saved;
				}
			}
		},
		/** The URL n8n gives the trigger (production, or test). @param {{ test?: boolean }} [o] */
		webhookUrl: (o = {}) => `${o.test ? webhookTestBaseUrl : webhookBaseUrl}/${webhookId}/tatango`,
	};
}

module.exports = { createTrigger, logLines, GOOD_TOKEN, V3_KEY, NODE_NAME };
