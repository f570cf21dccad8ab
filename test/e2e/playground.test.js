// @ts-check
'use strict';
/**
 * `npm start` as a user runs it (scripts/playground.js, in its own folder and on free ports): it
 * gets ready, the owner logs in, every example is there, the welcome example's documented flow
 * texts the welcome, and Ctrl-C stops n8n and the sandbox.
 */
const fs = require('fs');
const path = require('path');
const { spawn } = require('child_process');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { waitFor } = require('../../scripts/lib/wait');
const { E2E_DIR, SANDBOX_ACCOUNT } = require('./env');

const OWNER = { email: 'owner@example.com', password: 'Playground1' };
const EXAMPLES = fs
	.readdirSync(path.join(n8n.REPO_ROOT, 'examples'))
	.filter((f) => f.endsWith('.json'))
	.map((f) => JSON.parse(fs.readFileSync(path.join(n8n.REPO_ROOT, 'examples', f), 'utf8')).name);

describe('npm start (the playground)', () => {
	const dir = path.join(E2E_DIR, 'playground');
	/** @type {import('child_process').ChildProcess} */
	let child;
	let output = '';
	/** @type {{ n8n: string, sandbox: string }} */
	const urls = { n8n: '', sandbox: '' };
	/** @type {Promise<number | null>} */
	let exited;

	beforeAll(async () => {
		fs.rmSync(dir, { recursive: true, force: true });
		const [port, brokerPort, sandboxPort] = [
			await n8n.freePort(),
			await n8n.freePort(),
			await n8n.freePort(),
		];
		child = spawn(
			process.execPath,
			[
				path.join(n8n.REPO_ROOT, 'scripts', 'playground.js'),
				`--port=${port}`,
				`--broker-port=${brokerPort}`,
				`--sandbox-port=${sandboxPort}`,
				`--dir=${dir}`,
			],
			{ cwd: n8n.REPO_ROOT, env: { ...process.env, JEST_WORKER_ID: undefined } },
		);
		exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
		child.stdout?.on('data', (d) => (output += d));
		child.stderr?.on('data', (d) => (output += d));
		await waitFor(() => /\] ready\n/.test(output) || child.exitCode !== null, {
			timeoutMs: 280000,
			intervalMs: 500,
		});
		if (!/\] ready\n/.test(output)) throw new Error(`the playground did not start:\n${output}`);
		urls.n8n = `http://127.0.0.1:${port}`;
		urls.sandbox = `http://127.0.0.1:${sandboxPort}`;
	}, 300000);

	afterAll(async () => {
		if (child && child.exitCode === null) child.kill('SIGKILL');
		await n8n.stopLeftover(path.join(dir, 'n8n.pid'));
		await n8n.stopLeftover(path.join(dir, 'sandbox.pid'));
	});

	test('it prints the editor URL and login, and the owner logs in', async () => {
		expect(output).toContain(`n8n editor        ${urls.n8n}/`);
		expect(output).toContain(`log in with     ${OWNER.email} / ${OWNER.password}`);
		const rest = new n8n.RestClient(urls.n8n);
		await rest.login(OWNER.email, OWNER.password);
		const workflows = await rest.request('GET', '/rest/workflows');
		expect(workflows.map((/** @type {any} */ w) => w.name).sort()).toEqual([...EXAMPLES].sort());
	});

	test('the welcome example as the playground says: add a number to list 101, reply YES, the welcome SMS goes out', async () => {
		const phone = '2065557301';
		await axios.post(
			`${urls.sandbox}/api/v2/lists/101/subscribers`,
			{ subscriber: { phone_number: phone, first_name: 'Ada' } },
			{ auth: { username: SANDBOX_ACCOUNT.email, password: SANDBOX_ACCOUNT.v2ApiKey } },
		);
		await axios.post(`${urls.sandbox}/_sandbox/replies`, { listId: 101, phone, text: 'YES' });
		const welcome = await waitFor(
			async () => {
				const { messages } = (await axios.get(`${urls.sandbox}/_sandbox/messages/${phone}`)).data;
				return messages.find((/** @type {any} */ m) => m.text.startsWith('Welcome'));
			},
			{ timeoutMs: 30000 },
		);
		expect(welcome.text).toBe(
			'Welcome to the Newsletter, Ada! Deals every Friday. Reply STOP to opt out.',
		);
	});

	test('Ctrl-C stops n8n and the sandbox', async () => {
		child.kill('SIGINT');
		expect(await exited).toBe(0);
		await expect(axios.get(`${urls.n8n}/healthz`, { timeout: 2000 })).rejects.toThrow();
		await expect(
			axios.get(`${urls.sandbox}/_sandbox/inspect`, { timeout: 2000 }),
		).rejects.toThrow();
	});
});
