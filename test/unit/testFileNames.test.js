// @ts-check
/**
 * Test files are named one way: camelCase, like the node's own files (`quietHours.test.js`, not
 * `quiet-hours.test.js`), so a reader finds a suite by the name of what it tests. A feature tested
 * in several suites is named after it in each, with the suite after it (`sendOnce.node.test.js`,
 * `sendOnce.e2e.test.js`, `sendOnce.queue.test.js`): every test of Send Once Per is `sendOnce.*`,
 * and no two files share a name.
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
		(file) => !/^[a-z][a-zA-Z0-9]*(\.[a-z][a-z0-9]*)*\.js$/.test(path.basename(file)),
	);
	expect(offenders).toEqual([]);
});

test('no two test files share a name: one of several suites says its suite (<feature>.<suite>.test.js)', () => {
	/** @type {Map<string, string[]>} */
	const byName = new Map();
	for (const file of jsFiles(TEST_DIR).filter((name) => name.endsWith('.test.js'))) {
		const name = path.basename(file);
		byName.set(name, [...(byName.get(name) ?? []), file]);
	}
	const repeated = [...byName.values()].filter((files) => files.length > 1);
	expect(repeated).toEqual([]);
	for (const [name, [file]] of byName) {
		const suite = file.split(path.sep)[0];
		const parts = name.split('.');
		// A suite named in a file's name is the folder it is in.
		if (parts.length === 4) expect(`${file}: ${parts[1]}`).toBe(`${file}: ${suite}`);
	}
});
