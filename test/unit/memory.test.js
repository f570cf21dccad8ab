// @ts-check
/**
 * The memory (nodes/shared/memory) over a model of n8n's deduplication store (test/helpers/dedupStore.js):
 * what it keeps and forgets, what it says when n8n has no store, and whether a claimed key goes to
 * exactly one of several executions at once, in one process and across processes whose calls to the
 * store overlap.
 */
/** Every part of the memory, as one object: the module's face and what its parts keep inside. */
const memoryParts = () => ({
	...require('../../nodes/shared/memory/store'),
	...require('../../nodes/shared/memory/claims'),
	...require('../../nodes/shared/memory/marks'),
	...require('../../nodes/shared/memory/caps'),
	...require('../../nodes/shared/memory/revocations'),
});
const memory = memoryParts();
const { DedupDatabase, deduplicator, contextWith } = require('../helpers/dedupStore');

/** A second copy of the module: another n8n process (its own turn-taking, its own timings). */
function anotherProcess() {
	/** @type {typeof memory} */
	let copy = memory;
	jest.isolateModules(() => {
		copy = memoryParts();
	});
	return copy;
}

/** The settle wait, a tenth as long in real time (the store model's delays are short too). */
const pause = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms / 10));

describe('the store', () => {
	test('testAndSet says which marks were there and records the others; remove forgets', async () => {
		const db = new DedupDatabase();
		const store = memory.workflowStore(contextWith(deduplicator(db)), 'Send Once Per');
		expect(await store.testAndSet(['a', 'b'])).toEqual(new Set());
		expect(await store.testAndSet(['a', 'c'])).toEqual(new Set(['a']));
		await store.remove(['a']);
		expect(await store.testAndSet(['a', 'b', 'c'])).toEqual(new Set(['b', 'c']));
	});

	test('presentAmong reads without leaving what it tested, and never pushes real marks out', async () => {
		const db = new DedupDatabase();
		const store = memory.workflowStore(contextWith(deduplicator(db)), 'Per-Number Cap');
		const real = Array.from({ length: memory.MEMORY_SIZE }, (_, i) => `real-${i}`);
		await store.testAndSet(real);
		const probes = Array.from({ length: 500 }, (_, i) => `probe-${i}`);
		const found = await store.presentAmong([...probes, 'real-0'], ['real-1']);
		expect(found).toEqual(new Set(['real-0']));
		expect(db.size('wf1')).toBe(memory.MEMORY_SIZE - 1);
		expect(await store.testAndSet(['real-0', 'real-2', 'probe-3'])).toEqual(
			new Set(['real-0', 'real-2']),
		);
	});

	test('beyond MEMORY_SIZE marks the oldest are forgotten first', async () => {
		const db = new DedupDatabase();
		const store = memory.workflowStore(contextWith(deduplicator(db)), 'Send Once Per');
		await store.testAndSet(Array.from({ length: memory.MEMORY_SIZE }, (_, i) => `m${i}`));
		await store.testAndSet(['newest']);
		expect(db.size('wf1')).toBe(memory.MEMORY_SIZE);
		const found = await store.presentAmong(['m0', 'm1', 'newest']);
		expect(found).toEqual(new Set(['m1', 'newest']));
	});

	test('an n8n without the deduplication store: an error naming the setting, the helper and what to do', () => {
		expect(() => memory.workflowStore(contextWith(undefined), 'Send Once Per')).toThrow(
			expect.objectContaining({
				message:
					"Send Once Per needs n8n's deduplication store (this.helpers.checkProcessedAndRecord), which this n8n does not give nodes",
				description: expect.stringContaining(
					'Update n8n, or turn Send Once Per off. Nothing was sent.',
				),
			}),
		);
	});

	test('a row a Remove Duplicates node keeps in "latest" mode: an error saying which node setting to change', async () => {
		const db = new DedupDatabase();
		db.write('wf1', '', { mode: 'latestDate', data: /** @type {any} */ ('2026-01-01') });
		const store = memory.workflowStore(contextWith(deduplicator(db)), 'Send Once Per');
		await expect(store.testAndSet(['a'])).rejects.toMatchObject({
			message: expect.stringContaining('a Remove Duplicates node with Scope "Workflow"'),
			description: expect.stringContaining('Set that Remove Duplicates node\'s Scope to "Node"'),
		});
	});

	test('the same marks in another workflow are another memory', async () => {
		const db = new DedupDatabase();
		const one = memory.workflowStore(contextWith(deduplicator(db)), 'Send Once Per');
		const two = memory.workflowStore(
			contextWith(deduplicator(db), { workflowId: 'wf2' }),
			'Send Once Per',
		);
		await one.testAndSet(['a']);
		expect(await two.testAndSet(['a'])).toEqual(new Set());
	});
});

