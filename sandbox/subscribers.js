// @ts-check
'use strict';

const {
	subscribeEvent,
	unsubscribeEvent,
	campaignResponseEvent,
	cleanedEvent,
	messageSentEvent,
} = require('./events');
const { recordSentBroadcast } = require('./broadcasts');

/**
 * The subscriber state machine of spec §3.1 and the double opt-in sequence of spec §3.3.
 *
 *   not on list ─add─▶ subscribed            (single opt-in list, or bypass_opt_in_process)
 *   not on list ─add─▶ pending confirmation  (double opt-in list; first opt-in request sent)
 *   pending ─valid reply─▶ next request | subscribed (+ confirmation unless bypassed)
 *   pending ─invalid reply─▶ pending (retry_message sent)
 *   pending ─follow_up_hour passes─▶ pending (no_response_message sent, once per request)
 *   subscribed ─delete or STOP─▶ unsubscribed ─add─▶ resubscription (as a new add, "second" texts)
 *   subscribed ─clean─▶ cleaned ─add─▶ resubscription
 */

const STOP_WORDS = new Set(['STOP', 'ST0P', 'STOPALL', 'END', 'CANCEL', 'UNSUBSCRIBE', 'QUIT']);

/**
 * Observed live (public docs §1.4): after an opt-out, adding the number again within about 48 hours
 * is refused with HTTP 201 and the refusal only in `status`.
 */
const RESUBSCRIBE_COOLDOWN_MS = 48 * 3600000;

/**
 * The confirmation request an add without bypass_opt_in_process sends on a list that has no
 * opt-in requests of its own (live, the add stays pending until YES even on single opt-in lists).
 * The wording is the sandbox's; Tatango's is not documented.
 * @param {Record<string, any>} list
 */
const yesRequest = (list) =>
	`${list.name}: reply YES to confirm you want to receive text messages. Msg & data rates may apply. Reply STOP to cancel.`;

/** @param {number} waitMs */
function securityTimeout(waitMs) {
	const minutes = Math.ceil(waitMs / 60000);
	return `Subscriber opted out recently and is in a security timeout: wait ${Math.floor(minutes / 60)} hours and ${minutes % 60} minutes before adding this number again.`;
}

const STATUS = {
	ADDED: 'Subscriber added',
	ADDED_NO_MESSAGE: 'Subscriber has been added - no opt-in message was sent due to list settings.',
	PENDING: 'Subscriber being added to campaign pending confirmation',
	ALREADY_PENDING: 'Subscriber has already been sent opt-in message for this campaign.',
	ALREADY_SUBSCRIBED: 'Subscriber is already subscribed to this campaign.',
};

/**
 * Subscribes (or re-subscribes) and sends the confirmation text unless bypassed.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 * @param {{ first: string | null, second: string | null }} confirmation texts for first-time / returning
 * @param {boolean} bypassResponse
 * @returns {{ message: import('./state').Message | null, configured: boolean }}
 */
function subscribe(ctx, list, sub, confirmation, bypassResponse) {
	const now = ctx.clock.now();
	const returning = sub.everSubscribed;
	sub.status = 'subscribed';
	sub.optIn = null;
	sub.optedOutAtMs = null;
	sub.cleanedAtMs = null;
	sub.cleanReason = null;
	if (sub.subscribedAtMs === null) sub.subscribedAtMs = now;
	sub.lastOptInMs = now;
	sub.everSubscribed = true;
	const text = returning ? confirmation.second : confirmation.first;
	const configured = Boolean(text) && !list.bypass_opt_in_response;
	const message =
		configured && !bypassResponse
			? ctx.state.recordMessage(sub.phone, 'opt_in_confirmation', text, { listId: list.id })
			: null;
	subscribeEvent(ctx, list, sub);
	return { message, configured };
}

/** @param {Record<string, any>} list */
function listConfirmation(list) {
	if (list.opt_in_type === 'double' && list.opt_in_requests.length) {
		const last = list.opt_in_requests[list.opt_in_requests.length - 1];
		return { first: last.opt_in_message, second: last.second_opt_in_message };
	}
	return { first: list.first_optin_message, second: list.second_optin_message };
}

/**
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 * @param {number} step
 */
function sendOptInRequest(ctx, list, sub, step) {
	const req = list.opt_in_requests[step];
	sub.optIn.step = step;
	sub.optIn.stepStartedMs = ctx.clock.now();
	sub.optIn.followUpSent = false;
	return ctx.state.recordMessage(sub.phone, 'opt_in_request', req.request_message, {
		listId: list.id,
	});
}

/**
 * POST /lists/{id}/subscribers, after the request was validated.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {{ phone: string, profile: Record<string, any>, tags: string[], custom: Record<string, any>, bypassProcess: boolean, bypassResponse: boolean }} input
 * @returns {{ code: number, status: string, sub: import('./state').Subscriber }}
 */
