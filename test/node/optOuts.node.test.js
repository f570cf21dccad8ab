// @ts-check
// "Skip Opted-Out Numbers" on every operation that texts a person: the list's opt-outs are read
// once per run (every page), an opted-out number comes out as a skipped item paired with its input
// and is never texted, the others are sent once each.
const {
	v2Api,
	v3Api,
	v2Credentials,
	v3Credentials,
	recordUnmatched,
	expectNoSecrets,
} = require('../helpers/tatangoNock');
const { DataDeduplicationService } = require('n8n-core');
const { runNode } = require('../helpers/runNode');
const { startWaitingRun } = require('../helpers/waitingRun');
const { DedupDatabase, deduplicator } = require('../helpers/dedupStore');

const unmatched = recordUnmatched();
// The workflow's memory (n8n's deduplication store, modelled): the check also asks it whether a reply
// revoked a number's consent.
const db = new DedupDatabase();
beforeAll(async () => {
	await DataDeduplicationService.init(/** @type {any} */ (deduplicator(db)));
});
beforeEach(() => db.rows.clear());

const TX = '019687e1-1b54-70f4-a68a-60af7fa776f4';
const OPTED_OUT = '2065550102';
const FALLBACK = 'Your order shipped';
const UNSUBSCRIBED = '/api/v2/lists/101/subscribers/unsubscribed';

const byId = (/** @type {string} */ value) => ({ __rl: true, mode: 'id', value });
const optOutOn = { skipOptedOut: true, optOutList: byId('101') };
const bothCredentials = { tatangoApi: v2Credentials(), tatangoV3Api: v3Credentials() };

/** 1,000 opted-out numbers that are not the ones texted here (2125550000...). */
const fullPage = Array.from({ length: 1000 }, (_, i) => String(2125550000 + i));

/**
 * List 101's opt-outs in two pages of 1,000, the second holding OPTED_OUT; each page answered once.
 * @param {ReturnType<typeof v2Api>} [scope]
 */
function optOutPages(scope = v2Api()) {
	return scope
		.get(UNSUBSCRIBED)
		.query({ page: '1', per_page: '1000' })
		.reply(200, {
			status: 'OK',
			per_page: 1000,
			count: 1003,
			page: 1,
			pages_count: 2,
			phone_numbers: fullPage,
		})
		.get(UNSUBSCRIBED)
		.query({ page: '2', per_page: '1000' })
		.reply(200, {
			status: 'OK',
			per_page: 1000,
			count: 1003,
			page: 2,
			pages_count: 2,
			phone_numbers: ['2125559998', OPTED_OUT, '2125559999'],
		});
}

/** Three recipients, the second of whom opted out of list 101. */
const RECIPIENTS = [
	{ phone: '(206) 555-0101' },
	{ phone: '+1 206 555 0102' },
	{ phone: '206.555.0103' },
];

/**
 * Every operation that texts a person, with what it needs besides the recipient, and the request
 * that texts.
 * @type {Array<[string, Record<string, unknown>, 'v2' | 'v3', string]>}
 */
const SENDS = [
	[
		'Transactional Message → Send',
		{ resource: 'transactionalMessage', operation: 'send', content: 'Hi' },
		'v2',
		'/api/v2/transactional_messages',
	],
	[
		'SMS → Send',
		{ resource: 'sms', operation: 'send', content: 'Hi' },
		'v3',
		'/transactional_messages/send_sms',
	],
	[
		'MMS → Send',
		{ resource: 'mms', operation: 'send', content: 'Hi', smsFailover: FALLBACK },
		'v3',
		'/transactional_messages/send_mms',
	],
	[
		'RCS → Send Text',
		{ resource: 'rcs', operation: 'sendText', text: 'Hi', smsFailover: FALLBACK },
		'v3',
		'/transactional_messages/send_rcs_text',
	],
	[
		'RCS → Send Rich Card',
		{
			resource: 'rcs',
			operation: 'sendRichCard',
			title: 'Sale',
			text: 'Hi',
			smsFailover: FALLBACK,
		},
		'v3',
		'/transactional_messages/send_rcs_rich_card',
	],
	[
		'RCS → Send Carousel',
		{
			resource: 'rcs',
			operation: 'sendCarousel',
			cards: { card: [{ title: 'Boots', text: 'Warm', mediaUrl: 'https://e.x/1.jpg' }] },
			smsFailover: FALLBACK,
		},
		'v3',
		'/transactional_messages/send_rcs_carousel',
	],
	[
		'RCS → Send File',
		{
			resource: 'rcs',
			operation: 'sendFile',
			fileUrl: 'https://e.x/menu.pdf',
			smsFailover: FALLBACK,
		},
		'v3',
		'/transactional_messages/send_rcs_file',
	],
	[
		'WhatsApp → Send Template',
		{
			resource: 'whatsApp',
			operation: 'sendTemplate',
			templateName: 'order_shipped',
			smsFailover: FALLBACK,
		},
		'v3',
		'/transactional_messages/send_whatsapp',
	],
];

