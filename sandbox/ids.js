// @ts-check
'use strict';

const { randomBytes } = require('node:crypto');

/**
 * A UUIDv7 (time-ordered), like the transactionId values in Tatango's v3 examples.
 * @param {number} [ms]
 */
function uuidv7(ms = Date.now()) {
	const b = randomBytes(16);
	b.writeUIntBE(ms, 0, 6);
	b[6] = (b[6] & 0x0f) | 0x70;
	b[8] = (b[8] & 0x3f) | 0x80;
	const h = b.toString('hex');
	return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

module.exports = { uuidv7 };
