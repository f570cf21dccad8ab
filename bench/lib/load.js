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
 * @param {{ url: (i: number) => string, body: (i: number) => unknown, count: number, concurrency: number, headers?: Record<string, string> }} o
 * @returns {Promise<{ count: number, ok: number, failed: number, statuses: Record<string, number>, seconds: number, perSecond: number, p50: number, p99: number, latencies: number[] }>}
 */
async function postEvents(o) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: o.concurrency });
	/** @type {number[]} */
	const latencies = [];
	/** @type {Record<string, number>} */
	const statuses = {};
	let next = 0;
	let ok = 0;
	const started = process.hrtime.bigint();
	const worker = async () => {
		for (;;) {
			const i = next++;
			if (i >= o.count) return;
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
	agent.destroy();
	return {
		count: o.count,
		ok,
		failed: o.count - ok,
		statuses,
		seconds,
		perSecond: o.count / seconds,
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
