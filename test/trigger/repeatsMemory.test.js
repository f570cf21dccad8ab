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
