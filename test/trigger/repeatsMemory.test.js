// @ts-check
// The trigger's two memories on their own: static data (read by webhook(), written by the run) and
// the in-process claim. Each test loads a fresh module copy, so it starts with an empty process memory.
const {
	fingerprint,
	MAX_REMEMBERED_EVENTS,
	recordedAt,
	remember,
} = require('../../nodes/TatangoTrigger/webhook/repeats.record');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** @param {string | number} name */
const k = (name) => fingerprint(String(name));
/** A record of `[name, time]` pairs, oldest first. @param {Array<[string, number]>} entries */
const recordOf = (entries) =>
	entries.reduce((record, [name, at]) => remember(record, k(name), at, 24 * HOUR), '');

/** @returns {typeof import('../../nodes/TatangoTrigger/webhook/repeats.memory')} */
function freshModule() {
	let loaded;
	jest.isolateModules(() => {
		loaded = require('../../nodes/TatangoTrigger/webhook/repeats.memory');
	});
	return loaded;
}

describe('static data', () => {
	test('isRecorded only reads', () => {
		const { isRecorded, STATIC_DATA_KEY } = freshModule();
		const staticData = Object.freeze({ [STATIC_DATA_KEY]: recordOf([['a', 1_000]]) });
		expect(isRecorded(staticData, k('a'), 1_000 + MINUTE, HOUR)).toBe(true);
		expect(isRecorded(staticData, k('b'), 1_000 + MINUTE, HOUR)).toBe(false);
		expect(isRecorded(staticData, k('a'), 1_000 + HOUR, HOUR)).toBe(false);
		expect(isRecorded({}, k('a'), 0, HOUR)).toBe(false);
		expect(isRecorded({ [STATIC_DATA_KEY]: 'junk' }, k('a'), 0, HOUR)).toBe(false);
	});

	test('recordRun keeps new keys, drops recorded ones and repeats, and records the kept ones', () => {
		const { recordRun, STATIC_DATA_KEY } = freshModule();
		const before = recordOf([
			['old', 0],
			['a', 10],
		]);
		/** @type {Record<string, any>} */
		const staticData = { [STATIC_DATA_KEY]: before };
		expect(recordRun(staticData, [k('a'), k('b'), k('b'), k('c')], 20, HOUR)).toEqual([
			false,
			true,
			false,
			true,
		]);
		expect(staticData[STATIC_DATA_KEY]).toBe(
			recordOf([
				['old', 0],
				['a', 10],
				['b', 20],
				['c', 20],
			]),
		);
	});

	test('recordRun writes nothing when it keeps nothing', () => {
		const { recordRun, STATIC_DATA_KEY } = freshModule();
		const before = recordOf([['a', 10]]);
		/** @type {Record<string, any>} */
		const staticData = Object.freeze({ [STATIC_DATA_KEY]: before });
		expect(recordRun(staticData, [k('a')], 20, HOUR)).toEqual([false]);
		expect(recordRun(staticData, [], 20, HOUR)).toEqual([]);
	});

	test('recordRun merges the carried record: a worker starting from empty static data loses nothing', () => {
		const { recordRun, STATIC_DATA_KEY } = freshModule();
		const carried = recordOf([
			['earlier', 5],
			['other', 7],
		]);
		/** @type {Record<string, any>} */
		const staticData = {};
		expect(recordRun(staticData, [k('earlier'), k('new')], 20, HOUR, [carried])).toEqual([
			false,
			true,
		]);
		const saved = staticData[STATIC_DATA_KEY];
		expect(recordedAt(saved, k('earlier'))).toBe(5);
		expect(recordedAt(saved, k('other'))).toBe(7);
		expect(recordedAt(saved, k('new'))).toBe(20);
	});

	test('recorded entries expire and are pruned; static data stays bounded', () => {
		const { recordRun, STATIC_DATA_KEY } = freshModule();
		/** @type {Record<string, any>} */
		const staticData = {};
		recordRun(staticData, [k('first')], 0, HOUR);
		expect(recordRun(staticData, [k('first')], HOUR - 1, HOUR)).toEqual([false]);
		expect(recordRun(staticData, [k('first')], HOUR, HOUR)).toEqual([true]);
		for (let i = 0; i < MAX_REMEMBERED_EVENTS + 20; i++)
			recordRun(staticData, [k(`k${i}`)], HOUR + i, 24 * HOUR);
		const saved = staticData[STATIC_DATA_KEY];
		expect(saved).toHaveLength(MAX_REMEMBERED_EVENTS * 25);
		expect(recordedAt(saved, k('first'))).toBeUndefined();
		expect(recordedAt(saved, k(`k${MAX_REMEMBERED_EVENTS + 19}`))).toBe(
			HOUR + MAX_REMEMBERED_EVENTS + 19,
		);
	});
});

