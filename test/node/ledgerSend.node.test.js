// @ts-check
/**
 * The send path with a compliance ledger, run as n8n runs the node: n8n's public Data Table API is
 * the model of test/helpers/dataTableModel.js behind nock, the texts go to nock's Tatango. The next
 * hundred texts are claimed while the current hundred go, and what became of each text is written
 * with its neighbours', not one call per text.
 */
const nock = require('nock');
const { runNode } = require('../helpers/runNode');
const { v3Api, v3Credentials, recordUnmatched } = require('../helpers/tatangoNock');
const { DataTableModel } = require('../helpers/dataTableModel');

const unmatched = recordUnmatched();

/**
 * n8n's public API at the model's address, every call noted in `events` beside the texts.
 * @param {DataTableModel} model @param {string[]} events
 */
function serveModel(model, events) {
	const answer =
		(/** @type {string} */ method) =>
		async (/** @type {string} */ uri, /** @type {any} */ body) => {
			const url = new URL(uri, model.baseUrl);
			const path = url.pathname.replace(/^\/api\/v1/, '');
			events.push(`${method} ${path}`);
			const qs = Object.fromEntries(url.searchParams);
			return /** @type {[number, any]} */ ([200, await model.request({ method, path, qs, body })]);
		};
	const api = nock(model.baseUrl, {
		reqheaders: { 'x-n8n-api-key': 'n8n_api_key_secret' },
	}).persist();
	for (const method of ['GET', 'POST', 'PATCH', 'DELETE']) {
		api.intercept(/^\/api\/v1\//, method).reply(answer(method));
	}
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

test('250 texts with Send Once Per: each next hundred is claimed before the hundred before it has gone, and their outcomes take a few calls, none per text', async () => {
	const model = new DataTableModel();
	/** @type {string[]} */
	const events = [];
	serveModel(model, events);
	const phones = Array.from({ length: 250 }, (_, i) => `206555${String(i).padStart(4, '0')}`);
	v3Api()
		.persist()
		.post('/transactional_messages/send_sms')
		.reply(202, (_uri, /** @type {any} */ body) => {
			events.push(`send ${body.phoneNumber}`);
			return { message: 'Request accepted', transactionId: `tx-${body.phoneNumber}` };
		});

	const { items, error } = await sendOncePerOrder(model, phones);

	expect(error).toBeUndefined();
	expect(items.filter((item) => item.json.outcome === 'sent')).toHaveLength(250);
	expect(unmatched).toEqual([]);
	const rowsPath = `POST /data-tables/${[...model.tables.keys()][0]}/rows`;
	const claims = events.flatMap((event, i) => (event === rowsPath ? [i] : [])).slice(0, 3);
	const sends = events.flatMap((event, i) => (event.startsWith('send ') ? [i] : []));
	// The second hundred's claim is under way while the first hundred go; the third's while the
	// second's go.
	expect(claims[1]).toBeLessThan(sends[99]);
	expect(claims[2]).toBeLessThan(sends[199]);
	// One update: the run's upkeep (old cap windows emptied, at most every ten minutes), no text's.
	expect(events.filter((event) => event.startsWith('PATCH'))).toHaveLength(1);
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

	v3Api()
		.persist()
		.post('/transactional_messages/send_sms')
		.reply(202, (_uri, /** @type {any} */ body) => ({
			message: 'Request accepted',
			transactionId: `tx-${body.phoneNumber}`,
		}));
	const retry = await run();
	expect(retry.error).toBeUndefined();
	const outcomes = retry.items.map((item) => item.json.outcome);
	expect(outcomes.slice(0, 4)).toEqual(Array(4).fill('already_sent'));
	expect(outcomes.slice(4)).toEqual(Array(146).fill('sent'));
}, 60_000);
