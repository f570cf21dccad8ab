// @ts-check
// The Tatango Trigger run through n8n-core's WebhookContext, one call at a time, with static data
// loaded and saved around each call as a production n8n does.
const fs = require('node:fs');
const path = require('node:path');
const { createTrigger, logLines, GOOD_TOKEN, V3_KEY } = require('./harness');
const { samples, TX } = require('./fixtures');

const ROOT = path.resolve(__dirname, '../..');
const authorized = { query: { token: GOOD_TOKEN } };

afterEach(() => {
	jest.restoreAllMocks();
});

describe('node description', () => {
	const { nodeType } = createTrigger();
	const description = nodeType.description;

	test('is a trigger with no inputs, one POST webhook, and not a tool', () => {
		expect(description.name).toBe('tatangoTrigger');
		expect(description.group).toEqual(['trigger']);
		expect(description.inputs).toEqual([]);
		expect(description).not.toHaveProperty('usableAsTool');
		expect(description.webhooks).toEqual([
			expect.objectContaining({ name: 'default', httpMethod: 'POST', responseMode: 'onReceived' }),
		]);
		expect(description.triggerPanel).toEqual(expect.objectContaining({ header: expect.stringContaining('Webhook URL') }));
	});

	test('is registered in package.json with its codex file and icons', () => {
		const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
		expect(pkg.n8n.nodes).toContain('dist/nodes/TatangoTrigger/TatangoTrigger.node.js');
		const codex = JSON.parse(
			fs.readFileSync(path.join(ROOT, 'nodes/TatangoTrigger/TatangoTrigger.node.json'), 'utf8'),
		);
		expect(codex.node).toBe(`${pkg.name}.${description.name}`);
		const icons = /** @type {{ light: string, dark: string }} */ (description.icon);
		for (const icon of [icons.light, icons.dark]) {
			// Paths are relative to dist/nodes/TatangoTrigger/, where gulp also copies icons/.
			const file = path.resolve(ROOT, 'nodes/TatangoTrigger', icon.replace(/^file:/, ''));
			expect(fs.existsSync(file)).toBe(true);
		}
	});

	test('asks for the v3 credential only when the API key check is on', () => {
		expect(description.credentials).toEqual([
			expect.objectContaining({ name: 'tatangoV3Api', displayOptions: { show: { requireApiKey: [true] } } }),
		]);
	});
});

describe('events: each documented event starts the workflow once, with normalized fields', () => {
	test.each([
		['delivery_status success', samples.deliverySuccess, { event: 'delivery_status', status: 'success', transactionId: TX, phoneNumber: '5551234567' }],
		['delivery_status soft bounce', samples.deliverySoftBounce, { event: 'delivery_status', status: 'soft bounce' }],
		['delivery_status hard bounce', samples.deliveryHardBounce, { event: 'delivery_status', status: 'hard bounce' }],
		['invalid_phone', samples.invalidPhone, { event: 'invalid_phone', reason: 'Phone is a landline', transactionId: TX }],
		['reply_received', samples.replyReceived, { event: 'reply_received', replyText: 'Thanks for your message!' }],
		['subscribe', samples.subscribe, { event: 'subscribe', optId: '555001', phoneNumber: '2065550123' }],
		['unsubscribe', samples.unsubscribe, { event: 'unsubscribe', optId: '555002' }],
		['message_sent', samples.messageSent, { event: 'message_sent', listId: '101' }],
		['campaign_response', samples.campaignResponse, { event: 'campaign_response', replyText: 'More please' }],
		['cleaned', samples.cleaned, { event: 'cleaned', reason: 'Deactivated number' }],
		['transactional_message_reply', samples.transactionalReply, { event: 'transactional_message_reply', transactionId: '589733' }],
	])('%s', async (_name, make, expected) => {
		const trigger = createTrigger();
		const before = Date.now();
		const answer = await trigger.post({ ...authorized, body: make() });
		expect(answer.status).toBe(200);
		expect(answer.body).toEqual({ received: true, started: true });
		expect(answer.started).toBe(true);
		expect(answer.items).toHaveLength(1);
		const [item] = answer.items;
		expect(item).toMatchObject({ ...expected, recognized: true });
		expect(item.payload).toEqual(make());
		expect(Date.parse(item.receivedAt)).toBeGreaterThanOrEqual(before - 1);
	});

	test('JSON posted as text/plain or without a content type is read too', async () => {
		const trigger = createTrigger();
		const text = JSON.stringify(samples.invalidPhone());
		const answer = await trigger.post({ ...authorized, body: text, rawBody: Buffer.from(text) });
		expect(answer.started).toBe(true);
		expect(answer.items[0].event).toBe('invalid_phone');
	});
});

