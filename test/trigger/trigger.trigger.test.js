// @ts-check
// The Tatango Trigger run as a production n8n does: webhook() through n8n-core's WebhookContext,
// then the run it started through n8n-core's WorkflowExecute (the trigger's execute() first), with
// static data loaded and saved around each as n8n does (see harness.js).
const fs = require('node:fs');
const path = require('node:path');
const { createTrigger, logLines, GOOD_TOKEN, V3_KEY, NODE_NAME } = require('./harness');
const { samples, TX } = require('./fixtures');
const { readRecord } = require('../../nodes/TatangoTrigger/webhook/repeats.record');

const ROOT = path.resolve(__dirname, '../..');
const authorized = { query: { token: GOOD_TOKEN } };

/**
 * The times of the events the trigger's saved record holds, oldest first.
 * @param {{ staticData: any }} database
 */
function recordedTimes(database) {
	const record = readRecord(database.staticData[`node:${NODE_NAME}`].recentEvents);
	return (record.match(/.{25}/g) ?? []).map((entry) => parseInt(entry.slice(16), 36));
}

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
		expect(description.triggerPanel).toEqual(
			expect.objectContaining({ header: expect.stringContaining('Webhook URL') }),
		);
	});

	test('panel text: no HTML in the header (n8n shows it as plain text), the button named as n8n 2.41 names it', () => {
		const panel = /** @type {any} */ (description.triggerPanel);
		expect(panel.header).not.toMatch(/<[a-z/]/i);
		// The one step of set-up, and no token to add by hand.
		expect(panel.header).toContain('Production URL');
		expect(panel.header).toContain('Default Webhook URL');
		expect(panel.header.split(/\s+/).length).toBeLessThanOrEqual(30);
		expect(JSON.stringify(panel)).not.toContain('?token=');
		for (const help of [panel.executionsHelp.inactive, panel.executionsHelp.active]) {
			expect(help).toContain('Click "Execute step"');
			expect(help).not.toContain('Listen for test event');
		}
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

	test('offers the v2 credential for a list, both for sends, the ledger for both; none required (each use names a missing one)', () => {
		expect(description.credentials).toEqual([
			expect.objectContaining({
				name: 'tatangoV3Api',
				required: false,
				displayOptions: { show: { source: ['sends'] } },
			}),
			// Shown for every Source without displayOptions (test/unit/triggerPanel.test.js: why).
			{ name: 'tatangoApi', required: false, displayName: 'Credential for Tatango API' },
			{
				name: 'tatangoComplianceLedgerApi',
				required: false,
				displayName: 'Credential for Tatango Compliance Ledger API',
			},
		]);
	});

	test('the Sends notice says the one step in a line or two, and the Secret Token is optional', () => {
		const notice = description.properties.find((p) => p.name === 'urlNotice');
		const words = String(notice?.displayName)
			.replace(/<[^>]+>/g, '')
			.split(/\s+/);
		expect(words.length).toBeLessThanOrEqual(35);
		expect(notice?.displayName).not.toContain('<code>');
		expect(notice?.displayName).toContain('Default Webhook URL');
		const secretToken = description.properties.find((p) => p.name === 'secretToken');
		expect(secretToken?.required).toBeFalsy();
		expect(secretToken?.default).toBe('');
	});

	test('the v3 events are named for every channel, their stored values unchanged', () => {
		const events = /** @type {any[]} */ (
			description.properties.find((p) => p.name === 'events')?.options
		);
		const byValue = Object.fromEntries(events.map((e) => [e.value, e]));
		expect(byValue.delivery_status.action).toBe('On delivery status of a sent message');
		expect(byValue.reply_received.action).toBe('On reply to a sent message');
		for (const value of ['delivery_status', 'invalid_phone', 'reply_received']) {
			expect(byValue[value].description).toContain('SMS, MMS, RCS or WhatsApp');
		}
		expect(JSON.stringify(events)).not.toMatch(/an RCS message/i);
	});
});

