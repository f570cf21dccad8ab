// @ts-check
'use strict';
/**
 * Part (f): a burst of CRM events. N webhook calls at once, each starting one execution of
 * Webhook → SMS Send through one v3 key, against the sandbox limiting that key to R calls a second;
 * then the same burst into Webhook → No Op (n8n's own floor for answer times). Both workflows
 * answer when their last node is done (as a CRM waiting for the outcome sees it).
 *
 * Run in one n8n process (`n8n start`, PostgreSQL) and in queue mode (main, webhook process, two
 * workers; Redis and PostgreSQL), each with this checkout's package ("shared": the executions of a
 * process share the account's pacer) and, side by side, with the package built from
 * BENCH_BASELINE (default: the last commit whose pacing was per execution), selected by
 * BENCH_F_PACING (shared, per-execution or both; a bench switch, not a setting of the node).
 */
const fs = require('fs');
const os = require('os');
const http = require('http');
const path = require('path');
const axios = require('axios').default;

const n8n = require('../../scripts/lib/n8n');
const queue = require('../../scripts/lib/queue');
const { setMaxListeners } = require('node:events');
const { setTimeout: sleep } = require('node:timers/promises');
const { waitFor } = require('../../scripts/lib/wait');
const { countExecutions } = require('./executions');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');
const { loadWorkflow } = require('./workflows');
const { percentile } = require('./load');

const SEND_PATH = '/transactional_messages/send_sms';
const FIRST_NUMBER = 2068000000;
const SMS_WEBHOOK_ID = '8d1f3b52-6c0e-4d7a-9a41-b0c40000000f';
const NOOP_WEBHOOK_ID = '8d1f3b52-6c0e-4d7a-9a41-b0c4000000f0';
const OWNER = { email: 'bench@example.com', password: 'BenchOwner1' };
const DB = { database: 'n8n', user: 'n8n', password: 'n8n-bench-burst' };
/**
 * n8n's PostgreSQL pool holds 2 connections by default: 500 executions created at once waited more
 * than its 20 s connection timeout and 440 of 500 failed before they ran (measured). A burst needs
 * a larger pool (PostgreSQL here allows 100 connections: 4 processes × 16 and the CLI fit).
 */
const DB_POOL = { DB_POSTGRESDB_POOL_SIZE: '16', DB_POSTGRESDB_CONNECTION_TIMEOUT: '60000' };

/**
 * N POSTs at once, each on its own connection; each call's answer time and status. A call aborted
 * through `signal` counts as unanswered and stays out of the answer times.
 * @param {string} url @param {number} count @param {(i: number) => unknown} body @param {AbortSignal} signal
 */
async function burst(url, count, body, signal) {
	const agent = new http.Agent({ keepAlive: false, maxSockets: count });
	const started = Date.now();
	const calls = await Promise.all(
		Array.from({ length: count }, async (_, i) => {
			const t = Date.now();
			try {
				const r = await axios.post(url, body(i), {
					httpAgent: agent,
					timeout: 15 * 60 * 1000,
					validateStatus: () => true,
					signal,
				});
				return { ms: Date.now() - t, status: r.status };
			} catch (e) {
				const status = signal.aborted ? 'unanswered' : /** @type {any} */ (e).code || 'error';
				return { ms: Date.now() - t, status };
			}
		}),
	);
	agent.destroy();
	const latencies = calls.filter((c) => c.status !== 'unanswered').map((c) => c.ms);
	return {
		seconds: (Date.now() - started) / 1000,
		answered2xx: calls.filter((c) => typeof c.status === 'number' && c.status < 300).length,
		unanswered: calls.filter((c) => c.status === 'unanswered').length,
		statuses: calls.reduce(
			(/** @type {Record<string, number>} */ acc, c) => ({
				...acc,
				[c.status]: (acc[c.status] || 0) + 1,
			}),
			{},
		),
		p50: percentile(latencies, 50),
		p95: percentile(latencies, 95),
		max: Math.max(...latencies),
	};
}

/**
 * In queue mode n8n's webhook process now and then never answers a call whose execution finished
 * (seen: 1 call of 100, its execution recorded as a success); such a call would wait for its
 * 15-minute timeout. Once n8n has recorded every execution of the burst and none runs, calls still
 * unanswered this long after are given up (counted as unanswered).
 */
const ANSWER_GRACE_MS = 15000;

/**
 * The burst into one workflow, and what n8n recorded of its executions.
 * @param {import('../../scripts/lib/n8n').RestClient} rest @param {string} workflowId
 * @param {string} url @param {number} count @param {(i: number) => unknown} body
 */
