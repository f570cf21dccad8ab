// @ts-check
'use strict';
/**
 * The harness's processes: each server (n8n, the sandbox, Redis, PostgreSQL) and CLI run is started
 * detached as the leader of its own process group, tracked, and its whole group killed when this
 * process exits, also on failure or Ctrl-C. A pid file lets the next run stop what a killed run
 * left behind. Ports are checked here too.
 */
const fs = require('node:fs');
const net = require('node:net');
const { spawn } = require('node:child_process');
const { waitFor } = require('./wait');

/** Process groups started here and not yet stopped. @type {Set<number>} */
const liveGroups = new Set();
let exitHookInstalled = false;

/** Remembers a group leader so its group dies with this process. @param {number} pid */
function track(pid) {
	liveGroups.add(pid);
	if (exitHookInstalled) return;
	exitHookInstalled = true;
	process.on('exit', () => {
		for (const pgid of liveGroups) killGroup(pgid, 'SIGKILL');
	});
	// Children run in their own process groups, so a Ctrl-C in the terminal does not reach them.
	// When nobody else handles the signal (a plain script, jest), pass it on to them and then die
	// of it as the process would have; a program with its own handler (the playground) stops them
	// itself.
	for (const sig of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
		const onSignal = () => {
			if (process.listenerCount(sig) > 1) return;
			for (const pgid of liveGroups) killGroup(pgid, 'SIGTERM');
			process.removeListener(sig, onSignal);
			process.kill(process.pid, sig);
		};
		process.on(sig, onSignal);
	}
}

/** @param {number} pid the group leader @param {NodeJS.Signals} signal @returns {boolean} whether the group was there */
function killGroup(pid, signal) {
	try {
		process.kill(-pid, signal);
		return true;
	} catch {
		return false;
	}
}

/** @param {number} pid @returns {boolean} whether a process with this pid exists */
function isAlive(pid) {
	try {
		process.kill(pid, 0);
		return true;
	} catch (e) {
		return e.code === 'EPERM';
	}
}

/**
 * SIGTERM the group, wait up to `graceMs` for the leader to exit, then SIGKILL what is left of
 * the group (n8n's task runners, for example).
 * @param {number} pid @param {number} [graceMs]
 */
async function stopGroup(pid, graceMs = 15000) {
	if (killGroup(pid, 'SIGTERM')) {
		await waitFor(() => !isAlive(pid), { timeoutMs: graceMs, orLast: true });
		killGroup(pid, 'SIGKILL');
	}
	liveGroups.delete(pid);
}

/**
 * Kills what is left of the group of a command that has exited (a task runner it left behind)
 * and forgets the group.
 * @param {number} pid
 */
function killLeftovers(pid) {
	killGroup(pid, 'SIGKILL');
	liveGroups.delete(pid);
}

/** Stops every process started here that still runs. */
async function stopAll() {
	await Promise.all([...liveGroups].map((pid) => stopGroup(pid, 5000)));
}

/** @param {string} file @returns {string} the file's text, or '' when it can't be read */
function readSafe(file) {
	try {
		return fs.readFileSync(file, 'utf8');
	} catch {
		return '';
	}
}

/**
 * Sends `signal` to `pid` and waits up to `graceMs` for it to exit. PostgreSQL wants SIGINT (fast
 * shutdown) before its group is stopped; Redis wants SIGTERM on itself.
 * @param {number} pid @param {NodeJS.Signals} signal @param {number} graceMs
 */
async function signalAndWait(pid, signal, graceMs) {
	try {
		process.kill(pid, signal);
	} catch {
		return;
	}
	await waitFor(() => !isAlive(pid), { timeoutMs: graceMs, intervalMs: 100, orLast: true });
}

/**
 * Stops the process group named in a pid file left by an earlier run, if the pid still names a
 * process whose command line matches `cmdPattern` (a recycled pid is left alone).
 * @param {string} pidFile
 * @param {{ cmdPattern?: RegExp, signal?: NodeJS.Signals }} [o] `signal` is sent to the process
 *   first, as its own `stop()` would
 */
async function stopLeftover(pidFile, o = {}) {
	const pid = Number(readSafe(pidFile)) || 0;
	const cmdPattern = o.cmdPattern || /n8n|sandbox/;
	if (pid && isAlive(pid) && cmdPattern.test(readSafe(`/proc/${pid}/cmdline`))) {
		if (o.signal) await signalAndWait(pid, o.signal, 10000);
		await stopGroup(pid, 10000);
	}
	fs.rmSync(pidFile, { force: true });
}

