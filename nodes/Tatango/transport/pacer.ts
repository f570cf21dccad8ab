/**
 * Spaces the calls of one node run so a long list of items stays under Tatango's published rate
 * (v2: one call every 3 s; v3: 10 per second). It lives for one execution only: n8n may run the
 * next execution in another process (queue mode), so nothing is kept between executions.
 */
export class Pacer {
	private nextSlot = 0;

	constructor(
		readonly intervalMs: number,
		private readonly clock: () => number = Date.now,
	) {}

	/** How long to wait before the next call may start, reserving that slot. */
	reserve(): number {
		const now = this.clock();
		const start = Math.max(now, this.nextSlot);
		this.nextSlot = start + this.intervalMs;
		return start - now;
	}
}
