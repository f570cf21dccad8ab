// @ts-check
/**
 * The account pacer (shared by every execution of one n8n process) and its adaptive rate, on
 * jest's fake clock: calls take turns at the account's rate in arrival order, give up at their
 * deadline, and the rate falls on 429s and comes back while calls pass. The simulated service
 * counts calls in fixed one-second windows, as the sandbox and Tatango ("the window resets every
 * second") do.
 */
const {
	Pacer,
	DECREASE,
	MIN_SHARE,
	INCREASE_PER_SECOND,
} = require('../../nodes/shared/transport/pacer');
const { rateLimitDelayMs } = require('../../nodes/shared/transport/retryPolicy');

beforeEach(() => {
	jest.useFakeTimers({ now: 1_000_000 });
});
afterEach(() => {
	jest.useRealTimers();
});

const pause = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const now = () => Date.now();
const FAR = Number.MAX_SAFE_INTEGER;

/** A seeded random (mulberry32), so the simulations below run the same every time. */
let seed = 1;
function random() {
	seed = (seed + 0x6d2b79f5) | 0;
	let t = seed;
	t = Math.imul(t ^ (t >>> 15), t | 1);
	t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
	return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
beforeEach(() => {
	seed = 1;
});

/** A service allowing `limit` calls per fixed one-second window (started by its first call). */
function fixedWindowService(limit = 10) {
	let start = -Infinity;
	let count = 0;
	return {
		/** @returns {boolean} accepted */
		hit() {
			const t = now();
			if (t - start >= 1000) {
				start = t;
				count = 0;
			}
			if (count >= limit) return false;
			count++;
			return true;
		},
	};
}

/**
 * One call through `pacer`, as the transport makes it: wait for a turn, send (answered after
 * `latencyMs`), on a 429 wait the jittered delay and go again, first in line.
 * @param {import('../../nodes/shared/transport/pacer').Pacer} pacer
 * @param {{ hit(): boolean }} service
 * @param {{ latencyMs?: number, deadline?: number, log?: { starts: number[], refused: number, accepted: number } }} o
 */
async function call(pacer, service, { latencyMs = 20, deadline = FAR, log } = {}) {
	let refused = false;
	for (let attempts = 1; ; attempts++) {
		const turn = await pacer.turn(deadline, pause, refused);
		if ('gaveUp' in turn) return turn;
		log?.starts.push(now());
		const ok = service.hit();
		await pause(latencyMs);
		turn.done(ok ? 'passed' : 'throttled');
		if (ok) {
			if (log) log.accepted++;
			return turn;
		}
		if (log) log.refused++;
		refused = true;
		await pause(
			rateLimitDelayMs(
				undefined,
				attempts,
				{ maxRateLimitWaitMs: FAR, maxFailureRetries: 3 },
				now(),
				random,
			),
		);
	}
}

/** Most calls started within any one-second span. @param {number[]} starts */
function mostInOneSecond(starts) {
	const sorted = [...starts].sort((a, b) => a - b);
	let most = 0;
	for (let i = 0, j = 0; i < sorted.length; i++) {
		while (sorted[i] - sorted[j] >= 1000) j++;
		most = Math.max(most, i - j + 1);
	}
	return most;
}

describe('one account, one process: calls take turns at the rate', () => {
	test('calls made one after another: spaced by the interval; the 11th a second after the answer to the 1st', async () => {
		const pacer = new Pacer(100, 10);
		const starts = [];
		const run = (async () => {
			for (let i = 0; i < 11; i++) {
				const turn = await pacer.turn(FAR, pause);
				if ('gaveUp' in turn) throw new Error('gave up');
				starts.push(now() - 1_000_000);
				await pause(i === 0 ? 150 : 5); // the first answer comes back late
				turn.done('passed');
			}
		})();
		await jest.advanceTimersByTimeAsync(5000);
		await run;
		expect(starts.slice(0, 10)).toEqual([0, 150, 250, 350, 450, 550, 650, 750, 850, 950]);
		// Not 1050 (100 ms after the 10th): a window after the answer to the 1st (at 150).
		expect(starts[10]).toBe(1150);
	});

	test('a burst of 60 calls at once is spread at 10 per second, in arrival order, never 11 in a second', async () => {
		const pacer = new Pacer(100, 10);
		const service = fixedWindowService(10);
		const log = { starts: /** @type {number[]} */ ([]), refused: 0, accepted: 0 };
		const order = [];
		const calls = Array.from({ length: 60 }, (_, i) =>
			call(pacer, service, { log }).then(() => order.push(i)),
		);
		await jest.advanceTimersByTimeAsync(10_000);
		await Promise.all(calls);
		expect(log).toMatchObject({ accepted: 60, refused: 0 });
		expect(order).toEqual(Array.from({ length: 60 }, (_, i) => i));
		expect(mostInOneSecond(log.starts)).toBeLessThanOrEqual(10);
		// Spread, not retried into the limit: the 60th call started about 5.9 s after the first.
		const span = Math.max(...log.starts) - Math.min(...log.starts);
		expect(span).toBeGreaterThanOrEqual(5900);
		expect(span).toBeLessThan(6500);
		expect(pacer.share).toBe(1);
	});

	test('a call behind others gives up at its deadline and never starts; the call next in line never gives up', async () => {
		const pacer = new Pacer(1000, 1); // one call a second
		const service = fixedWindowService(100);
		const started = now();
		const results = Array.from({ length: 5 }, () =>
			call(pacer, service, { latencyMs: 10, deadline: started + 2500 }),
		);
		await jest.advanceTimersByTimeAsync(10_000);
		const outcomes = await Promise.all(results);
		// Turns at 0, 1 s, 2 s; at 2.5 s the 4th call is next in line: it keeps its turn (3 s), the
		// 5th, still behind it, gives up.
		expect(outcomes.map((o) => ('gaveUp' in o ? `gave up, ${o.ahead} ahead` : 'sent'))).toEqual([
			'sent',
			'sent',
			'sent',
			'sent',
			'gave up, 1 ahead',
		]);
		expect(pacer.waiting).toBe(0);
	});

	test('a call refused with a 429 goes before calls that have not started yet', async () => {
		const pacer = new Pacer(100, 10);
		const order = [];
		const first = await pacer.turn(FAR, pause);
		if ('gaveUp' in first) throw new Error('gave up');
		const waiting = [1, 2, 3].map((i) =>
			pacer.turn(FAR, pause).then((t) => {
				order.push(`new ${i}`);
				if (!('gaveUp' in t)) t.done('passed');
			}),
		);
		first.done('throttled');
		const retried = pacer.turn(FAR, pause, true).then((t) => {
			order.push('retry');
			if (!('gaveUp' in t)) t.done('passed');
		});
		await jest.advanceTimersByTimeAsync(2000);
		await Promise.all([...waiting, retried]);
		expect(order).toEqual(['retry', 'new 1', 'new 2', 'new 3']);
	});
});

describe('adaptive rate (additive increase, multiplicative decrease)', () => {
	test('a 429 lowers the rate once per round, not once per refused call in flight', async () => {
		const pacer = new Pacer(100, 10);
		const turns = [];
		for (let i = 0; i < 3; i++) {
			const t = await pacer.turn(FAR, pause);
			if (!('gaveUp' in t)) turns.push(t);
			await jest.advanceTimersByTimeAsync(100);
		}
		// Three calls in flight are refused together: one decrease.
		for (const t of turns) t.done('throttled');
		expect(pacer.share).toBeCloseTo(DECREASE);
		// A call started after that decrease and refused lowers it again.
		await jest.advanceTimersByTimeAsync(200);
		const next = await pacer.turn(FAR, pause);
		if ('gaveUp' in next) throw new Error('gave up');
		next.done('throttled');
		expect(pacer.share).toBeCloseTo(DECREASE * DECREASE);
	});

	test('under a 429 storm the rate falls to its floor; after it, passing calls bring it back to the full rate', async () => {
		const pacer = new Pacer(100, 10);
		let storm = true;
		const service = { hit: () => !storm };
		const log = { starts: /** @type {number[]} */ ([]), refused: 0, accepted: 0 };
		let stop = false;
		// Demand well above the rate, all along: 40 callers sending one call after another.
		const callers = Array.from({ length: 40 }, async () => {
			while (!stop) await call(pacer, service, { log });
		});
		await jest.advanceTimersByTimeAsync(30_000);
		expect(pacer.share).toBeCloseTo(MIN_SHARE);
		const refusedInStorm = log.refused;
		storm = false;
		// Linear recovery: from the floor to the full rate takes about (1 - floor) / increase seconds.
		const recovery = ((1 - MIN_SHARE) / INCREASE_PER_SECOND) * 1000;
		await jest.advanceTimersByTimeAsync(recovery * 0.5);
		expect(pacer.share).toBeGreaterThan(0.35);
		expect(pacer.share).toBeLessThan(0.8);
		await jest.advanceTimersByTimeAsync(recovery * 0.8);
		expect(pacer.share).toBe(1);
		stop = true;
		await jest.advanceTimersByTimeAsync(30_000);
		await Promise.all(callers);
		expect(log.refused).toBe(refusedInStorm); // nothing refused once the storm was over
	}, 60_000);

	test.each([[2], [3]])(
		'%i processes sharing one key of 10/s converge on fair shares: at least 90 %% of the limit, 429s under 10 %% of calls',
		async (processes) => {
			const service = fixedWindowService(10);
			// Each process paces alone at the full rate, knowing nothing of the others.
			const pacers = Array.from({ length: processes }, () => new Pacer(100, 10));
			const logs = pacers.map(() => ({
				starts: /** @type {number[]} */ ([]),
				refused: 0,
				accepted: 0,
			}));
			let stop = false;
			const callers = pacers.flatMap((pacer, p) =>
				Array.from({ length: 30 }, async () => {
					while (!stop) await call(pacer, service, { log: logs[p] });
				}),
			);
			await jest.advanceTimersByTimeAsync(20_000); // settling in
			const before = logs.map((l) => ({ ...l }));
			const seconds = 120;
			await jest.advanceTimersByTimeAsync(seconds * 1000);
			const accepted = logs.reduce((sum, l, i) => sum + l.accepted - before[i].accepted, 0);
			const refused = logs.reduce((sum, l, i) => sum + l.refused - before[i].refused, 0);
			const perProcess = logs.map((l, i) => (l.accepted - before[i].accepted) / accepted);
			console.log(
				`${processes} processes: ${((accepted / seconds / 10) * 100).toFixed(1)} % of the limit, 429s ${((refused / (accepted + refused)) * 100).toFixed(1)} % of calls, shares of what was accepted ${perProcess.map((a) => a.toFixed(2)).join(', ')}`,
			);
			stop = true;
			await jest.advanceTimersByTimeAsync(60_000);
			await Promise.all(callers);

			expect(accepted / seconds / 10).toBeGreaterThanOrEqual(0.9);
			expect(refused / (accepted + refused)).toBeLessThan(0.1);
			// Fair: each process got about 1 / processes of what the service accepted.
			for (const share of perProcess) expect(Math.abs(share - 1 / processes)).toBeLessThan(0.1);
		},
		60_000,
	);
});

describe('a clock set back', () => {
	test('an hour back (an NTP correction, a fixed clock in a test): the next call starts at once, not an hour later', async () => {
		let clock = 5_000_000;
		const pacer = new Pacer(100, 10, () => clock);
		const first = await pacer.turn(FAR, pause);
		if ('done' in first) first.done('passed');
		clock -= 3_600_000;
		/** @type {number[]} */
		const started = [];
		const calls = Array.from({ length: 3 }, async () => {
			const turn = await pacer.turn(clock + 2000, pause);
			if ('gaveUp' in turn) return;
			started.push(clock);
			turn.done('passed');
		});
		const setBackAt = clock;
		// Past the calls' deadline (2 s), so a call still held gives up instead of hanging the test.
		for (let ms = 0; ms < 3000; ms += 10) {
			clock += 10;
			await jest.advanceTimersByTimeAsync(10);
		}
		await Promise.all(calls);
		// Spacing resumes from the new time: three calls 100 ms apart, within the first second.
		expect(started.map((at) => at - setBackAt <= 1000)).toEqual([true, true, true]);
	});
});
