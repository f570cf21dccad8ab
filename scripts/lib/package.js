// @ts-check
'use strict';
/**
 * This package as n8n gets it: `npm pack` of the build, and the tarball laid out in an n8n user
 * folder as n8n's Community Nodes install does.
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { cleanNpmEnv } = require('./n8n-install');

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const PKG = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const PACKAGE_NAME = /** @type {string} */ (PKG.name);

/**
 * `npm pack` of the built package into a temp folder. `npm run build` must have run.
 * @param {{ outDir?: string }} [options]
 * @returns {string} path of the .tgz
 */
function packPackage(options = {}) {
	for (const f of [...PKG.n8n.nodes, ...PKG.n8n.credentials]) {
		if (!fs.existsSync(path.join(REPO_ROOT, f))) {
			throw new Error(`${f} is missing: run \`npm run build\` before packing`);
		}
	}
	const outDir = options.outDir || fs.mkdtempSync(path.join(os.tmpdir(), 'tatango-pack-'));
	fs.mkdirSync(outDir, { recursive: true });
	const res = spawnSync('npm', ['pack', '--json', '--pack-destination', outDir], {
		cwd: REPO_ROOT,
		encoding: 'utf8',
		env: { ...process.env, npm_config_ignore_scripts: 'true' },
	});
	if (res.status !== 0) throw new Error(`npm pack failed:\n${res.stderr}`);
	const info = JSON.parse(res.stdout.slice(res.stdout.indexOf('[')));
	return path.join(outDir, info[0].filename);
}

/**
 * Lays the packed package out as n8n's Community Nodes install does: the package under
 * `<userFolder>/.n8n/nodes/node_modules/<name>` and listed in `<userFolder>/.n8n/nodes/package.json`.
 * @param {string} userFolder @param {string} tgz
 * @returns {{ dir: string, name: string, version: string }}
 */
function installPackage(userFolder, tgz) {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const target = path.join(nodesDir, 'node_modules', PACKAGE_NAME);
	fs.rmSync(target, { recursive: true, force: true });
	fs.mkdirSync(target, { recursive: true });
	const tar = spawnSync('tar', ['-xzf', tgz, '-C', target, '--strip-components=1'], {
		encoding: 'utf8',
	});
	if (tar.status !== 0) throw new Error(`tar -xzf ${tgz} failed: ${tar.stderr}`);
	const pkg = JSON.parse(fs.readFileSync(path.join(target, 'package.json'), 'utf8'));

	const manifest = path.join(nodesDir, 'package.json');
	/** @type {{ name: string, private: boolean, dependencies: Record<string,string> }} */
	let nodesPkg = { name: 'installed-nodes', private: true, dependencies: {} };
	if (fs.existsSync(manifest)) nodesPkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
	nodesPkg.dependencies = { ...(nodesPkg.dependencies || {}), [pkg.name]: pkg.version };
	fs.writeFileSync(manifest, JSON.stringify(nodesPkg, null, 2) + '\n');

	// A community package may have runtime dependencies (this one has none today): npm would
	// install them next to it, so do the same.
	if (pkg.dependencies && Object.keys(pkg.dependencies).length) {
		const res = spawnSync(
			'npm',
			[
				'install',
				'--omit=dev',
				'--omit=peer',
				'--ignore-scripts',
				'--no-audit',
				'--no-fund',
				'--no-package-lock',
			],
			{ cwd: target, encoding: 'utf8', env: cleanNpmEnv() },
		);
		if (res.status !== 0)
			throw new Error(`installing dependencies of ${pkg.name} failed:\n${res.stderr}`);
	}
	return { dir: target, name: pkg.name, version: pkg.version };
}

module.exports = { PACKAGE_NAME, REPO_ROOT, installPackage, packPackage };
