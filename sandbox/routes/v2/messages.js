// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { broadcast } = require('../../subscribers');
const { requireList, bodyObject } = require('./common');

/**
 * POST /lists/{id}/messages: a broadcast to the list's subscribers (fires `message_sent`).
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function messageRoutes(app, ctx) {
	app.post('/lists/:id/messages', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const m = bodyObject(request.body).message;
		if (!m || typeof m !== 'object')
			throw new HttpError(422, 'Missing message: send {"message":{"content":"..."}}');
		if (typeof m.content !== 'string' || !m.content.trim())
			throw new HttpError(422, "content can't be blank");
		if (m.content.length > 160)
			throw new HttpError(422, 'content is too long (maximum is 160 characters)');
		const sent = broadcast(ctx, list, m.content, typeof m.name === 'string' ? m.name : null);
		return { status: 'OK', message: { id: sent.id } };
	});
};
