// @ts-check
'use strict';

/**
 * What the sandbox keeps of a request body for GET /_sandbox/inspect, within bounds: a body nested
 * deeper than MAX_DEPTH or larger than MAX_BODY_BYTES is replaced by a note saying why, so one
 * hostile request can neither break inspect (serialising 100,000 levels overflows the stack) nor
 * hold megabytes until the next reset. All recorded bodies together stay under a byte budget
 * (SandboxState.recordRequest drops the oldest requests beyond it).
 */
const MAX_DEPTH = 64;
const MAX_BODY_BYTES = 64 * 1024;
const MAX_RECORDED_BYTES = 16 * 1024 * 1024;

/** @param {unknown} value */
function depthExceeds(value) {
	/** @type {Array<[unknown, number]>} */
	const stack = [[value, 1]];
	while (stack.length > 0) {
		const [current, depth] = /** @type {[unknown, number]} */ (stack.pop());
		if (current && typeof current === 'object') {
			if (depth > MAX_DEPTH) return true;
			for (const entry of Object.values(current)) stack.push([entry, depth + 1]);
		}
	}
	return false;
}

/**
 * The body to record and its size in bytes (as received).
 * @param {unknown} body the parsed body
 * @param {number} bytes its length on the wire (Content-Length, 0 when unknown)
 * @returns {{ body: unknown, bytes: number }}
 */
function recordedBody(body, bytes) {
	if (body === undefined || body === null) return { body: null, bytes: 0 };
	if (bytes > MAX_BODY_BYTES)
		return {
			body: { '[sandbox]': `body not kept: ${bytes} bytes (over ${MAX_BODY_BYTES})` },
			bytes: 0,
		};
	if (depthExceeds(body))
		return {
			body: { '[sandbox]': `body not kept: nested more than ${MAX_DEPTH} levels` },
			bytes: 0,
		};
	return { body, bytes };
}

module.exports = { recordedBody, MAX_DEPTH, MAX_BODY_BYTES, MAX_RECORDED_BYTES };
