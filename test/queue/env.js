// @ts-check
'use strict';
/**
 * What the queue-mode global setup started, for the tests: read from the state file it wrote
 * (jest runs tests in a separate module registry, so globals do not carry over), and helpers to
 * publish workflows, call the webhook process, and find out which process ran an execution.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { sleep, waitFor } = require('../../scripts/lib/wait');
const queue = require('../../scripts/lib/queue');

const QUEUE_DIR =
	process.env.TATANGO_QUEUE_DIR || require('../../scripts/lib/run-dir').runDir('queue');
const STATE_FILE = path.join(QUEUE_DIR, 'state.json');

/** A v3 credential paced at 5 calls a second, as a real account's setting would be. */
const PACED_CREDENTIAL = {
	id: 'tatangoQueuePacedV3',
	name: 'Tatango Sandbox (v3, 5/s)',
	type: 'tatangoV3Api',
};

/**
 * @typedef {{ name: string, role: string, url: string, logFile: string, pid: number }} ProcessInfo
 * @typedef {{
 *   ports: ReturnType<typeof queue.queuePorts>, mainUrl: string, webhookUrl: string, publicWebhookBase: string,
 *   sandboxUrl: string, clusterDir: string, clusterEnv: Record<string, string>, tgz: string,
 *   credentialIds: { v2: string, v3: string, paced: string }, processes: ProcessInfo[],
 *   owner: { email: string, password: string }, cookie: string, timings: Record<string, number>
 * }} QueueState
 */

/** @type {QueueState|undefined} */
let cached;
/** @returns {QueueState} */
function state() {
	if (cached) return cached;
	if (!fs.existsSync(STATE_FILE))
		throw new Error(`${STATE_FILE} missing: run through npm run test:queue`);
	cached = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
	return /** @type {QueueState} */ (cached);
}

/** @returns {ProcessInfo[]} the two workers */
const workers = () => state().processes.filter((p) => p.role === 'worker');

/** A REST client logged in as the owner, on the main instance. */
function rest() {
	const s = state();
	return new n8n.RestClient(s.mainUrl, s.cookie);
}

/** CLI options for `n8n` commands against the cluster's database (import). */
function cliOptions() {
	const s = state();
	return {
		userFolder: path.join(s.clusterDir, 'main'),
		env: {
			...s.clusterEnv,
			TATANGO_QUEUE_PROCESS: 'cli',
			N8N_RUNNERS_BROKER_PORT: String(s.ports.cliBroker),
			N8N_LOG_LEVEL: 'warn',
		},
	};
}

/**
 * Imports workflows with one `n8n import:workflow` (about 5 s each call, so all at once), publishes
 * them on main and waits until their production webhooks answer on the webhook process.
 * @param {Array<{ workflow: Record<string, any>, webhookPaths: string[] }>} list
 * @returns {Promise<string[]>} workflow ids, in order
 */
async function publishWorkflows(list) {
	const wfs = list.map(({ workflow }) => ({
		active: false,
		settings: {},
		connections: {},
		id: n8n.newId(),
		...workflow,
	}));
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tatango-queue-wf-'));
	const file = path.join(dir, 'workflows.json');
	fs.writeFileSync(file, JSON.stringify(wfs, null, 2));
	try {
		await n8n.runN8nCli(['import:workflow', `--input=${file}`], cliOptions());
	} finally {
		fs.rmSync(dir, { recursive: true, force: true });
	}
	const c = rest();
	const onWebhookProcess = new n8n.RestClient(state().webhookUrl);
	for (let i = 0; i < wfs.length; i++) {
		await c.activateWorkflow(wfs[i].id);
		for (const p of list[i].webhookPaths) await onWebhookProcess.waitForWebhook(p);
	}
	return wfs.map((w) => w.id);
}

