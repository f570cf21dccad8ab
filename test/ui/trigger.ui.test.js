// @ts-check
/**
 * The Tatango Trigger's panel in a real editor: Source is shown and switching it shows that
 * source's credential, fields and events, on a trigger added from the nodes panel, on saved
 * triggers of every version (1, 1.1, 2) and on every example that starts with one.
 */
const fs = require('fs');
const path = require('path');
const { rest } = require('../e2e/env');
const { openEditor, check, openNode, closeNode } = require('./browser');
const panel = require('./panel');

const EXAMPLES = path.join(__dirname, '..', '..', 'examples');
const V2_CREDENTIAL = 'Credential for Tatango API';
const V3_CREDENTIAL = 'Credential for Tatango V3 API';
const LIST = 'A List (Registered Automatically)';
const SENDS = 'Sends That Name This URL';
const LIST_ONLY_EVENTS = ['Subscribed to a List', 'Unsubscribed From a List', 'List Message Sent'];

/** @type {Awaited<ReturnType<typeof openEditor>>} */
let ui;

beforeAll(async () => {
	ui = await openEditor();
});

afterAll(async () => {
	await ui?.browser.close();
});

/** What the open trigger panel shows: its labels, Source, credentials and events. */
async function triggerPanel() {
	const labels = await panel.shownLabels(ui.page);
	return {
		labels,
		source: await panel.shownValue(ui.page, 'source'),
		v2: labels.includes(V2_CREDENTIAL),
		v3: labels.includes(V3_CREDENTIAL),
		listPicker: await ui.page.locator('[data-test-id="resource-locator-listId"]').count(),
	};
}

/** The open trigger, on a list: Source, the v2 credential only, the List picker, list events. */
async function expectList() {
	const shown = await triggerPanel();
	expect(shown.labels).toContain('Source');
	expect(shown.source).toContain(LIST);
	expect(shown.v2).toBe(true);
	expect(shown.v3).toBe(false);
	expect(shown.listPicker).toBe(1);
	const offered = await panel.offeredOptions(ui.page, 'listEvents');
	expect(offered).toEqual(expect.arrayContaining(LIST_ONLY_EVENTS));
	expect(offered).not.toContain('Delivery Status');
}

/** The open trigger, on sends: both credentials, no List picker, the events of its version. */
async function expectSends(/** @type {number} */ version) {
	const shown = await triggerPanel();
	expect(shown.labels).toContain('Source');
	expect(shown.source).toContain(SENDS);
	expect(shown.v2 && shown.v3).toBe(true);
	expect(shown.listPicker).toBe(0);
	const offered = await panel.offeredOptions(ui.page, 'events');
	expect(offered).toContain('Delivery Status');
	const chosen = await panel.shownValue(ui.page, 'events');
	if (version >= 2) {
		// Sends offer and preselect only what sends report.
		for (const event of LIST_ONLY_EVENTS) {
			expect(offered).not.toContain(event);
			expect(chosen).not.toContain(event);
		}
	} else {
		// Saved triggers of 1 and 1.1 keep every event, list events included.
		expect(offered).toEqual(expect.arrayContaining(LIST_ONLY_EVENTS));
	}
}

/** Switches Source on the open panel and checks what follows, then switches back. */
async function switchBothWays(/** @type {string} */ from, /** @type {number} */ version) {
	if (from === 'list') {
		await expectList();
		await panel.chooseOption(ui.page, 'source', SENDS);
		await expectSends(version);
		await panel.chooseOption(ui.page, 'source', LIST);
		await expectList();
	} else {
		await expectSends(version);
		await panel.chooseOption(ui.page, 'source', LIST);
		await expectList();
		await panel.chooseOption(ui.page, 'source', SENDS);
		await expectSends(version);
	}
}

test('a trigger added from the nodes panel (as "On subscribed to a list") shows Source and switches', async () => {
	const { page } = ui;
	await check(page, 'trigger-from-nodes-panel', async () => {
		const id = await panel.createWorkflow('UI: trigger from the nodes panel', []);
		await page.goto(`${ui.n8nUrl}/workflow/${id}`);
		await page
			.locator('[data-test-id="canvas-add-button"], [data-test-id="canvas-plus-button"]')
			.first()
			.click();
		await page.locator('input[data-test-id="node-creator-search-bar"]').fill('Tatango');
		await page
			.locator('[data-test-id="node-creator-item-name"]')
			.filter({ hasText: /^Tatango$/ })
			.first()
			.click();
		const creator = page.locator('[data-test-id="node-creator"]');
		await creator.getByText('On subscribed to a list', { exact: true }).first().click();
		await page.locator('[data-test-id="ndv"]').waitFor();
		await page.locator('[data-test-id="node-parameters"]').waitFor();
		expect(await panel.shownValue(page, 'listEvents')).toContain('Subscribed to a List');
		await switchBothWays('list', 2);
		await closeNode(page);
	});
});

describe.each([
	[1, 'sends'],
	[1.1, 'sends'],
	[2, 'list'],
])('a saved trigger of version %p (no Source stored)', (version, source) => {
	test(`opens on ${source}, shows Source and switches`, async () => {
		const { page } = ui;
		await check(page, `trigger-v${version}`, async () => {
			const id = await panel.createWorkflow(`UI: trigger v${version}`, [
				{
					id: `trigger-${version}`,
					name: 'Tatango Trigger',
					type: 'n8n-nodes-tatango.tatangoTrigger',
					typeVersion: version,
					position: [0, 0],
					webhookId: `0c0ffee0-0000-4000-8000-00000000000${String(version).replace('.', '')}`,
					parameters: {},
					credentials: panel.credentials(),
				},
			]);
			await panel.open(page, ui.n8nUrl, id);
			await openNode(page, 'Tatango Trigger');
			// Opening a saved trigger changes nothing it stores.
			await page.waitForTimeout(1500);
			expect((await rest().getWorkflow(id)).nodes[0].parameters.source).toBeUndefined();
			await switchBothWays(source, version);
			await closeNode(page);
		});
	});
});

const triggerExamples = fs
	.readdirSync(EXAMPLES)
	.filter((file) => file.endsWith('.json'))
	.map((file) => ({
		file,
		workflow: JSON.parse(fs.readFileSync(path.join(EXAMPLES, file), 'utf8')),
	}))
	.flatMap(({ file, workflow }) =>
		workflow.nodes
			.filter((/** @type {any} */ node) => node.type === 'n8n-nodes-tatango.tatangoTrigger')
			.map((/** @type {any} */ node) => ({ file, workflow, node })),
	);

test('examples start from triggers of every kind', () => {
	expect(triggerExamples.length).toBeGreaterThanOrEqual(3);
});

test.each(triggerExamples.map((e) => [e.file, e.node.name, e]))(
	'%s: "%s" shows its Source and switches',
	async (_file, nodeName, example) => {
		const { page } = ui;
		await check(page, `trigger-example-${example.file}`, async () => {
			const id = await rest().createWorkflow(example.workflow);
			await panel.open(page, ui.n8nUrl, id);
			await openNode(page, /** @type {string} */ (nodeName));
			await switchBothWays(example.node.parameters.source ?? 'list', example.node.typeVersion);
			await closeNode(page);
		});
	},
);
