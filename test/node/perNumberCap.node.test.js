// @ts-check
/**
 * Per-Number Cap, run as n8n runs the node (n8n-core's deduplication helpers over a model of n8n's
 * store, test/helpers/dedupStore.js). n8n's clock (Date.now) is set per run; a refused text makes no
 * request.
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

const realNow = Date.now;
/** n8n's clock set to `iso`, running from there. @param {string} iso */
function clockAt(iso) {
	const setAt = realNow();
	const ms = Date.parse(iso);
	jest.spyOn(Date, 'now').mockImplementation(() => ms + (realNow() - setAt));
}
afterEach(() => jest.restoreAllMocks());

const MIAMI = '3055550100';
const ACCEPTED = { message: 'Request accepted', transactionId: 'tx-cap' };

/**
 * @param {import('n8n-workflow').INodeParameters} extra
 * @param {{ credentialOverrides?: Record<string, unknown>, items?: import("n8n-workflow").IDataObject[] }} [options]
 */
const sendSms = (extra = {}, { credentialOverrides = {}, items } = {}) =>
	runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			phoneNumber: MIAMI,
			content: 'Spring sale: 20% off',
			perNumberCap: 'stateRules',
			capSubject: 'spring-sale',
			...extra,
		},
		items,
		continueOnFail: true,
		credentials: { tatangoV3Api: v3Credentials(credentialOverrides) },
	});

test("a Florida number's 4th text on one subject within 24 hours is refused with nextAllowedAt, and sent once the clock passes it", async () => {
	const api = v3Api().post('/transactional_messages/send_sms').times(3).reply(202, ACCEPTED);
	for (const time of ['2026-11-25T15:05:30Z', '2026-11-25T16:00:00Z', '2026-11-25T20:00:00Z']) {
		clockAt(time);
		expect((await sendSms()).items[0].json.transactionId).toBe('tx-cap');
		jest.restoreAllMocks();
	}
	expect(api.isDone()).toBe(true);

	clockAt('2026-11-26T14:00:00Z');
	const refused = await sendSms();
	expect(unmatched).toEqual([]);
	expect(refused.items[0].json).toEqual(
		expect.objectContaining({
			error: `Not sent: ${MIAMI} has had 3 texts on "spring-sale" in the last 24 hours, the Florida limit (3 in 24 hours). It may be sent from 2026-11-26T15:06:00.000Z.`,
			details: expect.stringContaining('Fla. Stat. § 501.616(6)(b)'),
			nextAllowedAt: '2026-11-26T15:06:00.000Z',
			count: 3,
			capSubject: 'spring-sale',
			rule: expect.objectContaining({ name: 'Florida', limit: 3 }),
		}),
	);
	jest.restoreAllMocks();

	clockAt('2026-11-26T15:06:00Z');
	const later = v3Api().post('/transactional_messages/send_sms').reply(202, ACCEPTED);
	expect((await sendSms()).items[0].json.transactionId).toBe('tx-cap');
	expect(later.isDone()).toBe(true);
});

test('one run of five items to one Florida number: three texts, two refused, the number read once', async () => {
	clockAt('2026-11-25T15:00:00Z');
	const api = v3Api().post('/transactional_messages/send_sms').times(3).reply(202, ACCEPTED);
	const { items } = await sendSms({}, { items: [{}, {}, {}, {}, {}] });
	expect(api.isDone()).toBe(true);
	expect(items.map((item) => (item.json.error ? 'refused' : 'sent'))).toEqual([
		'sent',
		'sent',
		'sent',
		'refused',
		'refused',
	]);
	// The first text in one call (no text to the number today or yesterday, on the subject or at
	// all), then two per text: on its subject, and among all the number's texts (an empty Cap
	// Subject counts those); the refusals decide on what the run already read.
	expect(db.calls).toBe(5);
});

test('another subject counts on its own; "Recipient Asked for This Text" is neither capped nor counted', async () => {
	clockAt('2026-11-25T15:00:00Z');
	const api = v3Api().post('/transactional_messages/send_sms').times(5).reply(202, ACCEPTED);
	await sendSms({}, { items: [{}, {}, {}] });
	const other = await sendSms({ capSubject: 'order-updates' });
	expect(other.items[0].json.transactionId).toBe('tx-cap');
	const callsBefore = db.calls;
	const code = await sendSms({ quietHours: 'recipientAsked' });
	expect(code.items[0].json.transactionId).toBe('tx-cap');
	expect(db.calls).toBe(callsBefore);
	expect(api.isDone()).toBe(true);
});

