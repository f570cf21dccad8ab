#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * `npm start`: a real n8n with this package installed as a community package, wired to the local
 * Tatango sandbox, with the example workflows imported and an owner account ready to log in.
 *
 *   1. npm run build                     (the package as it will be published)
 *   2. npm pack + install into <run dir>/playground/.n8n/nodes (as n8n's Community Nodes install does)
 *   3. n8n into the cache on first run   (about 7 minutes once; see scripts/lib/n8n-install.js)
 *   4. node sandbox/cli.js               (the fake Tatango API)
 *   5. credentials for the sandbox and every workflow in examples/ imported
 *   6. n8n start, owner account set up, URLs printed.  Ctrl-C stops everything.
 *
 * Ports: N8N_PORT (5678), N8N_RUNNERS_BROKER_PORT (5679), SANDBOX_PORT (8787); or
 * --port, --broker-port, --sandbox-port. --fresh wipes the playground's n8n data first; --dir puts
 * it in another folder (the e2e test of the playground uses its own).
 */
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');
const { parseArgs } = require('node:util');
const n8n = require('./lib/n8n');
const { waitFor } = require('./lib/wait');
const { sandboxCredentials, startSandboxProcess } = require('./lib/sandbox-process');
const {
	PLAYGROUND_LEDGER,
	giveLedgerItsKey,
	playgroundLedgerCredential,
	withPlaygroundLedger,
} = require('./lib/ledger');

const OWNER = {
	email: 'owner@example.com',
	password: 'Playground1',
	firstName: 'Playground',
	lastName: 'Owner',
};

const { values: args } = parseArgs({
	options: {
		port: { type: 'string' },
		'broker-port': { type: 'string' },
		'sandbox-port': { type: 'string' },
		fresh: { type: 'boolean' },
		dir: { type: 'string' },
	},
});

/** @param {'port' | 'broker-port' | 'sandbox-port'} name @param {number} fallback */
function option(name, fallback) {
	return args[name] ? Number(args[name]) : fallback;
}

const t0 = Date.now();
/** @param {string} s */
const say = (s) => console.log(`[playground +${((Date.now() - t0) / 1000).toFixed(1)}s] ${s}`);

/** @type {Array<() => Promise<void>>} */
const stops = [];
let stopping = false;
async function shutdown(code = 0) {
	if (stopping) return;
	stopping = true;
	say('stopping...');
	for (const stop of stops.reverse()) {
		try {
			await stop();
		} catch (e) {
			console.error(e);
		}
	}
	await n8n.stopAll();
	say('stopped');
	process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGHUP', () => void shutdown(0));

async function main() {
	const port = option('port', Number(process.env.N8N_PORT) || 5678);
	const brokerPort = option('broker-port', Number(process.env.N8N_RUNNERS_BROKER_PORT) || port + 1);
	const sandboxPort = option('sandbox-port', Number(process.env.SANDBOX_PORT) || 8787);
	const root = n8n.REPO_ROOT;
	const userFolder = args.dir
		? path.resolve(args.dir)
		: require('./lib/run-dir').runDir('playground');

	say('building the package (npm run build)');
	const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
	if (build.status !== 0) throw new Error('npm run build failed');

	say('making sure n8n is installed in the cache');
	await n8n.ensureInstalled({ userFolder, log: (s) => say(s) });

	if (args.fresh) {
		say(`--fresh: removing ${userFolder}`);
		await n8n.stopLeftover(path.join(userFolder, 'n8n.pid'));
		fs.rmSync(userFolder, { recursive: true, force: true });
	}
	fs.mkdirSync(userFolder, { recursive: true });

	say('packing the package and installing it as a community package');
	const tgz = n8n.packPackage();
	const installed = n8n.installPackage(userFolder, tgz);
	fs.rmSync(path.dirname(tgz), { recursive: true, force: true });
	say(`installed ${installed.name}@${installed.version} into ${installed.dir}`);

	say(`starting the sandbox on port ${sandboxPort}`);
	const sandbox = await startSandboxProcess({
		port: sandboxPort,
		pidFile: path.join(userFolder, 'sandbox.pid'),
		logFile: path.join(userFolder, 'sandbox.log'),
	});
	stops.push(sandbox.stop);

	// The CLI imports need the server's database to themselves: stop an earlier playground first.
	await n8n.stopLeftover(path.join(userFolder, 'n8n.pid'));
	const cli = { userFolder, env: { N8N_RUNNERS_BROKER_PORT: brokerPort } };
	say('importing the sandbox credentials');
	// The reactor example's trigger (examples/react-to-delivery.json), published below.
	const reactor = {
		file: 'react-to-delivery.json',
		path: 'f1a1c0de-0005-4000-8000-0000000000f1/tatango',
	};
	const orderShipped = {
		file: 'order-shipped-sms.json',
		path: 'f1a1c0de-0007-4000-8000-0000000000f1/tatango',
	};
	// The welcome example's trigger registers its own webhook on list 101 when published.
	const welcome = {
		file: 'welcome-new-subscriber.json',
		path: 'f1a1c0de-0008-4000-8000-0000000000f1/tatango',
	};
	// The one step of set-up for delivery events, done as a user does it: the order-shipped
	// example's trigger's Production URL, as n8n shows it, into the V3 credential's Default Webhook
	// URL. Every v3 send that names no URL adds the trigger's token itself.
	const receiptUrl = `https://127.0.0.1:${port}/webhook/${orderShipped.path}`;
	// One compliance ledger (docs/ledger.md) that the order-shipped and SMS assistant examples
	// write to: a Data Table of this n8n, reached through its public API with a key made below.
	const n8nUrl = `http://127.0.0.1:${port}`;
	await n8n.importCredentials(
		[
			...sandboxCredentials(sandbox.url, { defaultWebhookUrl: receiptUrl }),
			playgroundLedgerCredential(n8nUrl),
		],
		cli,
	);
	say(
		`pasted the Production URL of "Delivery Receipt" (examples/${orderShipped.file}), ${receiptUrl}, into the Default Webhook URL of "Tatango Sandbox (v3)"`,
	);

	const examplesDir = path.join(root, 'examples');
	const examples = fs.existsSync(examplesDir)
		? fs
				.readdirSync(examplesDir)
				.filter((f) => f.endsWith('.json'))
				.sort()
		: [];
	const workflows = examples.map((f) => {
		const wf = JSON.parse(fs.readFileSync(path.join(examplesDir, f), 'utf8'));
		const withLedger = PLAYGROUND_LEDGER.examples.includes(f) ? withPlaygroundLedger(wf) : wf;
		return { ...withLedger, id: wf.id || stableId(f) };
	});
	if (workflows.length) await n8n.importWorkflows(workflows, cli);
	say(`imported ${workflows.length} workflows from examples/`);

	say(`starting n8n on port ${port} (task broker ${brokerPort})`);
	const server = await n8n.startN8n({
		userFolder,
		port,
		brokerPort,
		webhookUrl: `https://127.0.0.1:${port}/`,
	});
	stops.push(server.stop);

	const rest = new n8n.RestClient(server.url);
	await rest.ensureOwner(OWNER);
	await giveLedgerItsKey(rest, n8nUrl);
	say(
		`"${PLAYGROUND_LEDGER.name}" has an API key of the owner: ${PLAYGROUND_LEDGER.examples.map((f) => `examples/${f}`).join(' and ')} write every text and reply to the Data Table "${PLAYGROUND_LEDGER.dataTable}"`,
	);
	// Published, but the credential names the order-shipped trigger: sends reach this one only if
	// they name its URL (say nothing about it; one pasted URL is the set-up).
	if (examples.includes(reactor.file)) {
		await rest.activateWorkflow(stableId(reactor.file));
		await rest.waitForWebhook(reactor.path);
	}
	// The order-shipped example receives orders on its own webhook and the receipts of its SMS on
	// its own Tatango Trigger, through the credential's Default Webhook URL.
	if (examples.includes(orderShipped.file)) {
		await rest.activateWorkflow(stableId(orderShipped.file));
		await rest.waitForWebhook(orderShipped.path);
		say(
			`published examples/${orderShipped.file}: POST an order to ${server.url}/webhook/order-shipped; its delivery report and reply run "Delivery Receipt"`,
		);
	}
	// The refund approval example waits for an SMS reply; the sandbox's /_sandbox/replies answers.
	const refund = { file: 'refund-approval-by-sms.json', path: 'refund-approval' };
	if (examples.includes(refund.file)) {
		await rest.activateWorkflow(stableId(refund.file));
		await rest.waitForWebhook(refund.path);
		say(
			`published examples/${refund.file}: POST {"managerPhone":"2065550100","amount":120,"orderId":1042} to ${server.url}/webhook/${refund.path}, then answer with POST ${sandbox.url}/_sandbox/replies {"phone":"2065550100","text":"YES"}`,
		);
	}

	if (examples.includes(welcome.file)) {
		await rest.activateWorkflow(stableId(welcome.file));
		await rest.waitForWebhook(welcome.path);
		// n8n serves the path before the trigger's registration in Tatango is done: wait for that too,
		// or a subscriber added right after "ready" would be missed.
		await waitFor(
			async () => {
				const r = await fetch(`${sandbox.url}/_sandbox/webhooks?listId=101`);
				if (!r.ok) return false;
				const body = /** @type {{ webhooks: unknown[] }} */ (await r.json());
				return body.webhooks.length > 0;
			},
			{ timeoutMs: 30000, what: 'the welcome trigger registered on list 101' },
		);
		say(
			`published examples/${welcome.file}: its trigger registered a webhook on list 101; add a subscriber to list 101, answer with POST ${sandbox.url}/_sandbox/replies {"listId":101,"phone":"<the number>","text":"YES"} and a welcome SMS goes out`,
		);
	}

	console.log(`
  n8n editor        ${server.url}/
    log in with     ${OWNER.email} / ${OWNER.password}
  webhook URLs      n8n shows them as ${server.webhookUrl}… because Tatango takes only https
                    ones; n8n itself answers on ${server.url}/webhook/…, where the sandbox calls them
  examples          open one and click "Execute workflow": those that start from a webhook or
                    a trigger run on the sample data pinned on it
  sandbox           ${sandbox.url}   inspect: ${sandbox.url}/_sandbox/inspect
  credentials       "Tatango Sandbox (v2)" and "Tatango Sandbox (v3)" point at the sandbox
                    (${examples.length} workflows from examples/)
  ledger            "${PLAYGROUND_LEDGER.name}": the order-shipped and SMS assistant examples
                    record every text and reply in the Data Table "${PLAYGROUND_LEDGER.dataTable}"
                    (Overview → Data tables; docs/ledger.md)
  logs              ${server.logFile}
                    ${sandbox.logFile}

  Ctrl-C stops n8n and the sandbox. Data stays in ${userFolder} (npm start -- --fresh wipes it).
`);
	say('ready');
	await new Promise(() => {}); // until a signal
}

/** A 16-character id derived from the file name, so re-imports replace the same workflow. @param {string} name */
function stableId(name) {
	const h = require('crypto').createHash('sha256').update(`example:${name}`).digest('base64');
	return h.replace(/[^A-Za-z0-9]/g, '').slice(0, 16);
}

main().catch(async (e) => {
	console.error(e && e.stack ? e.stack : e);
	await shutdown(1);
});
