/**
 * Spaces the calls of one node run so a long list of items stays under Tatango's published rate
 * (v2: one call every 3 s; v3: 10 per second). It lives for one execution only: n8n may run the
 * next execution in another process (queue mode), so nothing is kept between executions.
 *
 * Two rules, both must hold before a call may start:
 * - calls are spaced `intervalMs` apart (reserved slots, so a late timer does not delay the rest);
 * - a call starts at least one window (`callsPerWindow` × `intervalMs`, 1 s for v3) after the
 *   answer to the call `callsPerWindow` before it. The service counts a call somewhere between
 *   when it leaves and when its answer is back, so however late the earlier call was counted and
 *   however early this one is, they are a window apart: no window the service counts, fixed or
 *   sliding, holds more than `callsPerWindow` calls, whatever the timing jitter. The price is one
 *   round trip per window, instead of a refused call (a whole second) whenever jitter squeezes one
 *   more call into a window.
 *
 * Calls of one client run one at a time (items are processed in order): each reserved slot is
 * followed by `answered()` before the next one is reserved.
 */
export class Pacer {
	private nextSlot = 0;

	/** When each of the last `callsPerWindow` calls was answered (or failed), oldest first. */
	private readonly answeredAt: number[] = [];

	constructor(
		readonly intervalMs: number,
		private readonly callsPerWindow = 1,
		private readonly clock: () => number = Date.now,
	) {}

	get windowMs(): number {
		return this.intervalMs * this.callsPerWindow;
	}

	/** How long to wait before the next call may start, reserving that slot. */
	reserve(): number {
		const now = this.clock();
		const windowFree =
			this.answeredAt.length < this.callsPerWindow ? 0 : this.answeredAt[0] + this.windowMs;
		const start = Math.max(now, this.nextSlot, windowFree);
		this.nextSlot = start + this.intervalMs;
		return start - now;
	}

	/** The call of the last reserved slot has its answer, or failed: the service counted it by now. */
	answered(): void {
		this.answeredAt.push(this.clock());
		if (this.answeredAt.length > this.callsPerWindow) this.answeredAt.shift();
	}
}
