// @ts-check
// The trigger's two memories on their own: static data (read by webhook(), written by the run) and
// the in-process claim. Each test loads a fresh module copy, so it starts with an empty process memory.
const { MAX_REMEMBERED_EVENTS } = require('../../nodes/TatangoTrigger/duplicates');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** @returns {typeof import('../../nodes/TatangoTrigger/recentEvents')} */
function freshModule() {
	let loaded;
	jest.isolateModules(() => {
		loaded = require('../../nodes/TatangoTrigger/recentEvents');
	});
	return loaded;
}

describe('static data', () => {
	test('isRecorded only reads', () => {
		const { isRecorded, STATIC_DATA_KEY } = freshModule();
		const recorded = { a: 1_000 };
		const staticData = Object.freeze({ [STATIC_DATA_KEY]: Object.freeze(recorded) });
		expect(isRecorded(staticData, 'a', 1_000 + MINUTE, HOUR)).toBe(true);
		expect(isRecorded(staticData, 'b', 1_000 + MINUTE, HOUR)).toBe(false);
		expect(isRecorded(staticData, 'a', 1_000 + HOUR, HOUR)).toBe(false);
		expect(isRecorded({}, 'a', 0, HOUR)).toBe(false);
		expect(isRecorded({ [STATIC_DATA_KEY]: 'junk' }, 'a', 0, HOUR)).toBe(false);
	});

	test('recordRun keeps new keys, drops recorded ones and repeats, and assigns a new object', () => {
		const { recordRun, STATIC_DATA_KEY } = freshModule();
		const before = { old: 0, a: 10 };
		/** @type {Record<string, any>} */
		const staticData = { [STATIC_DATA_KEY]: before };
		expect(recordRun(staticData, ['a', 'b', 'b', 'c'], 20, HOUR)).toEqual([false, true, false, true]);
		expect(staticData[STATIC_DATA_KEY]).not.toBe(before);
		expect(before).toEqual({ old: 0, a: 10 });
		expect(staticData[STATIC_DATA_KEY]).toEqual({ old: 0, a: 10, b: 20, c: 20 });
	});

	test('recordRun writes nothing when it keeps nothing', () => {
		const { recordRun, STATIC_DATA_KEY } = freshModule();
		const before = { a: 10 };
		const staticData = { [STATIC_DATA_KEY]: before };
		expect(recordRun(staticData, ['a'], 20, HOUR)).toEqual([false]);
		expect(recordRun(staticData, [], 20, HOUR)).toEqual([]);
		expect(staticData[STATIC_DATA_KEY]).toBe(before);
	});

	test('recorded entries expire and are pruned; static data stays bounded', () => {
		const { recordRun, STATIC_DATA_KEY } = freshModule();
		/** @type {Record<string, any>} */
		const staticData = {};
		recordRun(staticData, ['first'], 0, HOUR);
		expect(recordRun(staticData, ['first'], HOUR - 1, HOUR)).toEqual([false]);
		expect(recordRun(staticData, ['first'], HOUR, HOUR)).toEqual([true]);
		for (let i = 0; i < MAX_REMEMBERED_EVENTS + 20; i++) recordRun(staticData, [`k${i}`], HOUR + i, 24 * HOUR);
		const kept = Object.keys(staticData[STATIC_DATA_KEY]);
		expect(kept).toHaveLength(MAX_REMEMBERED_EVENTS);
		expect(kept).not.toContain('first');
		expect(kept).toContain(`k${MAX_REMEMBERED_EVENTS + 19}`);
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
		for (let i = 0; i < MAX_REMEMBERED_EVENTS + 1; i++) expect(claimInProcess('s', `k${i}`, i, 24 * HOUR)).toBe(true);
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
