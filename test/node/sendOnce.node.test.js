// @ts-check
/**
 * Send Once Per, run as n8n runs the node: n8n-core's own deduplication helpers, over a model of
 * n8n's store (test/helpers/dedupStore.js) in place of the database. What a user notices: which
 * items text (nock counts the posts) and what the others output.
 */
const { DataDeduplicationService } = require('n8n-core');
const { runNode } = require('../helpers/runNode');
const { v3Api, v3Credentials, recordUnmatched } = require('../helpers/tatangoNock');
const { DedupDatabase, deduplicator } = require('../helpers/dedupStore');

const unmatched = recordUnmatched();
const db = new DedupDatabase();

beforeAll(async () => {
	await DataDeduplicationService.init(/** @type {any} */ (deduplicator(db)));
});
beforeEach(() => {
	db.rows.clear();
	db.calls = 0;
});

const PHONES = ['2065550101', '2065550102', '2065550103'];

/**
 * One SMS per item, the key from the item's orderId.
 * @param {import("n8n-workflow").IDataObject[]} items
 * @param {{ continueOnFail?: boolean, sendOncePer?: string }} [options]
 */
const sendSms = (items, { continueOnFail, sendOncePer = '={{ $json.orderId }}-shipped' } = {}) =>
	runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			phoneNumber: '={{ $json.phone }}',
			content: 'Your order shipped',
			sendOncePer,
		},
		items,
		continueOnFail,
		credentials: { tatangoV3Api: v3Credentials() },
	});

/** Tatango accepts a send to each of `phones`, once each, answering with its own transactionId. */
function accepts(/** @type {string[]} */ phones) {
	const api = v3Api();
	for (const phone of phones) {
		api
			.post('/transactional_messages/send_sms', (body) => body.phoneNumber === phone)
			.reply(202, { message: 'Request accepted', transactionId: `tx-${phone}` });
	}
	return api;
}

const orders = PHONES.map((phone, i) => ({ orderId: `A-${i + 1}`, phone }));

test('a run whose 3rd text is refused (a 400), run again: items 1-2 are not texted again, item 3 once', async () => {
	const first = accepts(PHONES.slice(0, 2));
	v3Api()
		.post('/transactional_messages/send_sms', (body) => body.phoneNumber === PHONES[2])
		.reply(400, { message: 'Invalid request body' });
	const failed = await sendSms(orders);
	expect(failed.error).toBeDefined();
	expect(first.isDone()).toBe(true);

	const second = accepts([PHONES[2]]);
	const { items, error } = await sendSms(orders);
	expect(error).toBeUndefined();
	expect(second.isDone()).toBe(true);
	expect(unmatched).toEqual([]);
	expect(items.map((item) => item.json.outcome)).toEqual(['already_sent', 'already_sent', 'sent']);
	expect(items[2].json.transactionId).toBe(`tx-${PHONES[2]}`);
	expect(items[0]).toEqual({
		json: expect.objectContaining({
			outcome: 'already_sent',
			sendOncePer: 'A-1-shipped',
			phoneNumber: PHONES[0],
			sentBy: 'an earlier execution',
		}),
		pairedItem: { item: 0 },
	});
});

test('a text that may have been sent (a 500 after the body went) keeps its key: not texted again', async () => {
	v3Api().post('/transactional_messages/send_sms').times(4).reply(500, { message: 'boom' });
	const first = await sendSms([orders[0]], { continueOnFail: true });
	expect(first.items[0].json.error).toMatch(/may have been sent/i);
	const { items } = await sendSms([orders[0]], { continueOnFail: true });
	expect(items[0].json.outcome).toBe('already_sent');
	expect(unmatched).toEqual([]);
});

test('two items of one run with the same key: one text; the second names the first and its transactionId', async () => {
	const api = accepts([PHONES[0]]);
	const { items } = await sendSms([orders[0], { ...orders[0], phone: PHONES[1] }]);
	expect(api.isDone()).toBe(true);
	expect(unmatched).toEqual([]);
	expect(items[1].json).toEqual(
		expect.objectContaining({
			outcome: 'already_sent',
			sentBy: 'item 0 of this run',
			earlierTransactionId: `tx-${PHONES[0]}`,
		}),
	);
});

test('a run stopped by an error before later items: their keys are released, a fixed run texts them', async () => {
	const api = accepts([PHONES[0]]);
	const items = [orders[0], { ...orders[1], phone: 'not a phone' }, orders[2]];
	const failed = await sendSms(items);
	expect(failed.error?.message).toMatch(/Phone Number/);
	expect(api.isDone()).toBe(true);

	const again = accepts(PHONES.slice(1));
	const { items: out } = await sendSms(orders);
	expect(again.isDone()).toBe(true);
	expect(out.map((item) => item.json.outcome ?? 'sent')).toEqual(['already_sent', 'sent', 'sent']);
	expect(unmatched).toEqual([]);
});

test('Send Once Per empty: every item texts and the store is never read', async () => {
	const api = accepts([PHONES[0], PHONES[0]]);
	await sendSms([orders[0], orders[0]], { sendOncePer: '' });
	expect(api.isDone()).toBe(true);
	expect(db.calls).toBe(0);
});

test('100 items, each its own key: all texted once, in a handful of calls to the store', async () => {
	const many = Array.from({ length: 100 }, (_, i) => ({
		orderId: `B-${i}`,
		phone: `206555${String(10000 + i).slice(1)}`,
	}));
	const api = v3Api()
		.post('/transactional_messages/send_sms')
		.times(100)
		.reply(202, { message: 'Request accepted', transactionId: 'tx' });
	const { items, error } = await sendSms(many);
	expect(error).toBeUndefined();
	expect(api.isDone()).toBe(true);
	expect(items.every((item) => item.json.transactionId === 'tx')).toBe(true);
	// One batch of 100: two calls, and one at the end of the run.
	expect(db.calls).toBe(3);
	const again = await sendSms(many);
	expect(again.items.every((item) => item.json.outcome === 'already_sent')).toBe(true);
}, 60_000); // 100 runs of the node's send path: seconds on a busy machine

test('300 items: the batch after the first is claimed before the first text goes, so its settle time passes while texts go out', async () => {
	const many = Array.from({ length: 300 }, (_, i) => ({
		orderId: `C-${i}`,
		phone: `206556${String(10000 + i).slice(1)}`,
	}));
	/** Marks the store holds: a key's and its claim's for each key claimed. */
	const marks = () => [...db.rows.values()].reduce((n, row) => n + JSON.parse(row).data.length, 0);
	/** @type {number[]} */
	const marksAtSend = [];
	const api = v3Api()
		.post('/transactional_messages/send_sms')
		.times(300)
		.reply(202, () => {
			marksAtSend.push(marks());
			return { message: 'Request accepted', transactionId: 'tx' };
		});
	const { items, error } = await sendSms(many);
	expect(error).toBeUndefined();
	expect(api.isDone()).toBe(true);
	expect(items.every((item) => item.json.transactionId === 'tx')).toBe(true);
	// The first batch's 200 keys (and their claims) before the first text; the next batch's while
	// the first batch's texts go out (its keys read between their answers).
	expect(marksAtSend[0]).toBeGreaterThanOrEqual(400);
	expect(marksAtSend[199]).toBe(600);
	// Two batches of two calls each, and one at the end of the run (the claims' marks go).
	expect(db.calls).toBe(5);
	expect(marks()).toBe(300);
}, 60_000); // 300 runs of the node's send path: seconds on a busy machine
