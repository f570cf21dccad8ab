// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { isTenDigits, isUsCaNumber, lineType } = require('../../phone');
const { paginate } = require('../../pagination');
const { addSubscriber, unsubscribe } = require('../../subscribers');
const { requireList, bodyObject, truthy } = require('./common');

/** Keys of the add request that are not custom fields. */
const KNOWN_KEYS = new Set([
	'phone_number',
	'first_name',
	'last_name',
	'email',
	'birthdate',
	'zip_code',
	'gender',
	'tags',
	'bypass_opt_in_process',
	'bypass_opt_in_response',
]);
/** Response-only subscriber fields; a custom field may not shadow them. */
const RESPONSE_KEYS = new Set([
	'cleaned_at',
	'subscribed_at',
	'opted_out_at',
	'optin_in_progress',
	'opt_in_method',
	'keyword_name',
	'carrier',
	'carrier_name',
	'global_carrier_id',
	'global_carrier_name',
	'total_messages_received',
]);
const MAX_LENGTH = { first_name: 50, last_name: 50, email: 50, zip_code: 6 };

/**
 * Validates `{"subscriber":{...}}` (public docs §1.4; §1.6 for an update, whose number is in the
 * path). Throws 422 with a readable error.
 * @param {unknown} body
 * @param {{ phoneInPath?: string }} [opts]
 */
function parseSubscriber(body, opts = {}) {
	const b = bodyObject(body);
	const s = b.subscriber;
	if (!s || typeof s !== 'object' || Array.isArray(s)) {
		throw new HttpError(
			422,
			'Missing subscriber: send {"subscriber":{"phone_number":"2065551111", ...}}',
		);
	}
	const phoneGiven = !(
		s.phone_number === undefined ||
		s.phone_number === null ||
		s.phone_number === ''
	);
	if (!phoneGiven && opts.phoneInPath === undefined)
		throw new HttpError(422, "Phone number can't be blank");
	const phone = opts.phoneInPath ?? String(s.phone_number);
	if (!isTenDigits(phone))
		throw new HttpError(
			422,
			'Phone number must be 10 digits with no country code, spaces or dashes',
		);
	if (!isUsCaNumber(phone))
		throw new HttpError(422, 'Phone number is not a valid U.S. or Canadian number');

	/** @type {Record<string, any>} */
	const profile = {};
	for (const key of ['first_name', 'last_name', 'email', 'zip_code']) {
		const v = s[key];
		if (v === undefined || v === null || v === '') continue;
		if (typeof v !== 'string' && typeof v !== 'number')
			throw new HttpError(422, `${key} must be a string`);
		const str = String(v);
		if (str.length > MAX_LENGTH[key])
			throw new HttpError(422, `${key} is too long (maximum is ${MAX_LENGTH[key]} characters)`);
		profile[key] = str;
	}
	if (s.birthdate !== undefined && s.birthdate !== null && s.birthdate !== '') {
		const str = String(s.birthdate);
		const m = /^(\d{4})(\d{2})(\d{2})$/.exec(str);
		const valid =
			m && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[3]) >= 1 && Number(m[3]) <= 31;
		if (!valid)
			throw new HttpError(422, 'Birthdate must be 8 digits in year, month, day order (YYYYMMDD)');
		profile.birthdate = str;
	}
	if (s.gender !== undefined && s.gender !== null && s.gender !== '') {
		if (s.gender !== 'Male' && s.gender !== 'Female')
			throw new HttpError(422, 'Gender must be Male or Female');
		profile.gender = s.gender;
	}
	/** @type {string[]} */
	let tags = [];
	if (s.tags !== undefined && s.tags !== null && s.tags !== '') {
		if (typeof s.tags === 'string') tags = s.tags.split(',');
		else if (
			Array.isArray(s.tags) &&
			s.tags.every((/** @type {unknown} */ t) => typeof t === 'string')
		)
			tags = s.tags;
		else throw new HttpError(422, 'tags must be a comma-separated string');
		tags = [...new Set(tags.map((t) => t.trim()).filter(Boolean))];
	}
	/** @type {Record<string, any>} */
	const custom = {};
	for (const [key, v] of Object.entries(s)) {
		if (KNOWN_KEYS.has(key)) continue;
		if (RESPONSE_KEYS.has(key)) throw new HttpError(422, `${key} cannot be set`);
		if (v !== null && typeof v === 'object')
			throw new HttpError(422, `Custom field ${key} must be a text, number or date value`);
		custom[key] = v;
	}
	return {
		phone,
		profile,
		tags,
		custom,
		bypassProcess: truthy(s.bypass_opt_in_process),
		bypassResponse: truthy(s.bypass_opt_in_response),
	};
}

