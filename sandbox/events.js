// @ts-check
'use strict';

const { carrierFor } = require('./phone');

/**
 * v2 list webhook events (public docs §2): payload builders and fan-out to the list's webhooks.
 * Which webhook flag enables which event type:
 */
const FLAG_FOR_TYPE = {
	subscribe: 'subscribe',
	unsubscribe: 'unsubscribe',
	message_sent: 'message_sent',
	campaign_response: 'reply_received',
	cleaned: 'cleaned',
};

/** YYYYMMDD → { birthdate: MM/DD/YYYY, birthday: MM/DD } @param {string | null | undefined} b */
function birthFields(b) {
	const m = /^(\d{4})(\d{2})(\d{2})$/.exec(b || '');
	return m
		? { birthdate: `${m[2]}/${m[3]}/${m[1]}`, birthday: `${m[2]}/${m[3]}` }
		: { birthdate: null, birthday: null };
}

/**
 * Fields shared by subscribe, unsubscribe and campaign_response payloads.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 */
function subscriberFields(ctx, list, sub) {
	const carrier = carrierFor(sub.phone);
	const s = ctx.state;
	return {
		phone_number: sub.phone,
		carrier_id: carrier.carrier,
		carrier_name: carrier.carrier_name,
		first_name: sub.profile.first_name ?? null,
		last_name: sub.profile.last_name ?? null,
		email_address: sub.profile.email ?? null,
		gender: sub.profile.gender ?? null,
		zip_code: sub.profile.zip_code ?? null,
		...birthFields(sub.profile.birthdate),
		tag_list: [...sub.tags],
		first_opt_in_timestamp: sub.subscribedAtMs === null ? null : s.isoOffset(sub.subscribedAtMs),
		last_opt_in_method: 'api',
		last_opt_in_keyword: null,
	};
}

/**
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {string} type
 */
function envelope(ctx, list, type) {
	const accountId = ctx.config.accounts.v2.length ? ctx.config.accounts.v2[0].accountId : 37;
	return { type, timestamp: ctx.state.isoOffset(), account_id: accountId, campaign_id: list.id };
}

/**
 * POSTs an event to every enabled webhook of the list that asked for this event type.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {keyof typeof FLAG_FOR_TYPE} type
 * @param {Record<string, unknown>} payload
 */
function emitListEvent(ctx, list, type, payload) {
	const flag = FLAG_FOR_TYPE[type];
	for (const hook of ctx.state.webhooksOf(list.id).values()) {
		if (!hook.enabled || !hook[flag]) continue;
		ctx.dispatcher.send({
			kind: 'list',
			event: type,
			url: hook.callback_url,
			payload,
			retries: ctx.config.webhookMaxRetries,
			delayMs: ctx.config.webhookDelayMs,
			meta: { listId: list.id, webhookId: hook.id },
		});
	}
}

/**
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 */
function subscribeEvent(ctx, list, sub) {
	emitListEvent(ctx, list, 'subscribe', {
		...envelope(ctx, list, 'subscribe'),
		opt_id: ctx.state.nextId('opt'),
		...subscriberFields(ctx, list, sub),
		total_messages_received: ctx.state.messagesFor(sub.phone).filter((m) => m.listId === list.id)
			.length,
	});
}

/**
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 */
function unsubscribeEvent(ctx, list, sub) {
	emitListEvent(ctx, list, 'unsubscribe', {
		...envelope(ctx, list, 'unsubscribe'),
		opt_id: ctx.state.nextId('opt'),
		...subscriberFields(ctx, list, sub),
		total_messages_received: ctx.state.messagesFor(sub.phone).filter((m) => m.listId === list.id)
			.length,
		unsubscribe_date: ctx.state.isoOffset(sub.optedOutAtMs ?? ctx.clock.now()),
	});
}

/**
 * A subscriber replied to a list message.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 * @param {string} text
 */
function campaignResponseEvent(ctx, list, sub, text) {
	const sent = ctx.state.messagesFor(sub.phone).filter((m) => m.listId === list.id);
	const original = sent.filter((m) => m.kind === 'broadcast').pop() || sent.pop() || null;
	emitListEvent(ctx, list, 'campaign_response', {
		...envelope(ctx, list, 'campaign_response'),
		message_id: original ? (original.messageId ?? original.id) : null,
		sent_timestamp: original ? ctx.state.isoOffset(original.atMs) : null,
		content: original ? original.text : null,
		response_timestamp: ctx.state.isoOffset(),
		reply_content: text,
		opt_id: ctx.state.nextId('opt'),
		...subscriberFields(ctx, list, sub),
		is_mms: false,
		attachment_urls: [],
	});
}

/**
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {import('./state').Subscriber} sub
 */
function cleanedEvent(ctx, list, sub) {
	const last = ctx.state
		.messagesFor(sub.phone)
		.filter((m) => m.listId === list.id)
		.pop();
	emitListEvent(ctx, list, 'cleaned', {
		...envelope(ctx, list, 'cleaned'),
		subscriber_id: sub.id,
		phone_number: sub.phone,
		cleaned_at: ctx.state.isoOffset(sub.cleanedAtMs ?? ctx.clock.now()),
		clean_reason: sub.cleanReason,
		last_message_id: last ? last.id : null,
	});
}

/**
 * A broadcast went out to the list.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} list
 * @param {Record<string, any>} message
 */
function messageSentEvent(ctx, list, message) {
	emitListEvent(ctx, list, 'message_sent', {
		...envelope(ctx, list, 'message_sent'),
		message_id: message.id,
		message_name: message.name,
		sent_timestamp: message.sent_at,
		is_mms: false,
		content: message.content,
		recipient_count: String(message.recipient_count),
		success_count: message.success_count,
		bounce_count: 0,
		clean_count: 0,
		unsubscribe_count: 0,
		send_cost: Math.round(message.recipient_count * 0.01 * 100) / 100,
	});
}

module.exports = {
	emitListEvent,
	subscribeEvent,
	unsubscribeEvent,
	campaignResponseEvent,
	cleanedEvent,
	messageSentEvent,
	FLAG_FOR_TYPE,
};
