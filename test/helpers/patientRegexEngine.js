// @ts-check
// Jest setup for the in-process suites: n8n-workflow guards every regular expression it runs (a
// resource locator's pattern, for one) with a 250 ms wall-clock limit. On a 2-core CI machine with
// several jest workers and an n8n install beside them, a worker can be descheduled for longer than
// that inside a trivial match, and the node test fails with "Regular expression execution timed
// out" though nothing in the node is slow. The same guard with a limit of 10 s keeps protection from
// a runaway pattern without making the tests depend on the machine's load. A real n8n keeps its own.
const vm = require('vm');
const { setSafeRegexEngine } = require('n8n-workflow');

const TIMEOUT_MS = 10_000;

/** @type {{ pattern: string, flags: string, input: string, replacement: string, result: unknown }} */
const slots = { pattern: '', flags: '', input: '', replacement: '', result: undefined };
const context = vm.createContext(slots);
const scripts = {
	exec: new vm.Script('result = new RegExp(pattern, flags).exec(input)'),
	test: new vm.Script('result = new RegExp(pattern, flags).test(input)'),
	replace: new vm.Script('result = input.replace(new RegExp(pattern, flags), replacement)'),
	matchAll: new vm.Script('result = Array.from(input.matchAll(new RegExp(pattern, flags)))'),
	split: new vm.Script('result = input.split(new RegExp(pattern, flags))'),
};

/**
 * @param {keyof typeof scripts} name
 * @param {string} pattern @param {string} input @param {string} [flags] @param {string} [replacement]
 * @returns {any}
 */
function run(name, pattern, input, flags = '', replacement = '') {
	Object.assign(slots, { pattern, input, flags, replacement, result: undefined });
	scripts[name].runInContext(context, { timeout: TIMEOUT_MS });
	return slots.result;
}

setSafeRegexEngine({
	exec: (pattern, input, flags) => run('exec', pattern, input, flags),
	test: (pattern, input, flags) => run('test', pattern, input, flags),
	replace: (pattern, input, flags, replacement) =>
		run('replace', pattern, input, flags, replacement),
	matchAll: (pattern, input, flags) =>
		run('matchAll', pattern, input, flags?.includes('g') ? flags : `${flags ?? ''}g`),
	split: (pattern, input, flags) => run('split', pattern, input, flags),
});