describe('claiming a key', () => {
	test('the first claim gets it, a later one finds it used; a released key can be claimed again', async () => {
		const db = new DedupDatabase();
		const store = memory.workflowStore(contextWith(deduplicator(db)), 'Send Once Per');
		const first = await memory.claimKeys(store, 'once', ['order-1', 'order-2'], 't1', pause);
		expect(first.results).toEqual(
			new Map([
				['order-1', 'claimed'],
				['order-2', 'claimed'],
			]),
		);
		const again = await memory.claimKeys(store, 'once', ['order-1'], 't2', pause);
		expect(again.results.get('order-1')).toBe('used');
		await store.remove([memory.keyMark('once', 'order-1')]);
		expect(
			(await memory.claimKeys(store, 'once', ['order-1'], 't3', pause)).results.get('order-1'),
		).toBe('claimed');
	});

	test('ten executions of one process claim one key at the same moment: one gets it', async () => {
		const db = new DedupDatabase();
		const store = () =>
			memory.workflowStore(
				contextWith(deduplicator(db, { readToWrite: () => Math.random() * 3 })),
				'Send Once Per',
			);
		const results = await Promise.all(
			Array.from({ length: 10 }, (_, i) =>
				memory.claimKeys(store(), 'once', ['k'], `t${i}`, pause),
			),
		);
		expect(results.map((r) => r.results.get('k')).sort()).toEqual([
			'claimed',
			...Array(9).fill('used'),
		]);
	});

	test('two processes claim the same 30 keys at once while their calls overlap: each key goes to one', async () => {
		const db = new DedupDatabase();
		const processes = [memory, anotherProcess()];
		// Reads and writes of the two processes interleave (0-4 ms apart); the settle time is far longer.
		const stores = processes.map((m) =>
			m.workflowStore(
				contextWith(deduplicator(db, { readToWrite: () => Math.random() * 4 })),
				'Send Once Per',
			),
		);
		for (let round = 0; round < 30; round++) {
			const keys = [`key-${round}`];
			const [a, b] = await Promise.all(
				processes.map((m, i) => m.claimKeys(stores[i], 'once', keys, `p${i}-${round}`, pause)),
			);
			const outcomes = [a.results.get(keys[0]), b.results.get(keys[0])].sort();
			expect(outcomes).toEqual(['claimed', 'used']);
		}
	});

	test('a write by another process that overwrote a claim of another key: the claim is made again, not lost', async () => {
		const db = new DedupDatabase();
		const [p1, p2] = [memory, anotherProcess()];
		/** @type {() => void} */
		let letWrite = () => {};
		const held = new Promise((resolve) => (letWrite = () => resolve(undefined)));
		/** @type {() => void} */
		let readDone = () => {};
		const hasRead = new Promise((resolve) => (readDone = () => resolve(undefined)));
		const workflowId = 'overwritten-wf';
		const slow = p2.workflowStore(
			contextWith(
				deduplicator(db, {
					between: async () => {
						readDone();
						await held;
					},
				}),
				{ workflowId },
			),
			'Send Once Per',
		);
		const fast = p1.workflowStore(contextWith(deduplicator(db), { workflowId }), 'Send Once Per');
		await fast.testAndSet(['existing']);
		// p2 reads the row, p1 records its claim of "a", p2 writes the row it read back over it.
		const unrelated = slow.testAndSet(['unrelated']);
		await hasRead;
		// The full settle time here (150 ms): the overwrite lands well inside it.
		const realPause = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
		const claim = memory.claimKeys(fast, 'once', ['a'], 'tA', realPause);
		while (!db.has(workflowId, memory.keyMark('once', 'a'))) await realPause(1);
		letWrite();
		await unrelated;
		expect(db.has(workflowId, memory.keyMark('once', 'a'))).toBe(false);
		expect((await claim).results.get('a')).toBe('claimed');
		expect(await fast.presentAmong([memory.keyMark('once', 'a'), 'unrelated'])).toEqual(
			new Set([memory.keyMark('once', 'a'), 'unrelated']),
		);
	});

	test('the window that remains: a call of another process slower than the settle time can let both claim', async () => {
		const db = new DedupDatabase();
		const [p1, p2] = [memory, anotherProcess()];
		// A workflow of its own: the settle time follows the calls this workflow's store has seen.
		const workflowId = 'stalled-wf';
		const stalled = p2.workflowStore(
			contextWith(deduplicator(db, { readToWrite: () => 300 }), { workflowId }),
			'Send Once Per',
		);
		const quick = p1.workflowStore(contextWith(deduplicator(db), { workflowId }), 'Send Once Per');
		const [slowClaim, quickClaim] = await Promise.all([
			p2.claimKeys(stalled, 'once', ['k'], 'slow', pause),
			new Promise((resolve) => setTimeout(resolve, 1)).then(() =>
				memory.claimKeys(quick, 'once', ['k'], 'quick', pause),
			),
		]);
		// Settle: 150 ms, a tenth in real time here; the stalled read-to-write takes 300 ms.
		expect([slowClaim.results.get('k'), quickClaim.results.get('k')]).toEqual([
			'claimed',
			'claimed',
		]);
	});

	test('the settle time follows the slowest recent call to the store', async () => {
		const db = new DedupDatabase();
		const store = memory.workflowStore(
			contextWith(deduplicator(db, { readToWrite: () => 200 }), { workflowId: 'slow-wf' }),
			'Send Once Per',
		);
		await store.testAndSet(['x']);
		// A timer can fire a millisecond before Date.now() says its time is up: a 200 ms stall is
		// measured at 195 ms or more, so its settle time is at least four times that (the minimum is 150).
		expect(memory.settleMs(store)).toBeGreaterThanOrEqual(memory.SETTLE_FACTOR * 195);
		expect(memory.settleMs(store)).toBeLessThanOrEqual(memory.MAX_SETTLE_MS);
	});
});

