// @ts-check
const {
	fingerprint,
	isDuplicate,
	MAX_REMEMBERED_EVENTS,
	prune,
	readSeen,
	remember,
} = require('../../nodes/TatangoTrigger/duplicates');

const MINUTE = 60_000;

test('an event is a duplicate inside the window and new again after it', () => {
	const seen = remember({}, 'a', 1_000_000, 10 * MINUTE);
	expect(isDuplicate(seen, 'a', 1_000_000 + 20, 10 * MINUTE)).toBe(true);
	expect(isDuplicate(seen, 'a', 1_000_000 + 10 * MINUTE - 1, 10 * MINUTE)).toBe(true);
	expect(isDuplicate(seen, 'a', 1_000_000 + 10 * MINUTE, 10 * MINUTE)).toBe(false);
	expect(isDuplicate(seen, 'b', 1_000_000 + 20, 10 * MINUTE)).toBe(false);
});

test('remember returns a new object and leaves the input alone', () => {
	const before = { a: 1 };
	const after = remember(before, 'b', 2, MINUTE);
	expect(before).toEqual({ a: 1 });
	expect(after).toEqual({ a: 1, b: 2 });
});

test('expired entries are dropped when a new one is remembered', () => {
	const seen = remember({ old: 0, recent: 9 * MINUTE }, 'new', 10 * MINUTE, 5 * MINUTE);
	expect(Object.keys(seen).sort()).toEqual(['new', 'recent']);
});

test('the memory is bounded: the oldest entries go first', () => {
	/** @type {Record<string, number>} */
	let seen = {};
	for (let i = 0; i < MAX_REMEMBERED_EVENTS + 50; i++) seen = remember(seen, `k${i}`, i, 24 * 60 * MINUTE);
	expect(Object.keys(seen)).toHaveLength(MAX_REMEMBERED_EVENTS);
	expect(seen).not.toHaveProperty('k0');
	expect(seen).not.toHaveProperty('k49');
	expect(seen).toHaveProperty('k50');
	expect(seen).toHaveProperty(`k${MAX_REMEMBERED_EVENTS + 49}`);
	expect(Object.keys(prune(seen, MAX_REMEMBERED_EVENTS + 49, 24 * 60 * MINUTE, 3))).toEqual([
		`k${MAX_REMEMBERED_EVENTS + 49}`,
		`k${MAX_REMEMBERED_EVENTS + 48}`,
		`k${MAX_REMEMBERED_EVENTS + 47}`,
	]);
});

test('whatever static data holds is read safely', () => {
	expect(readSeen(undefined)).toEqual({});
	expect(readSeen('junk')).toEqual({});
	expect(readSeen([1, 2])).toEqual({});
	expect(readSeen({ a: 5, b: 'x', c: null, d: Number.NaN })).toEqual({ a: 5 });
});

test('fingerprints are short, stable and reveal nothing of the identity', () => {
	const identity = '["v3","tx","reply_received","2024","my private reply 5551234567"]';
	expect(fingerprint(identity)).toMatch(/^[0-9a-f]{32}$/);
	expect(fingerprint(identity)).toBe(fingerprint(identity));
	expect(fingerprint(identity)).not.toBe(fingerprint(`${identity} `));
});