describe('events: each documented event starts the workflow once, with normalized fields', () => {
	test.each([
		[
			'delivery_status success',
			samples.deliverySuccess,
			{ event: 'delivery_status', status: 'success', transactionId: TX, phoneNumber: '5551234567' },
		],
		[
			'delivery_status soft bounce',
			samples.deliverySoftBounce,
			{ event: 'delivery_status', status: 'soft bounce' },
		],
		[
			'delivery_status hard bounce',
			samples.deliveryHardBounce,
			{ event: 'delivery_status', status: 'hard bounce' },
		],
		[
			'invalid_phone',
			samples.invalidPhone,
			{ event: 'invalid_phone', reason: 'Phone is a landline', transactionId: TX },
		],
		[
			'reply_received',
			samples.replyReceived,
			{ event: 'reply_received', replyText: 'Thanks for your message!' },
		],
		[
			'subscribe',
			samples.subscribe,
			{ event: 'subscribe', optId: '555001', phoneNumber: '2065550123' },
		],
		['unsubscribe', samples.unsubscribe, { event: 'unsubscribe', optId: '555002' }],
		['message_sent', samples.messageSent, { event: 'message_sent', listId: '101' }],
		[
			'campaign_response',
			samples.campaignResponse,
			{ event: 'campaign_response', replyText: 'More please' },
		],
		['cleaned', samples.cleaned, { event: 'cleaned', reason: 'Deactivated number' }],
		[
			'transactional_message_reply',
			samples.transactionalReply,
			{ event: 'transactional_message_reply', transactionId: '589733' },
		],
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

	test('a body n8n left unread (no content type) is read by the trigger', async () => {
		const trigger = createTrigger();
		const text = JSON.stringify(samples.invalidPhone());
		const answer = await trigger.post({ ...authorized, body: {}, unreadBody: Buffer.from(text) });
		expect(answer.started).toBe(true);
		expect(answer.items[0].payload).toEqual(samples.invalidPhone());
	});
});

describe('filters', () => {
	test('"Consent Revoked" alone starts the workflow on a revoking reply of any kind, and on nothing else', async () => {
		const trigger = createTrigger({ parameters: { events: ['consent_revoked'] } });
		const stop = samples.replyReceived();
		/** @type {any} */ (stop.body).content = 'Please stop texting me';
		const revoked = await trigger.post({ ...authorized, body: stop });
		expect(revoked.started).toBe(true);
		expect(revoked.items[0]).toMatchObject({ event: 'reply_received', consent: 'revoked' });
		const listStop = { ...samples.campaignResponse(), reply_content: 'take me off your list' };
		expect((await trigger.post({ ...authorized, body: listStop })).items[0]).toMatchObject({
			event: 'campaign_response',
			consent: 'revoked',
		});
		const thanks = await trigger.post({ ...authorized, body: samples.replyReceived() });
		expect(thanks).toMatchObject({ started: false, body: { reason: 'event type not selected' } });
		const delivery = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(delivery.started).toBe(false);
	});

	test('an event type left out of "Events" is answered 200 and starts nothing', async () => {
		const trigger = createTrigger({ parameters: { events: ['delivery_status'] } });
		const reply = await trigger.post({ ...authorized, body: samples.replyReceived() });
		expect(reply).toMatchObject({
			status: 200,
			started: false,
			body: { reason: 'event type not selected' },
		});
		const delivery = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(delivery.started).toBe(true);
	});

	test('v2 events can be selected alone', async () => {
		const trigger = createTrigger({ parameters: { events: ['subscribe', 'unsubscribe'] } });
		expect((await trigger.post({ ...authorized, body: samples.subscribe() })).started).toBe(true);
		expect((await trigger.post({ ...authorized, body: samples.cleaned() })).started).toBe(false);
		expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(
			false,
		);
	});

	test('only the selected delivery statuses start the workflow', async () => {
		const trigger = createTrigger({
			parameters: { deliveryStatuses: ['soft bounce', 'hard bounce'] },
		});
		const success = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(success).toMatchObject({
			status: 200,
			started: false,
			body: { reason: 'status not selected' },
		});
		expect(
			(await trigger.post({ ...authorized, body: samples.deliverySoftBounce() })).started,
		).toBe(true);
		expect(
			(await trigger.post({ ...authorized, body: samples.deliveryHardBounce() })).started,
		).toBe(true);
		// The status filter is about delivery events only.
		expect((await trigger.post({ ...authorized, body: samples.invalidPhone() })).started).toBe(
			true,
		);
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
		const answer = await trigger.post({
			...authorized,
			body: { transactionId: TX, eventType: 'read_receipt', body: { phoneNumber: '1' } },
		});
		expect(answer.started).toBe(true);
		expect(answer.items[0]).toMatchObject({
			event: 'read_receipt',
			recognized: false,
			transactionId: TX,
		});
	});

	test('unknown event types and statuses are ignored when the option says so', async () => {
		const trigger = createTrigger({ parameters: { options: { unknownEvents: 'ignore' } } });
		const unknownType = await trigger.post({
			...authorized,
			body: { type: 'keyword_changed', campaign_id: 1 },
		});
		expect(unknownType).toMatchObject({
			status: 200,
			started: false,
			body: { reason: 'unknown event type' },
		});
		const noType = await trigger.post({ ...authorized, body: { hello: 'world' } });
		expect(noType.started).toBe(false);
		const body = samples.deliverySuccess();
		body.body.status = 'delayed';
		const unknownStatus = await trigger.post({ ...authorized, body });
		expect(unknownStatus).toMatchObject({
			status: 200,
			started: false,
			body: { reason: 'unknown delivery status' },
		});
		expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(
			true,
		);
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
			const answer = await createTrigger().post({
				query: { token: GOOD_TOKEN },
				body: samples.deliverySuccess(),
			});
			expect(answer.started).toBe(true);
		});

		test('right token in the x-tatango-token header starts the workflow', async () => {
			const answer = await createTrigger().post({
				query: {},
				headers: { 'x-tatango-token': GOOD_TOKEN },
				body: samples.deliverySuccess(),
			});
			expect(answer.started).toBe(true);
		});

		test('a token with stray spaces in the node settings still works', async () => {
			const trigger = createTrigger({ parameters: { secretToken: `  ${GOOD_TOKEN}\n` } });
			expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(
				true,
			);
		});

		test.each([
			['wrong token', { query: { token: 'tok_0123456789abcdef0124' } }],
			['missing token', { query: {} }],
			['wrong header token', { query: {}, headers: { 'x-tatango-token': 'guess' } }],
			[
				'right query token but wrong header token',
				{ query: { token: GOOD_TOKEN }, headers: { 'x-tatango-token': 'guess' } },
			],
		])('%s: 401, nothing starts', async (_name, call) => {
			const trigger = createTrigger();
			expectRefused(await trigger.post({ ...call, body: samples.deliverySuccess() }));
			// And the refused call did not use up the event: the genuine one still runs.
			expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(
				true,
			);
		});

		test('a refused call is refused before its body is read: a bad body still gets 401', async () => {
			expectRefused(
				await createTrigger().post({
					query: {},
					body: '{not json',
					rawBody: Buffer.from('{not json'),
				}),
			);
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
			const answer = await createTrigger(apiKeyOn).post({
				...authorized,
				headers: { 'x-api-key': V3_KEY },
				body: samples.deliverySuccess(),
			});
			expect(answer.started).toBe(true);
		});

		test.each([
			['wrong key', { ...authorized, headers: { 'x-api-key': 'tatango_key_other' } }],
			['missing key', { ...authorized }],
			['right key but no token', { query: {}, headers: { 'x-api-key': V3_KEY } }],
		])('%s: 401, nothing starts', async (_name, call) => {
			expectRefused(
				await createTrigger(apiKeyOn).post({ ...call, body: samples.deliverySuccess() }),
			);
		});

		test('no credential on the node: every call refused', async () => {
			const trigger = createTrigger({ ...apiKeyOn, credential: null });
			expectRefused(
				await trigger.post({
					...authorized,
					headers: { 'x-api-key': V3_KEY },
					body: samples.deliverySuccess(),
				}),
			);
		});

		test('when the check is off, the header is not looked at', async () => {
			const answer = await createTrigger().post({
				...authorized,
				headers: { 'x-api-key': 'whatever' },
				body: samples.subscribe(),
			});
			expect(answer.started).toBe(true);
		});
	});

	test('the token and the API key appear in no output item, response or log line', async () => {
		logLines.length = 0;
		const trigger = createTrigger({ parameters: { requireApiKey: true } });
		const answers = [
			await trigger.post({
				query: { token: GOOD_TOKEN },
				headers: { 'x-api-key': V3_KEY },
				body: samples.deliverySuccess(),
			}),
			await trigger.post({
				query: { token: `${GOOD_TOKEN}0` },
				headers: { 'x-api-key': V3_KEY },
				body: samples.deliverySuccess(),
			}),
			await trigger.post({
				query: { token: GOOD_TOKEN },
				headers: { 'x-api-key': `${V3_KEY}0` },
				body: samples.deliverySuccess(),
			}),
			await trigger.post({
				query: { token: GOOD_TOKEN },
				headers: { 'x-api-key': V3_KEY },
				body: samples.deliverySuccess(),
			}),
		];
		expect(answers.map((answer) => answer.status)).toEqual([200, 401, 401, 200]);
		expect(logLines.filter((line) => line.level === 'warn')).toHaveLength(2);
		const everything = JSON.stringify({
			answers,
			logLines,
			staticData: trigger.database.staticData,
		});
		expect(everything).not.toContain(GOOD_TOKEN);
		expect(everything).not.toContain(V3_KEY);
	});
});

