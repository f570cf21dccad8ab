// @ts-check
/**
 * The panel's warning on a Send Once Per that is fixed text: its condition evaluated by n8n's own
 * expression engine, as the editor evaluates it, on the node's parameters as typed.
 */
const { Workflow } = require('n8n-workflow');
const { Tatango } = require('../../nodes/Tatango/Tatango.node');

const description = new Tatango().description;
const hint = /** @type {any[]} */ (description.hints).find((h) => /Send Once Per/.test(h.message));

/** Whether the editor shows the hint for a node with `parameters`. @param {Record<string, unknown>} parameters */
function shown(parameters) {
	const node = {
		id: '1',
		name: 'Text',
		type: 'n8n-nodes-tatango.tatango',
		typeVersion: 1,
		position: /** @type {[number, number]} */ ([0, 0]),
		parameters: /** @type {any} */ ({ resource: 'sms', operation: 'send', ...parameters }),
	};
	const nodeType = { description, execute: async () => [] };
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: /** @type {any} */ ({
			getByName: () => nodeType,
			getByNameAndVersion: () => nodeType,
			getKnownTypes: () => ({}),
		}),
	});
	return workflow.expression.getSimpleParameterValue(node, hint.displayCondition, 'internal', {});
}

test.each([
	['fixed text in Compliance', true, { compliance: { sendOncePer: 'spring-sale' } }],
	['fixed text saved at the top level', true, { sendOncePer: 'spring-sale' }],
	['an expression', false, { compliance: { sendOncePer: '={{ $json.orderId }}-shipped' } }],
	['an expression saved at the top level', false, { sendOncePer: '={{ $json.orderId }}' }],
	['empty', false, { compliance: { sendOncePer: '' } }],
	['not added', false, { compliance: {} }],
])('Send Once Per %s: warned %p', (_case, expected, parameters) => {
	expect(shown(parameters)).toBe(expected);
});
