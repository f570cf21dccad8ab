// @ts-check
/**
 * No function in nodes/ is longer than 80 lines (field tables, arrays of n8n properties, are data and
 * do not count): a longer one is split into steps named for what they do.
 * `node scripts/long-functions.js` lists the offenders.
 */
const { longFunctions, longFunctionsIn, MAX_LINES } = require('../../scripts/long-functions');

test(`no function in nodes/ is over ${MAX_LINES} lines, field tables aside`, () => {
	// Each offender with its file, line and length: split it into steps named for what they do.
	expect(longFunctions()).toEqual([]);
});

const lines = (/** @type {number} */ n, /** @type {string} */ line) =>
	Array.from({ length: n }, () => line).join('\n');

test('the measure: a function of 81 lines is found, one of 80 is not, each by its own name', () => {
	const source = [
		`export function long() {\n${lines(79, '\tstep();')}\n}`,
		`const arrow = () => {\n${lines(78, '\tstep();')}\n};`,
		`class A {\n\tmethod() {\n${lines(79, '\t\tstep();')}\n\t}\n}`,
	].join('\n');
	expect(longFunctionsIn('a.ts', source).map(({ name, lines: n }) => `${name} ${n}`)).toEqual([
		'long 81',
		'method 81',
	]);
});

test('a field table does not count, what surrounds it does; a function inside counts on its own', () => {
	const field = "\t\t{ displayName: 'A', name: 'a', type: 'string', default: '' },";
	const table = `export function fields() {\n\treturn [\n${lines(200, field)}\n\t];\n}`;
	expect(longFunctionsIn('t.ts', table)).toEqual([]);
	const withSteps = `export function fields() {\n${lines(80, '\tstep();')}\n\treturn [\n${field}\n\t];\n}`;
	expect(longFunctionsIn('t.ts', withSteps).map((f) => f.name)).toEqual(['fields']);
	const inner = `function outer() {\n\tconst inner = () => {\n${lines(80, '\t\tstep();')}\n\t};\n}`;
	expect(longFunctionsIn('i.ts', inner).map((f) => f.name)).toEqual(['outer', 'inner']);
});
