// @ts-check
'use strict';
/**
 * The machine's 1-minute load average while a part runs, sampled every few seconds: on a shared
 * machine it says how much else competed for the CPU while a figure was taken.
 */
const os = require('os');

/** @returns {{ stop(): { mean: number, max: number } }} */
function watchLoadAverage(intervalMs = 5000) {
	/** @type {number[]} */
	const samples = [os.loadavg()[0]];
	const timer = setInterval(() => samples.push(os.loadavg()[0]), intervalMs);
	timer.unref();
	return {
		stop() {
			clearInterval(timer);
			samples.push(os.loadavg()[0]);
			return {
				mean: samples.reduce((sum, x) => sum + x, 0) / samples.length,
				max: Math.max(...samples),
			};
		},
	};
}

module.exports = { watchLoadAverage };