describe('runs of calls this process answered (regular mode): one save for runs that overlap', () => {
	const scope = 'wf\u0000node';

	test('a run leaves the save to a run still on its way, which saves both events', () => {
		const { claimInProcess, recordRun, STATIC_DATA_KEY } = freshModule();
		claimInProcess(scope, k('a'), 0, HOUR);
		claimInProcess(scope, k('b'), 1, HOUR);
		/** @type {Record<string, any>} */
		const runA = {};
		expect(recordRun(runA, [k('a')], 2, HOUR, [], scope)).toEqual([true]);
		expect(runA).toEqual({});
		/** @type {Record<string, any>} */
		const runB = {};
		expect(recordRun(runB, [k('b')], 3, HOUR, [], scope)).toEqual([true]);
		expect(recordedAt(runB[STATIC_DATA_KEY], k('a'))).toBe(2);
		expect(recordedAt(runB[STATIC_DATA_KEY], k('b'))).toBe(3);
	});

	test('each save holds every event run in this process: a save that lost a record (the last one wins) is repaired by the next', () => {
		const { claimInProcess, recordRun, STATIC_DATA_KEY } = freshModule();
		for (const [name, at] of /** @type {Array<[string, number]>} */ ([
			['a', 0],
			['b', 10],
		])) {
			claimInProcess(scope, k(name), at, HOUR);
			recordRun({}, [k(name)], at, HOUR, [], scope);
		}
		// The database holds only a's record (b's save was overwritten); c's run saves all three.
		/** @type {Record<string, any>} */
		const runC = { [STATIC_DATA_KEY]: recordOf([['a', 0]]) };
		claimInProcess(scope, k('c'), 20, HOUR);
		expect(recordRun(runC, [k('c')], 20, HOUR, [], scope)).toEqual([true]);
		expect([k('a'), k('b'), k('c')].map((key) => recordedAt(runC[STATIC_DATA_KEY], key))).toEqual([
			0, 10, 20,
		]);
	});

	test('a run that keeps nothing still saves what the runs before it left to it', () => {
		const { claimInProcess, recordRun, STATIC_DATA_KEY } = freshModule();
		claimInProcess(scope, k('a'), 0, HOUR);
		claimInProcess(scope, k('b'), 1, HOUR);
		recordRun({}, [k('a')], 2, HOUR, [], scope);
		// b's copy was recorded by another process meanwhile: b's run drops it, and saves a.
		/** @type {Record<string, any>} */
		const runB = { [STATIC_DATA_KEY]: recordOf([['b', 1]]) };
		expect(recordRun(runB, [k('b')], 3, HOUR, [], scope)).toEqual([false]);
		expect(recordedAt(runB[STATIC_DATA_KEY], k('a'))).toBe(2);
		expect(recordedAt(runB[STATIC_DATA_KEY], k('b'))).toBe(1);
	});

	test('a claimed call whose run never comes holds back the saves for PENDING_RUN_MS only', () => {
		const { claimInProcess, recordRun, PENDING_RUN_MS, STATIC_DATA_KEY } = freshModule();
		claimInProcess(scope, k('never run'), 0, HOUR);
		claimInProcess(scope, k('a'), 0, HOUR);
		/** @type {Record<string, any>} */
		const runA = {};
		recordRun(runA, [k('a')], 1, HOUR, [], scope);
		expect(runA).toEqual({});
		claimInProcess(scope, k('b'), PENDING_RUN_MS, HOUR);
		/** @type {Record<string, any>} */
		const runB = {};
		recordRun(runB, [k('b')], PENDING_RUN_MS + 1, HOUR, [], scope);
		expect(recordedAt(runB[STATIC_DATA_KEY], k('a'))).toBe(1);
		expect(recordedAt(runB[STATIC_DATA_KEY], k('b'))).toBe(PENDING_RUN_MS + 1);
		// A claim is not a run: the event that never ran is not recorded, so its retry runs.
		expect(recordedAt(runB[STATIC_DATA_KEY], k('never run'))).toBeUndefined();
	});

	test('runs answered elsewhere (queue-mode workers) save each run, as before', () => {
		const { claimInProcess, recordRun, STATIC_DATA_KEY } = freshModule();
		claimInProcess(scope, k('a'), 0, HOUR);
		claimInProcess(scope, k('b'), 1, HOUR);
		/** @type {Record<string, any>} */
		const worker = {};
		recordRun(worker, [k('a')], 2, HOUR);
		expect(recordedAt(worker[STATIC_DATA_KEY], k('a'))).toBe(2);
	});
});