test("the credential's policy caps a send whose own field does not", async () => {
	clockAt('2026-11-25T15:00:00Z');
	const api = v3Api().post('/transactional_messages/send_sms').reply(202, ACCEPTED);
	const policy = { perNumberCapPolicy: 'custom', perNumberCapPolicyLimit: 1 };
	const first = await sendSms({ perNumberCap: 'off' }, { credentialOverrides: policy });
	expect(first.items[0].json.transactionId).toBe('tx-cap');
	const second = await sendSms({ perNumberCap: 'off' }, { credentialOverrides: policy });
	expect(second.items[0].json.details).toMatch(
		/^The credential's Per-Number Cap Policy held this text back/,
	);
	expect(second.items[0].json.rule).toEqual(expect.objectContaining({ limit: 1 }));
	expect(api.isDone()).toBe(true);
	expect(unmatched).toEqual([]);
});

test('state limits leave a number of another state alone, without reading the store', async () => {
	const api = v3Api().post('/transactional_messages/send_sms').times(4).reply(202, ACCEPTED);
	const seattle = await sendSms({ phoneNumber: '2065550100' }, { items: [{}, {}, {}, {}] });
	expect(seattle.items.every((item) => item.json.transactionId === 'tx-cap')).toBe(true);
	expect(api.isDone()).toBe(true);
	expect(db.calls).toBe(0);
});

test('a text Tatango refuses (400) is not counted', async () => {
	clockAt('2026-11-25T15:00:00Z');
	v3Api().post('/transactional_messages/send_sms').reply(400, { message: 'Invalid request body' });
	await sendSms();
	const api = v3Api().post('/transactional_messages/send_sms').times(3).reply(202, ACCEPTED);
	const { items } = await sendSms({}, { items: [{}, {}, {}] });
	expect(items.every((item) => item.json.transactionId === 'tx-cap')).toBe(true);
	expect(api.isDone()).toBe(true);
});

test('Per-Number Cap off and no policy: the store is never read', async () => {
	const api = v3Api().post('/transactional_messages/send_sms').times(4).reply(202, ACCEPTED);
	await sendSms({ perNumberCap: 'off' }, { items: [{}, {}, {}, {}] });
	expect(api.isDone()).toBe(true);
	expect(db.calls).toBe(0);
});

test('a campaign of 100 numbers, each texted once: one call to the store for all their counts', async () => {
	clockAt('2026-11-25T15:00:00Z');
	const api = v3Api().post('/transactional_messages/send_sms').times(100).reply(202, ACCEPTED);
	const items = Array.from({ length: 100 }, (_, i) => ({ phone: `305555${String(1000 + i)}` }));
	const { items: out } = await sendSms({ phoneNumber: '={{ $json.phone }}' }, { items });
	expect(out.every((item) => item.json.transactionId === 'tx-cap')).toBe(true);
	expect(api.isDone()).toBe(true);
	expect(db.calls).toBe(1);
}, 60_000); // 100 runs of the node's send path: seconds on a busy machine

test('a minute turning while counts taken ahead wait for their sends: they move to the new minute in one call, not one each', async () => {
	const start = Date.parse('2026-11-25T15:00:50Z');
	const setAt = realNow();
	let shift = 0;
	jest.spyOn(Date, 'now').mockImplementation(() => start + (realNow() - setAt) + shift);
	let sends = 0;
	const api = v3Api()
		.post('/transactional_messages/send_sms')
		.times(200)
		.reply(202, () => {
			if (++sends === 20) shift = 60_000; // the 21st text goes a minute later
			return ACCEPTED;
		});
	const items = Array.from({ length: 200 }, (_, i) => ({ phone: `305556${String(1000 + i)}` }));
	const { items: out } = await sendSms(
		{
			phoneNumber: '={{ $json.phone }}',
			perNumberCap: 'custom',
			perNumberCapLimit: 3,
			capSubject: '',
		},
		{ items },
	);
	expect(out.every((item) => item.json.transactionId === 'tx-cap')).toBe(true);
	expect(api.isDone()).toBe(true);
	// A call per batch of 100 and one (at most two) for the minute, where each text would take one.
	expect(db.calls).toBeLessThanOrEqual(4);
	// Item 50 was counted in 15:00 and sent in 15:01: its count says 15:01, so it runs out no earlier.
	const hour = Math.floor(start / 3_600_000);
	const minuteMark = (/** @type {number} */ minute) =>
		`tatango/1/capMinute/${hour}/1/${minute}/3055561050/`;
	expect(db.has('node-test', minuteMark(1))).toBe(true);
}, 60_000); // 200 runs of the node's send path: seconds on a busy machine

