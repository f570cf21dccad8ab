// @ts-check
'use strict';

const { HttpError } = require('./errors');

/**
 * Broadcast messages of a list (public docs §1.9). Sent ones come from POST /lists/{id}/messages
 * (or the seed); drafts and scheduled ones only from the seed, since the API cannot create them.
 *
 * Delivery statistics follow the documented timing on the sandbox clock: for the first
 * 10 minutes after the send every recipient is still `pending_count`; after that they count as
 * `success_count`. `parts` appears 30 minutes after the send.
 */

const STATS_SETTLE_MS = 10 * 60 * 1000;
const PARTS_AFTER_MS = 30 * 60 * 1000;
const COST_PER_RECIPIENT = 0.01;

/**
 * @typedef {{
 *   id: number, listId: number, name: string, content: string,
 *   status: 'sent' | 'draft' | 'scheduled', createdMs: number, sentAtMs: number | null,
 *   scheduledForMs: number | null, recipients: number, attachment: string | null,
 * }} Broadcast
 */

/** `http(s)://bit.ly/...` links, which the docs say get a `message_links` entry. */
function bitlyLinks(/** @type {string} */ content) {
	return [...new Set(content.match(/https?:\/\/bit\.ly\/\S+/g) || [])];
}

/**
 * The v2 message object.
 * @param {import('./context').Context} ctx
 * @param {Broadcast} b
 */
function broadcastView(ctx, b) {
	const iso = (/** @type {number} */ ms) => ctx.state.isoOffset(ms);
	const sent = b.status === 'sent';
	const age = sent && b.sentAtMs !== null ? ctx.clock.now() - b.sentAtMs : 0;
	const settled = sent && age >= STATS_SETTLE_MS;
	const recipients = sent ? b.recipients : 0;
	/** @type {Record<string, any>} */
	const view = {
		id: b.id,
		content: b.content,
		status: b.status,
		sent_at: iso(sent ? /** @type {number} */ (b.sentAtMs) : (b.scheduledForMs ?? b.createdMs)),
		name: b.name,
		is_broadcast: sent,
		recipient_count: recipients,
		success_count: settled ? recipients : 0,
		bounces_count: 0,
		pending_count: settled ? 0 : recipients,
		clean_count: 0,
		unsubscribe_count: 0,
		sms_count: recipients,
		mms_count: 0,
		send_cost: Math.round(recipients * COST_PER_RECIPIENT * 100) / 100,
	};
	if (b.attachment) view.attachment = b.attachment;
	const links = bitlyLinks(b.content);
	if (links.length)
		view.message_links = links.map((link, i) => ({
			id: b.id * 100 + i + 1,
			link,
			count: 0,
			display_count: 0,
		}));
	if (sent) {
		view.cancelled_at = null;
		if (age >= PARTS_AFTER_MS) view.parts = { sum: recipients, minimum: 1, maximum: 1 };
	}
	return view;
}

/**
 * Records a sent broadcast: one `broadcast` text per subscribed number.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {string} content
 * @param {string | null} name
 * @returns {Broadcast}
 */
function recordSentBroadcast(ctx, list, content, name) {
	const id = ctx.state.nextId('broadcast');
	const now = ctx.clock.now();
	let recipients = 0;
	for (const sub of ctx.state.subscribersOf(list.id).values()) {
		if (sub.status !== 'subscribed') continue;
		ctx.state.recordMessage(sub.phone, 'broadcast', content, { listId: list.id, messageId: id });
		recipients++;
	}
	/** @type {Broadcast} */
	const b = {
		id,
		listId: list.id,
		name: name || `Message ${id}`,
		content,
		status: 'sent',
		createdMs: now,
		sentAtMs: now,
		scheduledForMs: null,
		recipients,
		attachment: null,
	};
	ctx.state.broadcastsOf(list.id).set(id, b);
	return b;
}

/**
 * A YYYYMMDD filter date as the start of that UTC day; 422 for anything else.
 * @param {unknown} raw
 * @param {string} name
 */
function filterDay(raw, name) {
	if (raw === undefined || raw === null || raw === '') return null;
	const m = /^(\d{4})(\d{2})(\d{2})$/.exec(String(raw));
	const ms = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
	if (!m || new Date(ms).getUTCDate() !== Number(m[3]))
		throw new HttpError(422, `${name} must be a date in YYYYMMDD format`);
	return ms;
}

/**
 * The list's messages of one status within `start_date`..`end_date` (whole UTC days), by ID.
 * Sent messages are filtered by send time, drafts by creation, scheduled ones by planned time.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {'sent' | 'draft' | 'scheduled'} status
 * @param {Record<string, unknown>} params query (and body: the docs' curl sends them as JSON)
 */
function findBroadcasts(ctx, list, status, params) {
	const from = filterDay(params.start_date, 'start_date');
	const to = filterDay(params.end_date, 'end_date');
	const day = 86400000;
	return [...ctx.state.broadcastsOf(list.id).values()]
		.filter((b) => b.status === status)
		.filter((b) => {
			const at =
				status === 'sent' ? b.sentAtMs : status === 'scheduled' ? b.scheduledForMs : b.createdMs;
			const ms = /** @type {number} */ (at);
			return (from === null || ms >= from) && (to === null || ms < to + day);
		})
		.sort((a, b) => a.id - b.id);
}

/**
 * Seeded messages: `{ listId, id, status, name, content, minutesAgo, recipients?, attachment? }`;
 * a scheduled one's `minutesAgo` is negative (it is due in the future).
 * @param {import('./context').Context['state']} state
 * @param {Record<string, any>[]} seeded
 * @param {number} now
 */
function seedBroadcasts(state, seeded, now) {
	for (const s of seeded) {
		if (!state.lists.has(s.listId)) continue;
		const at = now - s.minutesAgo * 60000;
		/** @type {Broadcast} */
		const b = {
			id: s.id,
			listId: s.listId,
			name: s.name,
			content: s.content,
			status: s.status,
			createdMs: s.status === 'scheduled' ? now - 86400000 : at,
			sentAtMs: s.status === 'sent' ? at : null,
			scheduledForMs: s.status === 'scheduled' ? at : null,
			recipients: s.recipients || 0,
			attachment: s.attachment || null,
		};
		state.broadcastsOf(s.listId).set(b.id, b);
		state.ids.broadcast = Math.max(state.ids.broadcast, b.id + 1);
	}
}

module.exports = {
	broadcastView,
	recordSentBroadcast,
	findBroadcasts,
	seedBroadcasts,
	STATS_SETTLE_MS,
	PARTS_AFTER_MS,
};
