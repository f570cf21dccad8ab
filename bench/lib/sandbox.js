// @ts-check
'use strict';
/** The sandbox's control API as the parts use it, and what its record says of the texts sent. */
const axios = require('axios').default;

/**
 * @typedef {{ path: string, statusCode: number, atMs: number, arrivedUs: number, body?: any }} RecordedRequest
 *   `arrivedUs`: when it arrived, microseconds of the sandbox's monotonic clock (differences only)
 * @typedef {{ requests: RecordedRequest[], messageCounts: Record<string, number> }} SandboxRecord
 */

/** @param {string} url */
function sandboxControl(url) {
	return {
		url,
		reset: async () => (await axios.post(`${url}/_sandbox/reset`)).data,
		/** @param {unknown} body */
		config: async (body) => (await axios.post(`${url}/_sandbox/config`, body)).data,
		/** @returns {Promise<SandboxRecord>} */
		inspect: async () =>
			(await axios.get(`${url}/_sandbox/inspect`, { maxContentLength: Infinity })).data,
		/** @param {number} listId @param {string[]} phones */
		optOuts: async (listId, phones) =>
			(await axios.post(`${url}/_sandbox/opt-outs`, { listId, phones })).data,
	};
}

/**
 * Messages the sandbox recorded for `count` consecutive numbers starting at `first`.
 * @param {Record<string, number>} messageCounts @param {number} first @param {number} count
 */
function countsFor(messageCounts, first, count) {
	let once = 0;
	let more = 0;
	let none = 0;
	for (let i = 0; i < count; i++) {
		const n = messageCounts[String(first + i)] ?? 0;
		if (n === 1) once++;
		else if (n > 1) more++;
		else none++;
	}
	return { once, more, none };
}

/**
 * First to last of `requests` as the sandbox received them, in ms to the microsecond (NaN for
 * fewer than two).
 * @param {RecordedRequest[]} requests
 */
function spanMs(requests) {
	const times = requests.map((r) => r.arrivedUs);
	return times.length > 1 ? (Math.max(...times) - Math.min(...times)) / 1000 : NaN;
}

module.exports = { sandboxControl, countsFor, spanMs };