async function burstInto(rest, workflowId, url, count, body) {
	const controller = new AbortController();
	setMaxListeners(count + 10, controller.signal); // every call of the burst listens on it
	let answered = false;
	const calls = burst(url, count, body, controller.signal).finally(() => (answered = true));
	const allRecorded = async () =>
		(await countExecutions(rest, workflowId)) >= count &&
		(await countExecutions(rest, workflowId, { status: ['running', 'new', 'waiting'] })) === 0;
	const recorded = waitFor(async () => answered || (await allRecorded()), {
		timeoutMs: 15 * 60 * 1000,
		intervalMs: 2000,
		orLast: true,
	});
	recorded.catch(() => {}); // only a shortcut: the calls' own answers end the burst too
	await Promise.race([calls, recorded]);
	if (!answered) await Promise.race([calls, sleep(ANSWER_GRACE_MS)]);
	controller.abort();
	return { ...(await calls), runs: await executionsOf(rest, workflowId, count) };
}

/**
 * How many executions of a workflow n8n recorded, and how many did not succeed, once none is
 * running any more.
 * @param {import('../../scripts/lib/n8n').RestClient} rest @param {string} workflowId
 * @param {number} expected
 */
async function executionsOf(rest, workflowId, expected) {
	/** @param {Record<string, unknown>} [filter] */
	const countOf = (filter) => countExecutions(rest, workflowId, filter);
	let total = 0;
	let before = -1;
	// Done when nothing runs and the count stopped growing (executions n8n lost never come).
	await waitFor(
		async () => {
			before = total;
			total = await countOf();
			const running = await countOf({ status: ['running', 'new', 'waiting'] });
			return running === 0 && (total >= expected || total === before);
		},
		{ timeoutMs: 5 * 60 * 1000, intervalMs: 1000, orLast: true },
	);
	const succeeded = await countOf({ status: ['success'] });
	return { recorded: total, succeeded, notSucceeded: total - succeeded, missing: expected - total };
}

/**
 * What the sandbox saw of the sends: calls, 429s, texts per number, the accepted rate.
 * @param {string} sandboxUrl @param {number} count @param {number} rate
 */
async function sendsSeen(sandboxUrl, count, rate) {
	const { requests, messageCounts } = (
		await axios.get(`${sandboxUrl}/_sandbox/inspect`, { maxContentLength: Infinity })
	).data;
	const sends = requests.filter((/** @type {any} */ r) => r.path === SEND_PATH);
	const accepted = sends.filter((/** @type {any} */ r) => r.statusCode === 202);
	const times = accepted.map((/** @type {any} */ r) => r.arrivedUs);
	const span = (Math.max(...times) - Math.min(...times)) / 1e6;
	let once = 0;
	let more = 0;
	let none = 0;
	for (let i = 0; i < count; i++) {
		const n = messageCounts[String(FIRST_NUMBER + i)] ?? 0;
		if (n === 1) once++;
		else if (n > 1) more++;
		else none++;
	}
	const achieved = accepted.length > 1 ? (accepted.length - 1) / span : NaN;
	return {
		calls: sends.length,
		accepted: accepted.length,
		refused429: sends.filter((/** @type {any} */ r) => r.statusCode === 429).length,
		texts: { once, more, none },
		achievedPerSecond: achieved,
		ofRate: achieved / rate,
	};
}

/**
 * One setup (one process or queue mode) with one package: start, publish, the No Op burst, the
 * SMS burst, what n8n and the sandbox recorded; stop.
 * @param {{ mode: 'one' | 'queue', pacing: 'shared' | 'per-execution', tgz: string, dir: string, basePort: number,
 *   sandboxUrl: string, count: number, rate: number, workerConcurrency: number, eventsUrl: string,
 *   step: <T>(name: string, fn: () => T | Promise<T>) => Promise<T>, log: (s: string) => void }} o
 */
