#!/usr/bin/env node
// @ts-check
'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs: parseArgsStrict } = require('node:util');
const { startSandbox } = require('./index');

const USAGE = `Usage: node sandbox/cli.js [--port N] [--host H] [--config file.json]

Starts the local Tatango sandbox (v2 + v3 APIs and the /_sandbox control API).
  --port N         port to listen on (default 8787, or $SANDBOX_PORT; 0 = random)
  --host H         interface to bind (default 127.0.0.1, or $SANDBOX_HOST)
  --config FILE    JSON file with startSandbox options (webhookDelayMs, rateLimits, seed, ...)
`;

/** @param {string[]} argv */
function parseArgs(argv) {
	const { values } = parseArgsStrict({
		args: argv,
		options: {
			port: { type: 'string', short: 'p' },
			host: { type: 'string' },
			config: { type: 'string', short: 'c' },
			help: { type: 'boolean', short: 'h' },
		},
	});
	return values;
}

async function main() {
	let args;
	try {
		args = parseArgs(process.argv.slice(2));
	} catch (err) {
		process.stderr.write(`${err.message}\n\n${USAGE}`);
		process.exit(2);
	}
	if (args.help) {
		process.stdout.write(USAGE);
		return;
	}
	/** @type {Record<string, any>} */
	let options = {};
	if (args.config) {
		const file = path.resolve(args.config);
		options = JSON.parse(fs.readFileSync(file, 'utf8'));
	}
	const portText = args.port ?? process.env.SANDBOX_PORT ?? options.port ?? 8787;
	const port = Number(portText);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		process.stderr.write(`invalid port: ${portText}\n`);
		process.exit(2);
	}
	options.port = port;
	options.host = args.host ?? process.env.SANDBOX_HOST ?? options.host ?? '127.0.0.1';

	const sandbox = await startSandbox(options);
	const cfg = sandbox.ctx.config;
	const v2 = cfg.accounts.v2.find((a) => !a.disabled);
	const v3 = cfg.accounts.v3[0];
	process.stdout.write(
		[
			`Tatango sandbox listening on ${sandbox.url}`,
			'',
			'Credentials (Base URL for both: ' + sandbox.url + ')',
			v2
				? `  Tatango API (v2):    Login Email ${v2.email}   API Key ${v2.apiKey}`
				: '  Tatango API (v2):    (no account configured)',
			v3
				? `  Tatango v3 API:      API Key ${v3.apiKey}`
				: '  Tatango v3 API:      (no key configured)',
			'',
			`Control API: ${sandbox.url}/_sandbox/inspect  (see sandbox/README.md)`,
			'Press Ctrl+C to stop.',
			'',
		].join('\n'),
	);

	let stopping = false;
	const stop = async (/** @type {string} */ signal) => {
		if (stopping) return;
		stopping = true;
		process.stdout.write(`\n${signal}: stopping the sandbox\n`);
		await sandbox.close();
		process.exit(0);
	};
	process.on('SIGINT', () => void stop('SIGINT'));
	process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((err) => {
	process.stderr.write(`sandbox failed to start: ${err && err.message ? err.message : err}\n`);
	process.exit(1);
});
