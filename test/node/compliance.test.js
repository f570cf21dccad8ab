// @ts-check
/**
 * The guardrails grouped under Compliance, run as n8n runs the node: set there, they act; set at the
 * top level (a workflow saved before the group existed), they act the same; and every item a send
 * outputs says its `outcome`, so one Switch routes sent, skipped, already sent and refused texts.
 */
const { DataDeduplicationService } = require('n8n-core');
const { NodeHelpers } = require('n8n-workflow');
const { runNode } = require('../helpers/runNode');
const { v3Api, v3Credentials, recordUnmatched } = require('../helpers/tatangoNock');
const { DedupDatabase, deduplicator } = require('../helpers/dedupStore');
const { Tatango } = require('../../nodes/Tatango/Tatango.node');

const unmatched = recordUnmatched();
const db = new DedupDatabase();

beforeAll(async () => {
	await DataDeduplicationService.init(/** @type {any} */ (deduplicator(db)));
});
beforeEach(() => db.rows.clear());
afterEach(() => jest.restoreAllMocks());

const MIAMI = '3055550100';

const realNow = Date.now;
/** n8n's clock set to `iso`, running from there. @param {string} iso */
function clockAt(iso) {
	const setAt = realNow();
	const ms = Date.parse(iso);
	jest.spyOn(Date, 'now').mockImplementation(() => ms + (realNow() - setAt));
}

/** One SMS → Send with `guardrails` where the node holds them. @param {Record<string, unknown>} guardrails */
const sendSms = (guardrails, items = [{}]) =>
	runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			phoneNumber: MIAMI,
			content: 'Spring sale: 20% off',
			...guardrails,
		},
		items,
		continueOnFail: true,
		credentials: { tatangoV3Api: v3Credentials() },
	});

describe.each([
	['in Compliance', (/** @type {Record<string, unknown>} */ g) => ({ compliance: g })],
	['at the top level, as saved before', (/** @type {Record<string, unknown>} */ g) => g],
])('guardrails %s', (_where, place) => {
	test('Quiet Hours refuses a text at 23:00 local time, with outcome "refused" and nextAllowedAt', async () => {
		clockAt('2026-11-26T04:00:00Z'); // 23:00 in Miami
		const { items } = await sendSms(place({ quietHours: 'federal' }));
		expect(items[0].json).toEqual(
			expect.objectContaining({ outcome: 'refused', nextAllowedAt: expect.any(String) }),
		);
		expect(unmatched).toEqual([]);
	});

	test('Send Once Per: the second item with the key is already_sent, the first is sent with its transactionId', async () => {
		clockAt('2026-11-25T17:00:00Z');
		const api = v3Api()
			.post('/transactional_messages/send_sms')
			.reply(202, { message: 'Request accepted', transactionId: 'tx-1' });
		const { items } = await sendSms(place({ sendOncePer: 'spring-{{ $json.id }}' }), [
			{ id: 1 },
			{ id: 1 },
		]);
		expect(items.map((item) => item.json.outcome)).toEqual(['sent', 'already_sent']);
		expect(items[0].json.transactionId).toBe('tx-1');
		expect(items[1].json).toEqual(
			expect.objectContaining({ transactionId: null, earlierTransactionId: 'tx-1' }),
		);
		expect(api.isDone()).toBe(true);
	});
});

test('a saved top-level guardrail is kept by n8n where set and dropped where it is the default', () => {
	const description = new Tatango().description;
	const load = (/** @type {Record<string, unknown>} */ saved) =>
		NodeHelpers.getNodeParameters(
			description.properties,
			/** @type {any} */ ({ resource: 'sms', operation: 'send', ...saved }),
			true,
			false,
			{ typeVersion: 1 },
			description,
		) ?? {};
	const set = load({ quietHours: 'federal', sendOncePer: '={{ $json.id }}' });
	expect(set).toEqual(
		expect.objectContaining({ quietHours: 'federal', sendOncePer: '={{ $json.id }}' }),
	);
	const unset = load({});
	expect(unset).not.toHaveProperty('quietHours');
	expect(unset).not.toHaveProperty('sendOncePer');
	expect(unset.compliance).toEqual({});
});

test('an item refused for its input under Continue On Fail says outcome "not_sent"', async () => {
	const { items } = await runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			phoneNumber: '(876) 555-1234',
			content: 'Hi',
		},
		continueOnFail: true,
		credentials: { tatangoV3Api: v3Credentials() },
	});
	expect(items[0].json).toEqual(expect.objectContaining({ outcome: 'not_sent' }));
	expect(items[0].json.error).toContain('Jamaica');
});

test.each([
	['in Options', { options: { replaceNonGsm: false } }],
	['at the top level, as saved before', { replaceNonGsm: false }],
])(
	'Replace Non-GSM Characters off %s: a curly quote is refused, not replaced',
	async (_where, set) => {
		const { error } = await runNode({
			parameters: {
				resource: 'sms',
				operation: 'send',
				phoneNumber: MIAMI,
				content: 'It’s here',
				...set,
			},
			credentials: { tatangoV3Api: v3Credentials() },
		});
		expect(error?.message).toMatch(/^Invalid Content/);
		expect(unmatched).toEqual([]);
	},
);