/** A fresh copy of the node's modules, with its own in-process memory: another n8n process. */
function loadInAnotherProcess() {
	let NodeClass;
	jest.isolateModules(() => {
		NodeClass = require('../../nodes/TatangoTrigger/TatangoTrigger.node').TatangoTrigger;
	});
	return () => NodeClass;
}

/** Answered 200 as a repeat: no run started. */
const duplicate = {
	status: 200,
	started: false,
	body: { received: true, started: false, reason: 'duplicate' },
	run: null,
};

describe('duplicates in one n8n instance', () => {
	test('the same delivery_status posted again is answered 200 and starts nothing: one run', async () => {
		const trigger = createTrigger();
		const first = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		const again = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(first).toMatchObject({
			started: true,
			run: { items: [expect.objectContaining({ status: 'success' })] },
		});
		expect(again).toMatchObject(duplicate);
		expect(trigger.database.effects).toHaveLength(1);
	});

	test('the next status of the same send is not a duplicate', async () => {
		const trigger = createTrigger();
		expect(
			(await trigger.post({ ...authorized, body: samples.deliverySoftBounce() })).started,
		).toBe(true);
		expect((await trigger.post({ ...authorized, body: samples.deliverySuccess() })).started).toBe(
			true,
		);
		expect((await trigger.post({ ...authorized, body: samples.replyReceived() })).started).toBe(
			true,
		);
		expect(trigger.database.effects.map((item) => item.event)).toEqual([
			'delivery_status',
			'delivery_status',
			'reply_received',
		]);
	});

	test('v2 duplicates ~20 ms apart with the same opt_id run once', async () => {
		const trigger = createTrigger();
		const first = await trigger.post({ ...authorized, body: samples.subscribe() });
		const retry = { ...samples.subscribe(), timestamp: '2024-01-15T10:30:00.020Z' };
		const second = await trigger.post({ ...authorized, body: retry });
		expect([first.started, second.started]).toEqual([true, false]);
		expect(trigger.database.effects).toHaveLength(1);
	});

	test('two copies reaching one process before the first run saved anything: the second is answered duplicate', async () => {
		// Both calls load static data before either run saved it: only the in-process claim tells.
		const trigger = createTrigger();
		const [a, b] = await trigger.postTogether(
			{ ...authorized, body: samples.subscribe() },
			{ ...authorized, body: samples.subscribe() },
		);
		expect([a, b].filter((answer) => answer.started)).toHaveLength(1);
		expect([a, b].find((answer) => !answer.started)).toMatchObject(duplicate);
		expect(trigger.database.effects).toHaveLength(1);
	});

	test('webhook() never writes static data; the run records the event, as hashes only', async () => {
		const trigger = createTrigger();
		const first = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		const second = await trigger.post({ ...authorized, body: samples.replyReceived() });
		const again = await trigger.post({ ...authorized, body: samples.replyReceived() });
		expect([first.staticChanged, second.staticChanged, again.staticChanged]).toEqual([
			false,
			false,
			false,
		]);
		// In regular mode the run shares the static data object webhook() read: had webhook() recorded
		// the event there, execute() would have found it and dropped the run's own event.
		expect(first.run).toMatchObject({ items: [expect.anything()], staticSaved: true });
		expect(second.run).toMatchObject({ items: [expect.anything()], staticSaved: true });
		const saved = JSON.stringify(trigger.database.staticData);
		expect(saved).toMatch(
			/^\{"node:Tatango Trigger":\{"recentEvents":"([0-9a-f]{16}[0-9a-z]{9}){2}"\}\}$/,
		);
		for (const secretOrPersonal of [TX, '5551234567', 'Thanks for your message!']) {
			expect(saved).not.toContain(secretOrPersonal);
		}
	});

	test('after a restart (a fresh process memory), a repeat is dropped from static data', async () => {
		const database = { staticData: null };
		const workflowId = 'wf-restarted';
		const before = createTrigger({ database, workflowId });
		await before.post({ ...authorized, body: samples.deliverySuccess() });
		await before.post({ ...authorized, body: samples.invalidPhone() });
		const after = createTrigger({ database, workflowId, loadNodeClass: loadInAnotherProcess() });
		expect(await after.post({ ...authorized, body: samples.deliverySuccess() })).toMatchObject(
			duplicate,
		);
		expect(await after.post({ ...authorized, body: samples.invalidPhone() })).toMatchObject(
			duplicate,
		);
		expect(database.effects).toHaveLength(2);
	});

	test('runs that overlap make one save between them, holding every event: after a restart, each repeat is dropped', async () => {
		const database = { staticData: null };
		const workflowId = 'wf-overlapping';
		const trigger = createTrigger({ database, workflowId, loadNodeClass: loadInAnotherProcess() });
		const makes = [samples.deliverySuccess, samples.invalidPhone, samples.replyReceived];
		const received = [];
		for (const make of makes) received.push(await trigger.receive({ ...authorized, body: make() }));
		// Each run but the last to start leaves the save to a run still on its way.
		const runs = [];
		for (const index of [0, 2, 1]) runs[index] = await received[index].runWorkflow();
		expect(runs.map((run) => run.items.length)).toEqual([1, 1, 1]);
		expect(runs.map((run) => run.staticSaved)).toEqual([false, true, false]);
		expect(recordedTimes(database)).toHaveLength(3);

		const restarted = createTrigger({
			database,
			workflowId,
			loadNodeClass: loadInAnotherProcess(),
		});
		for (const make of makes)
			expect(await restarted.post({ ...authorized, body: make() })).toMatchObject(duplicate);
		expect(database.effects).toHaveLength(3);
	});

	test('the run keeps its items linked to its input (pairedItem), and drops repeats among them', async () => {
		const trigger = createTrigger({ runOn: 'worker' });
		const item = (payload) => ({ json: { event: 'x', payload } });
		const run = await trigger.runFrom([
			[
				item(samples.subscribe()),
				item(samples.subscribe()),
				{ json: { note: 'no payload' } },
				item(samples.cleaned()),
			],
		]);
		expect(run.items.map((/** @type {any} */ json) => json.payload?.type ?? json.note)).toEqual([
			'subscribe',
			'no payload',
			'cleaned',
		]);
		expect(run.pairedItems).toEqual([{ item: 0 }, { item: 2 }, { item: 3 }]);
	});
});

