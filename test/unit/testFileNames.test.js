// @ts-check
/**
 * Test files are named one way: camelCase, like the node's own files (`quietHours.test.js`, not
 * `quiet-hours.test.js`), so a reader finds a suite by the name of what it tests.
 */
const fs = require('fs');
const path = require('path');

const TEST_DIR = path.join(__dirname, '..');

/** Every .js file under test/, relative to it. */
function jsFiles(/** @type {string} */ dir) {
	/** @type {string[]} */
	const files = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) files.push(...jsFiles(full));
		else if (entry.name.endsWith('.js')) files.push(path.relative(TEST_DIR, full));
	}
	return files;
}

test('every file under test/ is named in camelCase', () => {
	const offenders = jsFiles(TEST_DIR).filter(
		(file) => !/^[a-z][a-zA-Z0-9]*(\.[a-z]+)*\.js$/.test(path.basename(file)),
	);
	expect(offenders).toEqual([]);
});
