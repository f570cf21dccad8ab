// @ts-check
'use strict';
/** The machine and versions a run measured on, for the head of bench/results.md. */
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const n8n = require('../../scripts/lib/n8n');
const { paths: installPaths } = require('../../scripts/lib/n8n-install');

/**
 * @typedef {{ date: string, cpu: string, cores: number, memoryGb: number, n8nVersion: string,
 *   n8nNode: string, packageVersion: string }} Environment
 * @returns {Environment}
 */
function environment() {
	const cpus = os.cpus();
	const node = spawnSync(installPaths().nodeBin, ['--version'], { encoding: 'utf8' });
	return {
		date: new Date().toISOString(),
		cpu: cpus[0] ? cpus[0].model.trim() : 'unknown',
		cores: cpus.length,
		memoryGb: Math.round(os.totalmem() / 1024 ** 3),
		n8nVersion: installPaths().n8nVersion,
		n8nNode: node.status === 0 ? node.stdout.trim() : 'unknown',
		packageVersion: JSON.parse(fs.readFileSync(path.join(n8n.REPO_ROOT, 'package.json'), 'utf8'))
			.version,
	};
}

module.exports = { environment };
