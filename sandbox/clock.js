// @ts-check
'use strict';

/**
 * The sandbox's clock: real time plus an offset that POST /_sandbox/clock/advance moves forward,
 * so "hours later" (double opt-in follow-ups, MOMT progress) can be reached instantly.
 */
class Clock {
	constructor() {
		this.offsetMs = 0;
	}

	/** @returns {number} epoch milliseconds as the sandbox sees them */
	now() {
		return Date.now() + this.offsetMs;
	}

	/** @param {number} ms */
	advance(ms) {
		this.offsetMs += ms;
		return this.now();
	}

	reset() {
		this.offsetMs = 0;
	}
}

/** @param {number} ms */
function isoUtc(ms) {
	return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * ISO 8601 with an explicit offset, e.g. `2016-09-07T14:10:41-07:00` (the v2 docs' style).
 * @param {number} ms
 * @param {number} offsetMinutes
 */
function isoOffset(ms, offsetMinutes) {
	const local = new Date(ms + offsetMinutes * 60000).toISOString().slice(0, 19);
	const sign = offsetMinutes < 0 ? '-' : '+';
	const abs = Math.abs(offsetMinutes);
	const hh = String(Math.floor(abs / 60)).padStart(2, '0');
	const mm = String(abs % 60).padStart(2, '0');
	return `${local}${sign}${hh}:${mm}`;
}

/** @param {number} ms */
function sleep(ms) {
	return new Promise((resolve) => setTimeout(resolve, ms));
}

module.exports = { Clock, isoUtc, isoOffset, sleep };
