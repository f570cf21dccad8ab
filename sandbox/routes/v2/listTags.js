// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { enqueue } = require('../../queuedJobs');
const { requireList, bodyObject } = require('./common');

/**
 * DELETE /lists/{id}/tags `{"tags":[...]}` (public docs §1.8): the tags leave every subscriber of
 * the list, later: the service queues the work ("allow up to 10 minutes").
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function listTagRoutes(app, ctx) {
	app.delete('/lists/:id/tags', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const tags = bodyObject(request.body).tags;
		if (!Array.isArray(tags) || !tags.length || tags.some((t) => typeof t !== 'string'))
			throw new HttpError(422, 'tags must be a non-empty array of tag names');
		const doomed = new Set(tags.map((t) => t.trim()));
		enqueue(ctx, () => {
			for (const sub of ctx.state.subscribersOf(list.id).values())
				sub.tags = sub.tags.filter((t) => !doomed.has(t));
		});
		return { status: 'Tags enqueued for deletion' };
	});
};
