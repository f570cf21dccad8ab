// @ts-check
'use strict';
/** The bench's settings from the environment: sizes (BENCH_*), checked once when a part loads. */

/** @param {string} name @param {number} fallback @returns {number} a positive integer */
function intEnv(name, fallback) {
	const value = process.env[name];
	if (value === undefined || value === '') return fallback;
	const number = Number(value);
	if (!Number.isInteger(number) || number <= 0)
		throw new Error(`${name} must be a positive integer, got "${value}"`);
	return number;
}

/**
 * @template {string} T
 * @param {string} name @param {readonly T[]} allowed @param {T} fallback @returns {T}
 */
function choiceEnv(name, allowed, fallback) {
	const value = process.env[name] || fallback;
	if (!allowed.includes(/** @type {T} */ (value)))
		throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${value}"`);
	return /** @type {T} */ (value);
}

/**
 * Interleaved rounds a part runs: BENCH_ROUNDS (`--rounds`) for every part, else the part's own.
 * @param {number} fallback
 */
const rounds = (fallback) => intEnv('BENCH_ROUNDS', fallback);

/** Requests per second the rate-limited parts (b), (d), (f) hold the sandbox's v3 key to. */
const RATE = intEnv('BENCH_RATE', 10);

module.exports = { intEnv, choiceEnv, rounds, RATE };
