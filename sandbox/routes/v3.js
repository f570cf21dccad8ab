// @ts-check
'use strict';

const { HttpError } = require('../errors');
const { normalizeUsCa, isGsm7, gsm7Septets } = require('../phone');
const { installPipeline, accountOf } = require('../pipeline');
const { sendRichCard } = require('../rcs');

const RCS_TEXT_MAX = 3000;

/** @param {unknown} v */
const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Validates a rich card request (spec §2.6, public docs §3.5); 400 `{"message":...}` otherwise.
 * @param {unknown} raw
 */
function validateRichCard(raw) {
	if (!isObject(raw)) throw new HttpError(400, 'Invalid request body: expected a JSON object');
	const b = /** @type {Record<string, any>} */ (raw);
	if (b.phoneNumber === undefined || b.phoneNumber === null || b.phoneNumber === '')
		throw new HttpError(400, 'phoneNumber is required');
	const phone = normalizeUsCa(b.phoneNumber);
	if (!phone) throw new HttpError(400, 'phoneNumber must be a valid U.S. or Canadian phone number');
	if (typeof b.webhookUrl !== 'string' || !b.webhookUrl)
		throw new HttpError(400, 'webhookUrl is required');
	let url = null;
	try {
		url = new URL(b.webhookUrl);
	} catch {
		url = null;
	}
	if (!url || url.protocol !== 'https:')
		throw new HttpError(400, 'webhookUrl must be a valid HTTPS URL');
	if (b.webhookUrl.length > 255)
		throw new HttpError(400, 'webhookUrl must be at most 255 characters');
	if (!isObject(b.rcsPayload))
		throw new HttpError(400, 'rcsPayload is required and must be an object');
	if (!isObject(b.rcsPayload.richCard))
		throw new HttpError(400, 'rcsPayload.richCard is required and must be an object');
	const body = b.rcsPayload.richCard.body;
	if (!isObject(body))
		throw new HttpError(400, 'rcsPayload.richCard.body is required and must be an object');
	for (const key of ['title', 'text', 'url', 'thumbnailUrl']) {
		if (body[key] !== undefined && body[key] !== null && typeof body[key] !== 'string')
			throw new HttpError(400, `rcsPayload.richCard.body.${key} must be a string`);
	}
	if (body.isVideo !== undefined && body.isVideo !== null && typeof body.isVideo !== 'boolean')
		throw new HttpError(400, 'rcsPayload.richCard.body.isVideo must be a boolean');
	if (typeof body.text === 'string' && body.text.length > RCS_TEXT_MAX)
		throw new HttpError(
			400,
			`rcsPayload.richCard.body.text must be at most ${RCS_TEXT_MAX} characters`,
		);
	if (body.isVideo === true && !body.url)
		throw new HttpError(400, 'rcsPayload.richCard.body.url is required when isVideo is true');
	if (typeof b.smsFailover !== 'string')
		throw new HttpError(400, 'smsFailover is required and must be a string');
	if (!isGsm7(b.smsFailover))
		throw new HttpError(400, 'smsFailover must contain GSM 7-bit characters only');
	if (b.smsFailover.length < 1 || gsm7Septets(b.smsFailover) > 160)
		throw new HttpError(400, 'smsFailover must be 1 to 160 characters');
	return { phone, webhookUrl: b.webhookUrl, rcsPayload: b.rcsPayload, smsFailover: b.smsFailover };
}

/**
 * Tatango API v3 (root paths, `x-api-key`, `{"message":"..."}` errors).
 * @param {import('fastify').FastifyInstance} app
 * @param {{ ctx: import('../context').Context }} opts
 */
async function v3Routes(app, opts) {
	const ctx = opts.ctx;
	installPipeline(app, ctx, 'v3');
	app.post('/transactional_messages/send_rcs_rich_card', async (request, reply) => {
		const input = validateRichCard(request.body);
		const transactionId = sendRichCard(ctx, accountOf(request), input);
		reply.code(202);
		return { message: 'RCS rich card message sent successfully', transactionId };
	});
}

module.exports = v3Routes;
module.exports.validateRichCard = validateRichCard;
