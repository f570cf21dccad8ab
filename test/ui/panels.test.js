// @ts-check
/**
 * The texting panels as a builder first sees them (how many inputs before the "Add" buttons), an
 * example run with one click on its pinned sample, and the README's two screenshots, written from
 * the real editor (docs/images/) so they show what the package does today.
 */
const fs = require('fs');
const path = require('path');
const { rest } = require('../e2e/env');
const { openEditor, check, openNode, closeNode } = require('./browser');
const panel = require('./panel');
const { textingPairs, expectedCredentials } = require('./nodeDescription');

const ROOT = path.join(__dirname, '..', '..');
const IMAGES = path.join(ROOT, 'docs', 'images');
/** What a builder sees at once on a texting operation, credential pickers and "Add" buttons aside. */
const MAX_INPUTS = 8;

/** @type {Awaited<ReturnType<typeof openEditor>>} */
let ui;

beforeAll(async () => {
	ui = await openEditor();
});

afterAll(async () => {
	await ui?.browser.close();
});

/** Collections: what they hold shows only once added with their "Add" button. */
const COLLECTIONS = ['Options', 'Compliance', 'Additional Fields'];

/** The inputs the open panel shows: its visible field labels, credentials and collections aside. */
async function shownInputs() {
	const texts = await ui.page
		.locator('[data-test-id="node-parameters"] .n8n-input-label:visible')
		.allInnerTexts();
	const labels = [
		...new Set(texts.map((text) => text.split('\n')[0].replace(/\*/g, '').trim()).filter(Boolean)),
	].filter((label) => !label.startsWith('Credential for ') && !COLLECTIONS.includes(label));
	return { labels, count: labels.length };
}

test(`every texting operation shows at most ${MAX_INPUTS} inputs before its "Add" buttons`, async () => {
	const { page } = ui;
	const pairs = textingPairs();
	const nodes = pairs.map((pair, index) => ({
		id: `texting-${index}`,
		name: `${pair.resourceName}: ${pair.option.name}`,
		type: 'n8n-nodes-tatango.tatango',
		typeVersion: 1,
		position: [(index % 6) * 260, Math.floor(index / 6) * 220],
		parameters: { resource: pair.resource, operation: pair.operation },
		credentials: panel.credentials(),
	}));
	/** @type {Record<string, number>} */
	const counts = {};
	await check(page, 'texting-input-counts', async () => {
		const id = await panel.createWorkflow('UI: texting panels', nodes);
		await panel.open(page, ui.n8nUrl, id);
		for (const node of nodes) {
			await openNode(page, node.name);
			const shown = await shownInputs();
			const pickers = (await shownPickers()).length;
			counts[`${node.name} (${shown.labels.join(', ')}; ${pickers} credential pickers)`] =
				shown.count;
			await closeNode(page);
		}
	});
	console.log(
		`inputs shown by default (credential pickers and "Add" buttons aside):\n${Object.entries(counts)
			.map(([name, count]) => `  ${count}  ${name}`)
			.join('\n')}`,
	);
	expect(Object.keys(counts)).toHaveLength(pairs.length);
	for (const [name, count] of Object.entries(counts)) {
		expect({ name, atMost8: count <= MAX_INPUTS }).toEqual({ name, atMost8: true });
	}
});

/** The labels of the credential pickers the open panel shows, in order. */
async function shownPickers() {
	const texts = await ui.page
		.locator('[data-test-id="node-parameters"] [data-test-id="credentials-label"]:visible')
		.allInnerTexts();
	return texts.map((text) => text.split('\n')[0].replace(/\*/g, '').trim());
}

/** A ledger credential, as a builder makes one (it is only selected here, never called). */
async function ledgerCredential() {
	const created = await rest().request('POST', '/rest/credentials', {
		name: 'UI Ledger',
		type: 'tatangoComplianceLedgerApi',
		data: { baseUrl: 'http://localhost:5678', apiKey: 'ui-test-key', dataTable: 'tatango_ledger' },
	});
	return { id: String(created.id), name: 'UI Ledger' };
}

