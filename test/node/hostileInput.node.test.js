// @ts-check
// Through n8n: input from expressions that the validation module refuses before any request goes
// out (nock fails the test on any request), and a keyword Tatango refuses, whose hint must not say
// nothing was sent (issue 10, cases 6, 9, 11).
const { runNode } = require('../helpers/runNode');
const { v2Api, v2Credentials, recordUnmatched } = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

describe('refused before any request', () => {
	test('Content from an expression that yields an object: refused naming the field, nothing texted', async () => {
		const { items, error } = await runNode({
			parameters: {
				resource: 'transactionalMessage',
				operation: 'send',
				phoneNumber: '2065551234',
				content: '={{ $json.order }}',
			},
			items: [{ order: { id: 42 } }],
			credentials: { tatangoApi: v2Credentials() },
		});

		expect(items).toEqual([]);
		expect(error.message).toBe('Invalid Content: must be text or a number; it received an object');
		expect(unmatched).toEqual([]);
	});

	test('a Custom Field value from an expression that yields an object: refused naming the key', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'add',
				listId: { __rl: true, mode: 'id', value: '101' },
				phoneNumber: '2065551234',
				additionalFields: {
					customFields: { field: [{ key: 'favorite_store', value: '={{ $json.store }}' }] },
				},
			},
			items: [{ store: { id: 7, city: 'Seattle' } }],
			credentials: { tatangoApi: v2Credentials() },
		});

		expect(error.message).toBe(
			'Invalid Custom Fields (favorite_store): must be text or a number; it received an object',
		);
		expect(unmatched).toEqual([]);
	});

	test('Custom Field key __proto__: refused, not dropped', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'add',
				listId: { __rl: true, mode: 'id', value: '101' },
				phoneNumber: '2065551234',
				additionalFields: { customFields: { field: [{ key: '__proto__', value: 'x' }] } },
			},
			credentials: { tatangoApi: v2Credentials() },
		});

		expect(error.message).toBe(
			'Invalid Custom Fields: key "__proto__" is not a key a field can have',
		);
		expect(unmatched).toEqual([]);
	});
});

test('a keyword Tatango refuses: the hint says it was checked and nothing was texted, not "Nothing was sent"', async () => {
	const api = v2Api()
		.post('/api/v2/shortcodes/33733/test_keyword', { keyword_name: 'FREE' })
		.reply(422, { status: 'error', error: 'Keyword name is not allowed' });

	const { error } = await runNode({
		parameters: {
			resource: 'keyword',
			operation: 'checkAvailability',
			shortcodeId: { __rl: true, mode: 'id', value: '33733' },
			keyword: 'free',
		},
		credentials: { tatangoApi: v2Credentials() },
	});

	api.done();
	expect(error.message).toBe(
		'Invalid Keyword: "FREE" was refused by Tatango: Keyword name is not allowed',
	);
	expect(error.description).toBe(
		'Tatango checked the keyword and refused it (a check only: nothing was texted). Choose another keyword.',
	);
	expect(error.description).not.toMatch(/Nothing was sent to Tatango/);
});

describe('yes/no fields from expressions', () => {
	const addWithBypass = (/** @type {string} */ bypass) =>
		runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'add',
				listId: { __rl: true, mode: 'id', value: '101' },
				phoneNumber: '2065551234',
				bypassOptInProcess: '={{ $json.bypass }}',
			},
			items: [{ bypass }],
			credentials: { tatangoApi: v2Credentials() },
		});

	test('Bypass Opt-In Process given the text "false": the number gets its opt-in (JavaScript reads "false" as true)', async () => {
		const api = v2Api()
			.post('/api/v2/lists/101/subscribers', { subscriber: { phone_number: '2065551234' } })
			.reply(200, { status: 'Subscriber added, opt-in message sent' });

		const { error } = await addWithBypass('false');

		api.done();
		expect(error).toBeUndefined();
		expect(unmatched).toEqual([]);
	});

	test('Output Not Found given the text "false": a missing number is an error, not { found: false }', async () => {
		const api = v2Api()
			.get('/api/v2/lists/101/subscribers/2065551234')
			.reply(404, { status: 'error', error: 'Subscriber not found' });

		const { items, error } = await runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'get',
				listId: { __rl: true, mode: 'id', value: '101' },
				phoneNumber: '2065551234',
				options: { outputNotFound: '={{ $json.flag }}' },
			},
			items: [{ flag: 'false' }],
			credentials: { tatangoApi: v2Credentials() },
		});

		api.done();
		expect(items).toEqual([]);
		expect(error.message).toMatch(/is not on list 101/);
	});

	test('Send as MMS given the text "false": an SMS goes out, not an MMS', async () => {
		const api = v2Api()
			.post('/api/v2/transactional_messages', {
				transactional_message: { number: '2065551234', content: 'Your order shipped' },
			})
			.reply(200, {
				status: 'Message successfully sent.',
				transactional_message: { id: 7, number: '2065551234', status: 'pending' },
			});

		const { error } = await runNode({
			parameters: {
				resource: 'transactionalMessage',
				operation: 'send',
				phoneNumber: '2065551234',
				content: 'Your order shipped',
				isMms: '={{ $json.mms }}',
				// n8n shows (and requires) the MMS fields while Send as MMS is an expression.
				subject: 'Shipped',
				fallbackContent: 'Your order shipped',
				attachmentId: '42',
			},
			items: [{ mms: 'false' }],
			credentials: { tatangoApi: v2Credentials() },
		});

		api.done();
		expect(error).toBeUndefined();
	});

	test('Simplify given the text "false": the whole record is output', async () => {
		const record = { id: 101, name: 'Newsletter', first_optin_message: 'Thanks for joining' };
		const api = v2Api().get('/api/v2/lists/101').reply(200, { list: record });

		const { items, error } = await runNode({
			parameters: {
				resource: 'list',
				operation: 'get',
				listId: { __rl: true, mode: 'id', value: '101' },
				simple: '={{ $json.simple }}',
			},
			items: [{ simple: 'false' }],
			credentials: { tatangoApi: v2Credentials() },
		});

		api.done();
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject(record);
	});

	test('Bypass Opt-In Process given anything but true/false: refused before any request', async () => {
		const { error } = await addWithBypass('no thanks');

		expect(error.message).toBe(
			'Invalid Bypass Opt-In Process: must be true or false; it received "no thanks"',
		);
		expect(unmatched).toEqual([]);
	});
});

