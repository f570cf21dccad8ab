// @ts-check
/**
 * The compliance ledger (nodes/shared/ledger) over a model of n8n's Data Table API
 * (test/helpers/dataTableModel.js): what its rows decide (a key's holder, a cap's count and
 * nextAllowedAt), and that a key or a cap's last slot goes to exactly one of many processes
 * claiming at once, also when each row becomes visible to others only some time after it was
 * numbered (PostgreSQL's commit order), as long as that is shorter than the settle time.
 */
const { Ledger, capVerdict, keyHolder, DAY_MS, SETTLE_MS } = require('../../nodes/shared/ledger');
const { DataTableModel } = require('../helpers/dataTableModel');

const HOUR = 60 * 60 * 1000;
const T0 = Date.UTC(2026, 10, 25, 15, 5);
const MIAMI = '3055550177';

/** @param {Partial<import('../../nodes/shared/ledger').LedgerRow>} row */
const text = (row) =>
	/** @type {import('../../nodes/shared/ledger').LedgerRow} */ ({
		kind: 'text',
		phone: MIAMI,
		capWindow: MIAMI,
		capSubject: 'sale',
		capLimit: 3,
		status: 'sent',
		...row,
	});

describe('what the rows decide', () => {
	test("a text whose final row is stored beside its pending row counts once, in its claim's place", () => {
		const key = { sendOnceKey: 'order-1', capLimit: 2 };
		const rows = [
			text({ id: 5, at: T0, status: 'pending', ...key }),
			text({ id: 8, at: T0 + 1, status: 'pending', ...key }),
			text({ id: 12, at: T0 + 2, status: 'sent', claim: 5, transactionId: 'tx', ...key }),
		];
		const mine = rows[1];
		expect(keyHolder(rows, mine)).toMatchObject({ id: 12, transactionId: 'tx' });
		expect(capVerdict(rows, mine)).toEqual({ allowed: true, count: 2 });
	});

	test("a Florida number's 4th text in 24 hours is refused until the first is 24 hours old", () => {
		const rows = [0, 1, 5].map((h, i) => text({ id: i + 1, at: T0 + h * HOUR }));
		const mine = text({ id: 9, at: T0 + 23 * HOUR, status: 'pending' });
		expect(capVerdict(rows, mine)).toEqual({
			allowed: false,
			count: 3,
			nextAllowedAt: T0 + DAY_MS,
		});
		expect(capVerdict(rows, { ...mine, at: T0 + DAY_MS })).toEqual({ allowed: true, count: 3 });
	});

	test('a lowered limit counts every earlier text: 5 texts, limit 3, waits for the third oldest', () => {
		const rows = [0, 1, 2, 3, 4].map((h, i) => text({ id: i + 1, at: T0 + h * HOUR, capLimit: 5 }));
		const mine = text({ id: 9, at: T0 + 6 * HOUR, status: 'pending' });
		expect(capVerdict(rows, mine)).toEqual({
			allowed: false,
			count: 5,
			nextAllowedAt: T0 + 2 * HOUR + DAY_MS,
		});
	});

	test('an empty Cap Subject counts every capped text to the number; two subjects do not mix', () => {
		const rows = [
			text({ id: 1, at: T0, capSubject: 'sale' }),
			text({ id: 2, at: T0 + HOUR, capSubject: 'sale' }),
			text({ id: 3, at: T0 + 2 * HOUR, capSubject: 'news' }),
		];
		const pending = { status: 'pending', at: T0 + 3 * HOUR, id: 9 };
		expect(capVerdict(rows, text({ ...pending, capSubject: '' }))).toMatchObject({
			allowed: false,
			count: 3,
		});
		expect(capVerdict(rows, text({ ...pending, capSubject: 'news' }))).toEqual({
			allowed: true,
			count: 2,
		});
		expect(capVerdict(rows, text({ ...pending, capSubject: 'sale' }))).toEqual({
			allowed: true,
			count: 3,
		});
	});

	test('texts held back (capped, not sent, already sent) do not count; pending ones do', () => {
		const rows = [
			text({ id: 1, at: T0, status: 'capped' }),
			text({ id: 2, at: T0, status: 'not_sent' }),
			text({ id: 3, at: T0, status: 'pending' }),
			text({ id: 4, at: T0, status: 'maybe_sent' }),
		];
		expect(capVerdict(rows, text({ id: 9, at: T0 + HOUR, status: 'pending' }))).toEqual({
			allowed: true,
			count: 3,
		});
	});

	test("a key is held by its live row with the lowest id; a released row doesn't hold it", () => {
		const key = { sendOnceKey: 'order-1' };
		const rows = [
			text({ id: 4, at: T0, status: 'not_sent', ...key }),
			text({ id: 6, at: T0, status: 'pending', ...key }),
			text({ id: 7, at: T0, status: 'pending', ...key }),
		];
		expect(keyHolder(rows, rows[2])?.id).toBe(6);
		expect(
			keyHolder(rows.slice(0, 1), text({ id: 8, at: T0, status: 'pending', ...key }))?.id,
		).toBe(8);
	});
});

