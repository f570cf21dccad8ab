// @ts-check
// How the bench turns interleaved rounds into a figure: the median with an interval that more
// rounds narrow, and "not measured" when that interval is wider than the effect.
const { roundsLeftOut, verdict, shown } = require('../../bench/lib/interleaved');

describe('the interval of a median of rounds', () => {
	test('up to 8 rounds it is the lowest and highest round; beyond, the middle rounds', () => {
		expect([5, 8, 9, 16, 25].map(roundsLeftOut)).toEqual([1, 1, 2, 4, 8]);
		const five = verdict([0.46, 0.37, 0.58, 0.38, 0.39], 1);
		expect([five.median, five.low, five.high]).toEqual([0.39, 0.37, 0.58]);
		expect(shown(five)).toBe('0.39 (rounds 0.37–0.58)');
	});

	test('one stray round among 16 does not widen it', () => {
		const rounds = [0.77, ...Array.from({ length: 15 }, (_, i) => 0.4 + i / 1000)];
		const v = verdict(rounds, 1);
		expect(v.high).toBeLessThan(0.42);
		expect(shown(v)).toBe('0.41 (middle 10 of 16 rounds 0.40–0.41)');
		expect(verdict(rounds.slice(0, 8), 1).high).toBe(0.77);
	});

	test('an interval wider than the effect is "not measured"', () => {
		const cost = verdict([0.01, -0.3, 0.2, 0.05, -0.1], 0);
		expect(cost.measured).toBe(false);
		expect(shown(cost)).toBe('not measured (rounds -0.30–0.20: wider than the effect)');
	});

	test('an interval wholly on one side of the aim decides it, however small the effect', () => {
		const small = [0.01, -0.01, 0.02, 0.03, 0.0, 0.01, 0.02, -0.02, 0.01];
		expect(verdict(small, 0).measured).toBe(false);
		expect(verdict(small, 0, 0.05).measured).toBe(true);
		expect(verdict(small, 0, 0.015).measured).toBe(false);
		const nearOne = verdict([0.97, 0.99, 1.02, 0.98, 1.0], 1, 0.95);
		expect(shown(nearOne)).toBe('0.99 (rounds 0.97–1.02)');
		expect(verdict([0.7, 0.8, 0.9, 0.85, 0.75], 1, 0.95).measured).toBe(true);
	});
});
