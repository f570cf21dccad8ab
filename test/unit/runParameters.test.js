// @ts-check
const { runParameterReader } = require('../../nodes/shared/runParameters');

/** A node run's context whose getNodeParameter resolves `={{ $json.x }}` per item and counts reads. */
function contextWith(parameters, items) {
	const reads = [];
	const resolve = (value, item) =>
		typeof value === 'string' && value.startsWith('=')
			? String(items[item].x)
			: value !== null && typeof value === 'object'
				? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, item)]))
				: value;
	const context = /** @type {any} */ ({
		getNode: () => ({ parameters }),
		getNodeParameter: (name, item, fallback) => {
			reads.push([name, item]);
			return name in parameters ? structuredClone(resolve(parameters[name], item)) : fallback;
		},
	});
	return { context, reads };
}

const items = [{ x: 'a' }, { x: 'b' }, { x: 'c' }];

test('a fixed parameter is read from n8n once per run, an expression once per item', () => {
	const { context, reads } = contextWith(
		{ quietHours: 'off', perNumberCap: 'off', phoneNumber: '={{ $json.x }}' },
		items,
	);
	const read = runParameterReader(context);
	const seen = items.map((_, i) => [
		read('quietHours', i, 'off'),
		read('perNumberCap', i, 'off'),
		read('phoneNumber', i),
	]);
	expect(seen).toEqual([
		['off', 'off', 'a'],
		['off', 'off', 'b'],
		['off', 'off', 'c'],
	]);
	expect(reads.filter(([name]) => name === 'quietHours')).toHaveLength(1);
	expect(reads.filter(([name]) => name === 'phoneNumber')).toHaveLength(3);
});

test('a collection with an expression anywhere inside is read per item; fixed ones are copies', () => {
	const { context, reads } = contextWith(
		{ options: { webhookCallbackUrl: '={{ $json.x }}' }, fixedOptions: { limit: 3 } },
		items,
	);
	const read = runParameterReader(context);
	expect(items.map((_, i) => read('options', i, {}))).toEqual([
		{ webhookCallbackUrl: 'a' },
		{ webhookCallbackUrl: 'b' },
		{ webhookCallbackUrl: 'c' },
	]);
	const first = /** @type {any} */ (read('fixedOptions', 0, {}));
	first.limit = 99;
	expect(read('fixedOptions', 1, {})).toEqual({ limit: 3 });
	expect(reads.filter(([name]) => name === 'options')).toHaveLength(3);
	expect(reads.filter(([name]) => name === 'fixedOptions')).toHaveLength(1);
});

test('a parameter the node does not hold is asked of n8n each time, with its fallback', () => {
	const { context, reads } = contextWith({}, items);
	const read = runParameterReader(context);
	expect(read('skipOptedOut', 0, false)).toBe(false);
	expect(read('skipOptedOut', 1, false)).toBe(false);
	expect(reads).toHaveLength(2);
});