describe('filters', () => {
	test('an event type left out of "Events" is answered 200 and starts nothing', async () => {
		const trigger = createTrigger({ parameters: { events: ['delivery_status'] } });
		const reply = await trigger.post({ ...authorized, body: samples.replyReceived() });
		expect(reply).toMatchObject({ status: 200, started: false, body: { reason: 'event type not selected' } });
		const delivery = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(delivery.started).toBe(true);
	});

	test('v2 events can be selected alone', async () => {
		const trigger = createTrigger({ parameters: { events: ['subscribe', 'unsubscribe'] } });
		expect((await trigger.post({ ...authorized, body: samples.subscribe() })).started).toBe(true);
		expect((await trigger.post({ ...authorized, body: samples.cleaned() })).started).toBe(false);
		expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(false);
	});

	test('only the selected delivery statuses start the workflow', async () => {
		const trigger = createTrigger({ parameters: { deliveryStatuses: ['soft bounce', 'hard bounce'] } });
		const success = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(success).toMatchObject({ status: 200, started: false, body: { reason: 'status not selected' } });
		expect((await trigger.post({ ...authorized, body: samples.deliverySoftBounce() })).started).toBe(true);
		expect((await trigger.post({ ...authorized, body: samples.deliveryHardBounce() })).started).toBe(true);
		// The status filter is about delivery events only.
		expect((await trigger.post({ ...authorized, body: samples.invalidPhone() })).started).toBe(true);
	});

	test('a status spelled differently still matches its option', async () => {
		const trigger = createTrigger({ parameters: { deliveryStatuses: ['hard bounce'] } });
		const body = samples.deliveryHardBounce();
		body.body.status = 'Hard_Bounce';
		const answer = await trigger.post({ ...authorized, body });
		expect(answer.started).toBe(true);
		expect(answer.items[0].status).toBe('hard bounce');
		expect(answer.items[0].payload.body.status).toBe('Hard_Bounce');
	});

	test('unknown event types pass through by default, marked not recognized', async () => {
		const trigger = createTrigger();
		const answer = await trigger.post({ ...authorized, body: { transactionId: TX, eventType: 'read_receipt', body: { phoneNumber: '1' } } });
		expect(answer.started).toBe(true);
		expect(answer.items[0]).toMatchObject({ event: 'read_receipt', recognized: false, transactionId: TX });
	});

	test('unknown event types and statuses are ignored when the option says so', async () => {
		const trigger = createTrigger({ parameters: { options: { unknownEvents: 'ignore' } } });
		const unknownType = await trigger.post({ ...authorized, body: { type: 'keyword_changed', campaign_id: 1 } });
		expect(unknownType).toMatchObject({ status: 200, started: false, body: { reason: 'unknown event type' } });
		const noType = await trigger.post({ ...authorized, body: { hello: 'world' } });
		expect(noType.started).toBe(false);
		const body = samples.deliverySuccess();
		body.body.status = 'delayed';
		const unknownStatus = await trigger.post({ ...authorized, body });
		expect(unknownStatus).toMatchObject({ status: 200, started: false, body: { reason: 'unknown delivery status' } });
		expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(true);
	});

	test('an undocumented delivery status passes through by default', async () => {
		const trigger = createTrigger({ parameters: { deliveryStatuses: ['success'] } });
		const body = samples.deliverySuccess();
		body.body.status = 'delayed';
		const answer = await trigger.post({ ...authorized, body });
		expect(answer.started).toBe(true);
		expect(answer.items[0].status).toBe('delayed');
	});
});

