// @ts-check
'use strict';

/**
 * Fixed-window rate limits, per API and per credential. Off unless a rule is configured
 * (`rateLimits.v2` / `rateLimits.v3` = `{ limit, windowMs }`). A window starts at the
 * credential's first request and lasts `windowMs`; the (limit+1)-th call inside it is refused.
 */
class RateLimiter {
	/** @param {import('./config').SandboxConfig} config */
	constructor(config) {
		this.config = config;
		/** @type {Map<string, { start: number, count: number, windowMs: number }>} */
		this.windows = new Map();
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
	}
}

module.exports = { RateLimiter };
