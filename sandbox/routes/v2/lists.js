// @ts-check
'use strict';

const { paginate } = require('../../pagination');
const { requireList } = require('./common');

/**
 * GET /lists (paginated) and GET /lists/{id}.
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function listsRoutes(app, ctx) {
	app.get('/lists', async (request) => {
		const all = [...ctx.state.lists.values()].sort((a, b) => a.id - b.id);
		const { meta, items } = paginate(all, /** @type {any} */ (request.query));
		return { status: 'OK', ...meta, lists: items.map((l) => ctx.state.listView(l)) };
	});

	app.get('/lists/:id', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		return { status: 'OK', list: ctx.state.listView(list) };
	});
};