async function measureSetup(o) {
	const label = `(f) ${o.mode === 'one' ? 'one process' : 'queue mode, 2 workers'}, ${o.pacing} pacing`;
	const control = {
		/** @param {unknown} body */
		config: async (body) => axios.post(`${o.sandboxUrl}/_sandbox/config`, body),
		reset: async () => axios.post(`${o.sandboxUrl}/_sandbox/reset`),
	};
	const ports = queue.queuePorts(o.basePort);
	fs.rmSync(o.dir, { recursive: true, force: true });
	fs.mkdirSync(o.dir, { recursive: true });
	/** @type {Array<() => Promise<unknown>>} */
	const stops = [];
	try {
		/** @type {{ restUrl: string, webhookBase: string }} */
		let where;
		if (o.mode === 'one') {
			const pgDir = path.join(os.tmpdir(), `tatango-bench-pg-${ports.postgres}`);
			const postgres = await o.step(`${label}: start postgres`, () =>
				queue.startPostgres({ port: ports.postgres, dir: pgDir, ...DB, log: o.log }),
			);
			stops.push(postgres.stop);
			const userFolder = path.join(o.dir, 'n8n-user');
			n8n.installPackage(userFolder, o.tgz);
			const server = await o.step(`${label}: start n8n`, () =>
				n8n.startN8n({
					userFolder,
					port: ports.main,
					brokerPort: ports.mainBroker,
					webhookUrl: `http://127.0.0.1:${ports.main}/`,
					env: {
						DB_TYPE: 'postgresdb',
						DB_POSTGRESDB_HOST: '127.0.0.1',
						DB_POSTGRESDB_PORT: String(ports.postgres),
						DB_POSTGRESDB_DATABASE: DB.database,
						DB_POSTGRESDB_USER: DB.user,
						DB_POSTGRESDB_PASSWORD: DB.password,
						...DB_POOL,
						N8N_LOG_LEVEL: 'warn',
					},
				}),
			);
			stops.unshift(server.stop);
			where = { restUrl: server.url, webhookBase: server.url };
		} else {
			const cluster = await o.step(
				`${label}: start redis, postgres, main, webhook process, 2 workers`,
				() =>
					queue.startQueueCluster({
						tgz: o.tgz,
						dir: path.join(o.dir, 'cluster'),
						ports,
						workerConcurrency: o.workerConcurrency,
						env: DB_POOL,
						log: o.log,
					}),
			);
			stops.push(cluster.stop);
			where = { restUrl: cluster.main.url, webhookBase: cluster.webhook.url };
		}
		const rest = new n8n.RestClient(where.restUrl);
		await rest.ensureOwner(OWNER);
		const ids = await createAll(rest, o);
		const hooks = new n8n.RestClient(where.webhookBase);
		for (const id of Object.values(ids)) await rest.activateWorkflow(id);
		for (const p of [SMS_WEBHOOK_ID, NOOP_WEBHOOK_ID]) await hooks.waitForWebhook(p);

		await control.reset();
		await control.config({
			rateLimits: { v3: { limit: o.rate, windowMs: 1000 } },
			webhookDelayMs: 3_600_000,
			maxRecordedRequests: o.count * 20,
		});
		const body = (/** @type {number} */ i) => ({
			event: 'order.created',
			phone: String(FIRST_NUMBER + i),
		});
		const noop = await o.step(`${label}: ${o.count} calls at once into Webhook → No Op`, () =>
			burstInto(rest, ids.noop, `${where.webhookBase}/webhook/${NOOP_WEBHOOK_ID}`, o.count, body),
		);
		const sms = await o.step(`${label}: ${o.count} calls at once into Webhook → SMS Send`, () =>
			burstInto(rest, ids.sms, `${where.webhookBase}/webhook/${SMS_WEBHOOK_ID}`, o.count, body),
		);
		const seen = await sendsSeen(o.sandboxUrl, o.count, o.rate);
		await control.reset();
		return {
			mode: o.mode,
			pacing: o.pacing,
			noop,
			sms,
			seen,
		};
	} finally {
		for (const stop of stops) await stop().catch(() => {});
	}
}

/**
 * Creates the credential and both workflows through the running n8n's REST API (a CLI import
 * would start n8n once more for each).
 * @param {import('../../scripts/lib/n8n').RestClient} rest
 * @param {{ sandboxUrl: string, rate: number, eventsUrl: string }} o
 * @returns {Promise<Record<string, string>>} workflow ids: sms, noop
 */
async function createAll(rest, o) {
	const credential = await rest.request('POST', '/rest/credentials', {
		name: 'Bench: Tatango v3 (sandbox, paced at R, burst)',
		type: 'tatangoV3Api',
		data: {
			apiKey: SANDBOX_ACCOUNT.v3ApiKey,
			baseUrl: o.sandboxUrl,
			requestsPerSecond: o.rate,
			maxRateLimitWait: 120,
		},
	});
	const sms = loadWorkflow('f-burst-sms.json', {
		WEBHOOK_ID: SMS_WEBHOOK_ID,
		EVENTS_URL: o.eventsUrl,
	});
	for (const node of sms.nodes)
		if (node.credentials?.tatangoV3Api) node.credentials.tatangoV3Api.id = credential.id;
	return {
		sms: await rest.createWorkflow(sms),
		noop: await rest.createWorkflow(
			loadWorkflow('f-burst-noop.json', { WEBHOOK_ID: NOOP_WEBHOOK_ID }),
		),
	};
}

module.exports = { measureSetup };