describe('in-process claim', () => {
	test('the first claim wins; a repeat within the window does not', () => {
		const { claimInProcess } = freshModule();
		expect(claimInProcess('wf\u0000node', 'a', 0, HOUR)).toBe(true);
		expect(claimInProcess('wf\u0000node', 'a', 20, HOUR)).toBe(false);
		expect(claimInProcess('wf\u0000node', 'b', 20, HOUR)).toBe(true);
		// Another trigger node (or workflow) has its own memory.
		expect(claimInProcess('wf\u0000other node', 'a', 20, HOUR)).toBe(true);
	});

	test('claims expire with the window', () => {
		const { claimInProcess } = freshModule();
		expect(claimInProcess('s', 'a', 0, 5 * MINUTE)).toBe(true);
		expect(claimInProcess('s', 'a', 5 * MINUTE - 1, 5 * MINUTE)).toBe(false);
		expect(claimInProcess('s', 'a', 5 * MINUTE, 5 * MINUTE)).toBe(true);
	});

	test('the memory is bounded per trigger node: the oldest claims are forgotten first', () => {
		const { claimInProcess } = freshModule();
		for (let i = 0; i < MAX_REMEMBERED_EVENTS + 1; i++)
			expect(claimInProcess('s', `k${i}`, i, 24 * HOUR)).toBe(true);
		const now = MAX_REMEMBERED_EVENTS + 1;
		// k0 was pushed out by the 1,001st claim; k1 is still remembered.
		expect(claimInProcess('s', 'k1', now, 24 * HOUR)).toBe(false);
		expect(claimInProcess('s', 'k0', now, 24 * HOUR)).toBe(true);
	});

	test('the memory is bounded in trigger nodes: the least recently used is forgotten first', () => {
		const { claimInProcess, MAX_SCOPES } = freshModule();
		for (let i = 0; i < MAX_SCOPES; i++) claimInProcess(`scope${i}`, 'a', 0, HOUR);
		// scope0 was used last, so scope1 is now the least recently used.
		expect(claimInProcess('scope0', 'b', 1, HOUR)).toBe(true);
		expect(claimInProcess('one too many', 'a', 2, HOUR)).toBe(true);
		expect(claimInProcess('scope0', 'a', 3, HOUR)).toBe(false);
		expect(claimInProcess('scope1', 'a', 3, HOUR)).toBe(true);
	});
});
