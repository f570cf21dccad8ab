// @ts-check
// The registry the "every operation" suites read (test/helpers/operations.js) covers exactly the
// operations the node declares: a new operation without an entry fails here, not silently
// untested by the hostile-input, hostile-servers, e2e and queue suites.
const { Tatango } = require('../../nodes/Tatango/Tatango.node');
const { OPERATIONS, declaredOperations, operationsFor } = require('../helpers/operations');

const declared = declaredOperations(new Tatango().description);

test('the node declares its operations (the derivation reads the description)', () => {
	expect(declared).toContain('sms → send');
	expect(declared).toContain('sms → sendAndWait');
	expect(declared.length).toBeGreaterThanOrEqual(34);
});

test.each(declared)('%s has an entry in the registry', (name) => {
	expect(Object.keys(OPERATIONS)).toContain(name);
});

test('every entry is an operation the node declares, with its own resource and operation', () => {
	for (const [name, entry] of Object.entries(OPERATIONS)) {
		expect(declared).toContain(name);
		expect(`${entry.parameters.resource} → ${entry.parameters.operation}`).toBe(name);
	}
});

test('an operation left out of a suite says why', () => {
	for (const suite of /** @type {const} */ (['hostileInput', 'hostileServers', 'e2e', 'queue'])) {
		const left = Object.keys(OPERATIONS).filter(
			(name) => !operationsFor(suite).some(([n]) => n === name),
		);
		for (const name of left) expect(OPERATIONS[name].skip?.[suite]).toMatch(/\S.{20,}/);
	}
});
