// @ts-check
'use strict';

const { buildSeed } = require('./seed');
const { isoUtc, isoOffset } = require('./clock');
const { carrierFor } = require('./phone');
const { seedBroadcasts } = require('./broadcasts');
const { MAX_RECORDED_BYTES } = require('./recording');

/**
 * @typedef {{
 *   id: number, phone: string, kind: string, text: string, at: string, atMs: number,
 *   listId?: number, transactionId?: string, transactionalMessageId?: number, messageId?: number,
 *   isMms?: boolean,
 * }} Message
 * @typedef {{
 *   id: number, listId: number, phone: string,
 *   status: 'subscribed' | 'pending' | 'unsubscribed' | 'cleaned',
 *   profile: Record<string, any>, tags: string[], custom: Record<string, any>,
 *   subscribedAtMs: number | null, optedOutAtMs: number | null, cleanedAtMs: number | null,
 *   cleanReason: string | null, lastOptInMs: number | null, everSubscribed: boolean,
 *   optIn: { step: number, stepStartedMs: number, followUpSent: boolean, bypassResponse: boolean, yesOnly?: boolean } | null,
 * }} Subscriber
 * @typedef {{
 *   id: number, at: string, atMs: number, arrivedUs: number, method: string, path: string,
 *   query: Record<string, any>, headers: Record<string, any>, body: any, statusCode?: number,
 *   dropped?: boolean,
 * }} RecordedRequest
 * `arrivedUs`: when the request arrived, in microseconds of a monotonic clock (process.hrtime) whose
 * origin is arbitrary: only differences between requests mean something.
 */

/** Subscriber profile fields that the v2 add request accepts (everything else is a custom field). */
const PROFILE_FIELDS = ['first_name', 'last_name', 'email', 'birthdate', 'zip_code', 'gender'];

/**
 * All mutable data of the sandbox. `reset()` brings it back to the seeded state.
 */
class SandboxState {
	/**
	 * @param {import('./config').SandboxConfig} config
	 * @param {import('./clock').Clock} clock
	 */
	constructor(config, clock) {
		this.config = config;
		this.clock = clock;
		this.reset();
	}

	reset() {
		const seed = buildSeed(this.config.seed);
		const now = this.clock.now();
		/** @type {Record<string, number>} */
		this.ids = {
			message: 1,
			subscriber: 1,
			optInRequest: 1,
			webhook: 1,
			transactional: 1000,
			momt: 1,
			opt: 5000,
			broadcast: 1,
			request: 1,
			list: 1,
		};
		/** @type {Map<number, Record<string, any>>} */
		this.lists = new Map();
		for (const l of seed.lists) {
			const { opt_in_requests: requests, ...rest } = l;
			const list = { ...rest, opt_in_requests: [] };
			list.opt_in_requests = this.decorateOptInRequests(
				list,
				requests || [],
				Boolean(list.bypass_opt_in_response),
				now,
			);
			this.lists.set(list.id, list);
			this.ids.list = Math.max(this.ids.list, list.id + 1);
		}
		/** @type {Map<string, Set<string>>} */
		this.shortcodes = new Map(
			Object.entries(seed.shortcodes).map(([code, kws]) => [
				String(code),
				new Set(kws.map((/** @type {string} */ k) => k.toUpperCase())),
			]),
		);
		/** @type {Set<string>} */
		this.reservedKeywords = new Set(
			seed.reservedKeywords.map((/** @type {string} */ k) => k.toUpperCase()),
		);
		/** @type {Map<number, Map<string, Subscriber>>} */
		this.subscribers = new Map();
		/** @type {Map<number, Map<number, Record<string, any>>>} */
		this.listWebhooks = new Map();
		/** @type {Map<number, Record<string, any>>} */
		this.momtReports = new Map();
		for (const r of seed.momtReports) {
			const created = now - r.stepsAgo * this.config.momtReportStepMs;
			this.momtReports.set(r.id, {
				id: r.id,
				createdMs: created,
				dateFrom: created - 30 * 86400000,
				dateTo: created,
				totalRows: r.totalRows,
				moCount: r.moCount,
				mtCount: r.mtCount,
				// Seeded reports keep their progress in "steps ago" so a step-size change keeps them consistent.
				stepsAgo: r.stepsAgo,
			});
			this.ids.momt = Math.max(this.ids.momt, r.id + 1);
		}
		/** @type {Map<string, Message[]>} */
		this.messages = new Map();
		/** Broadcast messages (sent, draft, scheduled) of each list, by message ID. */
		/** @type {Map<number, Map<number, import('./broadcasts').Broadcast>>} */
		this.broadcasts = new Map();
		/** Work the service queues and finishes later (list tag deletion). */
		/** @type {{ dueMs: number, run: () => void }[]} */
		this.queuedJobs = [];
		/** Custom field definitions per list, in creation order. @type {Map<number, Record<string, any>[]>} */
		this.customFields = new Map();
		seedBroadcasts(this, seed.broadcasts, now);
		/** @type {{ phone: string, text: string, at: string, atMs: number, listId?: number }[]} */
		this.inbound = [];
		/** @type {Map<number, Record<string, any>>} */
		this.transactional = new Map();
		/** @type {Map<string, Record<string, any>>} v3 sends of every channel, by transactionId */
		this.v3Sends = new Map();
		/** @type {Record<string, any>[]} WhatsApp templates submitted for approval */
		this.whatsAppTemplates = [];
		/** @type {RecordedRequest[]} */
		this.requests = [];
		/** @type {WeakMap<RecordedRequest, number>} bytes of each recorded body */
		this.recordedBytes = new WeakMap();
		this.recordedBytesTotal = 0;
		/** @type {Record<string, any>[]} */
		this.webhookDeliveries = [];
	}

