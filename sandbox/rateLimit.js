// @ts-check
'use strict';

const DAY_MS = 86_400_000;

/**
 * Fixed-window rate limits, per API and per credential. Off unless a rule is configured
 * (`rateLimits.v2` / `rateLimits.v3` = `{ limit, windowMs }`). A window starts at the
 * credential's first request and lasts `windowMs`; the (limit+1)-th call inside it is refused.
 * v3 also has a daily quota per key (`v3DailyQuota`, off unless set) that resets at midnight UTC
 * of the sandbox clock (public docs §0.6).
 */
class RateLimiter {
	/**
	 * @param {import('./config').SandboxConfig} config
	 * @param {{ now(): number }} clock
	 */
	constructor(config, clock) {
		this.config = config;
		this.clock = clock;
		/** @type {Map<string, { start: number, count: number, windowMs: number }>} */
		this.windows = new Map();
		/** @type {Map<string, { day: number, count: number }>} */
		this.days = new Map();
	}

	/**
	 * Counts one v3 call against the key's daily quota. Returns null when allowed, or the seconds
	 * until the quota resets at midnight UTC.
	 * @param {string} apiKey
	 * @returns {number | null}
	 */
	dailyHit(apiKey) {
		const quota = this.config.v3DailyQuota;
		if (quota === null || quota === undefined) return null;
		const now = this.clock.now();
		const day = Math.floor(now / DAY_MS);
		let used = this.days.get(apiKey);
		if (!used || used.day !== day) {
			used = { day, count: 0 };
			this.days.set(apiKey, used);
		}
		if (used.count >= quota) return Math.max(1, Math.ceil(((day + 1) * DAY_MS - now) / 1000));
		used.count++;
		return null;
	}

	/**
	 * Counts one call. Returns null when allowed, or the seconds to wait (for Retry-After).
	 * @param {'v2' | 'v3'} api
	 * @param {string} credential
	 * @returns {number | null}
	 */
	hit(api, credential) {
		const rule = this.config.rateLimits[api];
		if (!rule) return null;
		const key = `${api}\u0000${credential}`;
		const now = Date.now();
		let w = this.windows.get(key);
		if (!w || now - w.start >= w.windowMs || w.windowMs !== rule.windowMs) {
			w = { start: now, count: 0, windowMs: rule.windowMs };
			this.windows.set(key, w);
		}
		if (w.count >= rule.limit) {
			return Math.max(1, Math.ceil((w.start + w.windowMs - now) / 1000));
		}
		w.count++;
		return null;
	}

	reset() {
		this.windows.clear();
		this.days.clear();
	}
}

module.exports = { RateLimiter };
