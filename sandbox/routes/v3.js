// @ts-check
'use strict';

const { HttpError } = require('../errors');
const { normalizeUsCa, isGsm7, gsm7Septets } = require('../phone');
const { installPipeline, accountOf } = require('../pipeline');
const { acceptV3Send } = require('../v3sends');

/** Limits of the public docs §0.9 and §3. */
const SMS_MAX = 160;
const MMS_CONTENT_MAX = 3500;
const MMS_SUBJECT_MAX = 40;
const RCS_TEXT_MAX = 3000;
const CAROUSEL_MAX_CARDS = 3;
const TEMPLATE_CATEGORIES = ['MARKETING', 'AUTHENTICATION', 'UTILITY'];

/** The documented 202 messages (public docs §3.2–3.8). */
const ACCEPTED = 'Request accepted, sending message to recipient';

/** @param {unknown} v */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/** @param {unknown} raw @returns {Record<string, any>} */
function objectBody(raw) {
	if (!isObject(raw)) throw new HttpError(400, 'Invalid request body: expected a JSON object');
	return /** @type {Record<string, any>} */ (raw);
}

/** @param {unknown} value @param {string} name */
function httpsUrl(value, name) {
	if (typeof value !== 'string' || !value) throw new HttpError(400, `${name} is required`);
	let url = null;
	try {
		url = new URL(value);
	} catch {
		url = null;
	}
	if (!url || url.protocol !== 'https:')
		throw new HttpError(400, `${name} must be a valid HTTPS URL`);
	return value;
}

/** @param {unknown} value @param {string} name */
function anyUrl(value, name) {
	let url = null;
	try {
		url = typeof value === 'string' ? new URL(value) : null;
	} catch {
		url = null;
	}
	if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
		throw new HttpError(400, `${name} must be a valid URL`);
	return /** @type {string} */ (value);
}

/**
 * `phoneNumber` and `webhookUrl`, required on every send (public docs §3.1).
 * @param {Record<string, any>} b
 */
function destination(b) {
	if (b.phoneNumber === undefined || b.phoneNumber === null || b.phoneNumber === '')
		throw new HttpError(400, 'phoneNumber is required');
	const phone = normalizeUsCa(b.phoneNumber);
	if (!phone) throw new HttpError(400, 'phoneNumber must be a valid U.S. or Canadian phone number');
	const webhookUrl = httpsUrl(b.webhookUrl, 'webhookUrl');
	if (webhookUrl.length > 255)
		throw new HttpError(400, 'webhookUrl must be at most 255 characters');
	return { phone, webhookUrl };
}

/**
 * A GSM 7-bit text of 1 to 160 septets (`content` of an SMS, every `smsFailover`).
 * @param {unknown} value @param {string} name
 */
function gsmText(value, name) {
	if (typeof value !== 'string')
		throw new HttpError(400, `${name} is required and must be a string`);
	if (!isGsm7(value)) throw new HttpError(400, `${name} must contain GSM 7-bit characters only`);
	// Characters as one SMS counts them: septets, an extension character taking two.
	if (value.length < 1 || gsm7Septets(value) > SMS_MAX)
		throw new HttpError(400, `${name} must be 1 to ${SMS_MAX} characters`);
	return value;
}

/**
 * An optional string of at most `max` characters.
 * @param {unknown} value @param {string} name @param {number} max
 */
function optionalString(value, name, max) {
	if (value === undefined || value === null) return undefined;
	if (typeof value !== 'string') throw new HttpError(400, `${name} must be a string`);
	if (value.length > max) throw new HttpError(400, `${name} must be at most ${max} characters`);
	return value;
}

/**
 * A rich card's `body` (used by rich cards and by each carousel card).
 * @param {unknown} body @param {string} where
 */
function cardBody(body, where) {
	if (!isObject(body)) throw new HttpError(400, `${where} is required and must be an object`);
	const card = /** @type {Record<string, any>} */ (body);
	for (const key of ['title', 'text', 'url', 'thumbnailUrl']) {
		if (card[key] !== undefined && card[key] !== null && typeof card[key] !== 'string')
			throw new HttpError(400, `${where}.${key} must be a string`);
	}
	if (card.isVideo !== undefined && card.isVideo !== null && typeof card.isVideo !== 'boolean')
		throw new HttpError(400, `${where}.isVideo must be a boolean`);
	if (typeof card.text === 'string' && card.text.length > RCS_TEXT_MAX)
		throw new HttpError(400, `${where}.text must be at most ${RCS_TEXT_MAX} characters`);
	if (card.isVideo === true && !card.url)
		throw new HttpError(400, `${where}.url is required when isVideo is true`);
	return card;
}

