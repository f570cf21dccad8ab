// @ts-check
'use strict';
/**
 * Reading and working a node's parameter panel in the editor, as a person does: the labels it
 * shows, the chosen credentials, picking an option, opening a "From list" picker.
 */
const { rest, state } = require('../e2e/env');
const { openWorkflow } = require('./browser');

/** The sandbox credentials as a saved node holds them. */
const credentials = () => {
	const s = state();
	return {
		tatangoApi: { id: s.credentialIds.v2, name: 'Tatango Sandbox (v2)' },
		tatangoV3Api: { id: s.credentialIds.v3, name: 'Tatango Sandbox (v3)' },
	};
};

/** @param {string} name @param {any[]} nodes @param {Record<string, any>} [extra] */
const createWorkflow = (name, nodes, extra = {}) =>
	rest().createWorkflow({
		name,
		nodes,
		connections: {},
		settings: { executionOrder: 'v1' },
		...extra,
	});

/** Opens a saved workflow in the editor, as the workflows list does. */
async function open(
	/** @type {import('playwright-core').Page} */ page,
	/** @type {string} */ n8nUrl,
	/** @type {string} */ id,
) {
	await openWorkflow(page, n8nUrl, id, await rest().getWorkflow(id));
}

/** The labels the open panel shows, without the required-field marks. */
async function shownLabels(/** @type {import('playwright-core').Page} */ page) {
	const texts = await page
		.locator('[data-test-id="node-parameters"] .n8n-input-label')
		.allInnerTexts();
	// A field's label row also holds its "Fixed / Expression" switch: the label is the first line.
	return texts.map((text) => text.split('\n')[0].replace(/\*/g, '').trim()).filter(Boolean);
}

/** The names the open panel's credential selects hold, in order. */
async function selectedCredentials(/** @type {import('playwright-core').Page} */ page) {
	return await page
		.locator('[data-test-id="node-credentials-select"] input')
		.evaluateAll((inputs) => inputs.map((input) => /** @type {any} */ (input).value));
}

/** What an options or multi-options parameter shows as chosen (its input, or its chips). */
async function shownValue(
	/** @type {import('playwright-core').Page} */ page,
	/** @type {string} */ parameter,
) {
	const field = page.locator(`[data-test-id="parameter-input-${parameter}"]`).first();
	const input = field.locator('input').first();
	const value = (await input.count()) ? await input.inputValue().catch(() => '') : '';
	const text = (await field.innerText()).replace(/\s+/g, ' ').trim();
	return `${value} ${text}`.trim();
}

/** Waits until no option list is open (one left open would answer for the next field). */
async function dropdownsClosed(/** @type {import('playwright-core').Page} */ page) {
	// A string, evaluated in the page (where `document` is).
	await page.waitForFunction(
		`![...document.querySelectorAll('.el-select-dropdown__item, [role="option"]')].some((el) => el.offsetParent !== null)`,
	);
}

/** Picks an option of an options parameter the way a person does. */
async function chooseOption(
	/** @type {import('playwright-core').Page} */ page,
	/** @type {string} */ parameter,
	/** @type {string} */ optionName,
) {
	await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
	await page
		.locator('.el-select-dropdown__item:visible, [role="option"]:visible')
		.filter({ has: page.getByText(optionName, { exact: true }) })
		.first()
		.click();
	await dropdownsClosed(page);
}

/** The options an options or multi-options parameter offers (opens and closes its dropdown). */
async function offeredOptions(
	/** @type {import('playwright-core').Page} */ page,
	/** @type {string} */ parameter,
) {
	await dropdownsClosed(page);
	await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
	const items = page.locator('.el-select-dropdown__item:visible, [role="option"]:visible');
	await items.first().waitFor();
	const names = (await items.allInnerTexts()).map((t) => t.split('\n')[0].trim());
	await page.keyboard.press('Escape');
	await dropdownsClosed(page);
	return names;
}

/** Opens a resource locator's "From list" dropdown and returns what it lists (items or error). */
async function pickerEntries(
	/** @type {import('playwright-core').Page} */ page,
	/** @type {string} */ parameter,
) {
	await page
		.locator(`[data-test-id="resource-locator-${parameter}"] [data-test-id="rlc-input"]`)
		.click();
	const popover = page.locator('[class*="_popoverContent_"]:visible').last();
	await popover.waitFor();
	// Loaded when items or a message (an error, "No results") replace the loading state.
	await page.waitForFunction(
		(el) => !!el && !el.querySelector('.el-loading-mask, [class*="loading"]'),
		await popover.elementHandle(),
	);
	await page.waitForTimeout(300);
	return (await popover.innerText()).replace(/\s+/g, ' ');
}

module.exports = {
	credentials,
	createWorkflow,
	open,
	shownLabels,
	selectedCredentials,
	shownValue,
	chooseOption,
	offeredOptions,
	pickerEntries,
};