describe('duplicates in regular mode: what the call hands its run', () => {
	test('once a run has run where its call was answered, calls no longer carry the record; repeats are still dropped, also after a restart', async () => {
		const database = { staticData: null };
		const workflowId = 'wf-regular-carry';
		const trigger = createTrigger({ database, workflowId, loadNodeClass: loadInAnotherProcess() });
		const first = await trigger.post({ ...authorized, body: samples.subscribe() });
		expect(first.items[0]).toHaveProperty('__tatangoRecentEvents');
		const second = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(second.items[0]).not.toHaveProperty('__tatangoRecentEvents');
		expect(second.items[0]).toHaveProperty('__tatangoAnsweredBy');
		expect(second.run.items).toHaveLength(1);
		expect(Object.keys(second.run.items[0])).not.toContain('__tatangoAnsweredBy');
		expect(await trigger.post({ ...authorized, body: samples.subscribe() })).toMatchObject(
			duplicate,
		);
		const restarted = createTrigger({
			database,
			workflowId,
			loadNodeClass: loadInAnotherProcess(),
		});
		for (const make of [samples.subscribe, samples.deliverySuccess])
			expect(await restarted.post({ ...authorized, body: make() })).toMatchObject(duplicate);
		expect(recordedTimes(database)).toHaveLength(2);
	});

	test('test calls and a check that is off carry nothing to the run', async () => {
		const trigger = createTrigger({ loadNodeClass: loadInAnotherProcess() });
		const test = await trigger.post({ ...authorized, mode: 'manual', body: samples.subscribe() });
		expect(Object.keys(test.items[0]).filter((key) => key.startsWith('__tatango'))).toEqual([]);
		const off = createTrigger({
			parameters: { options: { duplicateWindowMinutes: 0 } },
			loadNodeClass: loadInAnotherProcess(),
		});
		const answer = await off.post({ ...authorized, body: samples.subscribe() });
		expect(Object.keys(answer.items[0]).filter((key) => key.startsWith('__tatango'))).toEqual([]);
	});
});

