/**
 * Spaces the calls of one Tatango account (API version, Base URL and key) in one n8n process, so
 * a burst of executions is spread at the account's rate instead of being retried into it. Shared
 * by every execution of the process through `accounts.ts`; each call waits its turn here.
 *
 * Two rules, both must hold before a call may start:
 * - calls are spaced one interval apart (1 s ÷ the current rate);
 * - within any window (`callsPerWindow` × the configured interval, 1 s for v3), the calls in
 *   flight and those answered less than a window ago stay under the current calls per window. The
 *   service counts a call somewhere between when it leaves and when its answer is back, so however
 *   late it counted an earlier call, no window it counts, fixed or sliding, holds one too many.
 *
 * The rate adapts to 429s, which come when other processes (queue-mode workers, other n8n
 * instances) use the same key: a 429 multiplies it by `DECREASE` (once per round: calls that
 * started before the last decrease do not lower it again), and each call that passes adds back
 * `INCREASE_PER_SECOND` of the configured rate per second of calls. Each process converges on a
 * share of the limit without knowing of the others (additive increase, multiplicative decrease,
 * as TCP and the AWS SDKs' adaptive retry mode do).
 *
 * Calls wait in arrival order; a call retried after a 429 goes before those that have not started
 * yet. A call that is not next gives up at its deadline; the next one always gets its turn (at
 * most one interval or window away), so a run of one execution never fails for its own pace.
 */

/** What an answer says about the rate. */
export type Verdict = 'passed' | 'throttled' | 'neutral';

/** A call's turn: started now; `done` once its answer (or failure) is back. */
export interface Turn {
	startedAt: number;
	done(verdict: Verdict): void;
}

/** A call whose deadline passed while others were ahead of it: it never started. */
export interface GaveUp {
	gaveUp: true;
	/** Calls still ahead of it. */
	ahead: number;
}

interface Waiter {
	retry: boolean;
	wake?: () => void;
}

/** The multiplicative decrease after a 429. */
export const DECREASE = 0.85;
/** The additive increase: a share of the configured rate regained per second of passing calls. */
export const INCREASE_PER_SECOND = 0.02;
/** The lowest share of the configured rate the adaptive rate goes down to. */
export const MIN_SHARE = 0.1;
/** The longest a waiting call sleeps before it looks again (it is also woken when it is next). */
const MAX_NAP_MS = 1000;

export type Pause = (ms: number) => Promise<void>;

export class Pacer {
	/** The adaptive rate, as a share of the configured rate (MIN_SHARE..1). */
	private shareOfRate = 1;
	private lastDecreaseAt = -Infinity;
	private nextSlot = -Infinity;
	/** When each recent call was answered, oldest first: only those less than a window ago count. */
	private readonly answeredAt: number[] = [];
	private inFlight = 0;
	private readonly queue: Waiter[] = [];
	private lastUsedAt: number;

	constructor(
		private intervalMs: number,
		private callsPerWindow = 1,
		private readonly clock: () => number = () => Date.now(),
	) {
		this.lastUsedAt = clock();
	}

	/** A changed rate setting (the credential was edited) starts the adaptive rate afresh. */
	configure(intervalMs: number, callsPerWindow: number): void {
		if (intervalMs === this.intervalMs && callsPerWindow === this.callsPerWindow) return;
		this.intervalMs = intervalMs;
		this.callsPerWindow = callsPerWindow;
		this.shareOfRate = 1;
	}

	/** The current rate as a share of the configured one (1 until a 429). */
	get share(): number {
		return this.shareOfRate;
	}

	/** The current spacing of calls. */
	get currentIntervalMs(): number {
		return this.intervalMs / this.shareOfRate;
	}

	private get windowMs(): number {
		return this.intervalMs * this.callsPerWindow;
	}

	private get currentCallsPerWindow(): number {
		return Math.max(1, Math.ceil(this.callsPerWindow * this.shareOfRate - 1e-9));
	}

	/** Calls waiting for their turn. */
	get waiting(): number {
		return this.queue.length;
	}

