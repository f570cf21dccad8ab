// @ts-check
'use strict';

const { isoUtc } = require('./clock');

/**
 * Outbound webhook delivery (list webhooks, transactional replies, v3 events).
 *
 * Every delivery is a JSON POST; any 2xx answer counts as delivered. A failed attempt (non-2xx,
 * network error, timeout) is retried up to `retries` times, waiting Tatango's documented backoff
 * `(retry_count ** 4) + 15 + (rand(30) * (retry_count + 1))` seconds × `webhookRetryScale`.
 * Deliveries are recorded in `state.webhookDeliveries` for GET /_sandbox/inspect.
 */

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * `https://localhost|127.0.0.1|[::1]` are delivered over plain http: the sandbox stands in for a
 * TLS-terminating proxy in front of a local n8n (CONTRACT.md).
 * @param {string} url
 */
function deliveryUrl(url) {
	const u = new URL(url);
	if (u.protocol === 'https:' && LOOPBACK_HOSTS.has(u.hostname)) u.protocol = 'http:';
	return u.toString();
}

/**
 * @typedef {{
 *   kind: 'list' | 'transactional' | 'v3', event: string, url: string, payload: unknown,
 *   headers?: Record<string, string>, retries: number, delayMs: number, meta?: Record<string, unknown>,
 * }} DeliveryJob
 * @typedef {{
 *   id: number, kind: string, event: string, url: string, targetUrl: string, payload: unknown,
 *   status: 'pending' | 'delivered' | 'failed', createdAt: string,
 *   attempts: { at: string, statusCode?: number, error?: string, duplicate?: boolean }[],
 *   [key: string]: unknown,
 * }} Delivery
 */

class WebhookDispatcher {
	/**
	 * @param {import('./config').SandboxConfig} config
	 * @param {import('./state').SandboxState} state
	 */
	constructor(config, state) {
		this.config = config;
		this.state = state;
		/** @type {Set<NodeJS.Timeout>} */
		this.timers = new Set();
		/** @type {Set<() => void>} */
		this.pending = new Set();
		this.controller = new AbortController();
		this.generation = 0;
		this.nextId = 1;
	}

	/**
	 * Backoff before retry number `retryCount + 1`, in milliseconds.
	 * @param {number} retryCount retries already made (0 for the first retry)
	 */
	backoffMs(retryCount) {
		const jitter = this.config.webhookRetryJitter
			? Math.floor(Math.random() * 30) * (retryCount + 1)
			: 0;
		return (retryCount ** 4 + 15 + jitter) * 1000 * this.config.webhookRetryScale;
	}

	/**
	 * @param {number} ms
	 * @param {() => void} fn
	 */
	schedule(ms, fn) {
		const t = setTimeout(() => {
			this.timers.delete(t);
			fn();
		}, ms);
		t.unref();
		this.timers.add(t);
	}

	/**
	 * Queues a delivery. `done` settles (never rejects) when it is delivered, given up or cancelled.
	 * @param {DeliveryJob} job
	 * @returns {{ delivery: Delivery, done: Promise<Delivery> }}
	 */
	send(job) {
		/** @type {Delivery} */
		const delivery = {
			id: this.nextId++,
			kind: job.kind,
			event: job.event,
			url: job.url,
			targetUrl: deliveryUrl(job.url),
			payload: job.payload,
			status: 'pending',
			createdAt: isoUtc(Date.now()),
			attempts: [],
			...(job.meta || {}),
		};
		this.state.webhookDeliveries.push(delivery);
		const generation = this.generation;
		const done = new Promise((resolve) => {
			const finish = () => {
				this.pending.delete(finish);
				resolve(delivery);
			};
			this.pending.add(finish);
			const attempt = (/** @type {number} */ retryCount) => {
				this.attempt(delivery, job).then((ok) => {
					if (generation !== this.generation) return finish();
					if (ok) {
						delivery.status = 'delivered';
						this.duplicates(delivery, job);
						return finish();
					}
					if (retryCount < job.retries)
						return this.schedule(this.backoffMs(retryCount), () => attempt(retryCount + 1));
					delivery.status = 'failed';
					finish();
				});
			};
			this.schedule(job.delayMs, () => attempt(0));
		});
		return { delivery, done };
	}

	/**
	 * One POST. Resolves true on 2xx.
	 * @param {Delivery} delivery
	 * @param {DeliveryJob} job
	 * @param {boolean} [duplicate]
	 */
	async attempt(delivery, job, duplicate = false) {
		/** @type {{ at: string, statusCode?: number, error?: string, duplicate?: boolean }} */
		const record = { at: isoUtc(Date.now()) };
		if (duplicate) record.duplicate = true;
		delivery.attempts.push(record);
		try {
			const res = await fetch(delivery.targetUrl, {
				method: 'POST',
				headers: {
					'content-type': 'application/json',
					'user-agent': 'Tatango-Sandbox-Webhooks/1.0',
					...(job.headers || {}),
				},
				body: JSON.stringify(job.payload),
				redirect: 'manual',
				signal: AbortSignal.any([
					this.controller.signal,
					AbortSignal.timeout(this.config.webhookTimeoutMs),
				]),
			});
			record.statusCode = res.status;
			await res.arrayBuffer().catch(() => undefined);
			return res.status >= 200 && res.status < 300;
		} catch (err) {
			record.error = (err && err.cause && err.cause.code) || (err && err.name) || String(err);
			return false;
		}
	}

	/**
	 * Duplicate deliveries on success, as observed on the live service (`duplicateWebhooks`).
	 * @param {Delivery} delivery
	 * @param {DeliveryJob} job
	 */
	duplicates(delivery, job) {
		const extra =
			this.config.duplicateWebhooks === true ? 1 : Number(this.config.duplicateWebhooks) || 0;
		for (let i = 1; i <= extra; i++)
			this.schedule(20 * i, () => void this.attempt(delivery, job, true));
	}

	/** Stops every queued or in-flight delivery (reset, close). */
	cancelAll() {
		this.generation++;
		for (const t of this.timers) clearTimeout(t);
		this.timers.clear();
		this.controller.abort();
		this.controller = new AbortController();
		for (const finish of [...this.pending]) finish();
	}
}

module.exports = { WebhookDispatcher, deliveryUrl };
