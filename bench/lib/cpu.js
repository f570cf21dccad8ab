// @ts-check
'use strict';
/**
 * Whether anything besides the bench used the CPU while a part ran (Linux /proc). The machine's
 * busy clock ticks (/proc/stat) minus the ticks of the bench's own processes: this process and
 * every process it started (n8n, its task runners, the sandbox), with the ticks of children that
 * already exited counted through their parents (`cutime`/`cstime` of /proc/<pid>/stat), and servers
 * that detach from their parent (PostgreSQL) found by their command line naming the run's folder.
 * The rest is another process's: on a shared machine it says which figures were taken beside
 * someone else's work. Elsewhere than Linux it says nothing (null).
 */
const fs = require('fs');
const os = require('os');

/** Another process's use above this share of one core, on average, makes the part not quiet. */
const QUIET_CORES = 0.1;
const SAMPLE_MS = 1000;

/** Busy ticks of the whole machine (user, nice, system, irq, softirq, steal), or null off Linux. */
function machineBusyTicks() {
	try {
		const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0];
		const [user, nice, system, , , irq, softirq, steal] = line
			.trim()
			.split(/\s+/)
			.slice(1)
			.map(Number);
		return user + nice + system + irq + softirq + (steal || 0);
	} catch {
		return null;
	}
}

/**
 * @typedef {{ pid: number, ppid: number, start: string, own: number, children: number }} ProcTicks
 * `own`: utime + stime; `children`: cutime + cstime (children it has reaped)
 */

/** Every process's ticks, by pid. @returns {Map<number, ProcTicks>} */
function processTicks() {
	/** @type {Map<number, ProcTicks>} */
	const all = new Map();
	for (const name of fs.readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
			// The command name is in parentheses and may hold spaces: fields count from its end.
			const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
			all.set(Number(name), {
				pid: Number(name),
				ppid: Number(f[1]),
				start: f[19],
				own: Number(f[11]) + Number(f[12]),
				children: Number(f[13]) + Number(f[14]),
			});
		} catch {
			// exited meanwhile
		}
	}
	return all;
}

/** Pids of `root` and all its descendants. @param {Map<number, ProcTicks>} all @param {number} root */
function treeOf(all, root) {
	const tree = new Set([root]);
	let grew = true;
	while (grew) {
		grew = false;
		for (const p of all.values())
			if (!tree.has(p.pid) && tree.has(p.ppid)) {
				tree.add(p.pid);
				grew = true;
			}
	}
	return tree;
}

/** @param {number} pid */
function commandLine(pid) {
	try {
		return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
	} catch {
		return '';
	}
}

/**
 * Starts watching; `stop()` says how much CPU others used meanwhile, in cores on average.
 * @param {string[]} markers command-line fragments of the bench's detached servers (its run folder)
 * @returns {{ stop(): CpuUse | null, now(): CpuUse | null }}
 *
 * @typedef {{ seconds: number, machineCores: number, benchCores: number, otherCores: number, quiet: boolean }} CpuUse
 */
function watchCpu(markers) {
	const startBusy = machineBusyTicks();
	if (startBusy === null) return { stop: () => null, now: () => null };
	const started = process.hrtime.bigint();
	/** A process tree's ticks: each member's own and its reaped children's. @param {Map<number, ProcTicks>} all @param {number} root */
	const ticksOf = (all, root) => {
		let ticks = 0;
		for (const pid of treeOf(all, root)) {
			const p = all.get(pid);
			if (p) ticks += p.own + p.children;
		}
		return ticks;
	};
	// The bench's tree: a descendant that exits is reaped inside it, so its ticks move into a
	// parent's `children`.
	const startTree = ticksOf(processTicks(), process.pid);
	// Detached servers (and their own children): the last ticks seen per server (pid + start time),
	// sampled, since nobody in the bench's tree reaps them.
	/** @type {Map<string, { first: number, last: number }>} */
	const detached = new Map();
	/** @param {Map<number, ProcTicks>} all @param {boolean} initial */
	const sampleDetached = (all, initial) => {
		const mine = treeOf(all, process.pid);
		for (const p of all.values()) {
			if (mine.has(p.pid)) continue;
			const key = `${p.pid}:${p.start}`;
			const seen = detached.get(key);
			if (seen) seen.last = ticksOf(all, p.pid);
			else if (
				!detached.has(`${p.ppid}:${all.get(p.ppid)?.start}`) &&
				markers.some((m) => commandLine(p.pid).includes(m))
			) {
				const ticks = ticksOf(all, p.pid);
				detached.set(key, { first: initial ? ticks : 0, last: ticks });
			}
		}
	};
	sampleDetached(processTicks(), true);
	const timer = setInterval(() => sampleDetached(processTicks(), false), SAMPLE_MS);
	timer.unref();
	const ticksPerSecond = 100; // USER_HZ: /proc reports ticks of 1/100 s on Linux
	/** @returns {CpuUse | null} */
	const now = () => {
		const busy = machineBusyTicks();
		if (busy === null) return null;
		const all = processTicks();
		const tree = ticksOf(all, process.pid);
		sampleDetached(all, false);
		let servers = 0;
		for (const d of detached.values()) servers += d.last - d.first;
		const seconds = Number(process.hrtime.bigint() - started) / 1e9;
		const perSecond = (/** @type {number} */ ticks) => ticks / ticksPerSecond / seconds;
		const machineCores = perSecond(busy - startBusy);
		const benchCores = perSecond(tree - startTree + servers);
		const otherCores = Math.max(0, machineCores - benchCores);
		return { seconds, machineCores, benchCores, otherCores, quiet: otherCores <= QUIET_CORES };
	};
	return {
		now,
		stop() {
			clearInterval(timer);
			return now();
		},
	};
}

/**
 * The machine before a part: the load averages and what others used over `ms`.
 * @param {string[]} markers @param {number} ms
 */
async function machineBefore(markers, ms = 3000) {
	const watch = watchCpu(markers);
	await new Promise((resolve) => setTimeout(resolve, ms));
	return { load: os.loadavg(), cpu: watch.stop() };
}

/**
 * A process's CPU time so far (user and system, every thread of it), in ms, or NaN off Linux. Unlike
 * a wall-clock rate it does not grow when another process takes the core for a while.
 * @param {number} pid
 */
function processCpuMs(pid) {
	try {
		const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
		return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // ticks of 1/100 s (USER_HZ)
	} catch {
		return NaN;
	}
}

/** @param {CpuUse | null} cpu */
const describeCpu = (cpu) =>
	cpu === null
		? 'other processes: unknown (no /proc)'
		: `other processes used ${cpu.otherCores.toFixed(2)} cores (the bench ${cpu.benchCores.toFixed(2)}) over ${cpu.seconds.toFixed(0)} s${cpu.quiet ? '' : ` (WARNING: not quiet, above ${QUIET_CORES})`}`;

module.exports = { watchCpu, machineBefore, describeCpu, processCpuMs, QUIET_CORES };
