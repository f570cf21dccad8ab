// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { requireList, bodyObject, truthy } = require('./common');

const COLLECTED_DATA = ['zip_code', 'email_address', 'first_name', 'yes'];
const SUCCESS_ACTIONS = ['nextrequest', 'optinsubscriber'];

/** @param {unknown} v */
const present = (v) => v !== undefined && v !== null;

/**
 * @param {Record<string, any>} body
 * @param {string} key
 * @param {string} where
 * @param {boolean} required
 */
function text(body, key, where, required) {
	const v = body[key];
	if (!present(v) || v === '') {
		if (required) throw new HttpError(422, `${where}${key} can't be blank`);
		return null;
	}
	if (typeof v !== 'string') throw new HttpError(422, `${where}${key} must be a string`);
	return v;
}

/**
 * Validates one opt_in_requests item.
 * @param {unknown} item
 * @param {number} i
 */
function parseRequest(item, i) {
	const where = `opt_in_requests[${i}].`;
	if (!item || typeof item !== 'object' || Array.isArray(item))
		throw new HttpError(422, `opt_in_requests[${i}] must be an object`);
	const r = /** @type {Record<string, any>} */ (item);
	if (!COLLECTED_DATA.includes(r.collected_data))
		throw new HttpError(422, `${where}collected_data must be one of ${COLLECTED_DATA.join(', ')}`);
	if (!SUCCESS_ACTIONS.includes(r.success_action))
		throw new HttpError(422, `${where}success_action must be nextrequest or optinsubscriber`);
	if (
		present(r.follow_up) &&
		typeof r.follow_up !== 'boolean' &&
		r.follow_up !== 'true' &&
		r.follow_up !== 'false'
	) {
		throw new HttpError(422, `${where}follow_up must be true or false`);
	}
	const followUp = truthy(r.follow_up);
	let followUpHour = null;
	if (followUp) {
		const h = Number(r.follow_up_hour);
		if (!present(r.follow_up_hour) || r.follow_up_hour === '' || !Number.isInteger(h) || h < 1) {
			throw new HttpError(
				422,
				`${where}follow_up_hour is required (a whole number of hours >= 1) when follow_up is true`,
			);
		}
		followUpHour = h;
	} else if (present(r.follow_up_hour) && r.follow_up_hour !== '') {
		throw new HttpError(422, `${where}follow_up_hour must be empty when follow_up is false`);
	}
	return {
		collected_data: r.collected_data,
		request_message: text(r, 'request_message', where, true),
		retry_message: text(r, 'retry_message', where, false),
		follow_up: followUp,
		follow_up_hour: followUpHour,
		no_response_message: text(r, 'no_response_message', where, false),
		opt_in_message: text(r, 'opt_in_message', where, false),
		second_opt_in_message: text(r, 'second_opt_in_message', where, false),
		success_action: r.success_action,
	};
}

/**
 * PUT /lists/{id}/opt_in_settings (top-level body, public docs §1.3).
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function optInSettingsRoutes(app, ctx) {
	app.put('/lists/:id/opt_in_settings', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const body = bodyObject(request.body);
		const type = body.opt_in_type;
		if (type !== 'single' && type !== 'double')
			throw new HttpError(422, 'opt_in_type must be single or double');
		const bypass = truthy(body.bypass_opt_in_response);
		const requests = body.opt_in_requests;
		if (present(requests) && !Array.isArray(requests))
			throw new HttpError(422, 'opt_in_requests must be an array');

		if (type === 'single') {
			if (requests && requests.length)
				throw new HttpError(
					422,
					'opt_in_requests can only be set for double opt-in (opt_in_type double)',
				);
			const first =
				'first_optin_message' in body
					? text(body, 'first_optin_message', '', false)
					: list.first_optin_message;
			const second =
				'second_optin_message' in body
					? text(body, 'second_optin_message', '', false)
					: list.second_optin_message;
			Object.assign(list, {
				opt_in_type: 'single',
				opt_in_requests: [],
				first_optin_message: first,
				second_optin_message: second,
				bypass_opt_in_response: bypass,
			});
			// The documented single opt-in answer has no `status` key.
			return { opt_in_type: 'single', first_optin_message: first, second_optin_message: second };
		}

		for (const key of ['first_optin_message', 'second_optin_message']) {
			if (present(body[key]) && body[key] !== '') {
				throw new HttpError(
					422,
					`${key} is for single opt-in only; use opt_in_message / second_opt_in_message on the last opt-in request`,
				);
			}
		}
		if (!requests || !requests.length)
			throw new HttpError(422, 'Double opt-in needs at least one opt-in request');
		const parsed = requests.map(parseRequest);
		if (parsed[parsed.length - 1].success_action !== 'optinsubscriber') {
			throw new HttpError(422, "The last opt-in request's success_action must be optinsubscriber");
		}
		const decorated = ctx.state.decorateOptInRequests(list, parsed, bypass, ctx.clock.now());
		Object.assign(list, {
			opt_in_type: 'double',
			opt_in_requests: decorated,
			bypass_opt_in_response: bypass,
		});
		return {
			status: 'Opt in settings updated',
			opt_in_type: 'double',
			opt_in_requests: decorated.map((r) => ({ ...r })),
		};
	});
};