function addSubscriber(ctx, list, input) {
	const subs = ctx.state.subscribersOf(list.id);
	let sub = subs.get(input.phone);
	if (sub && sub.status === 'subscribed')
		return { code: 200, status: STATUS.ALREADY_SUBSCRIBED, sub };
	if (sub && sub.status === 'pending') return { code: 200, status: STATUS.ALREADY_PENDING, sub };
	const live = ctx.config.liveOptInRules;
	if (live && sub && sub.status === 'unsubscribed' && sub.optedOutAtMs !== null) {
		const waitMs = sub.optedOutAtMs + RESUBSCRIBE_COOLDOWN_MS - ctx.clock.now();
		// Refused: nothing about the subscriber changes.
		if (waitMs > 0) return { code: 201, status: securityTimeout(waitMs), sub };
	}
	if (!sub) {
		sub = {
			id: ctx.state.nextId('subscriber'),
			listId: list.id,
			phone: input.phone,
			status: 'pending',
			profile: {},
			tags: [],
			custom: {},
			subscribedAtMs: null,
			optedOutAtMs: null,
			cleanedAtMs: null,
			cleanReason: null,
			lastOptInMs: null,
			everSubscribed: false,
			optIn: null,
		};
		subs.set(input.phone, sub);
	}
	Object.assign(sub.profile, input.profile);
	for (const t of input.tags) if (!sub.tags.includes(t)) sub.tags.push(t);
	Object.assign(sub.custom, input.custom);

	const ownRequests = list.opt_in_type === 'double' && list.opt_in_requests.length > 0;
	if (!input.bypassProcess && (ownRequests || live)) {
		// Live, an add without bypass_opt_in_process waits for the number's YES even on a single
		// opt-in list: a double opt-in list asks its own requests, any other list asks for YES.
		sub.status = 'pending';
		sub.optedOutAtMs = null;
		sub.cleanedAtMs = null;
		sub.optIn = {
			step: 0,
			stepStartedMs: 0,
			followUpSent: false,
			bypassResponse: input.bypassResponse,
			yesOnly: !ownRequests,
		};
		if (ownRequests) sendOptInRequest(ctx, list, sub, 0);
		else {
			sub.optIn.stepStartedMs = ctx.clock.now();
			ctx.state.recordMessage(sub.phone, 'opt_in_request', yesRequest(list), { listId: list.id });
		}
		return { code: 201, status: STATUS.PENDING, sub };
	}
	const result = subscribe(ctx, list, sub, listConfirmation(list), input.bypassResponse);
	return { code: 201, status: result.configured ? STATUS.ADDED : STATUS.ADDED_NO_MESSAGE, sub };
}

/**
 * Opts a subscriber out of one list. Returns whether anything changed.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 */
function unsubscribe(ctx, list, sub) {
	if (sub.status !== 'subscribed' && sub.status !== 'pending') return false;
	const wasSubscribed = sub.status === 'subscribed';
	sub.status = 'unsubscribed';
	sub.optIn = null;
	sub.optedOutAtMs = ctx.clock.now();
	if (wasSubscribed) unsubscribeEvent(ctx, list, sub);
	return true;
}

/**
 * Records `phone` as having opted out of `list` `hoursAgo` hours ago, as a test's or benchmark's
 * starting point: no event fires and nothing is texted. An existing subscriber becomes opted out.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {string} phone ten digits
 * @param {number} hoursAgo
 */
function recordOptOut(ctx, list, phone, hoursAgo) {
	const subs = ctx.state.subscribersOf(list.id);
	const atMs = ctx.clock.now() - hoursAgo * 3600000;
	const sub = subs.get(phone) ?? {
		id: ctx.state.nextId('subscriber'),
		listId: list.id,
		phone,
		status: 'unsubscribed',
		profile: {},
		tags: [],
		custom: {},
		subscribedAtMs: atMs,
		optedOutAtMs: atMs,
		cleanedAtMs: null,
		cleanReason: null,
		lastOptInMs: atMs,
		everSubscribed: true,
		optIn: null,
	};
	sub.status = 'unsubscribed';
	sub.optIn = null;
	sub.optedOutAtMs = atMs;
	subs.set(phone, sub);
}

/**
 * Marks a subscriber cleaned (carrier deactivated the number) and fires the `cleaned` event.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 * @param {string} reason
 */
function clean(ctx, list, sub, reason) {
	sub.status = 'cleaned';
	sub.optIn = null;
	sub.cleanedAtMs = ctx.clock.now();
	sub.cleanReason = reason;
	cleanedEvent(ctx, list, sub);
}

/**
 * Checks a reply against the data an opt-in request collects; returns the profile change or null.
 * @param {string} collected
 * @param {string} text
 * @returns {Record<string, string> | null}
 */
