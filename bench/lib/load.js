// @ts-check
'use strict';
/**
 * A small closed-loop HTTP load generator: `concurrency` workers, each POSTing its next event as
 * soon as the previous one was answered, over keep-alive connections. Measures each call's
 * latency on the client (send to full answer) and the overall rate.
 */
const http = require('http');
const axios = require('axios').default;

/**
 * Posts `count` events, or, with `seconds`, as many as the clients send in that time (each client
 * starts no call after it: a rate measured over a fixed time takes as long on a busy machine as on
 * an idle one, where a fixed count takes as much longer as the machine is slower).
 * @param {{ url: (i: number) => string, body: (i: number) => unknown, count?: number, seconds?: number, concurrency: number, headers?: Record<string, string>, agent?: http.Agent }} o
 *   `agent`: keep-alive connections to use (and keep open) across calls; else new ones, closed at the end
 * @returns {Promise<{ count: number, ok: number, failed: number, statuses: Record<string, number>, seconds: number, perSecond: number, p50: number, p99: number, latencies: number[] }>}
 */
async function postEvents(o) {
	const agent = o.agent ?? new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
	/** @type {number[]} */
	const latencies = [];
	/** @type {Record<string, number>} */
	const statuses = {};
	let next = 0;
	let ok = 0;
	const started = process.hrtime.bigint();
	const deadline = o.seconds === undefined ? Infinity : Date.now() + o.seconds * 1000;
	const limit = o.count ?? Infinity;
	const worker = async () => {
		for (;;) {
			if (Date.now() >= deadline) return;
			const i = next++;
			if (i >= limit) return;
			const t = process.hrtime.bigint();
			let status = 'error';
			try {
				const r = await axios.post(o.url(i), o.body(i), {
					httpAgent: agent,
					headers: { 'content-type': 'application/json', ...(o.headers || {}) },
					validateStatus: () => true,
					timeout: 30000,
				});
				status = String(r.status);
				if (r.status >= 200 && r.status < 300) ok++;
			} catch (e) {
				status = e.code || 'error';
			}
			latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
			statuses[status] = (statuses[status] || 0) + 1;
		}
	};
	await Promise.all(Array.from({ length: o.concurrency }, worker));
	const seconds = Number(process.hrtime.bigint() - started) / 1e9;
	if (!o.agent) agent.destroy();
	const count = latencies.length;
	return {
		count,
		ok,
		failed: count - ok,
		statuses,
		seconds,
		perSecond: count / seconds,
		p50: percentile(latencies, 50),
		p99: percentile(latencies, 99),
		latencies,
	};
}

/** Nearest-rank percentile. @param {number[]} values @param {number} p */
function percentile(values, p) {
	if (values.length === 0) return NaN;
	const sorted = [...values].sort((a, b) => a - b);
	const rank = Math.ceil((p / 100) * sorted.length);
	return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

module.exports = { postEvents, percentile };
