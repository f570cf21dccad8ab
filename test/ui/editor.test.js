// @ts-check
/**
 * The n8n editor in a real browser, as a builder meets the package: node creator, every
 * resource and operation's parameter panel, the "From list" pickers, both credentials' tests, an
 * example run from the editor and the trigger's URL. The walk over operations is read off the
 * node's description, so new operations are covered without an edit here.
 */
const fs = require('fs');
const path = require('path');
const axios = require('axios').default;
const { rest, state } = require('../e2e/env');
const { openEditor, check, openNode, closeNode } = require('./browser');
const panel = require('./panel');
const { credentials, createWorkflow } = panel;
const {
	triggerNode,
	operationPairs,
	expectedFields,
	expectedCredentials,
} = require('./nodeDescription');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');

/** @type {Awaited<ReturnType<typeof openEditor>>} */
let ui;

/**
 * A Tatango node as a saved workflow holds it.
 * @param {string} name @param {Record<string, unknown>} parameters @param {number} index
 * @param {Record<string, unknown>} [nodeCredentials]
 */
const tatangoNode = (name, parameters, index, nodeCredentials = credentials()) => ({
	id: `ui-node-${index}`,
	name,
	type: 'n8n-nodes-tatango.tatango',
	typeVersion: 1,
	position: [(index % 8) * 260, Math.floor(index / 8) * 220],
	parameters,
	credentials: nodeCredentials,
});

/** Opens a saved workflow in the editor, as the workflows list does. */
const open = (/** @type {string} */ id) => panel.open(ui.page, ui.n8nUrl, id);
const shownLabels = () => panel.shownLabels(ui.page);
const selectedCredentials = () => panel.selectedCredentials(ui.page);
const chooseOption = (/** @type {string} */ parameter, /** @type {string} */ option) =>
	panel.chooseOption(ui.page, parameter, option);
const pickerEntries = (/** @type {string} */ parameter) => panel.pickerEntries(ui.page, parameter);

/** What the sandbox's v2 API lists for the sandbox credential (the pickers must show the same). */
async function sandboxV2(/** @type {string} */ apiPath) {
	const s = state();
	const response = await axios.get(`${s.sandboxUrl}${apiPath}`, {
		auth: { username: SANDBOX_ACCOUNT.email, password: SANDBOX_ACCOUNT.v2ApiKey },
	});
	return response.data;
}

beforeAll(async () => {
	ui = await openEditor();
});

afterAll(async () => {
	await ui?.browser.close();
});

test('the owner signs in and reaches the overview', async () => {
	expect(ui.page.url()).toMatch(/\/(home|workflows)/);
});

