// @ts-check
'use strict';
/** The bench's progress on stderr, each step timed (stdout carries the results). */

/** @param {string} s */
const log = (s) => process.stderr.write(`[bench] ${s}\n`);

/** @template T @param {string} name @param {() => T | Promise<T>} fn @returns {Promise<T>} */
async function step(name, fn) {
	const t = Date.now();
	log(`${name} ...`);
	const result = await fn();
	log(`${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
	return result;
}

module.exports = { log, step };