describe('duplicates in queue mode: one webhook process, runs on workers (static data in the database)', () => {
	test("an event run and saved by one process is dropped by another process's webhook(): no run", async () => {
		const database = { staticData: null };
		const workflowId = 'wf-queue-consecutive';
		const processA = createTrigger({ database, workflowId, runOn: 'worker' });
		const processB = createTrigger({
			database,
			workflowId,
			runOn: 'worker',
			loadNodeClass: loadInAnotherProcess(),
		});

		// Every event is recorded by its run and saved by the worker, not only a workflow's first one.
		for (const make of [samples.deliverySuccess, samples.invalidPhone, samples.replyReceived]) {
			const inA = await processA.post({ ...authorized, body: make() });
			expect(inA).toMatchObject({
				started: true,
				run: { items: [expect.anything()], staticSaved: true },
			});
			expect(await processB.post({ ...authorized, body: make() })).toMatchObject(duplicate);
		}
		expect(database.effects.map((item) => item.event)).toEqual([
			'delivery_status',
			'invalid_phone',
			'reply_received',
		]);
		// The worker's run starts from empty static data, yet the record keeps every earlier event:
		// webhook() hands the record it read to the run, which merges it before saving.
		expect(recordedTimes(database)).toHaveLength(3);
		expect(await processB.post({ ...authorized, body: samples.deliverySuccess() })).toMatchObject(
			duplicate,
		);
		expect(await processA.post({ ...authorized, body: samples.invalidPhone() })).toMatchObject(
			duplicate,
		);
	});

	test('a webhook process whose runs go to workers keeps handing each run the record it read', async () => {
		const trigger = createTrigger({ runOn: 'worker' });
		await trigger.post({ ...authorized, body: samples.subscribe() });
		const second = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(second.items[0].__tatangoRecentEvents).toEqual(expect.any(String));
		expect(second.items[0].__tatangoRecentEvents).not.toBe('');
	});

	test("the record handed from webhook() to the run never reaches the workflow's items", async () => {
		const trigger = createTrigger({ runOn: 'worker' });
		await trigger.post({ ...authorized, body: samples.subscribe() });
		const answer = await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		expect(answer.run.items).toHaveLength(1);
		expect(Object.keys(answer.run.items[0])).not.toContain('__tatangoRecentEvents');
		expect(JSON.stringify(answer.run.effects)).not.toContain('__tatangoRecentEvents');
	});

	test('a run whose static data already records its event drops the item (copies that raced past webhook())', async () => {
		const database = { staticData: null };
		const workflowId = 'wf-queue-race';
		const processA = createTrigger({ database, workflowId, runOn: 'worker' });
		const processB = createTrigger({
			database,
			workflowId,
			runOn: 'worker',
			loadNodeClass: loadInAnotherProcess(),
		});

		const inA = await processA.receive({ ...authorized, body: samples.subscribe() });
		const inB = await processB.receive({ ...authorized, body: samples.subscribe() });
		expect([inA.started, inB.started]).toEqual([true, true]);

		const runA = await inA.runWorkflow();
		expect(runA).toMatchObject({
			items: [expect.objectContaining({ event: 'subscribe' })],
			staticSaved: true,
		});
		// A run that sees the saved record (regular mode, or a worker that loads static data) drops
		// the copy. (n8n 2.41.1's queue workers start from empty static data, so there the copy runs:
		// the limit docs/trigger.md states.)
		const runB = await processB.runFrom([inB.items.map((json) => ({ json }))]);
		expect(runB.items).toEqual([]);
		expect(runB.effects).toEqual([]);
		expect(database.effects).toHaveLength(1);
	});

	test('different events on different processes and workers all run (concurrent saves: the last one wins)', async () => {
		const database = { staticData: null };
		const workflowId = 'wf-queue-different';
		const processA = createTrigger({ database, workflowId, runOn: 'worker' });
		const processB = createTrigger({
			database,
			workflowId,
			runOn: 'worker',
			loadNodeClass: loadInAnotherProcess(),
		});
		const inA = await processA.receive({ ...authorized, body: samples.deliverySuccess() });
		const inB = await processB.receive({ ...authorized, body: samples.deliveryHardBounce() });
		expect((await inA.runWorkflow()).items).toHaveLength(1);
		expect((await inB.runWorkflow()).items).toHaveLength(1);
		// Each run saves the whole static data object: the second save replaces the first run's record.
		expect(recordedTimes(database)).toHaveLength(1);
	});
});