describe('caps: at most N texts to a number in any 24 hours', () => {
	const at = (/** @type {string} */ iso) => Date.parse(iso);
	const florida = { phone: '3055551234', subject: 'spring-sale', limit: 3 };

	/** Sends through the memory as the cap check does: the first text, then a slot per text. */
	async function capTake(
		/** @type {import('../../nodes/shared/memory').MarkStore} */ store,
		/** @type {number} */ now,
	) {
		const first = await memory.countFirst(store, florida, now);
		if (first.taken) return { taken: first.taken };
		const { counted } = first;
		for (;;) {
			const result = await memory.countOneMore(store, florida, counted, now);
			if ('taken' in result) return result;
			if (result.allowed === 'unknown') {
				await memory.readMinutes(store, florida, result.readMinutesOf);
				continue;
			}
			return result;
		}
	}

	test('three texts pass, the fourth within 24 hours is refused until 24 hours after the first', async () => {
		const db = new DedupDatabase();
		const store = memory.workflowStore(contextWith(deduplicator(db)), 'Per-Number Cap');
		for (const time of ['2026-11-25T10:05:30Z', '2026-11-25T10:10:00Z', '2026-11-25T18:00:00Z']) {
			expect(await capTake(store, at(time))).toHaveProperty('taken');
		}
		expect(await capTake(store, at('2026-11-26T09:00:00Z'))).toEqual({
			allowed: false,
			count: 3,
			nextAllowedAt: at('2026-11-26T10:06:00Z'),
		});
		// 10:05:59 tomorrow: the first text's minute is not over 24 hours yet.
		expect(await capTake(store, at('2026-11-26T10:05:59Z'))).toMatchObject({ allowed: false });
		expect(await capTake(store, at('2026-11-26T10:06:00Z'))).toHaveProperty('taken');
		// Now 10:10's text is the oldest that counts.
		expect(await capTake(store, at('2026-11-26T10:07:00Z'))).toEqual({
			allowed: false,
			count: 3,
			nextAllowedAt: at('2026-11-26T10:11:00Z'),
		});
	});

	test('a released text no longer counts; another subject or number has its own count', async () => {
		const db = new DedupDatabase();
		const store = memory.workflowStore(contextWith(deduplicator(db)), 'Per-Number Cap');
		const now = at('2026-11-25T12:00:00Z');
		const taken = [];
		for (let i = 0; i < 3; i++) taken.push(await capTake(store, now));
		expect(await capTake(store, now)).toMatchObject({ allowed: false, count: 3 });
		await store.remove(/** @type {any} */ (taken[1]).taken);
		expect(await capTake(store, now)).toHaveProperty('taken');
		const other = { ...florida, subject: 'order-updates' };
		expect(await memory.readCounted(store, other, now)).toEqual([]);
	});

	test('two executions of one process at the cap edge: one text passes', async () => {
		const db = new DedupDatabase();
		const now = at('2026-11-25T12:00:00Z');
		const store = () =>
			memory.workflowStore(
				contextWith(deduplicator(db, { readToWrite: () => Math.random() * 3 })),
				'Per-Number Cap',
			);
		await capTake(store(), now);
		await capTake(store(), now);
		const outcomes = await Promise.all([capTake(store(), now), capTake(store(), now)]);
		expect(outcomes.filter((o) => 'taken' in o)).toHaveLength(1);
	});

	test.each([
		['none counted', [], 3, { allowed: true }],
		[
			'the oldest of three may be just over 24 hours old: its minute decides',
			[
				{ hour: 0, slot: 1 },
				{ hour: 5, slot: 1 },
				{ hour: 6, slot: 1 },
			],
			3,
			{ allowed: 'unknown', readMinutesOf: [{ hour: 0, slot: 1 }] },
		],
		[
			'its minute read: 24 hours old, one more may go',
			[
				{ hour: 0, slot: 1, minuteStart: 10 * 60_000 },
				{ hour: 5, slot: 1 },
				{ hour: 6, slot: 1 },
			],
			3,
			{ allowed: true },
		],
	])('decideCap: %s', (_name, counted, limit, expected) => {
		// now: hour 24, minute 30
		expect(memory.decideCap(counted, limit, 24 * 3_600_000 + 30 * 60_000)).toEqual(expected);
	});
});

describe('revoked consent', () => {
	test('recorded once per revocation, read for many numbers at once, cleared by an opt-in', async () => {
		const db = new DedupDatabase();
		const context = contextWith(deduplicator(db));
		expect(await memory.recordRevocation(context, '2065551111', pause)).toBe('recorded');
		expect(await memory.recordRevocation(context, '2065551111', pause)).toBe('alreadyRecorded');
		expect(await memory.revokedAmong(context, ['2065551111', '2065552222'])).toEqual(
			new Set(['2065551111']),
		);
		expect(await memory.revokedAmong(context, ['2065552222'])).toEqual(new Set());
		await memory.clearRevocation(context, '2065551111');
		expect(await memory.revokedAmong(context, ['2065551111'])).toEqual(new Set());
		expect(await memory.recordRevocation(context, '2065551111', pause)).toBe('recorded');
	});
});
