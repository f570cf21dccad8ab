// @ts-check
/**
 * The Per-Number Cap's one rule (nodes/shared/capCount.ts), and the two memories that count with it
 * agreeing: the per-workflow memory, which knows a text's minute, and the compliance ledger, which
 * knows its exact time.
 */
const { countAgainstCap, countTogether, DAY_MS } = require('../../nodes/shared/capCount');
const { decideCap } = require('../../nodes/shared/memory/caps');
const { capVerdict } = require('../../nodes/shared/ledger');

const HOUR = 3_600_000;
const MINUTE = 60_000;
const T0 = Date.UTC(2026, 10, 25, 10, 5, 30);
/** @param {number} at */
const exact = (at) => ({ earliest: at, latest: at });

test('at most 3 in any 24 hours: the 4th waits until the oldest is 24 hours old, then goes', () => {
	const sent = [T0, T0 + HOUR, T0 + 5 * HOUR];
	expect(countAgainstCap(sent.slice(0, 2), exact, 3, T0 + 2 * HOUR)).toEqual({
		allowed: true,
		count: 3,
	});
	expect(countAgainstCap(sent, exact, 3, T0 + 23 * HOUR)).toEqual({
		allowed: false,
		count: 3,
		nextAllowedAt: T0 + DAY_MS,
	});
	expect(countAgainstCap(sent, exact, 3, T0 + DAY_MS - 1)).toMatchObject({ allowed: false });
	expect(countAgainstCap(sent, exact, 3, T0 + DAY_MS)).toEqual({ allowed: true, count: 3 });
});

test('a lowered limit: 5 counted, limit 3, waits for the third oldest', () => {
	const sent = [0, 1, 2, 3, 4].map((h) => T0 + h * HOUR);
	expect(countAgainstCap(sent, exact, 3, T0 + 6 * HOUR)).toEqual({
		allowed: false,
		count: 5,
		nextAllowedAt: T0 + 2 * HOUR + DAY_MS,
	});
});

test('a time known only roughly is read closer when it decides, and only then', () => {
	const rough = { earliest: T0 - 30 * MINUTE, latest: T0 + 30 * MINUTE, closer: true };
	/** @param {string} name */
	const wentAt = (name) => (name === 'rough' ? rough : exact(T0 + 5 * HOUR));
	// Under the limit whatever its minute: no reading.
	expect(countAgainstCap(['rough', 'b'], wentAt, 3, T0 + DAY_MS)).toEqual({
		allowed: true,
		count: 3,
	});
	// At the limit, maybe over 24 hours old: its minute decides.
	expect(countAgainstCap(['rough', 'b'], wentAt, 2, T0 + DAY_MS)).toEqual({
		allowed: 'unknown',
		readCloser: ['rough'],
	});
	// Certainly under 24 hours old but the oldest: its minute says when one more may go.
	expect(countAgainstCap(['rough', 'b'], wentAt, 2, T0 + HOUR)).toEqual({
		allowed: 'unknown',
		readCloser: ['rough'],
	});
});

test('the memory and the ledger agree; the memory, knowing the minute, says the minute after', () => {
	const times = [T0, T0 + 5 * MINUTE, T0 + 8 * HOUR];
	const now = T0 + 23 * HOUR;
	const minuteOf = (/** @type {number} */ at) => at - (at % MINUTE);
	const memory = decideCap(
		times.map((at) => ({ hour: Math.floor(at / HOUR), slot: 1, minuteStart: minuteOf(at) })),
		3,
		now,
	);
	/** @type {any} */
	const row = { kind: 'text', phone: '3055550177', capWindow: '3055550177', capLimit: 3 };
	const ledger = capVerdict(
		times.map((at, i) => ({ ...row, id: i + 1, at, status: 'sent', capSubject: 'sale' })),
		{ ...row, id: 9, at: now, status: 'pending', capSubject: 'sale' },
	);
	expect(ledger).toEqual({ allowed: false, count: 3, nextAllowedAt: T0 + DAY_MS });
	expect(memory).toEqual({
		allowed: false,
		count: 3,
		nextAllowedAt: minuteOf(T0) + MINUTE + DAY_MS,
	});
});

test.each([
	['sale', 'sale', true],
	['sale', 'news', false],
	['', 'news', true],
	['sale', '', true],
])('Cap Subject "%s" and "%s" count together: %s', (a, b, together) => {
	expect(countTogether(a, b)).toBe(together);
});
