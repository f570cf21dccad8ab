// @ts-check
'use strict';
/**
 * A real Chromium on the e2e n8n: launched from the system package by path (Playwright's own
 * browser download needs a host these machines can't reach), logged in as the e2e owner through
 * the sign-in page. `check` runs one step and saves a screenshot named after it when it fails.
 */
const fs = require('fs');
const path = require('path');
const { chromium } = require('playwright-core');
const { E2E_DIR, state } = require('../e2e/env');

const CHROMIUM = process.env.TATANGO_CHROMIUM || '/usr/bin/chromium';
const SCREENSHOT_DIR = path.join(E2E_DIR, 'screenshots');

/** Start a browser and sign in; also collects uncaught page errors for the tests to assert on. */
async function openEditor() {
	if (!fs.existsSync(CHROMIUM)) {
		throw new Error(`${CHROMIUM} is missing: run scripts/setup-system.sh (as root) first`);
	}
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		// --no-sandbox: these machines run as root, where Chromium's sandbox refuses to start. The
		// others keep Chromium from calling out to Google's services (there is no internet here).
		args: [
			'--no-sandbox',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-default-apps',
			'--disable-sync',
			'--no-first-run',
			'--metrics-recording-only',
		],
	});
	const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
	page.setDefaultTimeout(30000);
	/** @type {string[]} */
	const pageErrors = [];
	page.on('pageerror', (error) => pageErrors.push(error.message));
	const s = state();
	await page.goto(`${s.n8nUrl}/signin`);
	// By input name: n8n 1.x's sign-in form does not tie its labels to the inputs.
	await page
		.locator('input[name="emailOrLdapLoginId"], input[name="email"]')
		.first()
		.fill(s.owner.email);
	await page.locator('input[name="password"]').fill(s.owner.password);
	await page.getByRole('button', { name: /sign in/i }).click();
	await page.waitForURL(/\/(home|workflows)/);
	return { browser, page, pageErrors, n8nUrl: s.n8nUrl };
}

/**
 * Runs `fn`; on failure saves a full-page screenshot under the run folder and rethrows.
 * @template T
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
async function check(page, name, fn) {
	try {
		return await fn();
	} catch (error) {
		fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
		const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^a-z0-9]+/gi, '-')}.png`);
		await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
		/** @type {any} */ (error).message += `\n(screenshot: ${file})`;
		throw error;
	}
}

/**
 * Opens a workflow in the editor and waits until its canvas shows every node (sticky notes aside).
 * @param {import('playwright-core').Page} page @param {string} n8nUrl @param {string} id
 * @param {{ nodes: { type: string }[] }} workflow
 */
async function openWorkflow(page, n8nUrl, id, workflow) {
	const count = workflow.nodes.filter((node) => !node.type.endsWith('.stickyNote')).length;
	await page.goto(`${n8nUrl}/workflow/${id}`);
	await page
		.locator('[data-test-id="canvas-node"]')
		.nth(count - 1)
		.waitFor();
}

/**
 * Opens a node's parameter panel by double-clicking it on the canvas, as a person does.
 * @param {import('playwright-core').Page} page @param {string} nodeName
 */
async function openNode(page, nodeName) {
	await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).dblclick();
	await page.locator('[data-test-id="ndv"]').waitFor();
	await page.locator('[data-test-id="node-parameters"]').waitFor();
}

/** @param {import('playwright-core').Page} page */
async function closeNode(page) {
	// n8n 2.x has a close button; 1.x a "Back to canvas" link.
	await page
		.locator('[data-test-id="ndv-close-button"], [data-test-id="back-to-canvas"]')
		.first()
		.click();
	await page.locator('[data-test-id="ndv"]').waitFor({ state: 'hidden' });
}

module.exports = { openEditor, check, openWorkflow, openNode, closeNode, SCREENSHOT_DIR };
