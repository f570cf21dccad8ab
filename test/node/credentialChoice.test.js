// @ts-check
/**
 * Both credentials stay on the node whatever the Resource (see the comment where the node declares
 * them); an operation whose API's credential is not selected says which credential to pick.
 */
const { runNode } = require('../helpers/runNode');
const { v2Api, v2Credentials, v3Credentials, recordUnmatched } = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

test('an RCS send with only the v2 credential asks for the "Tatango V3 API" one and sends nothing', async () => {
	const { error, items } = await runNode({
		parameters: {
			resource: 'rcs',
			operation: 'sendRichCard',
			phoneNumber: '+1 206 555 1111',
			title: 'Summer sale',
			text: '20% off',
			smsFailover: 'Summer sale: 20% off',
		},
		credentials: { tatangoApi: v2Credentials() },
	});
	expect(items).toEqual([]);
	expect(error.message).toBe(
		'This operation uses a "Tatango V3 API" credential (v3 API key) and none is selected',
	);
	expect(error.description).toContain('"Credential for Tatango V3 API"');
	expect(unmatched).toEqual([]);
});

test('a subscriber operation with only the v3 credential asks for the "Tatango API" one', async () => {
	const { error } = await runNode({
		parameters: {
			resource: 'subscriber',
			operation: 'add',
			listId: { __rl: true, mode: 'id', value: '101' },
			phoneNumber: '+1 206 555 1111',
		},
		credentials: { tatangoV3Api: v3Credentials() },
	});
	expect(error.message).toBe(
		'This operation uses a "Tatango API" credential (login e-mail and API key) and none is selected',
	);
	expect(unmatched).toEqual([]);
});

test('with both credentials selected, a v2 operation uses only the v2 one', async () => {
	const api = v2Api()
		.post('/api/v2/lists/101/subscribers')
		.reply(201, { status: 'Subscriber added', subscriber: { phone_number: '2065551111' } });
	const { items, credentialTypesRequested } = await runNode({
		parameters: {
			resource: 'subscriber',
			operation: 'add',
			listId: { __rl: true, mode: 'id', value: '101' },
			phoneNumber: '+1 206 555 1111',
		},
		credentials: { tatangoApi: v2Credentials(), tatangoV3Api: v3Credentials() },
	});
	expect(items).toHaveLength(1);
	expect(credentialTypesRequested).toEqual(['tatangoApi']);
	expect(api.isDone()).toBe(true);
});
