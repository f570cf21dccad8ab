// @ts-check
'use strict';

const { HttpError } = require('./errors');
const { isTenDigits, carrierFor } = require('./phone');
const { isoOffset } = require('./clock');

/**
 * v2 transactional messages (public docs §1.10): validation, the recorded send, and the
 * `transactional_message_reply` callback when the recipient answers.
 */

const SMS_MAX = 160;
const MMS_MAX = 5000;
const SUBJECT_MAX = 40;
const FALLBACK_MAX = 160;

/** @param {unknown} v */
const truthy = (v) => v === true || v === 'true' || v === 1 || v === '1';

/**
 * @param {unknown} body the parsed request body
 * @returns {{ number: string, content: string, isMms: boolean, subject: string | null, fallbackContent: string | null, attachmentId: number | string | null, webhookCallbackUrl: string | null }}
 */
function validateTransactional(body) {
	/** @type {any} */
	const b = body;
	const tm = b && typeof b === 'object' ? b.transactional_message : undefined;
	if (!tm || typeof tm !== 'object' || Array.isArray(tm)) {
		throw new HttpError(
			422,
			'Missing transactional_message: send {"transactional_message":{"number":"...","content":"..."}}',
		);
	}
	if (tm.number === undefined || tm.number === null || tm.number === '') {
		throw new HttpError(
			422,
			tm.phone_number !== undefined
				? 'number is required (phone_number is not a field of transactional_message)'
				: 'number is required',
		);
	}
	const number = String(tm.number);
	if (!isTenDigits(number))
		throw new HttpError(422, 'number must be 10 digits with no country code, spaces or dashes');
	if (typeof tm.content !== 'string' || !tm.content.trim())
		throw new HttpError(422, "content can't be blank");
	const isMms = truthy(tm.is_mms);
	const content = tm.content;
	if (!isMms && content.length > SMS_MAX)
		throw new HttpError(422, `content is too long (maximum is ${SMS_MAX} characters for SMS)`);
	if (isMms && content.length > MMS_MAX)
		throw new HttpError(422, `content is too long (maximum is ${MMS_MAX} characters for MMS)`);
	let subject = null;
	let fallbackContent = null;
	let attachmentId = null;
	if (isMms) {
		if (typeof tm.subject !== 'string' || !tm.subject.trim())
			throw new HttpError(422, "subject can't be blank for MMS");
		if (tm.subject.length > SUBJECT_MAX)
			throw new HttpError(422, `subject is too long (maximum is ${SUBJECT_MAX} characters)`);
		if (typeof tm.fallback_content !== 'string' || !tm.fallback_content.trim())
			throw new HttpError(422, "fallback_content can't be blank for MMS");
		if (tm.fallback_content.length > FALLBACK_MAX)
			throw new HttpError(
				422,
				`fallback_content is too long (maximum is ${FALLBACK_MAX} characters)`,
			);
		if (
			tm.attachment_id === undefined ||
			tm.attachment_id === null ||
			!/^\d+$/.test(String(tm.attachment_id))
		) {
			throw new HttpError(
				422,
				'attachment_id is required for MMS (the ID of an uploaded attachment)',
			);
		}
		subject = tm.subject;
		fallbackContent = tm.fallback_content;
		attachmentId = tm.attachment_id;
	}
	let webhookCallbackUrl = null;
	if (
		tm.webhook_callback_url !== undefined &&
		tm.webhook_callback_url !== null &&
		tm.webhook_callback_url !== ''
	) {
		try {
			const u = new URL(String(tm.webhook_callback_url));
			if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('scheme');
		} catch {
			throw new HttpError(422, 'webhook_callback_url is not a valid http(s) URL');
		}
		webhookCallbackUrl = String(tm.webhook_callback_url);
	}
	return { number, content, isMms, subject, fallbackContent, attachmentId, webhookCallbackUrl };
}

/**
 * Records the send and returns the response object.
 * @param {import('./context').Context} ctx
 * @param {ReturnType<typeof validateTransactional>} input
 */
function sendTransactional(ctx, input) {
	const id = ctx.state.nextId('transactional');
	ctx.state.recordMessage(
		input.number,
		input.isMms ? 'transactional_mms' : 'transactional',
		input.content,
		{
			transactionalMessageId: id,
			isMms: input.isMms,
		},
	);
	const record = { id, ...input, createdMs: ctx.clock.now() };
	ctx.state.transactional.set(id, record);
	return { id, number: input.number, content: input.content, status: 'pending' };
}

/**
 * The recipient answers a transactional message; posts `transactional_message_reply` when the
 * message named a webhook_callback_url. Returns the delivery promise, or null without callback.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} record
 * @param {string} text
 */
function transactionalReply(ctx, record, text) {
	const atMs = ctx.clock.now();
	ctx.state.inbound.push({ phone: record.number, text, at: new Date(atMs).toISOString(), atMs });
	if (!record.webhookCallbackUrl) return null;
	const carrier = carrierFor(record.number);
	return ctx.dispatcher.send({
		kind: 'transactional',
		event: 'transactional_message_reply',
		url: record.webhookCallbackUrl,
		payload: {
			type: 'transactional_message_reply',
			transactional_message_id: record.id,
			received_at: isoOffset(atMs, ctx.config.utcOffsetMinutes),
			phone_number: record.number,
			carrier: carrier.carrier,
			carrier_name: carrier.carrier_name,
			content: text,
		},
		retries: ctx.config.webhookMaxRetries,
		delayMs: ctx.config.webhookDelayMs,
		meta: { transactionalMessageId: record.id },
	}).done;
}

module.exports = { validateTransactional, sendTransactional, transactionalReply };
