#!/usr/bin/env node
// @ts-check
'use strict';
// `npm run n8n:install`: installs n8n and the Node.js it runs on into the cache (see
// scripts/lib/n8n-install.js). Does nothing when the cache is already complete.
//   node scripts/install-n8n.js                 the default version (2.41.1, or TATANGO_N8N_VERSION)
//   node scripts/install-n8n.js 1.123.81 2.40.7 those versions, one after the other
//   --print-dir                                 prints the cache folder(s) and exits
const { ensureN8n, cacheDir, isInstalled, selectedVersion } = require('./lib/n8n-install');

async function main() {
	const args = process.argv.slice(2);
	const named = args.filter((a) => !a.startsWith('--'));
	const versions = named.length ? named : [selectedVersion()];
	if (args.includes('--print-dir')) {
		for (const v of versions) process.stdout.write(cacheDir(v) + '\n');
		return;
	}
	for (const version of versions) {
		if (isInstalled(undefined, version)) {
			console.log(`n8n ${version} is already installed in ${cacheDir(version)}`);
			continue;
		}
		const p = await ensureN8n({ version, log: (s) => console.log(s) });
		console.log(`n8n ${p.n8nVersion}: ${p.n8nBin} (run with ${p.nodeBin})`);
	}
}

main().catch((e) => {
	console.error(e && e.stack ? e.stack : e);
	process.exitCode = 1;
});
