// @ts-check
const {
	fingerprint,
	isDuplicate,
	MAX_REMEMBERED_EVENTS,
	mergeRecords,
	readRecord,
	recordedAt,
	remember,
	trim,
} = require('../../nodes/TatangoTrigger/webhook/repeats.record');

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** @param {string | number} name */
const k = (name) => fingerprint(String(name));

test('an event is a duplicate inside the window and new again after it', () => {
	const record = remember('', k('a'), 1_000_000, 10 * MINUTE);
	expect(isDuplicate(record, k('a'), 1_000_000 + 20, 10 * MINUTE)).toBe(true);
	expect(isDuplicate(record, k('a'), 1_000_000 + 10 * MINUTE - 1, 10 * MINUTE)).toBe(true);
	expect(isDuplicate(record, k('a'), 1_000_000 + 10 * MINUTE, 10 * MINUTE)).toBe(false);
	expect(isDuplicate(record, k('b'), 1_000_000 + 20, 10 * MINUTE)).toBe(false);
});

test('times survive the record exactly, today and far ahead', () => {
	for (const at of [
		0,
		1,
		Date.parse('2026-11-21T10:00:00.123Z'),
		Date.parse('2999-12-31T23:59:59.999Z'),
	]) {
		expect(recordedAt(remember('', k('a'), at, 2 * at + DAY), k('a'))).toBe(at);
	}
});

test('only whole entries match: a key spanning two entries is not found', () => {
	let record = '';
	for (let i = 0; i < 50; i++) record = remember(record, k(i), 1_000 + i, DAY);
	// Every 16-character window of the record that is not an entry's key.
	for (let start = 1; start + 16 <= record.length; start++) {
		if (start % 25 === 0) continue;
		const piece = record.slice(start, start + 16);
		if (!/^[0-9a-f]{16}$/.test(piece)) continue;
		expect(recordedAt(record, piece)).toBeUndefined();
	}
	expect(recordedAt(record, k(49))).toBe(1_049);
});

test('a key recorded again is found at its latest time', () => {
	const record = remember(remember('', k('a'), 0, MINUTE), k('a'), 2 * MINUTE, 10 * MINUTE);
	expect(recordedAt(record, k('a'))).toBe(2 * MINUTE);
});

test('remember returns a new record and leaves the input alone', () => {
	const before = remember('', k('a'), 1, MINUTE);
	const after = remember(before, k('b'), 2, MINUTE);
	expect(recordedAt(before, k('b'))).toBeUndefined();
	expect(recordedAt(after, k('a'))).toBe(1);
	expect(recordedAt(after, k('b'))).toBe(2);
});

test('expired entries are dropped when a new one is remembered', () => {
	const record = remember(
		remember(remember('', k('old'), 0, DAY), k('recent'), 9 * MINUTE, DAY),
		k('new'),
		10 * MINUTE,
		5 * MINUTE,
	);
	expect(recordedAt(record, k('old'))).toBeUndefined();
	expect(recordedAt(record, k('recent'))).toBe(9 * MINUTE);
	expect(recordedAt(record, k('new'))).toBe(10 * MINUTE);
});

test('the memory is bounded: the oldest entries go first', () => {
	let record = '';
	for (let i = 0; i < MAX_REMEMBERED_EVENTS + 50; i++) record = remember(record, k(i), i, DAY);
	expect(record).toHaveLength(MAX_REMEMBERED_EVENTS * 25);
	expect(recordedAt(record, k(0))).toBeUndefined();
	expect(recordedAt(record, k(49))).toBeUndefined();
	expect(recordedAt(record, k(50))).toBe(50);
	expect(recordedAt(record, k(MAX_REMEMBERED_EVENTS + 49))).toBe(MAX_REMEMBERED_EVENTS + 49);
	const three = trim(record, MAX_REMEMBERED_EVENTS + 49, DAY, 3);
	expect(three).toHaveLength(3 * 25);
	expect(recordedAt(three, k(MAX_REMEMBERED_EVENTS + 47))).toBe(MAX_REMEMBERED_EVENTS + 47);
});

test('a merge holds both records’ events, each at its later time, oldest first', () => {
	const a = remember(remember('', k('a'), 10, DAY), k('shared'), 20, DAY);
	const b = remember(remember('', k('shared'), 30, DAY), k('b'), 40, DAY);
	const merged = mergeRecords(a, b);
	expect(recordedAt(merged, k('a'))).toBe(10);
	expect(recordedAt(merged, k('b'))).toBe(40);
	expect(recordedAt(merged, k('shared'))).toBe(30);
	expect(merged).toHaveLength(3 * 25);
	expect(trim(merged, 40, DAY, 1)).toBe(remember('', k('b'), 40, DAY));
	expect(mergeRecords(a, '')).toBe(a);
	expect(mergeRecords('', b)).toBe(b);
});

test('whatever static data holds is read safely', () => {
	const good = remember('', k('a'), 5, DAY);
	expect(readRecord(good)).toBe(good);
	expect(readRecord(undefined)).toBe('');
	expect(readRecord('junk')).toBe('');
	expect(readRecord(good.slice(1))).toBe('');
	expect(readRecord(good.toUpperCase())).toBe('');
	expect(readRecord([good])).toBe('');
	expect(readRecord({ [k('a')]: 5 })).toBe('');
});

test('fingerprints are short, stable and reveal nothing of the identity', () => {
	const identity = '["v3","tx","reply_received","2024","my private reply 5551234567"]';
	expect(fingerprint(identity)).toMatch(/^[0-9a-f]{16}$/);
	expect(fingerprint(identity)).toBe(fingerprint(identity));
	expect(fingerprint(identity)).not.toBe(fingerprint(`${identity} `));
});