describe('authenticity', () => {
	/** A refused call: 401 from the node itself, no run, no static data written. */
	const expectRefused = (answer) => {
		expect(answer.status).toBe(401);
		expect(answer.body).toEqual({ error: 'Unauthorized' });
		expect(answer.started).toBe(false);
		expect(answer.items).toEqual([]);
		expect(answer.staticChanged).toBe(false);
	};

	describe('secret token', () => {
		test('right token in the query starts the workflow', async () => {
			const answer = await createTrigger().post({ query: { token: GOOD_TOKEN }, body: samples.deliverySuccess() });
			expect(answer.started).toBe(true);
		});

		test('right token in the x-tatango-token header starts the workflow', async () => {
			const answer = await createTrigger().post({ query: {}, headers: { 'x-tatango-token': GOOD_TOKEN }, body: samples.deliverySuccess() });
			expect(answer.started).toBe(true);
		});

		test('a token with stray spaces in the node settings still works', async () => {
			const trigger = createTrigger({ parameters: { secretToken: `  ${GOOD_TOKEN}\n` } });
			expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(true);
		});

		test.each([
			['wrong token', { query: { token: 'tok_0123456789abcdef0124' } }],
			['missing token', { query: {} }],
			['wrong header token', { query: {}, headers: { 'x-tatango-token': 'guess' } }],
			['right query token but wrong header token', { query: { token: GOOD_TOKEN }, headers: { 'x-tatango-token': 'guess' } }],
		])('%s: 401, nothing starts', async (_name, call) => {
			const trigger = createTrigger();
			expectRefused(await trigger.post({ ...call, body: samples.deliverySuccess() }));
			// And the refused call did not use up the event: the genuine one still runs.
			expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(true);
		});

		test('a refused call is refused before its body is read: a bad body still gets 401', async () => {
			expectRefused(await createTrigger().post({ query: {}, body: '{not json', rawBody: Buffer.from('{not json') }));
		});

		test('a node without a Secret Token refuses every call', async () => {
			const trigger = createTrigger({ parameters: { secretToken: '' } });
			expectRefused(await trigger.post({ query: { token: '' }, body: samples.deliverySuccess() }));
			expectRefused(await trigger.post({ query: {}, body: samples.deliverySuccess() }));
		});
	});

	describe('x-api-key header', () => {
		const apiKeyOn = { parameters: { requireApiKey: true } };

		test('right token and right key start the workflow', async () => {
			const answer = await createTrigger(apiKeyOn).post({ ...authorized, headers: { 'x-api-key': V3_KEY }, body: samples.deliverySuccess() });
			expect(answer.started).toBe(true);
		});

		test.each([
			['wrong key', { ...authorized, headers: { 'x-api-key': 'tatango_key_other' } }],
			['missing key', { ...authorized }],
			['right key but no token', { query: {}, headers: { 'x-api-key': V3_KEY } }],
		])('%s: 401, nothing starts', async (_name, call) => {
			expectRefused(await createTrigger(apiKeyOn).post({ ...call, body: samples.deliverySuccess() }));
		});

		test('no credential on the node: every call refused', async () => {
			const trigger = createTrigger({ ...apiKeyOn, credential: null });
			expectRefused(await trigger.post({ ...authorized, headers: { 'x-api-key': V3_KEY }, body: samples.deliverySuccess() }));
		});

		test('when the check is off, the header is not looked at', async () => {
			const answer = await createTrigger().post({ ...authorized, headers: { 'x-api-key': 'whatever' }, body: samples.subscribe() });
			expect(answer.started).toBe(true);
		});
	});

	test('the token and the API key appear in no output item, response or log line', async () => {
		logLines.length = 0;
		const trigger = createTrigger({ parameters: { requireApiKey: true } });
		const answers = [
			await trigger.post({ query: { token: GOOD_TOKEN }, headers: { 'x-api-key': V3_KEY }, body: samples.deliverySuccess() }),
			await trigger.post({ query: { token: `${GOOD_TOKEN}0` }, headers: { 'x-api-key': V3_KEY }, body: samples.deliverySuccess() }),
			await trigger.post({ query: { token: GOOD_TOKEN }, headers: { 'x-api-key': `${V3_KEY}0` }, body: samples.deliverySuccess() }),
			await trigger.post({ query: { token: GOOD_TOKEN }, headers: { 'x-api-key': V3_KEY }, body: samples.deliverySuccess() }),
		];
		expect(answers.map((answer) => answer.status)).toEqual([200, 401, 401, 200]);
		expect(logLines.filter((line) => line.level === 'warn')).toHaveLength(2);
		const everything = JSON.stringify({ answers, logLines, staticData: trigger.database.staticData });
		expect(everything).not.toContain(GOOD_TOKEN);
		expect(everything).not.toContain(V3_KEY);
	});
});

