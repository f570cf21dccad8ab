// @ts-check
/**
 * Pins what a saved workflow depends on in the Tatango node's description: every parameter's name,
 * type, default, display options, option values and resource-locator modes (labels and
 * descriptions are free to change). A saved workflow stores parameter names and values; renaming a
 * parameter, changing its type or default, or moving it to other operations silently breaks it.
 *
 * The pin lives in node-description.pinned.json. After a deliberate change (a new operation or
 * field), regenerate it with `PIN_DESCRIPTION=1 npx jest test/unit/nodeDescription.test.js` and
 * commit it with the change, so the review shows exactly what moved.
 */
const fs = require('fs');
const path = require('path');

const { Tatango } = require('../../nodes/Tatango/Tatango.node');

const PIN_FILE = path.join(__dirname, 'node-description.pinned.json');
const HOW_TO_UPDATE =
	'If this change is deliberate (a new operation or field), regenerate the pin with\n' +
	'  PIN_DESCRIPTION=1 npx jest test/unit/nodeDescription.test.js\n' +
	'and commit test/unit/node-description.pinned.json with it. A removed or changed entry breaks\n' +
	'saved workflows: prefer adding a new parameter (or a node version) to renaming one.';

/**
 * What a saved workflow relies on, keyed by parameter path and where it shows.
 * @param {import('n8n-workflow').INodeProperties[] | readonly any[]} properties
 * @param {string} prefix
 * @param {Record<string, unknown>} out
 */
function pinnedShape(properties, prefix = '', out = {}, parent = '') {
	for (const property of properties) {
		let key = `${prefix}${property.name}${
			property.displayOptions ? ` ${JSON.stringify(property.displayOptions)}` : ''
		}`;
		/** @type {Record<string, unknown>} */
		const entry = { type: property.type, default: property.default };
		if (property.required) entry.required = true;
		if (property.typeOptions?.multipleValues) entry.multipleValues = true;
		if (property.modes) entry.modes = property.modes.map((/** @type {any} */ mode) => mode.name);
		const options = property.options ?? [];
		if (property.type === 'options' || property.type === 'multiOptions') {
			entry.values = options.map((/** @type {any} */ option) => option.value);
		}
		// A collection shared by several operations (Compliance) pins its fields once; a field of
		// the same name and another shape in another operation's collection, with that operation.
		if (key in out && JSON.stringify(out[key]) === JSON.stringify(entry)) continue;
		if (key in out && parent) key = `${key} in ${parent}`;
		if (key in out) throw new Error(`Two parameters pin to the same key: ${key}`);
		out[key] = entry;
		if (property.type === 'collection') {
			pinnedShape(
				options,
				`${prefix}${property.name}.`,
				out,
				JSON.stringify(property.displayOptions ?? {}),
			);
		}
		if (property.type === 'fixedCollection') {
			for (const group of options) {
				pinnedShape(group.values ?? [], `${prefix}${property.name}.${group.name}.`, out);
			}
		}
	}
	return out;
}

function currentShape() {
	const { description } = new Tatango();
	return {
		name: description.name,
		version: description.version,
		credentials: (description.credentials ?? []).map((credential) => ({
			name: credential.name,
			displayOptions: credential.displayOptions,
		})),
		properties: pinnedShape(description.properties),
	};
}

/**
 * Every difference between the pin and the node, one line each ("changed or removed" ones break
 * saved workflows).
 * @param {any} pinned
 * @param {any} current
 */
function differences(pinned, current) {
	const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) =>
		JSON.stringify(a) === JSON.stringify(b);
	const { properties: pinnedProperties, ...pinnedRest } = pinned;
	const { properties: currentProperties, ...currentRest } = current;
	return [
		...(same(pinnedRest, currentRest)
			? []
			: [
					`name, version or credentials changed\n  pinned: ${JSON.stringify(pinnedRest)}\n  now:    ${JSON.stringify(currentRest)}`,
				]),
		...Object.keys(pinnedProperties)
			.filter((key) => !same(pinnedProperties[key], currentProperties[key]))
			.map(
				(key) =>
					`changed or removed: ${key}\n  pinned: ${JSON.stringify(pinnedProperties[key])}\n  now:    ${JSON.stringify(currentProperties[key])}`,
			),
		...Object.keys(currentProperties)
			.filter((key) => !(key in pinnedProperties))
			.map((key) => `added: ${key} ${JSON.stringify(currentProperties[key])}`),
	];
}

describe('the node description saved workflows depend on', () => {
	const current = JSON.parse(JSON.stringify(currentShape()));

	if (process.env.PIN_DESCRIPTION === '1') {
		test('writes the pin', () => {
			fs.writeFileSync(PIN_FILE, `${JSON.stringify(current, null, '\t')}\n`);
		});
		return;
	}

	const pinned = JSON.parse(fs.readFileSync(PIN_FILE, 'utf8'));

	test('is as pinned: nothing renamed, retyped, re-defaulted or moved', () => {
		const report = differences(pinned, current);
		if (report.length > 0) {
			throw new Error(
				`The node's parameters differ from the pin:\n${report.join('\n')}\n\n${HOW_TO_UPDATE}`,
			);
		}
	});

	test('the comparison reports a renamed parameter and a changed default', () => {
		const changed = JSON.parse(JSON.stringify(current));
		const listKey = Object.keys(changed.properties).find((key) => key.startsWith('listId '));
		changed.properties[`list${listKey.slice('listId'.length)}`] = changed.properties[listKey];
		delete changed.properties[listKey];
		changed.properties[
			Object.keys(changed.properties).find((k) => k.startsWith('resource'))
		].default = 'keyword';
		const report = differences(current, changed);
		expect(report).toHaveLength(3);
		expect(report).toEqual(
			expect.arrayContaining([
				expect.stringMatching(/^changed or removed: listId /),
				expect.stringMatching(/^changed or removed: resource/),
				expect.stringMatching(/^added: list /),
			]),
		);
	});
});