/**
 * The `message` of a tag removal. Only the partial-success text is documented; the other two are
 * worded after it.
 * @param {string[]} deleted
 * @param {string[]} notFound
 */
function tagRemovalMessage(deleted, notFound) {
	if (!notFound.length) return 'Tag removal completed successfully.';
	if (!deleted.length) return 'No tags were removed.';
	return 'Tag removal completed with partial success.';
}

/**
 * Subscribers of a list: add (the §3.1 state machine), get, unsubscribe, and the phone-number lists.
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function subscriberRoutes(app, ctx) {
	app.post('/lists/:id/subscribers', async (request, reply) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const input = parseSubscriber(request.body);
		if (lineType(input.phone) !== 'mobile')
			throw new HttpError(422, 'Bad phone number: landline or unreachable carrier');
		const result = addSubscriber(ctx, list, input);
		reply.code(result.code);
		return { status: result.status, subscriber: ctx.state.subscriberView(result.sub) };
	});

	/** @param {'subscribed' | 'unsubscribed'} status */
	const phoneList = (status) => async (/** @type {import('fastify').FastifyRequest} */ request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const phones = [...ctx.state.subscribersOf(list.id).values()]
			.filter((s) => s.status === status)
			.map((s) => s.phone);
		const { meta, items } = paginate(phones, /** @type {any} */ (request.query));
		return { status: 'OK', ...meta, phone_numbers: items };
	};
	app.get('/lists/:id/subscribers', phoneList('subscribed'));
	app.get('/lists/:id/subscribers/unsubscribed', phoneList('unsubscribed'));

	/** @param {import('fastify').FastifyRequest} request */
	const findSubscriber = (request) => {
		const params = /** @type {any} */ (request.params);
		const list = requireList(ctx, params.id);
		const sub = ctx.state.subscribersOf(list.id).get(String(params.phone));
		if (!sub) throw new HttpError(404, 'Subscriber not found');
		return { list, sub };
	};

	app.get('/lists/:id/subscribers/:phone', async (request) => {
		const { sub } = findSubscriber(request);
		return { status: 'OK', subscriber: ctx.state.subscriberView(sub, { withTotal: true }) };
	});

	// §1.6: profile fields replace, custom fields are set, tags are added to the existing ones.
	app.put('/lists/:id/subscribers/:phone', async (request) => {
		const { sub } = findSubscriber(request);
		const input = parseSubscriber(request.body, { phoneInPath: sub.phone });
		Object.assign(sub.profile, input.profile);
		for (const t of input.tags) if (!sub.tags.includes(t)) sub.tags.push(t);
		Object.assign(sub.custom, input.custom);
		return {
			status: 'Subscriber updated',
			subscriber: ctx.state.subscriberView(sub, { withTotal: true }),
		};
	});

	// §1.8: `{"tags":[...]}` leave this subscriber; the answer lists what was and was not there.
	app.delete('/lists/:id/subscribers/:phone/tags', async (request) => {
		const { sub } = findSubscriber(request);
		const tags = bodyObject(request.body).tags;
		if (!Array.isArray(tags) || !tags.length || tags.some((t) => typeof t !== 'string'))
			throw new HttpError(422, 'tags must be a non-empty array of tag names');
		const names = [...new Set(tags.map((t) => t.trim()))];
		const deleted = names.filter((t) => sub.tags.includes(t));
		const notFound = names.filter((t) => !sub.tags.includes(t));
		sub.tags = sub.tags.filter((t) => !deleted.includes(t));
		return {
			status: 'OK',
			deleted,
			not_found: notFound,
			message: tagRemovalMessage(deleted, notFound),
		};
	});

	app.delete('/lists/:id/subscribers/:phone', async (request) => {
		const { list, sub } = findSubscriber(request);
		unsubscribe(ctx, list, sub);
		return {
			status: 'successfully unsubscribed',
			subscriber: ctx.state.subscriberView(sub, { withTotal: true }),
		};
	});
};

module.exports.parseSubscriber = parseSubscriber;