describe("the credential's Base URL", () => {
	test.each([
		['http://api.tatango-proxy.com', /must use https for api\.tatango-proxy\.com/],
		['http://203.0.113.7:8080', /must use https for 203\.0\.113\.7/],
		['https://ops:hunter2@app.tatango.com', /must not contain a user name or password/],
		['https://app.tatango.com/?via=proxy', /must not have a query \(\?\) or fragment/],
		['https://app.tatango.com/#x', /must not have a query \(\?\) or fragment/],
		['https://app.tat ango.com', /contains a space/],
		['https:/app.tatango.com', /is not an http\(s\) URL written whole/],
		['ftp://app.tatango.com', /is not an http\(s\) URL written whole/],
	])('%s: refused before any request, without echoing a password', async (baseUrl, rule) => {
		const { error } = await runNode({
			parameters: {
				resource: 'list',
				operation: 'get',
				listId: { __rl: true, mode: 'id', value: '101' },
			},
			credentials: { tatangoApi: { ...v2Credentials(), baseUrl } },
		});

		expect(error.message).toMatch(/^The Base URL of the 'Tatango API' credential /);
		expect(error.message).toMatch(rule);
		expect(error.message).not.toContain('hunter2');
		expect(unmatched).toEqual([]);
	});

	test.each([
		['http://127.0.0.1:8787'],
		['http://localhost:8787'],
		['http://sandbox:8787'],
		['http://192.168.1.20:8787'],
		['http://tatango-model.test:8080'],
		['http://api.tatango.internal'],
		['https://gateway.example/tatango'],
	])(
		'%s (this machine, a private network, a name never public, a path prefix) is used',
		async (baseUrl) => {
			const api = require('nock')(baseUrl)
				.get(/\/api\/v2\/lists\/101$/)
				.reply(200, { list: { id: 101 } });

			const { error } = await runNode({
				parameters: {
					resource: 'list',
					operation: 'get',
					listId: { __rl: true, mode: 'id', value: '101' },
				},
				credentials: { tatangoApi: { ...v2Credentials(), baseUrl } },
			});

			expect(error).toBeUndefined();
			api.done();
		},
	);
});

describe('Custom Field keys JavaScript or n8n treat specially', () => {
	/** @param {string} key */
	const addWithField = (key) =>
		runNode({
			parameters: {
				resource: 'subscriber',
				operation: 'add',
				listId: { __rl: true, mode: 'id', value: '101' },
				phoneNumber: '2065551234',
				additionalFields: { customFields: { field: [{ key, value: 'a' }] } },
			},
			credentials: { tatangoApi: v2Credentials() },
		});

	test.each([['constructor'], ['prototype']])(
		'%s: refused before any request (n8n leaves it out of the body it sends: it was lost silently)',
		async (key) => {
			const { error } = await addWithField(key);

			expect(error.message).toBe(
				`Invalid Custom Fields: key "${key}" is not a key a field can have`,
			);
			expect(unmatched).toEqual([]);
		},
	);

	test.each([['tostring'], ['hasownproperty'], ['valueof']])('%s: sent as a field', async (key) => {
		/** @type {any} */
		let sent;
		const api = v2Api()
			.post('/api/v2/lists/101/subscribers', (body) => {
				sent = body;
				return true;
			})
			.reply(201, { status: 'Subscriber added', subscriber: {} });

		const { error } = await addWithField(key);

		expect(error).toBeUndefined();
		api.done();
		expect(JSON.stringify(sent)).toBe(`{"subscriber":{"phone_number":"2065551234","${key}":"a"}}`);
	});
});
