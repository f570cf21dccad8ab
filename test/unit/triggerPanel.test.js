// @ts-check
/**
 * What the Tatango Trigger's panel shows, per version and Source, read the way n8n reads the
 * description: its own displayOptions rules (n8n-workflow) and the editor's rule for a node's
 * authentication field (written out below, from n8n's editor code).
 */
const { NodeHelpers } = require('n8n-workflow');
const { TatangoTrigger } = require('../../nodes/TatangoTrigger/TatangoTrigger.node');
const { Tatango } = require('../../nodes/Tatango/Tatango.node');
const { LIST_EVENTS } = require('../../nodes/TatangoTrigger/listWebhook');

const trigger = new TatangoTrigger().description;

/**
 * The field n8n's editor (1.x and 2.x, `getMainAuthField` in editor-ui's nodeTypesUtils) takes as
 * the node's authentication field and hides from the panel: a field named `authentication`
 * without a "none" option, else an options field that the credentials' displayOptions name and
 * whose every value some credential's displayOptions list.
 * @param {import('n8n-workflow').INodeTypeDescription} description
 */
function editorAuthField(description) {
	/** @type {Record<string, string[]>} */
	const named = {};
	for (const credential of description.credentials ?? []) {
		for (const [field, values] of Object.entries(credential.displayOptions?.show ?? {})) {
			named[field] = [...(named[field] ?? []), ...(values ?? []).map(String)];
		}
	}
	const fields = description.properties.filter((p) => p.name in named);
	const authentication = fields.find(
		(p) =>
			p.name === 'authentication' &&
			!(p.options ?? []).some((o) => 'value' in o && o.value === 'none'),
	);
	if (authentication) return authentication.name;
	const alternative = fields.find(
		(p) =>
			p.type === 'options' &&
			(p.options ?? []).every((o) => !('value' in o) || named[p.name].includes(String(o.value))),
	);
	return alternative?.name;
}

/** The labels and values the panel shows for a saved trigger's parameters at a version. */
function panel(/** @type {number} */ typeVersion, /** @type {Record<string, any>} */ saved) {
	const node = { typeVersion };
	const values = /** @type {Record<string, any>} */ (
		NodeHelpers.getNodeParameters(trigger.properties, saved, true, false, node, trigger)
	);
	const shown = trigger.properties.filter((p) =>
		NodeHelpers.displayParameter(values, p, node, trigger),
	);
	const credentials = (trigger.credentials ?? [])
		.filter((c) => NodeHelpers.displayParameter(values, c, node, trigger))
		.map((c) => c.name);
	const events = shown.find((p) => p.displayName === 'Events');
	return {
		values,
		names: shown.map((p) => p.name),
		credentials,
		eventChoices: /** @type {any[]} */ (events?.options ?? []).map((o) => o.value),
		eventsName: events?.name,
	};
}

test("n8n's editor takes no field of either node for an authentication field, so none is hidden", () => {
	// Before: the v2 credential showed for both sources, so Source was taken and hidden.
	expect(editorAuthField(trigger)).toBeUndefined();
	expect(editorAuthField(new Tatango().description)).toBeUndefined();
});

test('the rule above does find the field a credential per value picks (it can fail)', () => {
	const hidden = {
		...trigger,
		credentials: [
			{ name: 'tatangoV3Api', displayOptions: { show: { source: ['sends'] } } },
			{ name: 'tatangoApi', displayOptions: { show: { source: ['list', 'sends'] } } },
		],
	};
	expect(editorAuthField(hidden)).toBe('source');
});

describe.each([1, 1.1, 2])('trigger version %p', (version) => {
	test('Source is shown and each Source shows its own credential, fields and events', () => {
		const list = panel(version, { source: 'list' });
		expect(list.names).toEqual(expect.arrayContaining(['source', 'listId', 'listEvents']));
		expect(list.names).not.toContain('events');
		// The compliance ledger is offered whatever the Source: any reply may revoke consent.
		expect(list.credentials).toEqual(['tatangoApi', 'tatangoComplianceLedgerApi']);
		expect(list.eventsName).toBe('listEvents');
		expect(list.eventChoices.filter((e) => e !== 'consent_revoked').sort()).toEqual(
			[...LIST_EVENTS].sort(),
		);
		expect(list.values.listEvents).toEqual(['subscribe', 'unsubscribe']);

		const sends = panel(version, { source: 'sends' });
		expect(sends.names).toEqual(expect.arrayContaining(['source', 'events', 'secretToken']));
		expect(sends.names).not.toContain('listId');
		expect(sends.credentials).toEqual(['tatangoV3Api', 'tatangoApi', 'tatangoComplianceLedgerApi']);
		expect(sends.eventsName).toBe('events');
	});
});

test('a saved trigger of 1 or 1.1 (no Source stored) stays on sends with every event selected', () => {
	for (const version of [1, 1.1]) {
		const saved = panel(version, {});
		expect(saved.values.source).toBe('sends');
		expect(saved.values.events).toHaveLength(9);
		expect(saved.values.events).toEqual(expect.arrayContaining([...LIST_EVENTS]));
	}
});

test('a new trigger (2) starts on a list; on sends it offers and preselects only what sends report', () => {
	expect(panel(2, {}).values.source).toBe('list');
	const sends = panel(2, { source: 'sends' });
	for (const event of LIST_EVENTS) {
		expect(sends.eventChoices).not.toContain(event);
		expect(sends.values.events).not.toContain(event);
	}
	expect(sends.values.events).toEqual([
		'delivery_status',
		'invalid_phone',
		'reply_received',
		'transactional_message_reply',
	]);
	// Stored values load as stored.
	expect(panel(2, { source: 'sends', events: ['reply_received'] }).values.events).toEqual([
		'reply_received',
	]);
});

test("the nodes panel's trigger events are the list's, and picking one makes a list trigger", () => {
	// n8n lists the options of the first field titled Events and sets, with the event, the first
	// value of each of that field's display conditions.
	const first = trigger.properties.find((p) =>
		['event', 'events', 'trigger on'].includes(p.displayName.toLowerCase()),
	);
	expect(first?.name).toBe('listEvents');
	expect(first?.displayOptions?.show?.source?.[0]).toBe('list');
});
