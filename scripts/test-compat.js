#!/usr/bin/env node
// @ts-check
'use strict';
// `npm run test:compat [-- VERSION...]`: the compatibility suite (test/compat) on each n8n version
// of scripts/lib/n8n-install.js (all of them unless named), one after the other, each on its own
// Node.js and in its own run folder. Builds once (unless TATANGO_E2E_SKIP_BUILD is set), installs
// a version's n8n on first use, and prints each version's time. Exit code: non-zero if any failed.
const { spawnSync } = require('child_process');
const path = require('path');
const { N8N_VERSIONS } = require('./lib/n8n-install');

const REPO_ROOT = path.resolve(__dirname, '..');

function main() {
	const named = process.argv.slice(2).filter((a) => !a.startsWith('-'));
	const unknown = named.filter((v) => !N8N_VERSIONS[v]);
	if (unknown.length) {
		console.error(`not an n8n version this repository installs: ${unknown.join(', ')}`);
		console.error(`known: ${Object.keys(N8N_VERSIONS).join(', ')} (scripts/lib/n8n-install.js)`);
		return 2;
	}
	const versions = named.length ? named : Object.keys(N8N_VERSIONS);
	if (!process.env.TATANGO_E2E_SKIP_BUILD) {
		const build = spawnSync('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
		if (build.status !== 0) return build.status || 1;
	}
	/** @type {string[]} */
	const summary = [];
	let failed = 0;
	for (const version of versions) {
		const t = Date.now();
		console.log(
			`\n== compatibility suite on n8n ${version} (Node.js ${N8N_VERSIONS[version].node}) ==`,
		);
		const r = spawnSync('npx', ['jest', '-c', 'test/compat/jest.config.js', '--runInBand'], {
			cwd: REPO_ROOT,
			stdio: 'inherit',
			env: {
				...process.env,
				TATANGO_N8N_VERSION: version,
				TATANGO_E2E_SKIP_BUILD: '1',
				TATANGO_E2E_DIR: '',
			},
		});
		const ok = r.status === 0;
		if (!ok) failed++;
		summary.push(
			`n8n ${version}: ${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - t) / 1000)}s`,
		);
	}
	console.log(`\n== compatibility suite ==\n${summary.map((s) => `  ${s}`).join('\n')}`);
	return failed ? 1 : 0;
}

process.exitCode = main();
