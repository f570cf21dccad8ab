// @ts-check
'use strict';
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');

const SCRIPT = path.resolve(__dirname, '../../scripts/scan-package.js');

/** A package that n8n's scan must refuse: each problem below is one it has to report. */
function leakyPackage() {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scan-fixture-'));
	fs.mkdirSync(path.join(dir, 'dist', 'nodes', 'Leaky'), { recursive: true });
	fs.writeFileSync(
		path.join(dir, 'package.json'),
		JSON.stringify({
			name: 'n8n-nodes-leaky',
			version: '0.0.1',
			description: 'A package that logs a secret',
			keywords: ['n8n-community-node-package'],
			license: 'MIT',
			homepage: 'https://github.com/example/n8n-nodes-leaky#readme',
			author: { name: 'Example', email: 'dev@example.com' },
			repository: { type: 'git', url: 'git+https://github.com/example/n8n-nodes-leaky.git' },
			files: ['dist'],
			n8n: {
				n8nNodesApiVersion: 1,
				strict: true,
				credentials: ['dist/credentials/Missing.credentials.js'],
				nodes: ['dist/nodes/Leaky/Leaky.node.js'],
			},
			peerDependencies: { 'n8n-workflow': '*' },
		}),
	);
	fs.writeFileSync(
		path.join(dir, 'dist', 'nodes', 'Leaky', 'Leaky.node.js'),
		"'use strict';\nconst icon = 'file:leaky.svg';\n// eslint-disable-next-line no-console\nconsole.log(icon);\n",
	);
	fs.writeFileSync(path.join(dir, 'dist', 'nodes', 'Leaky', 'Leaky.node.d.ts'), 'export {};\n');
	return dir;
}

describe('scripts/scan-package.js', () => {
	test('fails on a finding hidden by an inline disable, a missing listed file or icon, and shipped declarations', () => {
		const dir = leakyPackage();
		try {
			const run = spawnSync(process.execPath, [SCRIPT, '--dir', dir], { encoding: 'utf8' });
			expect(run.status).toBe(1);
			expect(run.stdout).toMatch(/Unexpected console statement\s+no-console/);
			expect(run.stdout).toContain(
				'dist/credentials/Missing.credentials.js is listed in package.json "n8n"',
			);
			expect(run.stdout).toContain('names the icon file:leaky.svg, which is not in the package');
			expect(run.stdout).toContain('Leaky.node.d.ts is shipped but n8n never loads it');
		} finally {
			fs.rmSync(dir, { recursive: true, force: true });
		}
	});
});