test('the node creator finds Tatango, its actions and its trigger events', async () => {
	const { page } = ui;
	const pairs = operationPairs();
	// n8n lists the options of the trigger's first field titled "Events" (a list's events).
	const events = /** @type {any} */ (
		triggerNode().properties.find((p) => p.displayName === 'Events')
	).options;
	await check(page, 'node-creator', async () => {
		const id = await createWorkflow('UI: node creator', [
			{
				id: 'start',
				name: 'Start',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
		]);
		await open(id);
		await page.locator('[data-test-id="node-creator-plus-button"]').click();
		await page.locator('input[data-test-id="node-creator-search-bar"]').fill('Tatango');
		const entry = page
			.locator('[data-test-id="node-creator-item-name"]')
			.filter({ hasText: /^Tatango$/ });
		await entry.first().waitFor();
		// n8n shows the node and its trigger as one entry, described by the trigger's description.
		const entryText = await page.locator('[data-test-id="node-creator"]').innerText();
		expect(entryText).toContain(triggerNode().description);
		await entry.first().click();
		const panel = page.locator('[data-test-id="node-creator"]');
		await panel.getByText(`Actions (${pairs.length})`).waitFor();
		for (const { option } of pairs) {
			await panel.getByText(option.action, { exact: true }).first().waitFor();
		}
		const triggers = panel.getByText(`Triggers (${events.length})`);
		await triggers.click();
		for (const event of events) {
			await panel.getByText(event.action, { exact: true }).first().waitFor();
		}
	});
});

test('every resource and operation opens with its fields and no error', async () => {
	const { page } = ui;
	const pairs = operationPairs();
	const nodes = pairs.map((pair, index) =>
		tatangoNode(
			`${pair.resourceName}: ${pair.option.name}`,
			{
				resource: pair.resource,
				operation: pair.operation,
			},
			index,
		),
	);
	const id = await createWorkflow('UI: every operation', nodes);
	await open(id);
	const errorsBefore = ui.pageErrors.length;
	/** @type {string[]} */
	const problems = [];
	for (const [index, pair] of pairs.entries()) {
		const name = nodes[index].name;
		await check(page, `operation-${pair.resource}-${pair.operation}`, async () => {
			await openNode(page, name);
			const expected = expectedFields(pair.resource, pair.operation);
			const labels = await shownLabels();
			const missing = expected.labels.filter((label) => !labels.includes(label));
			if (missing.length) problems.push(`${name}: missing ${missing.join(', ')}`);
			// Each credential's picker where its credential is read, and no other.
			const pickers = labels.filter((label) => label.startsWith('Credential for '));
			const wanted = expectedCredentials(pair.resource, pair.operation);
			if (JSON.stringify(pickers) !== JSON.stringify(wanted)) {
				problems.push(`${name}: pickers ${pickers.join(', ')}; expected ${wanted.join(', ')}`);
			}
			const text = (await page.locator('[data-test-id="node-parameters"]').innerText()).replace(
				/\s+/g,
				' ',
			);
			for (const notice of expected.notices) {
				if (!text.includes(notice)) problems.push(`${name}: notice missing: ${notice}`);
			}
			// Empty required fields are marked as to fill in; no other field may carry an issue.
			const issues = await page
				.locator('[data-test-id="node-parameters"] [data-test-id="parameter-issues"]')
				.count();
			if (issues > expected.required) {
				problems.push(
					`${name}: ${issues} fields marked with issues, ${expected.required} required`,
				);
			}
			await closeNode(page);
		});
	}
	expect(problems).toEqual([]);
	expect(ui.pageErrors.slice(errorsBefore)).toEqual([]);
	console.log(`walked ${pairs.length} operations`);
});

test('a double opt-in request reads in writing order, Follow-Up Hour only with Follow Up', async () => {
	const { page } = ui;
	await check(page, 'double-opt-in', async () => {
		const id = await createWorkflow('UI: double opt-in', [
			tatangoNode(
				'Double opt-in',
				{
					resource: 'list',
					operation: 'updateOptInSettings',
					optInType: 'double',
					optInRequests: { request: [{ collectedData: 'yes' }] },
				},
				0,
			),
		]);
		await open(id);
		await openNode(page, 'Double opt-in');
		const order = [
			'Collected Data',
			'Request Message',
			'Retry Message',
			'Follow Up',
			'Success Action',
		];
		const labels = (await shownLabels()).filter((label) => order.includes(label));
		expect(labels).toEqual(order);
		expect(await shownLabels()).not.toContain('Follow-Up Hour');
		// Request and retry messages (and both confirmations) are text areas, like single opt-in's.
		expect(
			await page.locator('[data-test-id="node-parameters"] textarea').count(),
		).toBeGreaterThanOrEqual(4);
		await page
			.locator('[data-test-id="node-parameters"] .n8n-input-label', { hasText: /^Follow Up/ })
			.locator(
				'xpath=ancestor::*[contains(@data-test-id, "parameter-item") or contains(@class, "parameter-item")][1]',
			)
			.locator('.el-switch, [role="switch"]')
			.first()
			.click();
		await page.getByText('Follow-Up Hour', { exact: true }).waitFor();
		await closeNode(page);
	});
});

test('switching Resource between v2 and v3 keeps the credentials the node holds; the pickers list the sandbox', async () => {
	const { page } = ui;
	const { lists } = await sandboxV2('/api/v2/lists?per_page=100');
	const { shortcodes } = await sandboxV2('/api/v2/shortcodes');
	await check(page, 'credentials-and-pickers', async () => {
		const id = await createWorkflow('UI: credentials and pickers', [
			tatangoNode('Add subscriber', { resource: 'subscriber', operation: 'add' }, 0),
			tatangoNode('Check keyword', { resource: 'keyword', operation: 'checkAvailability' }, 1),
		]);
		await open(id);
		await openNode(page, 'Add subscriber');
		// A v2 resource shows only the v2 picker; a v3 one shows the v3 picker first, and the v2
		// one (for Skip Opted-Out Numbers) and the ledger's: the credential the switch hid is back.
		const v2Only = ['Tatango Sandbox (v2)'];
		expect(await selectedCredentials()).toEqual(v2Only);
		await chooseOption('resource', 'RCS Message');
		// The ledger's picker after them holds nothing (n8n 2.x draws a "Connect" button while no
		// ledger credential exists).
		const onRcs = await selectedCredentials();
		expect(onRcs.slice(0, 2)).toEqual(['Tatango Sandbox (v3)', 'Tatango Sandbox (v2)']);
		expect(onRcs.slice(2).filter(Boolean)).toEqual([]);
		await chooseOption('resource', 'Subscriber');
		expect(await selectedCredentials()).toEqual(v2Only);

		const listPicker = await pickerEntries('listId');
		for (const list of lists) expect(listPicker).toContain(String(list.name));
		await page.keyboard.press('Escape');
		await closeNode(page);

		await openNode(page, 'Check keyword');
		const shortcodePicker = await pickerEntries('shortcodeId');
		for (const code of shortcodes) {
			expect(shortcodePicker).toContain(String(code?.shortcode ?? code?.id ?? code));
		}
		await page.keyboard.press('Escape');
		await closeNode(page);
	});
});

test('without the credential its API needs, the list picker says which credential to select', async () => {
	const { page } = ui;
	await check(page, 'missing-credential', async () => {
		const id = await createWorkflow('UI: missing credential', [
			tatangoNode('Only v3', { resource: 'subscriber', operation: 'add' }, 0, {
				tatangoV3Api: credentials().tatangoV3Api,
			}),
		]);
		await open(id);
		await openNode(page, 'Only v3');
		const picker = await pickerEntries('listId');
		expect(picker).toContain('"Tatango API" credential');
		expect(picker).not.toContain('tatangoApi');
		await page.keyboard.press('Escape');
		await closeNode(page);
	});
});

test("both credentials' tests succeed, and a wrong key shows the test's message", async () => {
	const { page, n8nUrl } = ui;
	const s = state();
	const wrong = await rest().request('POST', '/rest/credentials', {
		name: 'Tatango wrong key',
		type: 'tatangoApi',
		data: { email: SANDBOX_ACCOUNT.email, apiKey: 'not-the-key', baseUrl: s.sandboxUrl },
	});
	await check(page, 'credential-tests', async () => {
		for (const credentialId of [s.credentialIds.v2, s.credentialIds.v3]) {
			await page.goto(`${n8nUrl}/home/credentials/${credentialId}`);
			await page.getByText('Connection tested successfully').waitFor();
		}
		await page.goto(`${n8nUrl}/home/credentials/${wrong.id}`);
		await page.getByText(/Couldn.t connect with these settings/).waitFor();
		await page.getByText('More details').click();
		await page.getByText('Wrong login e-mail or API key (401)').waitFor();
	});
});

test('an example workflow runs from the editor and shows its output', async () => {
	const { page } = ui;
	const example = JSON.parse(
		fs.readFileSync(
			path.join(__dirname, '..', '..', 'examples', 'configure-double-opt-in.json'),
			'utf8',
		),
	);
	await check(page, 'example-run', async () => {
		const id = await rest().createWorkflow(example);
		await open(id);
		await page.locator('[data-test-id="execute-workflow-button"]').click();
		await page
			.locator('[data-test-id="execute-workflow-button"]')
			.getByText(/Execute/)
			.waitFor();
		await openNode(page, 'Update Opt-In Settings');
		const output = page.locator('[data-test-id="output-panel"]');
		await output.getByText('Opt in settings updated').first().waitFor({ timeout: 60000 });
		await closeNode(page);
	});
});

test('the trigger panel shows its webhook URL', async () => {
	const { page } = ui;
	const example = JSON.parse(
		fs.readFileSync(path.join(__dirname, '..', '..', 'examples', 'react-to-delivery.json'), 'utf8'),
	);
	await check(page, 'trigger-url', async () => {
		const id = await rest().createWorkflow(example);
		await open(id);
		await openNode(page, 'Tatango Trigger');
		const ndv = page.locator('[data-test-id="ndv"]');
		await ndv.getByText('Webhook URLs').first().click();
		await ndv
			.getByText(/\/webhook-test\/[^ ]*\/tatango/)
			.first()
			.waitFor();
		const notice = await ndv.innerText();
		// The one step of set-up, and no token to add by hand.
		expect(notice).toContain("Paste this trigger's Production URL");
		expect(notice).toContain('Default Webhook URL');
		expect(notice).not.toContain('?token=');
		await closeNode(page);
	});
});

test('no uncaught error in the editor during the whole walk', () => {
	expect(ui.pageErrors).toEqual([]);
});
