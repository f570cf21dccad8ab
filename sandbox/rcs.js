// @ts-check
'use strict';

const { uuidv7 } = require('./ids');
const { isoUtc } = require('./clock');
const { rcsOutcome } = require('./phone');

/**
 * v3 RCS rich card sends and their webhook events (public docs §4), chosen by the destination
 * number (CONTRACT.md "Test phone numbers"). Each event arrives `webhookDelayMs` after the
 * previous step, in the envelope `{ transactionId, eventType, body }`, with header `x-api-key`
 * set to the sender's key.
 */

const AUTO_REPLY_TEXT = 'Thanks for your message!';

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
 * The recipient replies to an RCS send: recorded as inbound, `reply_received` is posted.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} rec
 * @param {string} text
 * @param {string} [channel]
 */
function rcsReply(ctx, rec, text, channel = 'SMS') {
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
 * Plays the outcome of a send: delivery_status / invalid_phone, the SMS failover on bounces,
 * and for the reply test number a reply_received after the delivery.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} rec
 */
function playOutcome(ctx, rec) {
	const generation = ctx.dispatcher.generation;
	const replyDelay = ctx.config.replyDelayMs ?? ctx.config.webhookDelayMs;
	ctx.dispatcher.schedule(ctx.config.webhookDelayMs, () => {
		const outcome = rcsOutcome(rec.phone);
		rec.outcome = outcome;
		if (outcome === 'invalid_phone') {
			void postEvent(ctx, rec, 'invalid_phone', {
				phoneNumber: rec.phone,
				reason: 'Phone is a landline',
			});
			return;
		}
		if (outcome === 'soft bounce' || outcome === 'hard bounce') {
			ctx.state.recordMessage(rec.phone, 'sms_failover', rec.smsFailover, {
				transactionId: rec.transactionId,
			});
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
				ctx.dispatcher.schedule(replyDelay, () => void rcsReply(ctx, rec, AUTO_REPLY_TEXT));
			});
		}
	});
}

/**
 * Accepts a validated rich card send. The card is recorded as a message to the phone at once.
 * @param {import('./context').Context} ctx
 * @param {import('./config').V3Key} key
 * @param {{ phone: string, webhookUrl: string, rcsPayload: Record<string, any>, smsFailover: string }} input
 */
function sendRichCard(ctx, key, input) {
	const transactionId = uuidv7();
	const body = input.rcsPayload.richCard.body;
	const text =
		[body.title, body.text].filter((x) => typeof x === 'string' && x).join('\n') || '(rich card)';
	ctx.state.recordMessage(input.phone, 'rcs', text, { transactionId });
	const rec = {
		transactionId,
		phone: input.phone,
		webhookUrl: input.webhookUrl,
		apiKey: key.apiKey,
		smsFailover: input.smsFailover,
		rcsPayload: input.rcsPayload,
		outcome: null,
		createdAt: isoUtc(ctx.clock.now()),
	};
	ctx.state.rcs.set(transactionId, rec);
	playOutcome(ctx, rec);
	return transactionId;
}

module.exports = { sendRichCard, rcsReply, AUTO_REPLY_TEXT };
