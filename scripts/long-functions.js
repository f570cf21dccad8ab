// @ts-check
/**
 * Functions in nodes/ longer than 80 lines. A long function hides its steps; a field table (an
 * array of n8n properties, each with a `displayName`) is data and may be long, so its lines are not
 * counted, whether it is a constant or what a function returns (`profileFieldOptions`).
 *
 *   node scripts/long-functions.js            list each function over the limit, exit 1 if any
 *   node scripts/long-functions.js --max 60   another limit, to see what comes next
 *
 * test/unit/longFunctions.test.js runs it against the limit.
 */
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.join(__dirname, '..');
const MAX_LINES = 80;

/** Every .ts file under a folder, relative to the repository. */
function tsFiles(/** @type {string} */ dir) {
	/** @type {string[]} */
	const files = [];
	for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) files.push(...tsFiles(full));
		else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(full);
	}
	return files;
}

/** What a function is called where it is written: its own name, or the name it is given. */
function nameOf(/** @type {ts.Node} */ node) {
	const named = /** @type {{ name?: ts.Node }} */ (node).name;
	if (named) return named.getText();
	const parent = node.parent;
	if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
		return parent.name.getText();
	if (ts.isPropertyDeclaration(parent)) return parent.name.getText();
	return '(anonymous)';
}

/** A field table: an array literal of n8n properties (object literals with a `displayName`). */
function isFieldTable(/** @type {ts.Node} */ node) {
	return (
		ts.isArrayLiteralExpression(node) &&
		node.elements.length > 0 &&
		node.elements.every(
			(element) =>
				ts.isObjectLiteralExpression(element) &&
				element.properties.some((p) => p.name?.getText() === 'displayName'),
		)
	);
}

/** Lines of a function outside the field tables it holds. */
function linesOf(/** @type {ts.Node} */ fn, /** @type {ts.SourceFile} */ source) {
	const lineOf = (/** @type {number} */ pos) => source.getLineAndCharacterOfPosition(pos).line;
	let lines = lineOf(fn.getEnd()) - lineOf(fn.getStart(source)) + 1;
	const skipTables = (/** @type {ts.Node} */ node) => {
		if (isFieldTable(node)) lines -= lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
		// A function inside is measured on its own, and does not shorten this one.
		else if (!ts.isFunctionLike(node)) ts.forEachChild(node, skipTables);
	};
	ts.forEachChild(fn, skipTables);
	return lines;
}

/**
 * @typedef {{ file: string, name: string, line: number, lines: number }} LongFunction
 * @returns {LongFunction[]} the functions of one source file over `max` lines
 */
function longFunctionsIn(/** @type {string} */ file, /** @type {string} */ text, max = MAX_LINES) {
	const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
	/** @type {LongFunction[]} */
	const found = [];
	const visit = (/** @type {ts.Node} */ node) => {
		if (ts.isFunctionLike(node) && /** @type {{ body?: ts.Node }} */ (node).body) {
			const lines = linesOf(node, source);
			const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
			if (lines > max) found.push({ file, name: nameOf(node), line, lines });
		}
		ts.forEachChild(node, visit);
	};
	visit(source);
	return found;
}

/** Every function in nodes/ over `max` lines, longest first. */
function longFunctions(max = MAX_LINES) {
	return tsFiles(path.join(ROOT, 'nodes'))
		.flatMap((full) =>
			longFunctionsIn(
				path.relative(ROOT, full).split(path.sep).join('/'),
				fs.readFileSync(full, 'utf8'),
				max,
			),
		)
		.sort((a, b) => b.lines - a.lines);
}

module.exports = { longFunctions, longFunctionsIn, MAX_LINES };

if (require.main === module) {
	const at = process.argv.indexOf('--max');
	const max = at > 0 ? Number(process.argv[at + 1]) : MAX_LINES;
	const found = longFunctions(max);
	for (const f of found) console.log(`${f.file}:${f.line} ${f.name}: ${f.lines} lines`);
	if (found.length === 0) console.log(`No function in nodes/ over ${max} lines.`);
	process.exitCode = found.length > 0 ? 1 : 0;
}