/** Production webhook URL on the webhook process (plain http, as the sandbox delivers it). @param {string} p */
const webhookProcessUrl = (p) => `${state().webhookUrl}/webhook/${p.replace(/^\/+/, '')}`;
/** The public (https) production URL n8n shows, as Tatango would be given it. @param {string} p */
const publicWebhookUrl = (p) => `${state().publicWebhookBase}webhook/${p.replace(/^\/+/, '')}`;

/**
 * Executions of a workflow, once `count` of them exist and none is unfinished; then waits
 * `settleMs` more and checks no further one appeared (a duplicate arriving late would).
 * @param {string} workflowId
 * @param {{ count: number, timeoutMs?: number, settleMs?: number }} o
 * @returns {Promise<any[]>} oldest first
 */
async function settledExecutions(workflowId, o) {
	const c = rest();
	const timeoutMs = o.timeoutMs || 60000;
	const started = Date.now();
	const unfinished = (/** @type {any} */ e) =>
		['new', 'running', 'waiting', 'unknown'].includes(e.status);
	/** @type {any[]} */
	let list = [];
	await waitFor(
		async () => {
			list = await c.listExecutions(workflowId);
			return list.length >= o.count && !list.some(unfinished);
		},
		{ timeoutMs, intervalMs: 300, orLast: true },
	);
	await sleep(o.settleMs ?? 2000);
	await waitFor(
		async () => {
			list = await c.listExecutions(workflowId);
			return !list.some(unfinished);
		},
		{ timeoutMs: Math.max(0, timeoutMs - (Date.now() - started)), intervalMs: 300, orLast: true },
	);
	return [...list].sort((a, b) => Number(a.id) - Number(b.id));
}

/**
 * The items one node produced in an execution (REST, run data decoded).
 * @param {any} execution from RestClient.getExecution @param {string} nodeName
 * @returns {Array<Record<string, any>>}
 */
function itemsOf(execution, nodeName) {
	const runs = execution.data.resultData.runData[nodeName];
	if (!runs) throw new Error(`node "${nodeName}" did not run in execution ${execution.id}`);
	const last = runs[runs.length - 1];
	return ((last.data && last.data.main && last.data.main[0]) || []).map(
		(/** @type {any} */ i) => i.json,
	);
}

/**
 * Which process ran an execution, by two independent means: the `ranOn` field a Set node wrote
 * from `$env.TATANGO_QUEUE_PROCESS` (the process that evaluated it), and the worker log that says
 * `Worker started execution <id>`.
 * @param {string|number} executionId @param {Record<string, any>} [ranOnItem] an item with `ranOn`
 */
async function whoRan(executionId, ranOnItem) {
	const fromLogs = await queue.workersOf(workers(), executionId);
	return { fromLogs, fromEnv: ranOnItem ? ranOnItem.ranOn : undefined };
}

/** The sandbox's control API (sandbox/CONTRACT.md). */
const sandbox = {
	reset: async () => (await axios.post(`${state().sandboxUrl}/_sandbox/reset`)).data,
	inspect: async () => (await axios.get(`${state().sandboxUrl}/_sandbox/inspect`)).data,
	/** @param {unknown} body */
	config: async (body) => (await axios.post(`${state().sandboxUrl}/_sandbox/config`, body)).data,
};

/**
 * Starts another n8n process against the cluster (e.g. a second webhook process), in a user folder
 * of its own; the caller stops it (`server.stop()`).
 * @param {string} name @param {'webhook'|'worker'} role @param {number} port @param {number} brokerPort
 */
function startExtraProcess(name, role, port, brokerPort) {
	const s = state();
	return queue.startQueueProcess({
		name,
		role,
		port,
		brokerPort,
		dir: s.clusterDir,
		tgz: s.tgz,
		env: s.clusterEnv,
	});
}

module.exports = {
	QUEUE_DIR,
	STATE_FILE,
	PACED_CREDENTIAL,
	state,
	workers,
	rest,
	cliOptions,
	publishWorkflows,
	webhookProcessUrl,
	publicWebhookUrl,
	settledExecutions,
	itemsOf,
	whoRan,
	sandbox,
	startExtraProcess,
};