/**
 * @typedef {{
 *   pid: number,
 *   logFile: string,
 *   exited: () => string | null,
 *   stop: () => Promise<void>,
 * }} StartedProcess `exited()` says how the process ended ("exit 1", "signal SIGKILL"), or null
 *   while it runs
 */

/**
 * Starts a server process detached, its output appended to `logFile`, tracked, its pid written to
 * `pidFile`. `stop()` sends `stopSignal` to the process first when given, then stops its group,
 * and removes the pid file.
 * @param {{
 *   command: string, args: string[], cwd: string, logFile: string, pidFile?: string,
 *   env?: NodeJS.ProcessEnv, uid?: number, gid?: number,
 *   stopSignal?: NodeJS.Signals, graceMs?: number,
 * }} o
 * @returns {StartedProcess}
 */
function startProcess(o) {
	const out = fs.openSync(o.logFile, 'a');
	if (o.uid !== undefined && o.gid !== undefined) fs.fchownSync(out, o.uid, o.gid);
	const child = spawn(o.command, o.args, {
		cwd: o.cwd,
		env: o.env || process.env,
		detached: true,
		stdio: ['ignore', out, out],
		...(o.uid !== undefined ? { uid: o.uid, gid: o.gid } : {}),
	});
	fs.closeSync(out);
	const pid = /** @type {number} */ (child.pid);
	track(pid);
	if (o.pidFile) fs.writeFileSync(o.pidFile, String(pid));
	/** @type {string | null} */
	let exited = null;
	child.on('exit', (code, signal) => (exited = signal ? `signal ${signal}` : `exit ${code}`));
	const stop = async () => {
		if (o.stopSignal && isAlive(pid)) await signalAndWait(pid, o.stopSignal, 10000);
		await stopGroup(pid, o.graceMs);
		if (o.pidFile && readSafe(o.pidFile) === String(pid)) fs.rmSync(o.pidFile, { force: true });
	};
	return { pid, logFile: o.logFile, exited: () => exited, stop };
}

/** @returns {Promise<number>} a TCP port that was free on 127.0.0.1 a moment ago */
function freePort() {
	return new Promise((resolve, reject) => {
		const srv = net.createServer();
		srv.unref();
		srv.on('error', reject);
		srv.listen(0, '127.0.0.1', () => {
			const addr = srv.address();
			const port = typeof addr === 'object' && addr ? addr.port : 0;
			srv.close(() => resolve(port));
		});
	});
}

/** @param {number} port @returns {Promise<boolean>} whether something listens on 127.0.0.1:port */
function portInUse(port) {
	return new Promise((resolve) => {
		const sock = net.connect({ port, host: '127.0.0.1' });
		sock.once('connect', () => {
			sock.destroy();
			resolve(true);
		});
		sock.once('error', () => resolve(false));
	});
}

/**
 * Ports from `from` upwards that nothing listens on, skipping taken ones.
 * @param {number} from @param {number} count
 */
async function freePortsFrom(from, count) {
	/** @type {number[]} */
	const ports = [];
	for (let port = from; ports.length < count && port < from + 200; port++) {
		if (!(await portInUse(port))) ports.push(port);
	}
	if (ports.length < count) throw new Error(`fewer than ${count} free ports from ${from}`);
	return ports;
}

/**
 * Throws when any of the ports is taken, naming what needed it.
 * @param {number[]} ports @param {string} what
 */
async function assertPortsFree(ports, what) {
	for (const port of ports) {
		if (await portInUse(port)) {
			throw new Error(
				`port ${port} is in use on 127.0.0.1 (${what}): stop what runs there or pick another port`,
			);
		}
	}
}

/** @param {string} text @param {number} n @returns {string} the last `n` lines */
function lastLines(text, n) {
	return text.trim().split('\n').slice(-n).join('\n');
}

module.exports = {
	assertPortsFree,
	freePort,
	freePortsFrom,
	isAlive,
	killGroup,
	killLeftovers,
	lastLines,
	portInUse,
	readSafe,
	startProcess,
	stopAll,
	stopGroup,
	stopLeftover,
	track,
};