describe('duplicates: what turns the check off, and how long it lasts', () => {
	test('test calls (Listen for test event) and their runs are never dropped, and record nothing', async () => {
		const trigger = createTrigger();
		for (let i = 0; i < 2; i++) {
			const answer = await trigger.post({
				...authorized,
				mode: 'manual',
				body: samples.subscribe(),
			});
			expect(answer).toMatchObject({ started: true, run: { items: [expect.anything()] } });
		}
		expect(trigger.database.staticData).toBeNull();

		// Even when a production call already recorded the event, a test call still runs.
		expect((await trigger.post({ ...authorized, body: samples.cleaned() })).started).toBe(true);
		const test = await trigger.post({ ...authorized, mode: 'manual', body: samples.cleaned() });
		expect(test).toMatchObject({
			started: true,
			run: { items: [expect.objectContaining({ event: 'cleaned' })] },
		});
		expect(trigger.database.effects).toHaveLength(4);
	});

	test('runs not started by a production call (a retry, say) are not checked', async () => {
		const trigger = createTrigger({ runOn: 'worker' });
		const first = await trigger.post({ ...authorized, body: samples.cleaned() });
		const input = [[{ json: first.items[0] }]];
		expect((await trigger.runFrom(input, 'retry')).items).toHaveLength(1);
		expect((await trigger.runFrom(input, 'webhook')).items).toHaveLength(0);
	});

	test('a window of 0 turns the check off', async () => {
		const trigger = createTrigger({ parameters: { options: { duplicateWindowMinutes: 0 } } });
		for (let i = 0; i < 2; i++) {
			const answer = await trigger.post({ ...authorized, body: samples.subscribe() });
			expect(answer).toMatchObject({
				started: true,
				run: { items: [expect.anything()], staticSaved: false },
			});
		}
		const [a, b] = await trigger.postTogether(
			{ ...authorized, body: samples.subscribe() },
			{ ...authorized, body: samples.subscribe() },
		);
		expect([a.started, b.started]).toEqual([true, true]);
		expect(trigger.database.effects).toHaveLength(4);
		expect(trigger.database.staticData).toBeNull();
	});

	test('a repeat after the window runs again, in the same process and in another', async () => {
		const database = { staticData: null };
		const workflowId = 'wf-window';
		const parameters = { options: { duplicateWindowMinutes: 5 } };
		const processA = createTrigger({ database, workflowId, parameters, runOn: 'worker' });
		const processB = createTrigger({
			database,
			workflowId,
			parameters,
			runOn: 'worker',
			loadNodeClass: loadInAnotherProcess(),
		});
		const start = Date.now();
		const now = jest.spyOn(Date, 'now').mockReturnValue(start);
		expect(
			(await processA.post({ ...authorized, body: samples.cleaned() })).run.items,
		).toHaveLength(1);
		now.mockReturnValue(start + 4 * 60_000);
		expect(await processA.post({ ...authorized, body: samples.cleaned() })).toMatchObject(
			duplicate,
		);
		expect(await processB.post({ ...authorized, body: samples.cleaned() })).toMatchObject(
			duplicate,
		);
		now.mockReturnValue(start + 5 * 60_000 + 1);
		expect(
			(await processA.post({ ...authorized, body: samples.cleaned() })).run.items,
		).toHaveLength(1);
		now.mockReturnValue(start + 10 * 60_000 + 2);
		expect(
			(await processB.post({ ...authorized, body: samples.cleaned() })).run.items,
		).toHaveLength(1);
		expect(database.effects).toHaveLength(3);
		// The expired entries were replaced, not added to.
		expect(recordedTimes(database)).toEqual([start + 10 * 60_000 + 2]);
	});

	test('ignored and refused calls do not count as seen', async () => {
		const trigger = createTrigger({ parameters: { events: ['subscribe'] } });
		await trigger.post({ ...authorized, body: samples.deliverySuccess() });
		await trigger.post({ query: { token: 'wrong-wrong-wrong-wrong' }, body: samples.subscribe() });
		expect(trigger.database.staticData).toBeNull();
		expect((await trigger.post({ ...authorized, body: samples.subscribe() })).started).toBe(true);
	});
});