function acceptReply(collected, text) {
	const t = text.trim();
	switch (collected) {
		case 'yes':
			return t.toUpperCase() === 'YES' ? {} : null;
		case 'zip_code': {
			const us = /^(\d{5})(?:-?\d{4})?$/.exec(t);
			if (us) return { zip_code: us[1] };
			const ca = /^([A-Za-z]\d[A-Za-z]) ?(\d[A-Za-z]\d)$/.exec(t);
			return ca ? { zip_code: (ca[1] + ca[2]).toUpperCase() } : null;
		}
		case 'email_address':
			return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(t) && t.length <= 50 ? { email: t } : null;
		case 'first_name':
			return /^\p{L}[\p{L} '.-]{0,49}$/u.test(t) ? { first_name: t } : null;
		default:
			return t ? {} : null;
	}
}

/**
 * The subscriber texts `text` to the list's shortcode (POST /_sandbox/replies with a listId).
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 * @param {string} text
 * @returns {{ outcome: string, sent: import('./state').Message[] }}
 */
function handleListReply(ctx, list, sub, text) {
	/** @type {import('./state').Message[]} */
	const sent = [];
	if (STOP_WORDS.has(text.trim().toUpperCase())) {
		if (!unsubscribe(ctx, list, sub)) return { outcome: 'ignored', sent };
		if (list.message_stop)
			sent.push(
				ctx.state.recordMessage(sub.phone, 'stop_confirmation', list.message_stop, {
					listId: list.id,
				}),
			);
		return { outcome: 'unsubscribed', sent };
	}
	if (sub.status === 'subscribed') {
		campaignResponseEvent(ctx, list, sub, text);
		return { outcome: 'campaign_response', sent };
	}
	if (sub.status !== 'pending' || !sub.optIn) return { outcome: 'ignored', sent };

	if (sub.optIn.yesOnly) {
		if (!acceptReply('yes', text)) return { outcome: 'ignored', sent };
		const r = subscribe(ctx, list, sub, listConfirmation(list), sub.optIn.bypassResponse);
		if (r.message) sent.push(r.message);
		return { outcome: 'subscribed', sent };
	}
	const requests = list.opt_in_requests;
	const req = requests[sub.optIn.step];
	if (!req) {
		// The list stopped being double opt-in while this number was pending.
		const r = subscribe(ctx, list, sub, listConfirmation(list), sub.optIn.bypassResponse);
		if (r.message) sent.push(r.message);
		return { outcome: 'subscribed', sent };
	}
	const accepted = acceptReply(req.collected_data, text);
	if (!accepted) {
		if (req.retry_message)
			sent.push(
				ctx.state.recordMessage(sub.phone, 'opt_in_retry', req.retry_message, { listId: list.id }),
			);
		return { outcome: 'retry', sent };
	}
	Object.assign(sub.profile, accepted);
	const last = sub.optIn.step >= requests.length - 1;
	if (req.success_action === 'optinsubscriber' || last) {
		const r = subscribe(
			ctx,
			list,
			sub,
			{ first: req.opt_in_message, second: req.second_opt_in_message },
			sub.optIn.bypassResponse,
		);
		if (r.message) sent.push(r.message);
		return { outcome: 'subscribed', sent };
	}
	sent.push(sendOptInRequest(ctx, list, sub, sub.optIn.step + 1));
	return { outcome: 'next_request', sent };
}

/**
 * Sends the no-response follow-ups that are due (after POST /_sandbox/clock/advance).
 * @param {import('./context').Context} ctx
 * @returns {import('./state').Message[]}
 */
function processFollowUps(ctx) {
	const now = ctx.clock.now();
	/** @type {import('./state').Message[]} */
	const sent = [];
	for (const [listId, subs] of ctx.state.subscribers) {
		const list = ctx.state.lists.get(listId);
		if (!list) continue;
		for (const sub of subs.values()) {
			if (sub.status !== 'pending' || !sub.optIn || sub.optIn.followUpSent) continue;
			const req = list.opt_in_requests[sub.optIn.step];
			if (!req || !req.follow_up || req.follow_up_hour === null) continue;
			if (now - sub.optIn.stepStartedMs < req.follow_up_hour * 3600000) continue;
			sub.optIn.followUpSent = true;
			if (req.no_response_message)
				sent.push(
					ctx.state.recordMessage(sub.phone, 'opt_in_no_response', req.no_response_message, {
						listId,
					}),
				);
		}
	}
	return sent;
}

/**
 * POST /lists/{id}/messages: a broadcast to every subscribed number; fires `message_sent`.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {string} content
 * @param {string | null} name
 */
function broadcast(ctx, list, content, name) {
	const sent = recordSentBroadcast(ctx, list, content, name);
	const message = {
		id: sent.id,
		name: sent.name,
		content,
		status: 'sent',
		sent_at: ctx.state.isoOffset(sent.sentAtMs ?? undefined),
		is_broadcast: true,
		recipient_count: sent.recipients,
		success_count: sent.recipients,
	};
	messageSentEvent(ctx, list, message);
	return message;
}

module.exports = {
	addSubscriber,
	unsubscribe,
	recordOptOut,
	clean,
	handleListReply,
	processFollowUps,
	broadcast,
	acceptReply,
	STATUS,
	STOP_WORDS,
};