/**
 * Expects one send to each number in `phones`, recording the phones texted.
 * @param {'v2' | 'v3'} api
 * @param {string} path
 * @param {string[]} phones
 */
function expectSends(api, path, phones) {
	/** @type {string[]} */
	const texted = [];
	const scope = (api === 'v2' ? v2Api() : v3Api())
		.post(path, (body) => {
			texted.push(api === 'v2' ? body.transactional_message.number : body.phoneNumber);
			return true;
		})
		.times(phones.length)
		.reply(
			api === 'v2' ? 200 : 202,
			api === 'v2'
				? {
						status: 'Message successfully sent.',
						transactional_message: { id: 7, status: 'pending' },
					}
				: { message: 'Request accepted, sending message to recipient', transactionId: TX },
		);
	return { scope, texted };
}

describe('Skip Opted-Out Numbers', () => {
	test.each(SENDS)(
		'%s: the opted-out number is skipped, paired with its item; the others are texted once; the list is read once',
		async (_name, parameters, api, path) => {
			const pages = optOutPages();
			const sends = expectSends(api, path, ['2065550101', '2065550103']);
			const { items, error } = await runNode({
				parameters: { ...parameters, phoneNumber: '={{ $json.phone }}', ...optOutOn },
				items: RECIPIENTS,
				credentials: bothCredentials,
			});
			expect(error).toBeUndefined();
			pages.done();
			sends.scope.done();
			expect(unmatched).toEqual([]);
			expect(sends.texted).toEqual(['2065550101', '2065550103']);
			expect(items.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
			expect(items[1].json).toEqual({
				outcome: 'skipped',
				reason: 'opted out of list 101',
				phoneNumber: OPTED_OUT,
				listId: 101,
			});
			expect(items[0].json.outcome).toBe('sent');
			expectNoSecrets(items);
		},
	);

	test('SMS → Send and Wait: an opted-out number is not texted and the run does not wait', async () => {
		const pages = optOutPages();
		const waiting = await startWaitingRun({
			parameters: {
				resource: 'sms',
				operation: 'sendAndWait',
				phoneNumber: OPTED_OUT,
				message: 'Approve? Reply YES or NO',
				...optOutOn,
			},
			credentials: bothCredentials,
		});
		expect(waiting.error).toBeUndefined();
		pages.done();
		expect(unmatched).toEqual([]);
		expect(waiting.waitTill).toBeUndefined();
		expect(waiting.items).toEqual([
			{
				json: {
					outcome: 'skipped',
					reason: 'opted out of list 101',
					phoneNumber: OPTED_OUT,
					listId: 101,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('a number whose consent a reply revoked (the Tatango Trigger recorded it in this workflow) is skipped, whatever the list says', async () => {
		const memory = require('../../nodes/shared/memory');
		const { contextWith } = require('../helpers/dedupStore');
		const trigger = contextWith(deduplicator(db), { workflowId: 'node-test' });
		await memory.recordRevocation(trigger, '2065550199', async () => {});
		const list = v2Api().get(UNSUBSCRIBED).query(true).reply(200, { phone_numbers: [], total: 0 });
		const sends = expectSends('v3', '/transactional_messages/send_sms', ['2065550100']);
		const { items, error } = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				phoneNumber: '={{ $json.phone }}',
				content: 'Hi',
				...optOutOn,
			},
			items: [{ phone: '2065550199' }, { phone: '2065550100' }],
			credentials: bothCredentials,
		});
		expect(error).toBeUndefined();
		list.done();
		sends.scope.done();
		expect(items[0].json).toEqual({
			outcome: 'skipped',
			reason: 'revoked consent by a reply (recorded by the Tatango Trigger)',
			phoneNumber: '2065550199',
			listId: 101,
		});
		expect(items[1].json.transactionId).toBe(TX);
	});

	test('off by default: a saved workflow without the option sends without reading any list', async () => {
		const sends = expectSends('v3', '/transactional_messages/send_sms', [OPTED_OUT]);
		const { items, error } = await runNode({
			parameters: { resource: 'sms', operation: 'send', phoneNumber: OPTED_OUT, content: 'Hi' },
			credentials: bothCredentials,
		});
		expect(error).toBeUndefined();
		sends.scope.done();
		expect(unmatched).toEqual([]);
		expect(items[0].json.transactionId).toBe(TX);
	});

	test('the list picked "From List" works like one typed by ID; each list an expression names is read once', async () => {
		const list102 = v2Api()
			.get('/api/v2/lists/102/subscribers/unsubscribed')
			.query({ page: '1', per_page: '1000' })
			.reply(200, {
				status: 'OK',
				per_page: 1000,
				count: 1,
				page: 1,
				pages_count: 1,
				phone_numbers: ['2065550101'],
			});
		const list101 = v2Api().get(UNSUBSCRIBED).query(true).reply(200, {
			status: 'OK',
			per_page: 1000,
			count: 0,
			page: 1,
			pages_count: 0,
			phone_numbers: [],
		});
		const sends = expectSends('v3', '/transactional_messages/send_sms', [
			'2065550101',
			'2065550102',
			'2065550103',
		]);
		const { items, error } = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				phoneNumber: '={{ $json.phone }}',
				content: 'Hi',
				skipOptedOut: true,
				optOutList: { __rl: true, mode: 'list', value: '={{ $json.list }}' },
			},
			items: [
				{ phone: '2065550101', list: '102' },
				{ phone: '2065550101', list: '101' },
				{ phone: '2065550102', list: '102' },
				{ phone: '2065550103', list: '101' },
			],
			credentials: bothCredentials,
		});
		expect(error).toBeUndefined();
		list101.done();
		list102.done();
		expect(unmatched).toEqual([]);
		expect(items.map((item) => item.json.outcome ?? 'sent')).toEqual([
			'skipped',
			'sent',
			'sent',
			'sent',
		]);
		expect(items[0].json.reason).toBe('opted out of list 102');
		expect(sends.texted).toEqual(['2065550101', '2065550102', '2065550103']);
	});

	test('a v3 send without the v2 credential fails naming the credential the option needs; nothing is read or sent', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				phoneNumber: OPTED_OUT,
				content: 'Hi',
				...optOutOn,
			},
			credentials: { tatangoV3Api: v3Credentials() },
		});
		expect(error?.message).toBe(
			'Skip Opted-Out Numbers reads list 101\'s opt-outs through the v2 API, which needs a "Tatango API" credential, and none is selected',
		);
		expect(error?.description).toMatch(
			/Credential for Tatango API.*or turn off Skip Opted-Out Numbers\. Nothing was sent\./,
		);
		expect(unmatched).toEqual([]);
	});

	test.each([
		[
			'no list chosen',
			{ skipOptedOut: true, optOutList: byId('={{ "" }}') },
			/^Invalid Opt-Out List: is required/,
		],
		[
			'a list ID that is not a number',
			{ skipOptedOut: true, optOutList: byId('={{ "1 OR 1=1" }}') },
			/^Invalid Opt-Out List: "1 OR 1=1" is not a valid ID/,
		],
		[
			'the option as text that is not true/false',
			{ compliance: { skipOptedOut: 'yes', optOutList: byId('101') } },
			/^Invalid Skip Opted-Out Numbers: must be true or false/,
		],
	])('%s: refused before any request', async (_what, option, rule) => {
		const { error } = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				phoneNumber: OPTED_OUT,
				content: 'Hi',
				...option,
			},
			credentials: bothCredentials,
		});
		expect(error?.message).toMatch(rule);
		expect(unmatched).toEqual([]);
	});

	test('an unknown list fails every item under Continue On Fail, read once, nothing sent', async () => {
		const missing = v2Api()
			.get('/api/v2/lists/999/subscribers/unsubscribed')
			.query(true)
			.reply(404, { status: 'error', error: 'List not found' });
		const { items, error } = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				phoneNumber: '={{ $json.phone }}',
				content: 'Hi',
				skipOptedOut: true,
				optOutList: byId('999'),
			},
			items: RECIPIENTS,
			credentials: bothCredentials,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		missing.done();
		expect(unmatched).toEqual([]);
		expect(items).toHaveLength(3);
		for (const [i, item] of items.entries()) {
			expect(item.json.error).toMatch(
				/List 999 was not found in this Tatango account \(the Opt-Out List\)/,
			);
			expect(item.pairedItem).toEqual({ item: i });
		}
	});
});
