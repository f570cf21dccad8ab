// @ts-check
'use strict';
// Queue-mode global teardown: stops the n8n processes, Redis, PostgreSQL and the sandbox that the
// setup started (and anything else the harness still runs). Runs in the same process as the setup.
const n8n = require('../../scripts/lib/n8n');

module.exports = async function globalTeardown() {
	const started = /** @type {any} */ (globalThis).__TATANGO_QUEUE__;
	const t = Date.now();
	/** @type {Record<string, number>} */
	let timings = {};
	if (started) {
		timings = await started.cluster.stop();
		await started.sandbox.stop();
	}
	await n8n.stopAll();
	const parts = Object.entries(timings).map(([k, v]) => `${k} ${v.toFixed(1)}s`);
	process.stdout.write(
		`[queue teardown] stopped everything in ${((Date.now() - t) / 1000).toFixed(1)}s (${parts.join(', ')})\n`,
	);
};