test('each credential picker shows only where its credential is read; a saved node keeps all it holds', async () => {
	const { page } = ui;
	const all = { ...panel.credentials(), tatangoComplianceLedgerApi: await ledgerCredential() };
	/** @type {Array<[string, string, string]>} */
	const shown = [
		['sms', 'send', 'SMS: Send'],
		['subscriber', 'add', 'Subscriber: Add'],
		['transactionalMessage', 'send', 'Transactional: Send'],
		['complianceLedger', 'getNumberHistory', 'Ledger: History'],
		['phoneNumber', 'checkSendWindow', 'Phone: Send Window'],
	];
	// Saved with every credential, as a workflow from before (or from an import) may be.
	const nodes = shown.map(([resource, operation, name], index) => ({
		id: `pickers-${index}`,
		name,
		type: 'n8n-nodes-tatango.tatango',
		typeVersion: 1,
		position: [index * 260, 0],
		parameters: { resource, operation },
		credentials: all,
	}));
	/** @type {Record<string, string[]>} */
	const seen = {};
	await check(page, 'pickers-where-used', async () => {
		const id = await panel.createWorkflow('UI: pickers where used', nodes);
		await panel.open(page, ui.n8nUrl, id);
		for (const [resource, operation, name] of shown) {
			await openNode(page, name);
			const pickers = await shownPickers();
			seen[name] = pickers;
			expect({ name, pickers }).toEqual({
				name,
				pickers: expectedCredentials(resource, operation),
			});
			if (resource === 'sms') {
				// The saved node loads with every credential it holds, the v3 one first.
				expect(await panel.selectedCredentials(page)).toEqual([
					'Tatango Sandbox (v3)',
					'Tatango Sandbox (v2)',
					'UI Ledger',
				]);
			}
			await closeNode(page);
		}
	});
	console.log(
		`credential pickers shown:\n${Object.entries(seen)
			.map(([name, pickers]) => `  ${pickers.length}  ${name} (${pickers.join(', ')})`)
			.join('\n')}`,
	);
	expect(seen['Subscriber: Add']).toEqual(['Credential for Tatango API']);
	expect(seen['Ledger: History']).toEqual(['Credential for Tatango Compliance Ledger API']);
	expect(seen['Phone: Send Window']).toEqual([]);
});

test('an example that starts from a trigger runs with one click, on its pinned sample', async () => {
	const { page } = ui;
	const example = JSON.parse(
		fs.readFileSync(path.join(ROOT, 'examples', 'welcome-new-subscriber.json'), 'utf8'),
	);
	await check(page, 'example-pinned-run', async () => {
		const id = await rest().createWorkflow(example);
		await panel.open(page, ui.n8nUrl, id);
		await page.locator('[data-test-id="execute-workflow-button"]').first().click();
		await openNode(page, 'Send Welcome SMS');
		const output = page.locator('[data-test-id="output-panel"]');
		// The welcome went to the pinned subscriber, through the sandbox.
		await output.getByText('2065550123').first().waitFor({ timeout: 60000 });
		await closeNode(page);
	});
});

/** Saves the open node's parameter pane as a README image. */
async function savePanel(/** @type {string} */ file) {
	const pane = ui.page.locator('[data-test-id="node-parameters"]').locator('xpath=..');
	fs.mkdirSync(IMAGES, { recursive: true });
	await pane.screenshot({ path: path.join(IMAGES, file) });
}

test("the README's screenshots: SMS → Send and the Tatango Trigger", async () => {
	const { page } = ui;
	await check(page, 'readme-screenshots', async () => {
		const id = await panel.createWorkflow('UI: README screenshots', [
			{
				id: 'shot-trigger',
				name: 'New Subscriber',
				type: 'n8n-nodes-tatango.tatangoTrigger',
				typeVersion: 2,
				position: [0, 0],
				webhookId: '0c0ffee0-0000-4000-8000-0000000000aa',
				parameters: {
					source: 'list',
					listId: { __rl: true, mode: 'id', value: '101' },
					listEvents: ['subscribe'],
				},
				credentials: { tatangoApi: panel.credentials().tatangoApi },
			},
			{
				id: 'shot-sms',
				name: 'Text the Customer',
				type: 'n8n-nodes-tatango.tatango',
				typeVersion: 1,
				position: [300, 0],
				parameters: {
					resource: 'sms',
					operation: 'send',
					phoneNumber: '={{ $json.phoneNumber }}',
					content: 'Welcome! Deals every Friday. Reply STOP to opt out.',
				},
				credentials: { tatangoV3Api: panel.credentials().tatangoV3Api },
			},
		]);
		await panel.open(page, ui.n8nUrl, id);
		await openNode(page, 'Text the Customer');
		await savePanel('sms-send-panel.png');
		await closeNode(page);
		await openNode(page, 'New Subscriber');
		await savePanel('trigger-panel.png');
		await closeNode(page);
	});
	for (const file of ['sms-send-panel.png', 'trigger-panel.png']) {
		expect(fs.statSync(path.join(IMAGES, file)).size).toBeGreaterThan(10000);
	}
});
