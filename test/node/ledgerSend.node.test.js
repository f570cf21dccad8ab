// @ts-check
/**
 * The send path with a compliance ledger, run as n8n runs the node: n8n's public Data Table API is
 * the model of test/helpers/dataTableModel.js behind nock, the texts go to nock's Tatango. Texts
 * are claimed up to 300 ahead of the send, their numbers' consent is read a hundred ahead, and what
 * became of each text is written with its neighbours', not one call per text.
 */
const nock = require('nock');
const { runNode } = require('../helpers/runNode');
const {
	v2Api,
	v2Credentials,
	v3Api,
	v3Credentials,
	recordUnmatched,
} = require('../helpers/tatangoNock');
const { DataTableModel } = require('../helpers/dataTableModel');
const { DataDeduplicationService } = require('n8n-core');
const { DedupDatabase, deduplicator } = require('../helpers/dedupStore');

const unmatched = recordUnmatched();
// Skip Opted-Out Numbers also asks the workflow's memory (n8n's deduplication store, modelled).
beforeAll(async () => {
	await DataDeduplicationService.init(/** @type {any} */ (deduplicator(new DedupDatabase())));
});

/**
 * n8n's public API at the model's address, every call noted in `events` beside the texts, and
 * every read's filter in `filters`.
 * @param {DataTableModel} model @param {string[]} events @param {any[]} [filters]
 */
function serveModel(model, events, filters = []) {
	const answer =
		(/** @type {string} */ method) =>
		async (/** @type {string} */ uri, /** @type {any} */ body) => {
			const url = new URL(uri, model.baseUrl);
			const path = url.pathname.replace(/^\/api\/v1/, '');
			const qs = Object.fromEntries(url.searchParams);
			const dryRun = body && typeof body === 'object' && body.dryRun ? ' (dry run)' : '';
			events.push(`${method} ${path}${qs.filter ? ` ${qs.filter}` : ''}${dryRun}`);
			if (qs.filter) filters.push(JSON.parse(qs.filter));
			return /** @type {[number, any]} */ ([200, await model.request({ method, path, qs, body })]);
		};
	const api = nock(model.baseUrl, {
		reqheaders: { 'x-n8n-api-key': 'n8n_api_key_secret' },
	}).persist();
	for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
		api.intercept(/^\/api\/v1\//, method).reply(answer(method));
	}
}

/** Tatango accepts every v3 SMS, noting each send in `events` beside the ledger's calls. */
function answerSends(/** @type {string[]} */ events) {
	v3Api()
		.persist()
		.post('/transactional_messages/send_sms')
		.reply(202, (_uri, /** @type {any} */ body) => {
			events.push(`send ${body.phoneNumber}`);
			return { message: 'Request accepted', transactionId: `tx-${body.phoneNumber}` };
		});
}

/**
 * SMS → Send of one text per phone with Send Once Per on the order, and the model's ledger.
 * @param {DataTableModel} model @param {string[]} phones
 */
async function sendOncePerOrder(model, phones) {
	return await runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			phoneNumber: '={{ $json.phone }}',
			content: 'Your order has shipped',
			compliance: { sendOncePer: '={{ "order-" + $json.phone }}' },
		},
		items: phones.map((phone) => ({ phone })),
		credentials: {
			tatangoV3Api: v3Credentials(),
			tatangoComplianceLedgerApi: {
				baseUrl: model.baseUrl,
				apiKey: 'n8n_api_key_secret',
				dataTable: 'Ledger',
			},
		},
	});
}

test('250 texts with Send Once Per: claimed up to 300 texts ahead of the send, and their outcomes take a few calls, none per text', async () => {
	const model = new DataTableModel();
	/** @type {string[]} */
	const events = [];
	serveModel(model, events);
	const phones = Array.from({ length: 250 }, (_, i) => `206555${String(i).padStart(4, '0')}`);
	answerSends(events);

	const { items, error } = await sendOncePerOrder(model, phones);

	expect(error).toBeUndefined();
	expect(items.filter((item) => item.json.outcome === 'sent')).toHaveLength(250);
	expect(unmatched).toEqual([]);
	const rowsPath = `POST /data-tables/${[...model.tables.keys()][0]}/rows`;
	const claims = events.flatMap((event, i) => (event === rowsPath ? [i] : [])).slice(0, 3);
	const sends = events.flatMap((event, i) => (event.startsWith('send ') ? [i] : []));
	// The claims reach 300 texts ahead of the send, a hundred at a time: the batch of texts
	// 200-249 is claimed before the first hundred have gone, so no send waits for its claim's
	// settle wait.
	expect(claims[2]).toBeLessThan(sends[99]);
	// One update: the run's upkeep (old cap windows emptied, at most every ten minutes), no text's;
	// the claims read through dry runs, which change nothing.
	const updates = events.filter((event) => event.startsWith('PATCH'));
	expect(updates.filter((event) => !event.endsWith('(dry run)'))).toHaveLength(1);
	expect(events.filter((event) => !event.startsWith('send ')).length).toBeLessThan(40);
	const rows = model.rows();
	expect(rows.map((row) => row.status)).toEqual(Array(250).fill('sent'));
	expect(new Set(rows.map((row) => row.transactionId)).size).toBe(250);
	// Three claims' settle waits and 250 sends through n8n's engine: seconds on a busy machine.
}, 60_000);