/**
 * A carousel card: the docs give its body as `{title, text, url, isVideo[, thumbnailUrl]}`
 * (public docs §3.6), only the thumbnail optional. Live, a card without text was answered 400
 * "Invalid rcsPayload".
 * @param {unknown} body @param {string} where
 */
function carouselCard(body, where) {
	const card = cardBody(body, where);
	for (const key of ['title', 'text', 'url']) {
		if (typeof card[key] !== 'string' || card[key].trim() === '')
			throw new HttpError(400, `Invalid rcsPayload: ${where}.${key} is required`);
	}
	if (typeof card.isVideo !== 'boolean')
		throw new HttpError(400, `Invalid rcsPayload: ${where}.isVideo is required`);
	return card;
}

/** @param {Record<string, any>} b */
function rcsPayloadOf(b) {
	if (!isObject(b.rcsPayload))
		throw new HttpError(400, 'rcsPayload is required and must be an object');
	return /** @type {Record<string, any>} */ (b.rcsPayload);
}

/** @param {Record<string, any>} card */
const cardText = (card) =>
	[card.title, card.text].filter((x) => typeof x === 'string' && x).join('\n') || '(card)';

/**
 * Each send: validate the body, then what is recorded as the message and the SMS failover (null
 * for channels without one). Validation errors answer 400 `{"message": ...}`.
 * @type {Record<string, { channel: import('../v3sends').Channel, accepted: string,
 *   read: (b: Record<string, any>) => { text: string, smsFailover: string | null } }>}
 */
const SENDS = {
	send_sms: {
		channel: 'SMS',
		accepted: ACCEPTED,
		read: (b) => ({ text: gsmText(b.content, 'content'), smsFailover: null }),
	},
	send_mms: {
		channel: 'MMS',
		accepted: ACCEPTED,
		read: (b) => {
			if (typeof b.content !== 'string' || b.content.length === 0)
				throw new HttpError(400, 'content is required and must be a string');
			if (b.content.length > MMS_CONTENT_MAX)
				throw new HttpError(400, `content must be at most ${MMS_CONTENT_MAX} characters`);
			const smsFailover = gsmText(b.smsFailover, 'smsFailover');
			optionalString(b.subject, 'subject', MMS_SUBJECT_MAX);
			if (b.attachmentUrl !== undefined && b.attachmentUrl !== null)
				anyUrl(b.attachmentUrl, 'attachmentUrl');
			return { text: b.content, smsFailover };
		},
	},
	send_rcs_text: {
		channel: 'RCS',
		accepted: ACCEPTED,
		read: (b) => {
			const payload = rcsPayloadOf(b);
			if (typeof payload.text !== 'string' || payload.text.length === 0)
				throw new HttpError(400, 'rcsPayload.text is required and must be a string');
			if (payload.text.length > RCS_TEXT_MAX)
				throw new HttpError(400, `rcsPayload.text must be at most ${RCS_TEXT_MAX} characters`);
			return { text: payload.text, smsFailover: gsmText(b.smsFailover, 'smsFailover') };
		},
	},
	send_rcs_rich_card: {
		channel: 'RCS',
		accepted: 'RCS rich card message sent successfully',
		read: (b) => {
			const payload = rcsPayloadOf(b);
			if (!isObject(payload.richCard))
				throw new HttpError(400, 'rcsPayload.richCard is required and must be an object');
			const card = cardBody(payload.richCard.body, 'rcsPayload.richCard.body');
			return { text: cardText(card), smsFailover: gsmText(b.smsFailover, 'smsFailover') };
		},
	},
	send_rcs_carousel: {
		channel: 'RCS',
		accepted: 'RCS carousel message sent successfully',
		read: (b) => {
			const payload = rcsPayloadOf(b);
			const cards = payload.cards;
			if (!Array.isArray(cards) || cards.length < 1 || cards.length > CAROUSEL_MAX_CARDS)
				throw new HttpError(
					400,
					`rcsPayload.cards must be an array of 1 to ${CAROUSEL_MAX_CARDS} cards`,
				);
			const bodies = cards.map((card, index) => {
				if (!isObject(card))
					throw new HttpError(400, `rcsPayload.cards[${index}] must be an object`);
				return carouselCard(card.body, `rcsPayload.cards[${index}].body`);
			});
			return {
				text: bodies.map(cardText).join('\n---\n'),
				smsFailover: gsmText(b.smsFailover, 'smsFailover'),
			};
		},
	},
	send_rcs_file: {
		channel: 'RCS',
		accepted: 'RCS file message sent successfully',
		read: (b) => {
			const payload = rcsPayloadOf(b);
			if (!isObject(payload.file))
				throw new HttpError(400, 'rcsPayload.file is required and must be an object');
			const url = anyUrl(payload.file.url, 'rcsPayload.file.url');
			return { text: url, smsFailover: gsmText(b.smsFailover, 'smsFailover') };
		},
	},
	send_whatsapp: {
		channel: 'WHATSAPP',
		accepted: 'Whatsapp template sent successfully',
		read: (b) => {
			if (typeof b.whatsAppTemplateName !== 'string' || b.whatsAppTemplateName.trim() === '')
				throw new HttpError(400, 'whatsAppTemplateName is required and must be a string');
			// Unlike every other send, WhatsApp's failover is an object (public docs §3.8).
			if (!isObject(b.smsFailover))
				throw new HttpError(400, 'smsFailover must be an object with a content string');
			const smsFailover = gsmText(b.smsFailover.content, 'smsFailover.content');
			return { text: `(template ${b.whatsAppTemplateName})`, smsFailover };
		},
	},
};

