// @ts-check
const { runNode } = require('../helpers/runNode');
const {
	v2Api,
	v2Credentials,
	recordUnmatched,
	networkError,
	expectNoSecrets,
} = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

const LIST = { __rl: true, mode: 'id', value: '101' };

/** Add-subscriber parameters whose phone comes from each item, as in a real import workflow. */
const addFromItems = {
	resource: 'subscriber',
	operation: 'add',
	listId: LIST,
	phoneNumber: '={{ $json.phone }}',
};

const added = (/** @type {string} */ phone) => ({
	status: 'Subscriber added',
	subscriber: { phone_number: phone },
});

describe('invalid input', () => {
	test('names the field and the item, and nothing is sent', async () => {
		const api = v2Api().post('/api/v2/lists/101/subscribers').reply(201, added('2065551111'));

		const { items, error, run } = await runNode({
			parameters: addFromItems,
			items: [{ phone: '+44 20 7946 0958' }],
			credentials: { tatangoApi: v2Credentials() },
		});

		expect(items).toEqual([]);
		expect(run.status).toBe('error');
		expect(error.name).toBe('NodeOperationError');
		expect(error.message).toBe(
			'Invalid Phone Number: "+44 20 7946 0958" is not a US or Canadian number: Tatango texts only numbers with country code +1',
		);
		expect(error.description).toBe(
			'Item 0: fix "Phone Number" and run again. Nothing was sent to Tatango.',
		);
		expect(error.context.itemIndex).toBe(0);
		expect(api.isDone()).toBe(false); // the interceptor that would have matched was never used
		expect(unmatched).toEqual([]); // and no other request went out
	});

	test('a Caribbean +1 number is refused by name of its country', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'unsubscribe',
				listId: LIST,
				phoneNumber: '(876) 555-0199',
			},
			credentials: { tatangoApi: v2Credentials() },
		});

		expect(error.message).toBe(
			'Invalid Phone Number: "(876) 555-0199" is a number in Jamaica; Tatango texts only US and Canadian numbers',
		);
		expect(unmatched).toEqual([]);
	});
});

describe('per-item errors', () => {
	const threeItems = [
		{ phone: '206-555-1111' },
		{ phone: '555-0100' },
		{ phone: '(425) 555-0123' },
	];

	test('Continue On Fail: the invalid item 1 becomes an error item, items 0 and 2 are sent; all paired', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '2065551111' } })
			.reply(201, added('2065551111'))
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '4255550123' } })
			.reply(201, added('4255550123'));

		const { items, error, run } = await runNode({
			parameters: addFromItems,
			items: threeItems,
			credentials: { tatangoApi: v2Credentials() },
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		expect(run.status).toBe('success');
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toHaveLength(3);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[0].json).toMatchObject({
			outcome: 'added',
			subscriber: { phone_number: '2065551111' },
		});
		// The hint is in the item's json, where a downstream node (or a person reading the output)
		// sees it.
		expect(items[1].json.error).toBe(
			'Invalid Phone Number: "555-0100" has 7 digits; a US or Canadian number has 10 digits after the optional country code 1 (e.g. 206-555-1111 or +1 (206) 555-1111)',
		);
		expect(items[1].json.details).toBe(
			'Item 1: fix "Phone Number" and run again. Nothing was sent to Tatango.',
		);
		expect(items[2].json).toMatchObject({
			outcome: 'added',
			subscriber: { phone_number: '4255550123' },
		});
	});

	test('Continue On Fail: an API error (422 landline) on item 1 is its output; the others go on', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '2065551111' } })
			.reply(201, added('2065551111'))
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '2065550100' } })
			.reply(422, { status: 'error', error: 'Bad phone number: landline or unreachable carrier' })
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '4255550123' } })
			.reply(201, added('4255550123'));

		const { items, error, run } = await runNode({
			parameters: addFromItems,
			items: [{ phone: '206-555-1111' }, { phone: '206-555-0100' }, { phone: '(425) 555-0123' }],
			credentials: { tatangoApi: v2Credentials() },
			continueOnFail: true,
		});

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(items[1].json.error).toBe('Bad phone number: landline or unreachable carrier (422)');
		expect(items[1].json.details).toMatch(/mobile numbers only/);
		expect(items[2].json.outcome).toBe('added');
		expectNoSecrets(run);
	});

	test('Continue (using error output): the failed item goes to the error output, paired; the rest to the main one', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '2065551111' } })
			.reply(201, added('2065551111'))
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '4255550123' } })
			.reply(201, added('4255550123'));

		const { outputs, error } = await runNode({
			parameters: addFromItems,
			items: threeItems,
			credentials: { tatangoApi: v2Credentials() },
			onError: 'continueErrorOutput',
		});

		expect(error).toBeUndefined();
		api.done();
		expect(outputs).toHaveLength(2);
		const [success, failed] = outputs;
		expect(success.map((item) => [item.pairedItem, item.json.outcome])).toEqual([
			[{ item: 0 }, 'added'],
			[{ item: 2 }, 'added'],
		]);
		expect(failed).toHaveLength(1);
		expect(failed[0].pairedItem).toEqual({ item: 1 });
		expect(failed[0].json.error).toMatch(/^Invalid Phone Number: "555-0100"/);
	});

	test('without Continue On Fail the run stops at item 1 with its index; item 2 is never sent', async () => {
		const first = v2Api()
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '2065551111' } })
			.reply(201, added('2065551111'));
		const third = v2Api()
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '4255550123' } })
			.reply(201, added('4255550123'));

		const { items, error, run } = await runNode({
			parameters: addFromItems,
			items: threeItems,
			credentials: { tatangoApi: v2Credentials() },
		});

		first.done();
		expect(third.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
		expect(run.status).toBe('error');
		expect(items).toEqual([]);
		expect(error.message).toMatch(/^Invalid Phone Number: "555-0100" has 7 digits/);
		expect(error.description).toBe(
			'Item 1: fix "Phone Number" and run again. Nothing was sent to Tatango.',
		);
		expect(error.context.itemIndex).toBe(1);
	});
});

