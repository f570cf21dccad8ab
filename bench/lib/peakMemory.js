// @ts-check
'use strict';
/**
 * The peak resident memory of a process found by its command line, read from Linux's
 * /proc/<pid>/status `VmHWM` (the kernel's own high-water mark, so a peak between two reads is
 * not missed; only what happens after the last read is). `n8n execute` runs the whole workflow in
 * its own process, so this is n8n's peak memory for one run.
 */
const fs = require('fs');

/**
 * Starts watching every process whose command line contains all of `parts`.
 * @param {string[]} parts
 * @param {number} [intervalMs]
 * @returns {{ stop(): number | null }} stop() returns the highest VmHWM seen, in MB (null if none matched)
 */
function watchPeakMemory(parts, intervalMs = 100) {
	let peakKb = 0;
	let seen = false;
	const read = () => {
		let pids = [];
		try {
			pids = fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name));
		} catch {
			return;
		}
		for (const pid of pids) {
			try {
				const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
				if (!parts.every((part) => cmdline.includes(part))) continue;
				const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
				const match = /VmHWM:\s+(\d+) kB/.exec(status);
				if (match) {
					seen = true;
					peakKb = Math.max(peakKb, Number(match[1]));
				}
			} catch {
				/* the process ended between the listing and the read */
			}
		}
	};
	const timer = setInterval(read, intervalMs);
	read();
	return {
		stop() {
			clearInterval(timer);
			return seen ? peakKb / 1024 : null;
		},
	};
}

module.exports = { watchPeakMemory };
