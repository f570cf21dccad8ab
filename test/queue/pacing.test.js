// @ts-check
'use strict';
/**
 * Pacing with several workers. The executions of one process share the account's pacer; processes
 * share nothing. So two runs at once on the same worker send at the credential's rate together (no
 * 429), and on two workers they offer up to twice it: the service answers 429 to the overshoot,
 * each worker lowers its rate and the refused calls wait with jitter, so every message still goes
 * out. Measured here with the sandbox limiting v3 to 5 calls a second and a credential paced at 5
 * a second.
 */
const axios = require('axios').default;
const {
	publishWorkflows,
	webhookProcessUrl,
	publicWebhookUrl,
	whoRan,
	sandbox,
	workers,
} = require('./env');
const { pacedSendWorkflow } = require('./workflows');

const PATH = '/transactional_messages/send_rcs_rich_card';
const PER_RUN = 10;
const phones = (/** @type {number} */ run) =>
	Array.from({ length: PER_RUN }, (_, i) => `2065556${run}${String(i).padStart(2, '0')}`);

/**
 * What the sandbox saw of the RCS sends since the last reset: accepted and refused (429) calls, and
 * the most calls it accepted / was offered within one clock second.
 */
async function observed() {
	const { requests } = await sandbox.inspect();
	const ours = requests.filter((/** @type {any} */ r) => r.path === PATH);
	/** @type {Record<string, { offered: number, accepted: number }>} */
	const perSecond = {};
	for (const r of ours) {
		const s = (perSecond[r.at] = perSecond[r.at] || { offered: 0, accepted: 0 });
		s.offered++;
		if (r.statusCode < 400) s.accepted++;
	}
	const seconds = Object.values(perSecond);
	return {
		calls: ours.length,
		accepted: ours.filter((/** @type {any} */ r) => r.statusCode < 400).length,
		refused429: ours.filter((/** @type {any} */ r) => r.statusCode === 429).length,
		maxOfferedPerSecond: Math.max(0, ...seconds.map((s) => s.offered)),
		maxAcceptedPerSecond: Math.max(0, ...seconds.map((s) => s.accepted)),
	};
}

/** @param {string} path @param {number[]} runs */
async function sendRuns(path, runs) {
	const t = Date.now();
	const answers = await Promise.all(
		runs.map((run) =>
			axios
				.post(webhookProcessUrl(path), { phones: phones(run) }, { timeout: 180000 })
				.then((r) => r.data),
		),
	);
	return { answers, seconds: (Date.now() - t) / 1000 };
}

describe('queue mode: pacing is per account and process; 429s across workers are waited out', () => {
	const wf = pacedSendWorkflow('');
	beforeAll(async () => {
		// Delivery events go nowhere in particular: a path nothing listens on.
		wf.workflow.nodes.find((n) => n.name === 'Send Rich Card').parameters.webhookUrl =
			publicWebhookUrl('nowhere');
		await publishWorkflows([{ workflow: wf.workflow, webhookPaths: [wf.webhookPath] }]);
	});
	afterAll(async () => {
		await sandbox.reset();
	});

	test('one run alone stays under the limit: no 429', async () => {
		await sandbox.reset();
		await sandbox.config({ rateLimits: { v3: { limit: 5, windowMs: 1000 } } });
		const { answers, seconds } = await sendRuns(wf.webhookPath, [1]);
		const seen = await observed();
		console.log(
			`1 run of ${PER_RUN} sends: ${seconds.toFixed(1)}s, sandbox saw ${JSON.stringify(seen)}`,
		);
		expect(answers[0]).toEqual(expect.objectContaining({ sent: PER_RUN }));
		expect(workers().map((w) => w.name)).toContain(answers[0].ranOn);
		expect(seen).toEqual(expect.objectContaining({ accepted: PER_RUN, refused429: 0 }));
	});

	test('two runs at once: every message goes out once, never more than the limit in a second; on one worker no 429', async () => {
		await sandbox.reset();
		await sandbox.config({ rateLimits: { v3: { limit: 5, windowMs: 1000 } } });
		const { answers, seconds } = await sendRuns(wf.webhookPath, [2, 3]);
		const seen = await observed();
		const ranOn = [];
		for (const a of answers) {
			const who = await whoRan(a.executionId, a);
			expect(who.fromLogs).toEqual([who.fromEnv]);
			ranOn.push(who.fromEnv);
		}
		console.log(
			`2 concurrent runs of ${PER_RUN} sends on ${ranOn.join(' + ')}: ${seconds.toFixed(1)}s, sandbox saw ${JSON.stringify(seen)}`,
		);
		for (const a of answers) expect(a).toEqual(expect.objectContaining({ sent: PER_RUN }));
		expect(seen.accepted).toBe(2 * PER_RUN);
		expect(seen.maxAcceptedPerSecond).toBeLessThanOrEqual(5);
		// On one worker the two runs take turns from one pacer; on two, each worker adapts to 429s.
		if (ranOn[0] === ranOn[1]) expect(seen.refused429).toBe(0);
		const { messages } = await sandbox.inspect();
		for (const p of [...phones(2), ...phones(3)]) expect((messages[p] || []).length).toBe(1);
		// Where each run went is up to the queue; with both workers idle they usually split.
		console.log(`runs on: ${ranOn.join(', ')}`);
	});
});
