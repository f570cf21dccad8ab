// @ts-check
/** What a builder reads in the editor, checked on the node's own description. */
const { Tatango } = require('../../nodes/Tatango/Tatango.node');
const { TatangoTrigger } = require('../../nodes/TatangoTrigger/TatangoTrigger.node');

const description = new Tatango().description;

/** Every resource/operation pair, read off the description (new operations are included). */
function operationPairs() {
	const resource = description.properties.find((p) => p.name === 'resource');
	return /** @type {any[]} */ (resource?.options ?? []).flatMap((r) =>
		description.properties
			.filter((p) => p.name === 'operation' && p.displayOptions?.show?.resource?.includes(r.value))
			.flatMap((p) => /** @type {any[]} */ (p.options).map((o) => ({ resource: r.value, op: o }))),
	);
}

test("the canvas subtitle is the operation's action text for every operation", () => {
	const subtitle = String(description.subtitle);
	const words = JSON.parse(/** @type {string} */ (subtitle.match(/\{\{ (\{.*\})\[/)?.[1]));
	const pairs = operationPairs();
	expect(pairs.length).toBeGreaterThan(0);
	for (const { resource, op } of pairs) {
		expect(words[`${resource}:${op.value}`]).toBe(op.action);
		expect(op.action).toMatch(/^[A-Z][a-z]/); // words, not an internal value like "send"
	}
});

test('the three credentials stay on the node whatever the Resource, labelled by type; none required', () => {
	expect(description.credentials).toEqual([
		{ name: 'tatangoApi', required: false, displayName: 'Credential for Tatango API' },
		{ name: 'tatangoV3Api', required: false, displayName: 'Credential for Tatango V3 API' },
		{
			name: 'tatangoComplianceLedgerApi',
			required: false,
			displayName: 'Credential for Tatango Compliance Ledger API',
		},
	]);
});

test('MMS Attachment ID starts empty, not at a real-looking 0', () => {
	const field = description.properties.find((p) => p.name === 'attachmentId');
	expect(field?.default).toBe('');
});

test('a double opt-in request lists its fields in the order a person writes it', () => {
	const requests = /** @type {any} */ (
		description.properties.find((p) => p.name === 'optInRequests')
	);
	const fields = requests.options[0].values;
	expect(fields.map((/** @type {any} */ f) => f.displayName)).toEqual([
		'Collected Data',
		'Request Message',
		'Retry Message',
		'Follow Up',
		'Follow-Up Hour',
		'No-Response Message',
		'Success Action',
		'Opt-In Message',
		'Second Opt-In Message',
	]);
	for (const name of ['followUpHour', 'noResponseMessage']) {
		const field = fields.find((/** @type {any} */ f) => f.name === name);
		expect(field.displayOptions).toEqual({ show: { followUp: [true] } });
	}
	for (const field of fields.filter((/** @type {any} */ f) => f.type === 'string')) {
		expect(field.typeOptions).toEqual({ rows: 2 });
	}
});

test('trigger events read as builder words, in the node creator too', () => {
	const events = /** @type {any} */ (
		new TatangoTrigger().description.properties.find((p) => p.name === 'events')
	);
	for (const option of events.options) {
		expect(option.name).not.toMatch(/\bv[23]\b/i);
		expect(option.action).toMatch(/^On [a-z]/);
		expect(option.action).not.toMatch(/\bv[23]\b/i);
	}
});
