// @ts-check
'use strict';
// e2e global teardown: stops the n8n server and the sandbox the setup started (and anything else
// the harness still runs). Runs in the same process as the global setup.
const fs = require('fs');
const path = require('path');
const n8n = require('../../scripts/lib/n8n');

module.exports = async function globalTeardown() {
	const started = /** @type {any} */ (globalThis).__TATANGO_E2E__;
	const t = Date.now();
	if (started) {
		await started.server.stop();
		await started.sandbox.stop();
	}
	await n8n.stopAll();
	// A test that restarts n8n (sendOnce.e2e.test.js) leaves the new server's pid in the user folder.
	const { STATE_FILE } = require('./env');
	if (fs.existsSync(STATE_FILE)) {
		const { userFolder } = JSON.parse(fs.readFileSync(STATE_FILE, 'utf8'));
		await n8n.stopLeftover(path.join(userFolder, 'n8n.pid'));
	}
	process.stdout.write(
		`[e2e teardown] stopped n8n and the sandbox in ${((Date.now() - t) / 1000).toFixed(1)}s\n`,
	);
};