test('a run stopped by an error: the counts taken ahead for items it never sent are given back', async () => {
	clockAt('2026-11-25T15:00:00Z');
	const one = { perNumberCap: 'custom', perNumberCapLimit: 1, phoneNumber: '={{ $json.phone }}' };
	const api = v3Api().post('/transactional_messages/send_sms').reply(202, ACCEPTED);
	const stopped = await runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			content: 'Spring sale: 20% off',
			...one,
		},
		items: [{ phone: '3055551001' }, { phone: 'not a phone' }, { phone: '3055551003' }],
		credentials: { tatangoV3Api: v3Credentials() },
	});
	expect(stopped.error?.message).toMatch(/Phone Number/);
	expect(api.isDone()).toBe(true);
	const later = v3Api().post('/transactional_messages/send_sms').reply(202, ACCEPTED);
	const { items } = await sendSms(one, { items: [{ phone: '3055551003' }] });
	expect(items[0].json.transactionId).toBe('tx-cap');
	expect(later.isDone()).toBe(true);
	expect(unmatched).toEqual([]);
});

describe('Oregon (HB 3865): 3 in 24 hours unless the recipient bought within 18 months', () => {
	const BEND = '5415550100';

	test("a 541 number's 4th text in 24 hours is refused naming Oregon's law; with Last Purchase At within 18 months it is sent", async () => {
		clockAt('2026-11-25T18:00:00Z');
		const api = v3Api().post('/transactional_messages/send_sms').times(4).reply(202, ACCEPTED);
		const { items } = await sendSms(
			{ phoneNumber: BEND, capSubject: '' },
			{ items: [{}, {}, {}, {}] },
		);
		expect(items.map((item) => (item.json.error ? 'refused' : 'sent'))).toEqual([
			'sent',
			'sent',
			'sent',
			'refused',
		]);
		expect(items[3].json).toEqual(
			expect.objectContaining({
				error: expect.stringMatching(
					new RegExp(
						`^Not sent: ${BEND} has had 3 texts in the last 24 hours, the Oregon limit \\(3 in 24 hours\\)\\.`,
					),
				),
				details: expect.stringContaining('Rule: Oregon, Or. Laws 2025, HB 3865'),
				rule: {
					name: 'Oregon',
					limit: 3,
					citation: 'Or. Laws 2025, HB 3865',
					effectiveFrom: '2026-01-01',
					lastCheckedOn: '2026-11-26',
					checkedAgainst: 'summary',
				},
			}),
		);
		// The same 4th text, said to a customer who bought in March: Oregon's limit does not count it.
		const bought = await sendSms({
			phoneNumber: BEND,
			capSubject: '',
			lastPurchaseAt: '2026-03-14',
		});
		expect(bought.items[0].json.transactionId).toBe('tx-cap');
		expect(api.isDone()).toBe(true);
		// A purchase 19 months back is no longer a relationship: refused again.
		const lapsed = await sendSms({
			phoneNumber: BEND,
			capSubject: '',
			lastPurchaseAt: '2025-04-20T12:00:00Z',
		});
		expect(lapsed.items[0].json.error).toMatch(/the Oregon limit/);
		expect(unmatched).toEqual([]);
	});

	test('Last Purchase At that is not a date, or in the future: the item fails naming the field; nothing sent', async () => {
		clockAt('2026-11-25T18:00:00Z');
		const { items } = await sendSms(
			{ phoneNumber: BEND, lastPurchaseAt: '={{ $json.lastPurchaseAt }}' },
			{ items: [{ lastPurchaseAt: 'last spring' }, { lastPurchaseAt: '2027-01-01' }] },
		);
		expect(items[0].json.error).toMatch(/Last Purchase At.*"last spring" is not a date/);
		expect(items[1].json.error).toMatch(/Last Purchase At.*cannot be in the future/);
		expect(unmatched).toEqual([]);
	});
});