describe('duplicates', () => {
	test('the same delivery_status posted again is answered 200 and starts nothing', async () => {
		const trigger = createTrigger();
		const first = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		const again = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(first.started).toBe(true);
		expect(again).toMatchObject({ status: 200, started: false, body: { reason: 'duplicate' } });
	});

	test('the next status of the same send is not a duplicate', async () => {
		const trigger = createTrigger();
		expect((await trigger.post({ ...authorized, body: samples.deliverySoftBounce() })).started).toBe(true);
		expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(true);
		expect((await trigger.post({ ...authorized, body: samples.replyReceived() })).started).toBe(true);
	});

	test('v2 duplicates ~20 ms apart with the same opt_id run once', async () => {
		const trigger = createTrigger();
		const first = await trigger.post({ ...authorized, body: samples.subscribe() });
		const retry = { ...samples.subscribe(), timestamp: '2024-01-15T10:30:00.020Z' };
		const second = await trigger.post({ ...authorized, body: retry });
		expect([first.started, second.started]).toEqual([true, false]);
	});

	test('two copies handled at the same moment in one n8n process run once', async () => {
		const trigger = createTrigger();
		const [a, b] = await trigger.postTogether(
			{ ...authorized, body: samples.subscribe() },
			{ ...authorized, body: samples.subscribe() },
		);
		expect([a.started, b.started].sort()).toEqual([false, true]);
	});

	test('the node records each event that starts a run in static data, as hashes only', async () => {
		const trigger = createTrigger();
		const first = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		const second = await trigger.post({ ...authorized, body: samples.replyReceived() });
		expect([first.staticChanged, second.staticChanged]).toEqual([true, true]);
		const saved = JSON.stringify(trigger.database.staticData);
		expect(saved).toMatch(/"recentEvents":\{"[0-9a-f]{32}":\d+/);
		for (const secretOrPersonal of [TX, '5551234567', 'Thanks for your message!']) {
			expect(saved).not.toContain(secretOrPersonal);
		}
	});

	test('another n8n process sees what n8n saved of the static data (and only that)', async () => {
		const database = { staticData: null };
		const workflowId = 'wf-shared-between-processes';
		const processA = createTrigger({ database, workflowId });
		let OtherProcessTrigger;
		jest.isolateModules(() => {
			OtherProcessTrigger = require('../../nodes/TatangoTrigger/TatangoTrigger.node').TatangoTrigger;
		});
		const processB = createTrigger({ database, workflowId, loadNodeClass: () => OtherProcessTrigger });

		// The workflow's first event is saved (its static data was empty), so B drops the repeat.
		expect((await processA.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(true);
		const inB = await processB.post({ ...authorized, body: samples.deliverySuccess() });
		expect(inB).toMatchObject({ status: 200, started: false, body: { reason: 'duplicate' } });

		// Later events that start a run are recorded by the node, but n8n 2.41 clears the change mark
		// before saving: only the process that ran the event knows it. (README: what holds.)
		expect((await processB.post({ ...authorized, body: samples.invalidPhone() })).started).toBe(true);
		expect((await processB.post({ ...authorized, body: samples.invalidPhone() })).started).toBe(false);
		expect((await processA.post({ ...authorized, body: samples.invalidPhone() })).started).toBe(true);
	});

	test('a repeat after the window runs again', async () => {
		const trigger = createTrigger({ parameters: { options: { duplicateWindowMinutes: 5 } } });
		const start = Date.now();
		const now = jest.spyOn(Date, 'now').mockReturnValue(start);
		expect((await trigger.post({ ...authorized, body: samples.cleaned() })).started).toBe(true);
		now.mockReturnValue(start + 4 * 60_000);
		expect((await trigger.post({ ...authorized, body: samples.cleaned() })).started).toBe(false);
		now.mockReturnValue(start + 5 * 60_000 + 1);
		expect((await trigger.post({ ...authorized, body: samples.cleaned() })).started).toBe(true);
	});

	test('a window of 0 turns the check off', async () => {
		const trigger = createTrigger({ parameters: { options: { duplicateWindowMinutes: 0 } } });
		expect((await trigger.post({ ...authorized, body: samples.subscribe() })).started).toBe(true);
		expect((await trigger.post({ ...authorized, body: samples.subscribe() })).started).toBe(true);
		expect(trigger.database.staticData).toBeNull();
	});

	test('test calls (Listen for test event) are never dropped', async () => {
		const trigger = createTrigger();
		expect((await trigger.post({ ...authorized, mode: 'manual', body: samples.subscribe() })).started).toBe(true);
		expect((await trigger.post({ ...authorized, mode: 'manual', body: samples.subscribe() })).started).toBe(true);
	});

	test('ignored and refused calls do not count as seen', async () => {
		const trigger = createTrigger({ parameters: { events: ['subscribe'] } });
		await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		await trigger.post({ query: { token: 'wrong-wrong-wrong-wrong' }, body: samples.subscribe() });
		expect(trigger.database.staticData).toBeNull();
		expect((await trigger.post({ ...authorized, body: samples.subscribe() })).started).toBe(true);
	});
});

describe('bad bodies: 400, nothing starts', () => {
	test.each([
		['malformed JSON (text/plain)', { body: '{"eventType": "delivery_status",', rawBody: Buffer.from('{"eventType": "delivery_status",') }, 'not valid JSON'],
		['malformed JSON (no content type)', { body: undefined, rawBody: Buffer.from('eventType=delivery_status') }, 'not valid JSON'],
		['a JSON array', { body: [samples.deliverySuccess()] }, 'not a JSON object'],
		['a JSON number', { body: 7 }, 'not a JSON object'],
		['an empty body', { body: undefined, rawBody: Buffer.alloc(0) }, 'empty'],
		['an empty object', { body: {} }, 'empty'],
	])('%s', async (_name, call, message) => {
		const trigger = createTrigger();
		const answer = await trigger.post({ ...authorized, ...call });
		expect(answer.status).toBe(400);
		expect(answer.body.error).toContain(message);
		expect(answer.started).toBe(false);
		expect(answer.staticChanged).toBe(false);
	});
});

describe('activation (webhookMethods.create)', () => {
	test('refuses to listen without a usable Secret Token, without echoing it', async () => {
		await expect(createTrigger({ parameters: { secretToken: '' } }).activate()).rejects.toThrow(
			'Set a Secret Token of at least 16 characters',
		);
		const short = 'abc123secret';
		const error = await createTrigger({ parameters: { secretToken: short } }).activate().catch((e) => e);
		expect(error.message).toContain('Secret Token');
		expect(JSON.stringify({ message: error.message, description: error.description })).not.toContain(short);
	});

	test('refuses to listen when the API key check is on and the credential has no key', async () => {
		await expect(
			createTrigger({ parameters: { requireApiKey: true }, credential: { apiKey: '' } }).activate(),
		).rejects.toThrow('no API key');
	});

	test('listens with a good token (and key)', async () => {
		await expect(createTrigger().activate()).resolves.toBe(true);
		await expect(createTrigger({ parameters: { requireApiKey: true } }).activate()).resolves.toBe(true);
	});
});