/** The settle wait, a tenth as long in real time. */
const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms / 10));
const context = { logger: { warn: jest.fn() } };
const identity = (/** @type {number} */ n) => ({
	workflow: `w${n % 2}`,
	workflowName: `workflow ${n % 2}`,
	execution: String(n),
	node: 'Send',
});

async function ledgers(/** @type {DataTableModel} */ model, /** @type {number} */ count) {
	return await Promise.all(
		Array.from(
			{ length: count },
			async (_, n) =>
				await Ledger.open(/** @type {any} */ (context), identity(n), {
					http: /** @type {any} */ (model.http()),
					pause,
				}),
		),
	);
}

describe('claims across processes', () => {
	test('20 processes claim one key at once: exactly one holds it, on SQLite and on PostgreSQL commit order', async () => {
		for (const commitDelayMs of [0, SETTLE_MS / 10 / 2]) {
			const model = new DataTableModel({ commitDelayMs });
			const all = await ledgers(model, 20);
			const claims = await Promise.all(
				all.map(
					async (ledger) =>
						(await ledger.claim([{ phone: MIAMI, channel: 'SMS', sendOnceKey: 'order-1' }], T0))[0],
				),
			);
			expect(claims.filter((claim) => claim.key?.mine)).toHaveLength(1);
		}
	});

	test("10 processes text one Florida number at once (limit 3): exactly 3 may go, the others get the 4th's nextAllowedAt", async () => {
		const model = new DataTableModel({ commitDelayMs: 5 });
		const all = await ledgers(model, 10);
		const claims = await Promise.all(
			all.map(
				async (ledger) =>
					(
						await ledger.claim(
							[{ phone: MIAMI, channel: 'SMS', cap: { subject: 'sale', limit: 3 } }],
							T0,
						)
					)[0],
			),
		);
		const allowed = claims.filter((claim) => claim.cap?.allowed);
		expect(allowed).toHaveLength(3);
		for (const claim of claims.filter((c) => !c.cap?.allowed)) {
			expect(claim.cap).toEqual({ allowed: false, count: 3, nextAllowedAt: T0 + DAY_MS });
		}
	});

	test('what remains: a row whose commit lands later than the settle time can let two processes hold one key', async () => {
		// The first insert (the lower id) commits 100 ms after it was numbered, the settle time 20 ms.
		const model = new DataTableModel({ commitDelayMs: [100, 0], answerAfterCommit: true });
		const all = await ledgers(model, 2);
		const claims = await Promise.all(
			all.map(
				async (ledger) =>
					(await ledger.claim([{ phone: MIAMI, channel: 'SMS', sendOnceKey: 'order-2' }], T0))[0],
			),
		);
		expect(claims.filter((claim) => claim.key?.mine)).toHaveLength(2);
	});

	test('1,000 texts with a key and a cap, claimed and told what happened: about five calls per hundred, none per text', async () => {
		const model = new DataTableModel();
		const [ledger] = await ledgers(model, 1);
		const before = model.calls;
		for (let batch = 0; batch < 10; batch++) {
			const texts = Array.from({ length: 100 }, (_, i) => ({
				phone: `30555${String(batch * 100 + i).padStart(5, '0')}`,
				channel: 'SMS',
				sendOnceKey: `k${batch * 100 + i}`,
				cap: { subject: '', limit: 3 },
			}));
			const claims = await ledger.claim(texts, T0);
			expect(claims.every((claim) => claim.key?.mine && claim.cap?.allowed)).toBe(true);
			for (const claim of claims) {
				ledger.settle(claim.row, { status: 'sent', transactionId: `tx-${claim.row.ref}` });
			}
		}
		await ledger.flush();
		// Per hundred: the claim's insert and 1 + 1 reads (an update's dry run each); per 250, the
		// outcomes' insert; per thousand, one delete of the pending rows they replace. One update per
		// text made it 1,070; an outcomes' insert, 2 deletes and 3 + 3 reads per hundred, 100.
		expect(model.calls - before).toBe(35);
		expect(model.rows().every((row) => row.dryRunState === undefined)).toBe(true);
		expect(model.log.filter((call) => call.startsWith('DELETE'))).toHaveLength(1);
		const rows = model.rows();
		expect(rows).toHaveLength(1000);
		expect(rows.filter((row) => row.status === 'sent' && row.transactionId)).toHaveLength(1000);
	});

	test("a text's final row replaces its pending row with no moment another process could take its key or its cap slot", async () => {
		/** @type {() => void} */ let release = () => {};
		const held = new Promise((resolve) => (release = () => resolve(undefined)));
		/** @type {() => void} */ let deleting = () => {};
		const reached = new Promise((resolve) => (deleting = () => resolve(undefined)));
		const model = new DataTableModel({
			commitDelayMs: 5,
			answerAfterCommit: true,
			beforeDelete: async () => {
				deleting();
				await held;
			},
		});
		const [a, b, c] = await ledgers(model, 3);
		const capped = (/** @type {string} */ key) => ({
			phone: MIAMI,
			channel: 'SMS',
			sendOnceKey: key,
			cap: { subject: 'sale', limit: 3 },
		});
		const claims = await a.claim(['k1', 'k2', 'k3'].map(capped), T0);
		expect(claims.every((claim) => claim.key?.mine && claim.cap?.allowed)).toBe(true);
		claims.forEach((claim, i) =>
			a.settle(claim.row, { status: 'sent', transactionId: `tx${i + 1}`, at: T0 + 1000 + i }),
		);
		const flushed = a.flush();
		await reached;
		// The final rows are stored; the pending rows they replace are not deleted yet.
		expect(model.rows().map((row) => row.status)).toEqual([
			'pending',
			'pending',
			'pending',
			'sent',
			'sent',
			'sent',
		]);
		const taken = {
			key: { mine: false, holder: { status: 'sent', transactionId: 'tx1' } },
			cap: { allowed: false, count: 3, nextAllowedAt: T0 + 1000 + DAY_MS },
		};
		expect((await b.claim([capped('k1')], T0 + 2000))[0]).toMatchObject(taken);
		release();
		await flushed;
		expect((await c.claim([capped('k1')], T0 + 3000))[0]).toMatchObject(taken);
		const rowsOfA = model.rows().filter((row) => row.execution === '0');
		expect(rowsOfA.map((row) => [row.status, row.claim])).toEqual([
			['sent', 1],
			['sent', 2],
			['sent', 3],
		]);
	});

	test("a run deletes only its own pending rows whose final rows are stored, never another's nor one whose final row failed", async () => {
		const model = new DataTableModel();
		const [a, b] = await ledgers(model, 2);
		const send = (/** @type {string} */ key) => ({
			phone: MIAMI,
			channel: 'SMS',
			sendOnceKey: key,
		});
		const claims = await a.claim(['k1', 'k2', 'k3', 'k4', 'k5', 'k6'].map(send), T0);
		await b.claim([send('other')], T0);
		const outcome = (/** @type {number} */ i) => ({ status: 'sent', transactionId: `tx${i + 1}` });
		claims.slice(0, 2).forEach((claim, i) => a.settle(claim.row, outcome(i)));
		await a.flush();
		const pendingOf = () =>
			model
				.rows()
				.filter((row) => row.status === 'pending')
				.map((row) => row.sendOnceKey);
		expect(pendingOf()).toEqual(['k3', 'k4', 'k5', 'k6', 'other']);
		// The final rows of k3 and k4 are refused; k5's and k6's are stored after them.
		const request = model.request.bind(model);
		let refuse = true;
		model.request = async (/** @type {any} */ call) => {
			if (refuse && call.method === 'POST' && call.path.endsWith('/rows')) {
				refuse = false;
				throw new Error('n8n is restarting');
			}
			return await request(call);
		};
		claims.slice(2, 4).forEach((claim, i) => a.settle(claim.row, outcome(i + 2)));
		await a.flush();
		claims.slice(4).forEach((claim, i) => a.settle(claim.row, outcome(i + 4)));
		await a.flush();
		// k3 and k4 stay pending (they count as sent); k5's and k6's pending rows stay beside their
		// final rows, above the lowest pending row without one; b's claim is b's.
		expect(pendingOf()).toEqual(['k3', 'k4', 'k5', 'k6', 'other']);
		expect(
			model
				.rows()
				.filter((row) => row.status === 'sent')
				.map((row) => row.sendOnceKey),
		).toEqual(['k1', 'k2', 'k5', 'k6']);
		const [again] = await b.claim([send('k5')], T0 + 1000);
		expect(again.key).toMatchObject({ mine: false, holder: { transactionId: 'tx5' } });
	});

	test('after a claim that failed once its rows were stored, the run deletes no pending row', async () => {
		const model = new DataTableModel();
		const [ledger] = await ledgers(model, 1);
		const send = (/** @type {string} */ key) => ({
			phone: MIAMI,
			channel: 'SMS',
			sendOnceKey: key,
		});
		const request = model.request.bind(model);
		let failRead = true;
		model.request = async (/** @type {any} */ call) => {
			if (failRead && call.body?.dryRun) {
				failRead = false;
				throw new Error('n8n is restarting');
			}
			return await request(call);
		};
		await expect(ledger.claim([send('lost')], T0)).rejects.toThrow('n8n is restarting');
		const claims = await ledger.claim([send('k1'), send('k2')], T0);
		claims.forEach((claim, i) =>
			ledger.settle(claim.row, { status: 'sent', transactionId: `tx${i}` }),
		);
		await ledger.flush();
		expect(model.log.filter((call) => call.startsWith('DELETE'))).toEqual([]);
		expect(model.rows().filter((row) => row.status === 'pending')).toHaveLength(3);
	});

	test('a read longer than a page misses no row when rows are deleted between its pages', async () => {
		const model = new DataTableModel();
		const [ledger] = await ledgers(model, 1);
		const [table] = model.tables.values();
		const row = (/** @type {Record<string, any>} */ data) => {
			const stored = {
				kind: 'text',
				phone: MIAMI,
				sendOnceKey: 'k',
				at: T0,
				visibleAt: 0,
				...data,
			};
			table.rows.push({ ...stored, id: table.nextId++ });
		};
		// 250 earlier deliveries of the key held back, then the text that holds it (id 251).
		for (let i = 0; i < 250; i++) row({ status: i === 4 ? 'pending' : 'already_sent' });
		row({ status: 'sent', transactionId: 'the-first' });
		// Row 5's text got its final row: the pending row goes while the key's rows are read.
		row({ status: 'already_sent', claim: 5 });
		const request = model.request.bind(model);
		let pages = 0;
		model.request = async (/** @type {any} */ call) => {
			const answer = await request(call);
			if (call.method === 'GET' && call.path.endsWith('/rows') && ++pages === 1) {
				table.rows = table.rows.filter((stored) => stored.id !== 5);
			}
			return answer;
		};
		const rows = await ledger.table.read(
			{ type: 'or', filters: [{ columnName: 'sendOnceKey', condition: 'eq', value: 'k' }] },
			'reading a key',
		);
		const ids = Array.from({ length: 252 }, (_, i) => i + 1).filter((id) => id !== 5);
		expect(rows.map((stored) => stored.id)).toEqual(ids);
		expect(rows.find((stored) => stored.id === 251)?.transactionId).toBe('the-first');
	});
});