describe('without a ledger: the per-workflow memory, correct within its limits', () => {
	test.each([
		['={{ true }}', 'true'],
		['={{ [2] }}', 'a list'],
	])(
		'Texts per 24 Hours of %s is refused as every number field refuses it (not read as 1 or 2); nothing sent',
		async (limit) => {
			clockAt('2026-11-25T15:00:00Z');
			const { items } = await sendSms({ perNumberCap: 'custom', perNumberCapLimit: limit });
			expect(items[0].json.error).toMatch(/^Invalid Texts per 24 Hours/);
			expect(items[0].json.error).toMatch(/must be text or a number/);
			expect(unmatched).toEqual([]);
			expect(db.calls).toBe(0);
		},
	);

	test('a lowered limit counts every earlier text: five sent under a cap of 5, then a cap of 3 refuses with count 5, until the 3rd latest is 24 hours old', async () => {
		const api = v3Api().post('/transactional_messages/send_sms').times(5).reply(202, ACCEPTED);
		const five = { perNumberCap: 'custom', perNumberCapLimit: 5 };
		for (let minute = 0; minute < 5; minute++) {
			clockAt(`2026-11-25T15:0${minute}:30Z`);
			expect((await sendSms(five)).items[0].json.transactionId).toBe('tx-cap');
			jest.restoreAllMocks();
		}
		expect(api.isDone()).toBe(true);
		clockAt('2026-11-25T16:00:00Z');
		for (const lowered of [
			sendSms({ perNumberCap: 'stateRules' }),
			sendSms(five, { credentialOverrides: { perNumberCapPolicy: 'stateRules' } }),
			sendSms({ perNumberCap: 'custom', perNumberCapLimit: 3 }),
		]) {
			const { items } = await lowered;
			expect(items[0].json).toEqual(
				expect.objectContaining({ count: 5, nextAllowedAt: '2026-11-26T15:03:00.000Z' }),
			);
		}
		expect(unmatched).toEqual([]);
	});

	test('an empty Cap Subject counts every capped text to the number together, whatever their subjects', async () => {
		clockAt('2026-11-25T15:00:00Z');
		const api = v3Api().post('/transactional_messages/send_sms').times(3).reply(202, ACCEPTED);
		await sendSms({ capSubject: 'spring-sale' });
		await sendSms({ capSubject: 'order-updates' }, { items: [{}, {}] });
		expect(api.isDone()).toBe(true);
		const { items } = await sendSms({ capSubject: '' });
		expect(items[0].json).toEqual(expect.objectContaining({ count: 3, capSubject: '' }));
		expect(unmatched).toEqual([]);
	});

	/** Every mark the memory keeps, in every workflow's row. */
	const marksKept = () =>
		[...db.rows.values()].reduce((sum, row) => sum + JSON.parse(row).data.length, 0);

	test('the marks a capped text writes are the ones docs/send-once-and-caps.md counts', async () => {
		clockAt('2026-11-25T15:00:00Z');
		const api = v3Api().post('/transactional_messages/send_sms').times(4).reply(202, ACCEPTED);
		// A quiet number's first text: yesterday's and today's day marks, a slot and a minute.
		await sendSms({ capSubject: '' });
		expect(marksKept()).toBe(4);
		// Each further text to it that day: a slot and a minute.
		await sendSms({ capSubject: '' }, { items: [{}, {}] });
		expect(marksKept()).toBe(8);
		// A text on a subject is counted twice, on its subject and among all the number's texts
		// (which an empty Cap Subject reads): a quiet number's first, 4 marks each.
		await sendSms({ phoneNumber: '3055550199', capSubject: 'spring-sale' });
		expect(marksKept()).toBe(16);
		expect(api.isDone()).toBe(true);
	});
});
