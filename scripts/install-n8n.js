#!/usr/bin/env node
// @ts-check
'use strict';
// `npm run n8n:install`: installs n8n and Node.js 24 into the cache (see scripts/lib/n8n-install.js).
// Does nothing when the cache is already complete. `--print-dir` prints the cache folder and exits.
const { ensureN8n, cacheDir, isInstalled } = require('./lib/n8n-install');

async function main() {
	if (process.argv.includes('--print-dir')) {
		process.stdout.write(cacheDir() + '\n');
		return;
	}
	if (isInstalled()) {
		console.log(`n8n is already installed in ${cacheDir()}`);
		return;
	}
	const p = await ensureN8n({ log: (s) => console.log(s) });
	console.log(`n8n ${p.n8nVersion}: ${p.n8nBin} (run with ${p.nodeBin})`);
}

main().catch((e) => {
	console.error(e && e.stack ? e.stack : e);
	process.exitCode = 1;
});
