// @ts-check
'use strict';

/**
 * Fault injection queue (POST /_sandbox/faults). A fault matches API requests by method and path
 * and is used `times` times:
 *   kind "status": answer with `status` (default 500) in the API's error shape;
 *   kind "drop":   destroy the socket without answering;
 *   kind "slow":   answer late, after `delayMs` (default 5000).
 * phase "before": the fault strikes before the request is handled (nothing happened);
 * phase "after":  the request is handled first (its effect, e.g. a recorded message, happened),
 *                 then the fault replaces or delays the answer.
 */

/**
 * @typedef {{
 *   id: number, match: { method?: string, path?: string }, kind: 'status' | 'drop' | 'slow',
 *   status: number, delayMs: number, phase: 'before' | 'after', times: number,
 *   retryAfter?: number, body?: unknown,
 * }} Fault
 */

/**
 * Path patterns: exact (`/api/v2/transactional_messages`), or with `*` standing for any run of
 * characters (`/api/v2/lists/*` + `/subscribers`). Query strings are ignored.
 * @param {string} pattern
 * @param {string} path
 */
function pathMatches(pattern, path) {
	if (!pattern.includes('*')) return pattern === path;
	// Literal pieces in order, each found at its leftmost place: linear, where a regular
	// expression of several `.*` backtracks (8 wildcards froze the sandbox for seconds).
	const pieces = pattern.split('*');
	const first = pieces[0];
	const last = pieces[pieces.length - 1];
	if (!path.startsWith(first) || path.length < first.length + last.length) return false;
	if (!path.endsWith(last)) return false;
	let at = first.length;
	const end = path.length - last.length;
	for (const piece of pieces.slice(1, -1)) {
		const found = path.indexOf(piece, at);
		if (found < 0 || found + piece.length > end) return false;
		at = found + piece.length;
	}
	return true;
}

class FaultQueue {
	constructor() {
		/** @type {Fault[]} */
		this.faults = [];
		this.nextId = 1;
	}

	/**
	 * Validates and queues fault specs. Throws Error with a readable message on bad input.
	 * @param {unknown} input an array of specs, one spec, or `{ faults: [...] }`
	 * @returns {Fault[]}
	 */
	add(input) {
		/** @type {any} */
		let list = input;
		if (list && !Array.isArray(list) && Array.isArray(list.faults)) list = list.faults;
		if (!Array.isArray(list)) list = [list];
		const parsed = list.map((/** @type {any} */ spec, /** @type {number} */ i) =>
			this.parse(spec, i),
		);
		this.faults.push(...parsed);
		return parsed;
	}

	/**
	 * @param {any} spec
	 * @param {number} i
	 * @returns {Fault}
	 */
	parse(spec, i) {
		const where = `faults[${i}]`;
		if (!spec || typeof spec !== 'object') throw new Error(`${where} must be an object`);
		const match = spec.match ?? {};
		if (typeof match !== 'object') throw new Error(`${where}.match must be an object`);
		if (match.method !== undefined && typeof match.method !== 'string')
			throw new Error(`${where}.match.method must be a string`);
		if (
			match.path !== undefined &&
			(typeof match.path !== 'string' || !match.path.startsWith('/'))
		) {
			throw new Error(`${where}.match.path must be a path starting with /`);
		}
		if (!['status', 'drop', 'slow'].includes(spec.kind))
			throw new Error(`${where}.kind must be "status", "drop" or "slow"`);
		const phase = spec.phase ?? 'before';
		if (!['before', 'after'].includes(phase))
			throw new Error(`${where}.phase must be "before" or "after"`);
		const times = spec.times ?? 1;
		if (!Number.isInteger(times) || times < 1)
			throw new Error(`${where}.times must be a positive integer`);
		const status = spec.status ?? 500;
		if (!Number.isInteger(status) || status < 400 || status > 599)
			throw new Error(`${where}.status must be an HTTP error status (400-599)`);
		const delayMs = spec.delayMs ?? 5000;
		if (typeof delayMs !== 'number' || delayMs < 0)
			throw new Error(`${where}.delayMs must be a number >= 0`);
		/** @type {Fault} */
		const fault = {
			id: this.nextId++,
			match: {
				...(match.method ? { method: match.method.toUpperCase() } : {}),
				...(match.path ? { path: match.path } : {}),
			},
			kind: spec.kind,
			status,
			delayMs,
			phase,
			times,
		};
		if (spec.retryAfter !== undefined) fault.retryAfter = Number(spec.retryAfter);
		if (spec.body !== undefined) fault.body = spec.body;
		return fault;
	}

	/**
	 * Takes (uses once) the first queued fault that matches the request, if any.
	 * @param {string} method
	 * @param {string} path without query string
	 * @returns {Fault | null}
	 */
	take(method, path) {
		const i = this.faults.findIndex(
			(f) =>
				(!f.match.method || f.match.method === method.toUpperCase()) &&
				(!f.match.path || pathMatches(f.match.path, path)),
		);
		if (i < 0) return null;
		const fault = this.faults[i];
		fault.times--;
		if (fault.times <= 0) this.faults.splice(i, 1);
		return { ...fault };
	}

	list() {
		return this.faults.map((f) => ({ ...f }));
	}

	clear() {
		this.faults = [];
	}
}

module.exports = { FaultQueue, pathMatches };
