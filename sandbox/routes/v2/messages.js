// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { paginate } = require('../../pagination');
const { broadcast } = require('../../subscribers');
const { broadcastView, findBroadcasts } = require('../../broadcasts');
const { requireList, bodyObject } = require('./common');

/**
 * What a list message may hold (public docs §0.9, S1 "Messaging"): "a-z, A-Z, 0-9 and these
 * special characters: .,:;!?()~=+-_\\/@$#&%", and the space between words. Live, an apostrophe or
 * a double quote was answered 422 "Content contains invalid characters": the sandbox refuses every
 * character outside the documented set alike (a line break too: the docs do not list it).
 */
const LIST_MESSAGE_CHARACTER = /^[a-zA-Z0-9 .,:;!?()~=+\-_\\/@$#&%]$/;

/**
 * Broadcast messages of a list (public docs §1.9): POST /lists/{id}/messages sends one to the
 * list's subscribers (fires `message_sent`); GET .../messages, .../messages/draft and
 * .../messages/scheduled list them (paginated, `start_date`/`end_date` YYYYMMDD); GET
 * .../messages/{messageId} reads one.
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
		if (![...m.content].every((character) => LIST_MESSAGE_CHARACTER.test(character)))
			throw new HttpError(422, 'Content contains invalid characters');
		const sent = broadcast(ctx, list, m.content, typeof m.name === 'string' ? m.name : null);
		return { status: 'OK', message: { id: sent.id } };
	});

	/** @param {'sent' | 'draft' | 'scheduled'} status */
	const collection =
		(status) =>
		/** @param {import('fastify').FastifyRequest} request */
		async (request) => {
			const list = requireList(ctx, /** @type {any} */ (request.params).id);
			// The docs' table calls the dates URL parameters (their curl puts them in a GET body,
			// which HTTP clients such as n8n's do not send): the sandbox reads the query string.
			const params = /** @type {any} */ (request.query);
			const found = findBroadcasts(ctx, list, status, params);
			const { meta, items } = paginate(found, params);
			return { status: 'OK', ...meta, messages: items.map((b) => broadcastView(ctx, b)) };
		};

	app.get('/lists/:id/messages', collection('sent'));
	app.get('/lists/:id/messages/draft', collection('draft'));
	app.get('/lists/:id/messages/scheduled', collection('scheduled'));

	app.get('/lists/:id/messages/:messageId', async (request) => {
		const params = /** @type {any} */ (request.params);
		const list = requireList(ctx, params.id);
		const id = String(params.messageId);
		const found = /^\d+$/.test(id) ? ctx.state.broadcastsOf(list.id).get(Number(id)) : undefined;
		if (!found) throw new HttpError(404, 'Message not found');
		return { status: 'OK', message: broadcastView(ctx, found) };
	});
};
