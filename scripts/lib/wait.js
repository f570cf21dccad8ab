// @ts-check
'use strict';
/**
 * The one polling loop of the harness: every "wait until a server answers", "until an execution
 * has finished", "until a process has exited" is `waitFor` with a probe.
 */
const { setTimeout: sleep } = require('node:timers/promises');
const axios = require('axios').default;

/**
 * Calls `probe` until it returns a truthy value, and returns that value.
 * @template T
 * @param {() => T | Promise<T>} probe
 * @param {{
 *   timeoutMs: number,
 *   intervalMs?: number,
 *   what?: string,
 *   stopIf?: () => string | null | undefined,
 *   orLast?: boolean,
 * }} o `what` names the awaited thing in the timeout error; `stopIf` returns a reason to give up
 *   at once (e.g. the server's process exited); with `orLast` a timeout returns the last value
 *   instead of throwing.
 * @returns {Promise<T>}
 */
async function waitFor(probe, o) {
	const deadline = Date.now() + o.timeoutMs;
	for (;;) {
		const stopped = o.stopIf && o.stopIf();
		if (stopped) throw new Error(`${o.what || 'condition'}: ${stopped}`);
		const value = await probe();
		if (value || (o.orLast && Date.now() >= deadline)) return value;
		if (Date.now() >= deadline) {
			throw new Error(`${o.what || 'condition'} not met within ${o.timeoutMs / 1000}s`);
		}
		await sleep(o.intervalMs ?? 200);
	}
}

/**
 * A probe for `waitFor`: whether GET `url` answers 200 now (a refused connection is a no).
 * @param {string} url @param {number} [timeoutMs] for the one request
 * @returns {Promise<boolean>}
 */
async function answers200(url, timeoutMs = 2000) {
	try {
		const r = await axios.get(url, { timeout: timeoutMs, validateStatus: () => true });
		return r.status === 200;
	} catch {
		return false;
	}
}

module.exports = { answers200, sleep, waitFor };
