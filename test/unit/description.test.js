// @ts-check
/** What a builder reads in the editor, checked on the node's own description. */
const { Tatango } = require('../../nodes/Tatango/Tatango.node');
const { TatangoTrigger } = require('../../nodes/TatangoTrigger/TatangoTrigger.node');

const { credentialsShown } = require('../ui/nodeDescription');

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

/** The credential pickers n8n shows for a node with these parameters (defaults filled as n8n does). */
function shownPickers(/** @type {Record<string, any>} */ parameters) {
	return credentialsShown(description, parameters).map((credential) => credential.name);
}

test('each credential picker shows only where its credential is read; the v3 one first', () => {
	const [v2, v3, ledger] = ['tatangoApi', 'tatangoV3Api', 'tatangoComplianceLedgerApi'];
	/** @type {Array<[string, string, string[]]>} */
	const cases = [
		['subscriber', 'get', [v2]],
		['list', 'getMany', [v2]],
		['keyword', 'checkAvailability', [v2]],
		['transactionalMessage', 'send', [v2, ledger]],
		['phoneNumber', 'checkSendWindow', []],
		['complianceLedger', 'getNumberHistory', [ledger]],
		['whatsApp', 'uploadTemplate', [v3]],
		// A v3 send reads the v2 API for Skip Opted-Out Numbers and records to the ledger when one is
		// chosen: n8n cannot hide a picker on a value inside a collection and the resource together.
		['sms', 'send', [v3, v2, ledger]],
		['mms', 'send', [v3, v2, ledger]],
		['rcs', 'sendText', [v3, v2, ledger]],
		['whatsApp', 'sendTemplate', [v3, v2, ledger]],
	];
	for (const [resource, operation, expected] of cases) {
		expect({ resource, operation, shown: shownPickers({ resource, operation }) }).toEqual({
			resource,
			operation,
			shown: expected,
		});
	}
	// Required (marked while empty) only where every operation reads it.
	expect(
		Object.fromEntries((description.credentials ?? []).map((c) => [c.name, c.required])),
	).toEqual({ [v3]: true, [v2]: false, [ledger]: false });
});

test('every resource says which Tatango API it calls, so its pickers follow', () => {
	const { API_OF_RESOURCE } = require('../../nodes/Tatango/actions/credentialUse');
	const resource = /** @type {any} */ (description.properties.find((p) => p.name === 'resource'));
	expect(resource.options.map((/** @type {any} */ o) => o.value).sort()).toEqual(
		Object.keys(API_OF_RESOURCE).sort(),
	);
});

test("no field becomes n8n's authentication field (which its editor hides from the panel)", () => {
	// n8n's editor takes a field named in a credential's `show` for the node's authentication field
	// and hides it: the node's credentials use `hide` only.
	for (const credential of description.credentials ?? []) {
		expect({ name: credential.name, show: credential.displayOptions?.show }).toEqual({
			name: credential.name,
			show: undefined,
		});
	}
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
