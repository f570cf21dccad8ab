// @ts-check
// Subscriber → Add against the sandbox, which models Tatango's observed live opt-in rules (public
// docs §1.4): the node's `outcome` says what really happened, whatever the status text claims.
const axios = require('axios').default;
const { useSandbox, v2Credentials } = require('./sandboxHarness');
const { runNode } = require('../helpers/runNode');

const { sandbox, control } = useSandbox();

/** @param {string} phoneNumber @param {Record<string, unknown>} [extra] */
const add = (phoneNumber, extra = {}) =>
	runNode({
		parameters: {
			resource: 'subscriber',
			operation: 'add',
			listId: { __rl: true, mode: 'id', value: '101' },
			phoneNumber,
			...extra,
		},
		credentials: { tatangoApi: v2Credentials(sandbox().url) },
	});

test('single opt-in list, no bypass: "pending_confirmation" until the number replies YES', async () => {
	const { items, error } = await add('2065553301');

	expect(error).toBeUndefined();
	expect(items[0].json).toMatchObject({
		outcome: 'pending_confirmation',
		subscriber: { optin_in_progress: true },
	});
});

test('bypass on: "added"', async () => {
	const { items } = await add('2065553302', { bypassOptInProcess: true });
	expect(items[0].json.outcome).toBe('added');
});

test('re-add inside the 48 h security timeout (HTTP 201): "refused_resubscribe_timeout", not added', async () => {
	const phone = '2065553303';
	await add(phone, { bypassOptInProcess: true });
	await axios.delete(`${sandbox().url}/api/v2/lists/101/subscribers/${phone}`, {
		auth: { username: 'sandbox@example.com', password: 'sandbox-v2-key' },
	});

	const { items, error } = await add(phone, { bypassOptInProcess: true });

	expect(error).toBeUndefined();
	expect(items[0].json.outcome).toBe('refused_resubscribe_timeout');
	const adds = await control.requestsTo('POST', '/api/v2/lists/101/subscribers');
	expect(adds.map((r) => r.statusCode)).toEqual([201, 201]);
});
