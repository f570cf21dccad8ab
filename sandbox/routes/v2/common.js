// @ts-check
'use strict';

const { HttpError } = require('../../errors');

/**
 * Helpers shared by the v2 route files.
 */

/**
 * The list named by the `:id` path parameter, or 404 `List not found`.
 * @param {import('../../context').Context} ctx
 * @param {unknown} id
 */
function requireList(ctx, id) {
	const list = ctx.state.getList(id);
	if (!list) throw new HttpError(404, 'List not found');
	return list;
}

/**
 * The parsed JSON body as an object ({} when there is none).
 * @param {unknown} body
 * @returns {Record<string, any>}
 */
function bodyObject(body) {
	if (body === undefined || body === null) return {};
	if (typeof body !== 'object' || Array.isArray(body))
		throw new HttpError(422, 'The request body must be a JSON object');
	return /** @type {Record<string, any>} */ (body);
}

/** Boolean flags as Rails reads them. @param {unknown} v */
function truthy(v) {
	return v === true || v === 'true' || v === 1 || v === '1';
}

module.exports = { requireList, bodyObject, truthy };