/**
 * The upload of a WhatsApp template for approval (public docs §3.8).
 * @param {unknown} raw
 */
function readTemplateUpload(raw) {
	const b = objectBody(raw);
	if (typeof b.name !== 'string' || b.name.trim() === '')
		throw new HttpError(400, 'name is required and must be a string');
	if (typeof b.language !== 'string' || b.language.length < 2 || b.language.length > 5)
		throw new HttpError(400, 'language must be a string of 2 to 5 characters');
	if (!TEMPLATE_CATEGORIES.includes(b.category))
		throw new HttpError(400, `category must be one of ${TEMPLATE_CATEGORIES.join(', ')}`);
	if (!isObject(b.structure))
		throw new HttpError(400, 'structure is required and must be an object');
	const webhookUrl = httpsUrl(b.webhookUrl, 'webhookUrl');
	if (webhookUrl.length > 255)
		throw new HttpError(400, 'webhookUrl must be at most 255 characters');
	return { name: b.name, language: b.language, category: b.category, structure: b.structure };
}

/**
 * Tatango API v3 (root paths, `x-api-key`, `{"message":"..."}` errors).
 * @param {import('fastify').FastifyInstance} app
 * @param {{ ctx: import('../context').Context }} opts
 */
async function v3Routes(app, opts) {
	const ctx = opts.ctx;
	installPipeline(app, ctx, 'v3');
	for (const [name, send] of Object.entries(SENDS)) {
		app.post(`/transactional_messages/${name}`, async (request, reply) => {
			const b = objectBody(request.body);
			const { phone, webhookUrl } = destination(b);
			const { text, smsFailover } = send.read(b);
			const transactionId = acceptV3Send(ctx, accountOf(request), {
				channel: send.channel,
				phone,
				webhookUrl,
				text,
				smsFailover,
				request: b,
			});
			reply.code(202);
			return { message: send.accepted, transactionId };
		});
	}
	app.post('/whatsapp_template/upload', async (request, reply) => {
		const template = readTemplateUpload(request.body);
		ctx.state.whatsAppTemplates.push({ ...template, submittedAt: new Date().toISOString() });
		// [INFERRED] 202 like the sends: the template is queued for Meta's approval.
		reply.code(202);
		return { message: 'WhatsApp template submitted for approval' };
	});
}

module.exports = v3Routes;
module.exports.SENDS = SENDS;
