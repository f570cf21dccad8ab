// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { bodyObject } = require('./common');

/**
 * GET /shortcodes and POST /shortcodes/{id}/test_keyword (always 200 available/unavailable;
 * 422 for a name outside 2..15 letters/digits; 404 for an unknown shortcode).
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function shortcodeRoutes(app, ctx) {
	app.get('/shortcodes', async () => ({
		status: 'OK',
		shortcodes: [...ctx.state.shortcodes.keys()],
	}));

	app.post('/shortcodes/:id/test_keyword', async (request) => {
		const code = String(/** @type {any} */ (request.params).id);
		const keywords = ctx.state.shortcodes.get(code);
		if (!keywords) throw new HttpError(404, 'Shortcode not found');
		const body = bodyObject(request.body);
		const raw = body.keyword_name;
		if (raw === undefined || raw === null || (typeof raw !== 'string' && typeof raw !== 'number')) {
			throw new HttpError(422, "Keyword name can't be blank");
		}
		const name = String(raw).trim().toUpperCase();
		if (name.length < 2 || name.length > 15)
			throw new HttpError(422, 'Keyword name must be 2 to 15 characters');
		if (!/^[A-Z0-9]+$/.test(name))
			throw new HttpError(422, 'Keyword name may only contain letters and digits');
		const onLists = [...ctx.state.lists.values()].some(
			(l) => l.shortcode === code && l.keyword_names.includes(name),
		);
		if (keywords.has(name) || onLists || ctx.state.reservedKeywords.has(name)) {
			return { status: 'OK', keyword_name: 'unavailable', error: 'Name is in use' };
		}
		return { status: 'OK', keyword_name: 'available' };
	});
};