	/** Whether nothing waits or is in flight and nothing was used since `since`. */
	idleSince(since: number): boolean {
		return this.queue.length === 0 && this.inFlight === 0 && this.lastUsedAt <= since;
	}

	/**
	 * When the next call may start by both rules, or undefined while only an answer can free a
	 * place in the window.
	 */
	private earliestStart(now: number): number | undefined {
		// A clock set back (an NTP correction; a test's fixed clock) must not hold every call until
		// it catches up: a slot beyond one interval from now, or answers "from the future", start
		// the schedule afresh from now.
		if (this.nextSlot > now + this.currentIntervalMs) this.nextSlot = now;
		if (this.answeredAt.length > 0 && this.answeredAt[this.answeredAt.length - 1] > now)
			this.answeredAt.length = 0;
		while (this.answeredAt.length > 0 && this.answeredAt[0] + this.windowMs <= now)
			this.answeredAt.shift();
		const limit = this.currentCallsPerWindow;
		if (this.inFlight >= limit) return undefined;
		const over = this.inFlight + this.answeredAt.length - limit;
		const windowFree = over < 0 ? -Infinity : this.answeredAt[over] + this.windowMs;
		return Math.max(this.nextSlot, windowFree);
	}

	/**
	 * Waits for this call's turn, or gives up when `deadline` passed before it came (nothing was
	 * sent). `retry`: the call was refused with a 429 and goes before calls not yet started.
	 */
	async turn(deadline: number, pause: Pause, retry = false): Promise<Turn | GaveUp> {
		const me: Waiter = { retry };
		const firstNew = retry ? this.queue.findIndex((w) => !w.retry) : -1;
		if (firstNew === -1) this.queue.push(me);
		else this.queue.splice(firstNew, 0, me);
		this.lastUsedAt = this.clock();
		try {
			for (;;) {
				const now = this.clock();
				if (this.queue[0] === me) {
					const at = this.earliestStart(now);
					if (at !== undefined && at <= now) return this.start(now, at);
					const nap = at === undefined ? Math.min(this.currentIntervalMs, 50) : at - now;
					await this.nap(me, nap, pause);
				} else {
					if (now >= deadline) return { gaveUp: true, ahead: this.queue.indexOf(me) };
					await this.nap(me, Math.min(deadline - now, MAX_NAP_MS), pause);
				}
			}
		} finally {
			this.queue.splice(this.queue.indexOf(me), 1);
			this.queue[0]?.wake?.();
		}
	}

	private async nap(me: Waiter, ms: number, pause: Pause): Promise<void> {
		await Promise.race([pause(Math.max(1, ms)), new Promise<void>((wake) => (me.wake = wake))]);
		me.wake = undefined;
	}

	private start(now: number, scheduled: number): Turn {
		const interval = this.currentIntervalMs;
		// From the scheduled slot when the timer fired a little late, so lateness does not push
		// every later call back; from now after an idle spell, so calls do not bunch up.
		this.nextSlot = (now - scheduled <= interval / 4 ? scheduled : now) + interval;
		this.inFlight++;
		this.lastUsedAt = now;
		let finished = false;
		return {
			startedAt: now,
			done: (verdict) => {
				if (finished) return;
				finished = true;
				this.answered(now, verdict);
			},
		};
	}

	private answered(startedAt: number, verdict: Verdict): void {
		const now = this.clock();
		this.inFlight--;
		this.lastUsedAt = now;
		this.answeredAt.push(now);
		// Answers older than a window are dropped as they expire; this only bounds the record.
		if (this.answeredAt.length > 2 * this.callsPerWindow) this.answeredAt.shift();
		if (verdict === 'throttled' && startedAt >= this.lastDecreaseAt) {
			this.shareOfRate = Math.max(MIN_SHARE, this.shareOfRate * DECREASE);
			this.lastDecreaseAt = now;
		} else if (verdict === 'passed' && this.shareOfRate < 1) {
			// Per call, so a second of calls at the current rate regains INCREASE_PER_SECOND.
			this.shareOfRate = Math.min(
				1,
				this.shareOfRate + (INCREASE_PER_SECOND * this.currentIntervalMs) / 1000,
			);
		}
		this.queue[0]?.wake?.();
	}
}
