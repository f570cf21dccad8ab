// @ts-check
'use strict';

const { uuidv7 } = require('./ids');
const { isoUtc } = require('./clock');
const { v3Outcome } = require('./phone');

/**
 * v3 sends of every channel (SMS, MMS, RCS, WhatsApp) and their webhook events (public docs §4),
 * chosen by the destination number (CONTRACT.md "Test phone numbers"), the same numbers for every
 * channel. Each event arrives `webhookDelayMs` after the previous step, in the envelope
 * `{ transactionId, eventType, body }`, with header `x-api-key` set to the sender's key.
 */

const AUTO_REPLY_TEXT = 'Thanks for your message!';

/**
 * The `channel` of a reply to a send, and of the send itself in the sandbox's records. Tatango
 * documents only "SMS"; the others follow its upper-case spelling (public docs §4.4).
 * @typedef {'SMS' | 'MMS' | 'RCS' | 'WHATSAPP'} Channel
 */

/**
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} rec the stored send
 * @param {string} eventType
 * @param {Record<string, unknown>} body
 */
function postEvent(ctx, rec, eventType, body) {
	return ctx.dispatcher.send({
		kind: 'v3',
		event: eventType,
		url: rec.webhookUrl,
		payload: { transactionId: rec.transactionId, eventType, body },
		headers: { 'x-api-key': rec.apiKey },
		retries: ctx.config.v3WebhookRetries,
		delayMs: 0,
		meta: { transactionId: rec.transactionId },
	}).done;
}

/**
 * The recipient replies to a v3 send: recorded as inbound, `reply_received` is posted with the
 * channel the reply came over (the send's own channel unless told otherwise).
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} rec
 * @param {string} text
 * @param {string} [channel]
 */
function v3Reply(ctx, rec, text, channel = rec.channel) {
	const atMs = ctx.clock.now();
	ctx.state.inbound.push({ phone: rec.phone, text, at: isoUtc(atMs), atMs });
	return postEvent(ctx, rec, 'reply_received', {
		phoneNumber: rec.phone,
		sentAt: isoUtc(atMs),
		content: text,
		channel,
	});
}

/**
 * Plays the outcome of a send: delivery_status / invalid_phone, the SMS failover on bounces (for
 * channels that have one), and for the reply test number a reply_received after the delivery.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} rec
 */
function playOutcome(ctx, rec) {
	const generation = ctx.dispatcher.generation;
	const replyDelay = ctx.config.replyDelayMs ?? ctx.config.webhookDelayMs;
	ctx.dispatcher.schedule(ctx.config.webhookDelayMs, () => {
		const outcome = v3Outcome(rec.phone);
		rec.outcome = outcome;
		if (outcome === 'invalid_phone') {
			void postEvent(ctx, rec, 'invalid_phone', {
				phoneNumber: rec.phone,
				reason: 'Phone is a landline',
			});
			return;
		}
		if (outcome === 'soft bounce' || outcome === 'hard bounce') {
			if (rec.smsFailover !== null) {
				ctx.state.recordMessage(rec.phone, 'sms_failover', rec.smsFailover, {
					transactionId: rec.transactionId,
				});
			}
			void postEvent(ctx, rec, 'delivery_status', { phoneNumber: rec.phone, status: outcome });
			return;
		}
		const done = postEvent(ctx, rec, 'delivery_status', {
			phoneNumber: rec.phone,
			status: 'success',
			deliveredAt: isoUtc(ctx.clock.now()),
		});
		if (outcome === 'success_then_reply') {
			void done.then(() => {
				if (ctx.dispatcher.generation !== generation) return;
				ctx.dispatcher.schedule(replyDelay, () => void v3Reply(ctx, rec, AUTO_REPLY_TEXT));
			});
		}
	});
}

/**
 * Accepts a validated send of any channel: recorded at once as a message to the phone (`kind`
 * sms, mms, rcs or whatsapp), its events played later.
 * @param {import('./context').Context} ctx
 * @param {import('./config').V3Key} key
 * @param {{ channel: Channel, phone: string, webhookUrl: string, text: string,
 *   smsFailover: string | null, request: Record<string, any> }} input
 */
function acceptV3Send(ctx, key, input) {
	const transactionId = uuidv7();
	ctx.state.recordMessage(input.phone, input.channel.toLowerCase(), input.text, { transactionId });
	const rec = {
		transactionId,
		channel: input.channel,
		phone: input.phone,
		webhookUrl: input.webhookUrl,
		apiKey: key.apiKey,
		smsFailover: input.smsFailover,
		request: input.request,
		outcome: null,
		createdAt: isoUtc(ctx.clock.now()),
	};
	ctx.state.v3Sends.set(transactionId, rec);
	playOutcome(ctx, rec);
	return transactionId;
}

module.exports = { acceptV3Send, v3Reply, AUTO_REPLY_TEXT };
