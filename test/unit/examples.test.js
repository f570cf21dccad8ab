// @ts-check
/**
 * The example workflows as a builder opens them: each starts with one click ("Execute workflow"
 * runs a webhook- or trigger-started example on its pinned sample), and their names tell them apart.
 */
const fs = require('fs');
const path = require('path');
const { classifyEvent } = require('../../nodes/TatangoTrigger/events');
const { toOutputJson } = require('../../nodes/TatangoTrigger/output');

const DIR = path.join(__dirname, '..', '..', 'examples');
const examples = fs
	.readdirSync(DIR)
	.filter((f) => f.endsWith('.json'))
	.map((file) => ({ file, workflow: JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) }));

/** Start nodes that wait for a call: without pinned data, "Execute workflow" waits for one. */
const WAITS_FOR_A_CALL = [
	'n8n-nodes-base.webhook',
	'n8n-nodes-base.formTrigger',
	'n8n-nodes-tatango.tatangoTrigger',
];

test.each(examples.map((e) => [e.file, e]))(
	'%s: every start node that waits for a call has sample data pinned',
	(_file, { workflow }) => {
		for (const node of workflow.nodes.filter((/** @type {any} */ n) =>
			WAITS_FOR_A_CALL.includes(n.type),
		)) {
			expect({ node: node.name, items: workflow.pinData?.[node.name]?.length ?? 0 }).toEqual({
				node: node.name,
				items: 1,
			});
		}
	},
);

test('a pinned Tatango Trigger item is what the trigger makes of its payload today', () => {
	let checked = 0;
	for (const { workflow } of examples) {
		for (const node of workflow.nodes) {
			if (node.type !== 'n8n-nodes-tatango.tatangoTrigger') continue;
			const [{ json }] = workflow.pinData[node.name];
			const expected = toOutputJson(
				classifyEvent(json.payload),
				json.payload,
				new Date(json.receivedAt),
			);
			expect(json).toEqual(JSON.parse(JSON.stringify(expected)));
			// The sample is one the trigger's own selection lets through.
			const wanted =
				node.parameters.source === 'list' ? node.parameters.listEvents : node.parameters.events;
			if (wanted) expect(wanted).toContain(json.event);
			checked++;
		}
	}
	expect(checked).toBeGreaterThanOrEqual(4);
});

test('example names tell the examples apart (no two share a two-word phrase)', () => {
	const phrases = (/** @type {string} */ name) => {
		const words =
			name
				.toLowerCase()
				.replace(/^tatango: /, '')
				.match(/[a-z0-9]+/g)
				?.filter((w) => w.length > 2) ?? [];
		return new Set(words.slice(1).map((w, i) => `${words[i]} ${w}`));
	};
	const names = examples.map((e) => e.workflow.name);
	for (const [i, a] of names.entries()) {
		for (const b of names.slice(i + 1)) {
			const inB = phrases(b);
			expect({ a, b, shared: [...phrases(a)].filter((p) => inB.has(p)) }).toEqual({
				a,
				b,
				shared: [],
			});
		}
	}
});
