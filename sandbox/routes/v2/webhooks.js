// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { paginate } = require('../../pagination');
const { requireList, bodyObject, truthy } = require('./common');

const FLAGS = ['subscribe', 'unsubscribe', 'message_sent', 'cleaned', 'reply_received'];

/**
 * @param {Record<string, any>} body
 * @param {Record<string, any> | null} existing
 */
function parseWebhook(body, existing) {
	const w = body.webhook;
	if (!w || typeof w !== 'object' || Array.isArray(w)) {
		throw new HttpError(
			422,
			'Missing webhook: send {"webhook":{"callback_url":"https://...","subscribe":true,...}}',
		);
	}
	/** @type {Record<string, any>} */
	const out = {};
	if (w.callback_url !== undefined || !existing) {
		let ok = false;
		try {
			const u = new URL(String(w.callback_url));
			ok =
				(u.protocol === 'http:' || u.protocol === 'https:') && typeof w.callback_url === 'string';
		} catch {
			ok = false;
		}
		if (!ok) throw new HttpError(422, 'callback_url must be a valid http(s) URL');
		out.callback_url = w.callback_url;
	}
	for (const flag of FLAGS) {
		if (w[flag] !== undefined) out[flag] = truthy(w[flag]);
		else if (!existing) out[flag] = false;
	}
	if (w.enabled !== undefined) out.enabled = truthy(w.enabled);
	return out;
}

/**
 * List webhooks (public docs §1.13): create, list (paginated), get, update, delete.
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function webhookRoutes(app, ctx) {
	/** @param {import('fastify').FastifyRequest} request */
	const find = (request) => {
		const params = /** @type {any} */ (request.params);
		const list = requireList(ctx, params.id);
		const hooks = ctx.state.webhooksOf(list.id);
		const hook = /^\d+$/.test(String(params.wid)) ? hooks.get(Number(params.wid)) : undefined;
		if (!hook) throw new HttpError(404, 'Webhook not found');
		return { list, hooks, hook };
	};

	app.post('/lists/:id/webhooks', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const fields = parseWebhook(bodyObject(request.body), null);
		const now = ctx.state.isoOffset();
		const hook = {
			callback_url: fields.callback_url,
			created_at: now,
			enabled: fields.enabled ?? true,
			id: ctx.state.nextId('webhook'),
			list_id: list.id,
			...fields,
			updated_at: now,
		};
		hook.enabled = fields.enabled ?? true;
		ctx.state.webhooksOf(list.id).set(hook.id, hook);
		return { status: 'Webhook created', webhook: { ...hook } };
	});

	app.get('/lists/:id/webhooks', async (request) => {
		const list = requireList(ctx, /** @type {any} */ (request.params).id);
		const { meta, items } = paginate(
			[...ctx.state.webhooksOf(list.id).values()],
			/** @type {any} */ (request.query),
		);
		return { status: 'OK', ...meta, webhooks: items.map((h) => ({ ...h })) };
	});

	app.get('/lists/:id/webhooks/:wid', async (request) => ({
		status: 'OK',
		webhook: { ...find(request).hook },
	}));

	app.put('/lists/:id/webhooks/:wid', async (request) => {
		const { hook } = find(request);
		Object.assign(hook, parseWebhook(bodyObject(request.body), hook), {
			updated_at: ctx.state.isoOffset(),
		});
		return { status: 'Webhook updated', webhook: { ...hook } };
	});

	app.delete('/lists/:id/webhooks/:wid', async (request) => {
		const { hooks, hook } = find(request);
		hooks.delete(hook.id);
		return { status: 'Webhook destroyed' };
	});
};
