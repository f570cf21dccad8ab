// @ts-check
// What a model reads about each operation of the Tatango Tool: one sentence saying what it does,
// what it needs and what it returns, the default of the Tool Description field that only the tool
// shows.
const { Tatango } = require('../../nodes/Tatango/Tatango.node');
const { toolSentences } = require('../../nodes/Tatango/actions/toolSentences');

const node = new Tatango();
const field = node.description.properties.find((p) => p.name === 'toolDescription');
const sentences = toolSentences(node.description.properties);

/** [resource.operation, action text] of every operation. */
const operations = node.description.properties
	.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource)
	.flatMap((/** @type {any} */ p) =>
		p.options.map((/** @type {any} */ o) => [
			`${p.displayOptions.show.resource[0]}.${o.value}`,
			o.action,
		]),
	);

test('every operation has its sentence: what it does, needs and returns', () => {
	expect(Object.keys(sentences)).toEqual(operations.map(([key]) => key));
	for (const [key, action] of operations) {
		expect(sentences[key].startsWith(`${action} in Tatango (needs `)).toBe(true);
		expect(sentences[key]).toMatch(/; returns [^)]+\)$/);
		expect(sentences[key]).not.toContain('what Tatango answered');
	}
});

test('needs names the fields always required, not those of another mode', () => {
	expect(sentences['sms.send']).toBe(
		"Send an SMS in Tatango (needs Phone Number and Content; returns the send's transactionId)",
	);
	expect(sentences['transactionalMessage.send']).toBe(
		"Send a transactional message in Tatango (needs Phone Number and Content; returns the message's ID and status)",
	);
	expect(sentences['list.getMany']).toBe(
		'Get many lists in Tatango (needs no input; returns the lists)',
	);
});

test('the Tool Description shows only on the tool, its default picks the chosen operation', () => {
	expect(field).toMatchObject({
		type: 'string',
		displayOptions: { show: { '@tool': [true] } },
	});
	const expression = String(field?.default).replace(/^=\{\{([\s\S]*)\}\}$/, '$1');
	// eslint-free evaluation of the default as n8n would, with $parameter of a chosen operation.
	const pick = new Function('$parameter', `return ${expression}`);
	expect(pick({ resource: 'sms', operation: 'send' })).toBe(sentences['sms.send']);
	// The node's own action texts (node creator, canvas) are unchanged.
	expect(operations.find(([key]) => key === 'sms.send')?.[1]).toBe('Send an SMS');
});