test('a run stopped by an error leaves no claim pending: the texts it never reached are not sent, and its retry sends them', async () => {
	const model = new DataTableModel();
	/** @type {string[]} */
	const events = [];
	serveModel(model, events);
	const phones = Array.from({ length: 150 }, (_, i) => `206556${String(i).padStart(4, '0')}`);
	const run = async () => await sendOncePerOrder(model, phones);
	// The fifth text is refused (a 4xx: certainly not sent), and the run stops there.
	let calls = 0;
	v3Api()
		.post('/transactional_messages/send_sms')
		.times(5)
		.reply((_uri, /** @type {any} */ body) => {
			calls++;
			return calls === 5
				? [422, { message: 'Invalid phone number' }]
				: [202, { message: 'Request accepted', transactionId: `tx-${body.phoneNumber}` }];
		});
	const first = await run();
	expect(first.error).toBeDefined();
	const statuses = model.rows().map((row) => row.status);
	expect(statuses.filter((status) => status === 'sent')).toHaveLength(4);
	expect(statuses.filter((status) => status === 'pending')).toEqual([]);

	answerSends(events);
	const retry = await run();
	expect(retry.error).toBeUndefined();
	const outcomes = retry.items.map((item) => item.json.outcome);
	expect(outcomes.slice(0, 4)).toEqual(Array(4).fill('already_sent'));
	expect(outcomes.slice(4)).toEqual(Array(146).fill('sent'));
}, 60_000);

test("Skip Opted-Out Numbers with a ledger: 250 numbers' consent read a hundred at a time, each ahead of its send, never one number a call", async () => {
	const model = new DataTableModel();
	/** @type {string[]} */
	const events = [];
	/** @type {any[]} */
	const filters = [];
	serveModel(model, events, filters);
	const phones = Array.from({ length: 250 }, (_, i) => `206557${String(i).padStart(4, '0')}`);
	// On record before the run, as a trigger writes them: two numbers said STOP, and one of them
	// START after.
	const { id: table } = await model.request({
		method: 'POST',
		path: '/data-tables',
		body: { name: 'Ledger', columns: [] },
	});
	const consent = (
		/** @type {string} */ kind,
		/** @type {string} */ phone,
		/** @type {number} */ at,
	) => ({
		kind,
		status: 'recorded',
		phone,
		consentPhone: phone,
		at,
		when: new Date(at).toISOString(),
		words: kind === 'revocation' ? 'STOP' : 'START',
	});
	const hourAgo = Date.now() - 3_600_000;
	await model.request({
		method: 'POST',
		path: `/data-tables/${table}/rows`,
		body: {
			data: [
				consent('revocation', phones[17], hourAgo),
				consent('revocation', phones[180], hourAgo),
				consent('opt_in', phones[180], hourAgo + 60_000),
			],
		},
	});
	v2Api().get('/api/v2/lists/101/subscribers/unsubscribed').query(true).reply(200, {
		status: 'OK',
		per_page: 1000,
		count: 0,
		page: 1,
		pages_count: 1,
		phone_numbers: [],
	});
	answerSends(events);

	const { items, error } = await runNode({
		parameters: {
			resource: 'sms',
			operation: 'send',
			phoneNumber: '={{ $json.phone }}',
			content: 'Your order has shipped',
			skipOptedOut: true,
			optOutList: { __rl: true, mode: 'id', value: '101' },
		},
		items: phones.map((phone) => ({ phone })),
		credentials: {
			tatangoApi: v2Credentials(),
			tatangoV3Api: v3Credentials(),
			tatangoComplianceLedgerApi: {
				baseUrl: model.baseUrl,
				apiKey: 'n8n_api_key_secret',
				dataTable: 'Ledger',
			},
		},
	});

	expect(error).toBeUndefined();
	expect(unmatched).toEqual([]);
	const outcomes = items.map((item) => item.json.outcome);
	expect(outcomes.filter((outcome) => outcome === 'sent')).toHaveLength(249);
	expect(outcomes[17]).toBe('skipped');
	expect(items[17].json.reason).toContain('revoked consent ("STOP")');
	expect(outcomes[180]).toBe('sent');
	// Each consent read asks for as many numbers as its URL holds (about 60): 250 numbers, read a
	// hundred ahead at a time, take 5 reads, where one read per text took 250.
	const consentReads = filters.filter((filter) =>
		(filter.filters ?? []).some((/** @type {any} */ f) => f.columnName === 'consentPhone'),
	);
	expect(consentReads.length).toBeLessThanOrEqual(5);
	const asked = consentReads.flatMap((filter) =>
		filter.filters.map((/** @type {any} */ f) => f.value),
	);
	expect(asked.sort()).toEqual([...phones].sort());
	// Read ahead: the numbers of the second hundred were asked for before the first hundred had all
	// gone, and those of the third before the second had.
	const sends = events.flatMap((event, i) => (event.startsWith('send ') ? [i] : []));
	const readOf = (/** @type {string} */ phone) =>
		events.findIndex((event) => event.includes('consentPhone') && event.includes(`"${phone}"`));
	expect(readOf(phones[150])).toBeLessThan(sends[99]);
	expect(readOf(phones[230])).toBeLessThan(sends[199]);
}, 60_000);