/** `base` with a chain of `depth` nested objects under `data`, built without recursion. @param {Record<string, unknown>} base @param {number} depth */
function nested(base, depth) {
	/** @type {Record<string, unknown>} */
	let inner = { end: true };
	for (let i = 0; i < depth; i++) inner = { next: inner };
	return { ...base, data: inner };
}

describe('bad bodies: 400, nothing starts', () => {
	test.each([
		[
			'malformed JSON (text/plain)',
			{
				body: '{"eventType": "delivery_status",',
				rawBody: Buffer.from('{"eventType": "delivery_status",'),
			},
			'not valid JSON',
		],
		[
			'malformed JSON (no content type)',
			{ body: undefined, rawBody: Buffer.from('eventType=delivery_status') },
			'not valid JSON',
		],
		['a JSON array', { body: [samples.deliverySuccess()] }, 'not a JSON object'],
		['a JSON number', { body: 7 }, 'not a JSON object'],
		['an empty body', { body: undefined, rawBody: Buffer.alloc(0) }, 'empty'],
		['an empty object', { body: {} }, 'empty'],
		// Issue 10, case 14: fingerprinting such payloads overflowed the stack (n8n answered 500).
		[
			'an unknown event 3,000 levels deep',
			{ body: nested({ eventType: 'x' }, 3000) },
			'nested more than 32 levels',
		],
		[
			'a delivery event without its ID, 3,000 levels deep',
			{ body: nested({ eventType: 'delivery_status' }, 3000) },
			'nested more than 32 levels',
		],
		[
			'a v2 event without its ID, 100,000 levels deep',
			{ body: nested({ type: 'subscribe' }, 100_000) },
			'nested more than 32 levels',
		],
		[
			'an event with 20,000 values',
			{ body: { eventType: 'x', many: Array.from({ length: 20_000 }, (_, i) => i) } },
			'more values or text',
		],
		[
			'an event with 2 MB of text',
			{ body: { eventType: 'x', text: 'x'.repeat(2_000_000) } },
			'more values or text',
		],
		[
			'malformed JSON 3,000 levels deep (no content type)',
			{
				body: undefined,
				rawBody: Buffer.from(`{"eventType":"x","a":${'['.repeat(3000)}${']'.repeat(3000)}}`),
			},
			'nested more than 32 levels',
		],
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
	test('refuses to listen with neither a Secret Token nor a credential, or with a short token, without echoing it', async () => {
		await expect(
			createTrigger({ parameters: { secretToken: '' }, credential: null }).activate(),
		).rejects.toThrow('Choose the Tatango V3 API credential, or set a Secret Token');
		const short = 'abc123secret';
		const error = await createTrigger({ parameters: { secretToken: short } })
			.activate()
			.catch((e) => e);
		expect(error.message).toContain('Secret Token');
		expect(
			JSON.stringify({ message: error.message, description: error.description }),
		).not.toContain(short);
	});

	test('refuses to listen when the API key check is on and the credential has no key', async () => {
		await expect(
			createTrigger({ parameters: { requireApiKey: true }, credential: { apiKey: '' } }).activate(),
		).rejects.toThrow('no API key');
	});

	test('listens with a good token (and key)', async () => {
		await expect(createTrigger().activate()).resolves.toBe(true);
		await expect(createTrigger({ parameters: { requireApiKey: true } }).activate()).resolves.toBe(
			true,
		);
	});
});