	/** @param {string} kind */
	nextId(kind) {
		const id = this.ids[kind];
		this.ids[kind] = id + 1;
		return id;
	}

	/** ISO timestamp with the configured offset (v2 `created_at` style). @param {number} [ms] */
	isoOffset(ms = this.clock.now()) {
		return isoOffset(ms, this.config.utcOffsetMinutes);
	}

	/** @param {number | null} ms */
	isoUtc(ms) {
		return ms === null || ms === undefined ? null : isoUtc(ms);
	}

	/**
	 * Gives opt-in request items their response-only fields (id, list_id, timestamps, bypass flag).
	 * @param {Record<string, any>} list
	 * @param {Record<string, any>[]} requests
	 * @param {boolean} bypass
	 * @param {number} now
	 */
	decorateOptInRequests(list, requests, bypass, now) {
		const stamp = this.isoOffset(now);
		return requests.map((r) => ({
			bypass_opt_in_response: bypass,
			collected_data: r.collected_data,
			created_at: stamp,
			follow_up: Boolean(r.follow_up),
			follow_up_hour: r.follow_up ? r.follow_up_hour : null,
			id: this.nextId('optInRequest'),
			list_id: list.id,
			no_response_message: r.no_response_message ?? null,
			opt_in_message: r.opt_in_message ?? null,
			request_message: r.request_message,
			retry_message: r.retry_message ?? null,
			second_opt_in_message: r.second_opt_in_message ?? null,
			success_action: r.success_action,
			updated_at: stamp,
		}));
	}

	/**
	 * Looks a list up by its path parameter (a string of digits).
	 * @param {unknown} id
	 */
	getList(id) {
		const n = Number(id);
		if (!/^\d+$/.test(String(id)) || !this.lists.has(n)) return null;
		return this.lists.get(n);
	}

	nextListId() {
		return this.nextId('list');
	}

	/** @param {number} listId */
	broadcastsOf(listId) {
		let m = this.broadcasts.get(listId);
		if (!m) {
			m = new Map();
			this.broadcasts.set(listId, m);
		}
		return m;
	}

	/** @param {number} listId */
	subscribersOf(listId) {
		let m = this.subscribers.get(listId);
		if (!m) {
			m = new Map();
			this.subscribers.set(listId, m);
		}
		return m;
	}

	/** Every list webhook, oldest first (the control API's view). */
	allListWebhooks() {
		return [...this.listWebhooks.values()]
			.flatMap((hooks) => [...hooks.values()])
			.sort((a, b) => a.id - b.id)
			.map((hook) => ({ ...hook }));
	}

	/** @param {number} listId */
	customFieldsOf(listId) {
		let fields = this.customFields.get(listId);
		if (!fields) {
			fields = [];
			this.customFields.set(listId, fields);
		}
		return fields;
	}

	/** @param {number} listId */
	webhooksOf(listId) {
		let m = this.listWebhooks.get(listId);
		if (!m) {
			m = new Map();
			this.listWebhooks.set(listId, m);
		}
		return m;
	}