describe('authentication failures', () => {
	const getReport = () =>
		runNode({
			parameters: { resource: 'momtReport', operation: 'get', reportId: '1' },
			credentials: { tatangoApi: v2Credentials() },
		});

	test('401: names both credential fields; not retried; no secret in the error or the run', async () => {
		const api = v2Api()
			.get('/api/v2/momt_reports/1')
			.reply(401, { status: 'error', error: 'API key authorization failure' });

		const { error, run } = await getReport();

		api.done();
		expect(unmatched).toEqual([]);
		expect(error.message).toBe(
			"Tatango rejected the login e-mail or API key of the 'Tatango API' credential (401)",
		);
		expect(error.description).toMatch(
			/^Tatango said: API key authorization failure\. Check both fields/,
		);
		expect(error.httpCode).toBe('401');
		expectNoSecrets(error);
		expectNoSecrets(run);
	});

	test('403 disabled key: says the key is not allowed and how to fix it', async () => {
		const api = v2Api()
			.get('/api/v2/momt_reports/1')
			.reply(403, { status: 'error', error: 'This API key is disabled' });

		const { error, run } = await getReport();

		api.done();
		expect(error.message).toBe(
			"The API key of the 'Tatango API' credential is not allowed: This API key is disabled (403)",
		);
		expect(error.description).toMatch(/re-enabled or replaced/);
		expectNoSecrets(run);
	});

	test('403 from the firewall (HTML) is not blamed on the credential', async () => {
		const api = v2Api()
			.get('/api/v2/momt_reports/1')
			.reply(403, '<!DOCTYPE html><html><body>Request blocked</body></html>', {
				'Content-Type': 'text/html',
			});

		const { error } = await getReport();

		api.done();
		expect(error.message).toBe("Tatango's firewall blocked this request (403)");
	});
});

describe('network failures', () => {
	test('the request n8n wraps (with its Authorization) never reaches the error', async () => {
		const api = v2Api().get('/api/v2/momt_reports/1').replyWithError(networkError('ENOTFOUND'));

		const { error, run } = await runNode({
			parameters: { resource: 'momtReport', operation: 'get', reportId: '1' },
			credentials: { tatangoApi: v2Credentials() },
		});

		api.done();
		expect(unmatched).toEqual([]); // a DNS failure is final: not retried
		expect(error.name).toBe('NodeApiError');
		expect(error.description).toBe(
			'Check the Base URL of the credential and the network between n8n and Tatango.',
		);
		expectNoSecrets(error);
		expectNoSecrets(run);
	});

	// n8n's NodeApiError replaces a message naming a known code with its stock text; the transport
	// puts its own back (transport/errors.ts, apiErrorFromNetwork).
	test("a network failure keeps the node's own message", async () => {
		v2Api().get('/api/v2/momt_reports/1').replyWithError(networkError('ENOTFOUND'));

		const { error } = await runNode({
			parameters: { resource: 'momtReport', operation: 'get', reportId: '1' },
			credentials: { tatangoApi: v2Credentials() },
		});

		expect(error.message).toMatch(/^Could not reach Tatango: the connection failed \(ENOTFOUND\)/);
	});
});
