// @ts-check
'use strict';
/**
 * The package built from another commit, packed, for a part that measures it beside this checkout
 * ((f): the per-execution pacing of before). `git archive` of the commit, built with this
 * checkout's dev dependencies; kept in the run's folder, so a later run of the same commit skips it.
 */
const fs = require('fs');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { runCommand } = require('./command');

/**
 * @param {{ ref: string, dir: string, log: (s: string) => void }} o
 * @returns {Promise<string>} path of the .tgz
 */
async function buildPackageAt(o) {
	const commit = (
		await runCommand('git', ['rev-parse', '--verify', `${o.ref}^{commit}`], {
			cwd: n8n.REPO_ROOT,
		}).catch(() => {
			throw new Error(`BENCH_BASELINE ${o.ref} is not a commit here`);
		})
	).stdout.trim();
	const packDir = path.join(o.dir, 'pack');
	const packed = path.join(o.dir, 'packed.json');
	if (fs.existsSync(packed)) {
		const earlier = JSON.parse(fs.readFileSync(packed, 'utf8'));
		if (earlier.commit === commit && fs.existsSync(earlier.tgz)) {
			o.log(`package at ${commit.slice(0, 10)}: as packed by an earlier run`);
			return earlier.tgz;
		}
	}
	fs.rmSync(o.dir, { recursive: true, force: true });
	fs.mkdirSync(packDir, { recursive: true });
	await runCommand('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(o.dir)}`], {
		cwd: n8n.REPO_ROOT,
	});
	fs.symlinkSync(path.join(n8n.REPO_ROOT, 'node_modules'), path.join(o.dir, 'node_modules'));
	o.log(`building the package at ${commit.slice(0, 10)}`);
	await runCommand('npx', ['tsc', '-p', 'tsconfig.json'], { cwd: o.dir });
	await runCommand('npx', ['gulp', 'build:icons'], { cwd: o.dir });
	const pack = await runCommand('npm', ['pack', '--json', '--pack-destination', packDir], {
		cwd: o.dir,
		env: { ...process.env, npm_config_ignore_scripts: 'true' },
	});
	const info = JSON.parse(pack.stdout.slice(pack.stdout.indexOf('[')));
	const tgz = path.join(packDir, info[0].filename);
	fs.writeFileSync(packed, JSON.stringify({ commit, tgz }));
	return tgz;
}

module.exports = { buildPackageAt };