	/** @param {number} listId */
	listCounts(listId) {
		const counts = { subscribers: 0, unsubscribed: 0, cleaned: 0 };
		for (const s of this.subscribersOf(listId).values()) {
			if (s.status === 'subscribed') counts.subscribers++;
			else if (s.status === 'unsubscribed') counts.unsubscribed++;
			else if (s.status === 'cleaned') counts.cleaned++;
		}
		return counts;
	}

	/** The v2 list object. @param {Record<string, any>} list */
	listView(list) {
		const fields = { ...list };
		delete fields.shortcode;
		delete fields.bypass_opt_in_response;
		return {
			...fields,
			keyword_names: [...list.keyword_names],
			counts: this.listCounts(list.id),
			opt_in_requests: list.opt_in_requests.map((/** @type {any} */ r) => ({ ...r })),
		};
	}

	/**
	 * The v2 subscriber object.
	 * @param {Subscriber} sub
	 * @param {{ withTotal?: boolean }} [opts]
	 */
	subscriberView(sub, opts = {}) {
		const carrier = carrierFor(sub.phone);
		/** @type {Record<string, any>} */
		const view = {
			phone_number: sub.phone,
			first_name: sub.profile.first_name ?? null,
			last_name: sub.profile.last_name ?? null,
			email: sub.profile.email ?? null,
			birthdate: sub.profile.birthdate ?? null,
			zip_code: sub.profile.zip_code ?? null,
			gender: sub.profile.gender ?? null,
			cleaned_at: this.isoUtc(sub.cleanedAtMs),
			subscribed_at: this.isoUtc(sub.subscribedAtMs),
			opted_out_at: this.isoUtc(sub.optedOutAtMs),
			optin_in_progress: sub.status === 'pending',
			opt_in_method: 'api',
			keyword_name: null,
			...carrier,
			tags: [...sub.tags],
			// Every custom field of the list is a flat key: its value, else its default, else null.
			...Object.fromEntries(
				this.customFieldsOf(sub.listId).map((field) => [field.key, field.default_value ?? null]),
			),
			...sub.custom,
		};
		if (opts.withTotal)
			view.total_messages_received = this.messagesFor(sub.phone).filter(
				(m) => m.listId === sub.listId,
			).length;
		return view;
	}

	/**
	 * Records a text the sandbox "sent" to a phone.
	 * @param {string} phone
	 * @param {string} kind
	 * @param {string} text
	 * @param {Partial<Message>} [extra]
	 * @returns {Message}
	 */
	recordMessage(phone, kind, text, extra = {}) {
		const atMs = this.clock.now();
		/** @type {Message} */
		const message = {
			id: this.nextId('message'),
			phone,
			kind,
			text,
			at: isoUtc(atMs),
			atMs,
			...extra,
		};
		let list = this.messages.get(phone);
		if (!list) {
			list = [];
			this.messages.set(phone, list);
		}
		list.push(message);
		return message;
	}

	/** @param {string} phone */
	messagesFor(phone) {
		return this.messages.get(phone) || [];
	}

	messageCounts() {
		/** @type {Record<string, number>} */
		const counts = {};
		for (const [phone, list] of this.messages) counts[phone] = list.length;
		return counts;
	}

	/** @param {RecordedRequest} entry */
	recordRequest(entry) {
		this.requests.push(entry);
		const max = this.config.maxRecordedRequests;
		if (this.requests.length > max) this.dropOldestRequests(this.requests.length - max);
	}

	/**
	 * Adds a recorded body's bytes to the total and drops the oldest requests while the total is
	 * over the budget: the count limit alone let 25 bodies of 4 MB hold 100 MB.
	 * @param {RecordedRequest} entry @param {number} bytes
	 */
	countRecordedBytes(entry, bytes) {
		this.recordedBytes.set(entry, bytes);
		this.recordedBytesTotal += bytes;
		let drop = 0;
		let total = this.recordedBytesTotal;
		while (total > MAX_RECORDED_BYTES && drop < this.requests.length - 1) {
			total -= this.recordedBytes.get(this.requests[drop]) ?? 0;
			drop++;
		}
		if (drop > 0) this.dropOldestRequests(drop);
	}

	/** @param {number} count */
	dropOldestRequests(count) {
		for (const dropped of this.requests.splice(0, count)) {
			this.recordedBytesTotal -= this.recordedBytes.get(dropped) ?? 0;
			this.recordedBytes.delete(dropped);
		}
	}
}

module.exports = { SandboxState, PROFILE_FIELDS };
