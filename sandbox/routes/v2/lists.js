// @ts-check
'use strict';

const { paginate } = require('../../pagination');
const {
	createList,
	updateList,
	destroyList,
	checkKeywords,
	assignKeywords,
} = require('../../lists');
const { requireList, bodyObject } = require('./common');

/**
 * Lists (public docs §1.2): GET /lists (paginated), GET/PUT/DELETE /lists/{id}, POST /lists,
 * PUT /lists/{id}/keywords.
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

	// The documented URL is `POST /lists/`; the server ignores trailing slashes, so both work.
	app.post('/lists', async (request) => {
		const list = createList(ctx, bodyObject(request.body));
		return { status: 'List created', list: ctx.state.listView(list) };
	});

	app.put('/lists/:id', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		updateList(list, bodyObject(request.body));
		return { status: 'OK', list: ctx.state.listView(list) };
	});

	app.delete('/lists/:id', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		destroyList(ctx, list);
		return { status: 'List Destroyed' };
	});

	app.put('/lists/:id/keywords', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const names = checkKeywords(ctx, list, list.shortcode, bodyObject(request.body).keyword_names);
		assignKeywords(ctx, list, names);
		return { status: 'Keywords changed', keyword_names: [...list.keyword_names] };
	});
};
