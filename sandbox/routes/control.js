// @ts-check
'use strict';

const { applyConfigPatch, publicConfig } = require('../config');
const { normalizeUsCa } = require('../phone');
const { handleListReply, processFollowUps, clean, recordOptOut } = require('../subscribers');
const { runDueJobs } = require('../queuedJobs');
const { transactionalReply } = require('../transactional');
const { replyAfterDelivery } = require('../v3sends');
const { reportCsv } = require('../momt');
const { isoUtc } = require('../clock');

/** Far enough for any scenario; beyond it the sandbox's dates stop being valid. */
const MAX_ADVANCE_MS = 100 * 365 * 24 * 3600000;
/** Enough for the benchmark's list of 10,000 opt-outs, with room. */
const MAX_OPT_OUTS = 100000;

/** A control-API error: 400/404 with `{ "error": "..." }`. */
class ControlError extends Error {
	/** @param {number} statusCode @param {string} message */
	constructor(statusCode, message) {
		super(message);
		this.statusCode = statusCode;
	}
}

/** @param {unknown} body @returns {Record<string, any>} */
function obj(body) {
	if (body === undefined || body === null) return {};
	if (typeof body !== 'object') throw new ControlError(400, 'body must be a JSON object');
	return /** @type {any} */ (body);
}

/** @param {unknown} v */
function phoneParam(v) {
	const phone = normalizeUsCa(v);
	if (!phone) throw new ControlError(400, 'phone must be a valid U.S. or Canadian number');
	return phone;
}

/**
 * The control API under /_sandbox (no auth, no faults, no rate limits, not recorded).
 * @param {import('fastify').FastifyInstance} app
 * @param {{ ctx: import('../context').Context }} opts
 */
async function controlRoutes(app, opts) {
	const ctx = opts.ctx;
	const state = () => ctx.state;

	app.setErrorHandler((err, _request, reply) => {
		/** @type {any} */
		const e = err;
		const status =
			e instanceof ControlError
				? e.statusCode
				: Number(e.statusCode) >= 400
					? Number(e.statusCode)
					: 400;
		reply.code(status).send({ error: String(e.message) });
	});

	app.get('/health', async () => ({ status: 'ok', url: ctx.baseUrl }));

	app.post('/reset', async () => {
		ctx.reset();
		return { status: 'OK' };
	});

	app.get('/inspect', async () => ({
		now: isoUtc(ctx.clock.now()),
		requests: state().requests,
		messages: Object.fromEntries(
			[...state().messages].map(([phone, list]) => [
				phone,
				list.map(({ atMs: _ms, phone: _p, ...m }) => m),
			]),
		),
		messageCounts: state().messageCounts(),
		inbound: state().inbound.map(({ atMs: _ms, ...m }) => m),
		webhookDeliveries: state().webhookDeliveries,
		listWebhooks: state().allListWebhooks(),
		whatsAppTemplates: state().whatsAppTemplates,
		faults: ctx.faults.list(),
		config: publicConfig(ctx.config),
	}));

	app.get('/messages/:phone', async (request) => {
		const phone = phoneParam(/** @type {any} */ (request.params).phone);
		const messages = state()
			.messagesFor(phone)
			.map(({ atMs: _ms, phone: _p, ...m }) => m);
		return { phone, count: messages.length, messages };
	});

	// The list webhooks registered through the API (by the Tatango Trigger, say), every list or one.
	app.get('/webhooks', async (request) => {
		const listId = /** @type {any} */ (request.query).listId;
		const webhooks = state()
			.allListWebhooks()
			.filter((hook) => listId === undefined || String(hook.list_id) === String(listId));
		return { count: webhooks.length, webhooks };
	});

	app.get('/config', async () => publicConfig(ctx.config));
	app.post('/config', async (request) => {
		try {
			applyConfigPatch(ctx.config, obj(request.body));
		} catch (err) {
			throw new ControlError(400, err.message);
		}
		return publicConfig(ctx.config);
	});

	app.get('/faults', async () => ({ faults: ctx.faults.list() }));
	app.delete('/faults', async () => {
		ctx.faults.clear();
		return { status: 'OK', faults: [] };
	});
	app.post('/faults', async (request) => {
		try {
			const added = ctx.faults.add(request.body);
			return { status: 'OK', added, faults: ctx.faults.list() };
		} catch (err) {
			throw new ControlError(400, err.message);
		}
	});

	app.post('/replies', async (request) => {
		const body = obj(request.body);
		const phone = phoneParam(body.phone);
		if (typeof body.text !== 'string') throw new ControlError(400, 'text must be a string');
		const text = body.text;
		if (body.listId !== undefined && body.listId !== null) {
			const list = state().getList(body.listId);
			if (!list) throw new ControlError(404, `list ${body.listId} not found`);
			const sub = state().subscribersOf(list.id).get(phone);
			if (!sub) throw new ControlError(404, `${phone} is not on list ${list.id}`);
			const atMs = ctx.clock.now();
			state().inbound.push({ phone, text, at: isoUtc(atMs), atMs, listId: list.id });
			const result = handleListReply(ctx, list, sub, text);
			return {
				status: 'OK',
				outcome: result.outcome,
				subscriber: state().subscriberView(sub),
				sent: result.sent.map(({ atMs: _ms, ...m }) => m),
			};
		}
		// No list: a reply to the latest transactional or v3 message (or the one named).
		const sent = state().messagesFor(phone);
		let target = null;
		if (body.transactionalMessageId !== undefined)
			target = { kind: 'transactional', id: Number(body.transactionalMessageId) };
		else if (body.transactionId !== undefined)
			target = { kind: 'v3', id: String(body.transactionId) };
		else {
			const last = [...sent]
				.reverse()
				.find((m) => m.transactionalMessageId !== undefined || m.transactionId !== undefined);
			if (last)
				target =
					last.transactionalMessageId !== undefined
						? { kind: 'transactional', id: last.transactionalMessageId }
						: { kind: 'v3', id: last.transactionId };
		}
		if (!target)
			throw new ControlError(
				404,
				`no transactional or v3 message was sent to ${phone}; pass listId to reply to a list`,
			);
		if (target.kind === 'transactional') {
			const rec = state().transactional.get(Number(target.id));
			if (!rec || rec.number !== phone)
				throw new ControlError(404, `transactional message ${target.id} was not sent to ${phone}`);
			const done = transactionalReply(ctx, rec, text);
			return {
				status: 'OK',
				outcome: done ? 'transactional_message_reply' : 'no_callback_url',
				transactionalMessageId: rec.id,
			};
		}
		const rec = state().v3Sends.get(String(target.id));
		if (!rec || rec.phone !== phone)
			throw new ControlError(404, `v3 transaction ${target.id} was not sent to ${phone}`);
		void replyAfterDelivery(
			ctx,
			rec,
			text,
			typeof body.channel === 'string' ? body.channel : rec.channel,
		);
		return { status: 'OK', outcome: 'reply_received', transactionId: rec.transactionId };
	});

	app.post('/clock/advance', async (request) => {
		const body = obj(request.body);
		const ms =
			(Number(body.hours) || 0) * 3600000 +
			(Number(body.minutes) || 0) * 60000 +
			(Number(body.ms) || 0);
		if (!(ms > 0)) throw new ControlError(400, 'give a positive { hours } (or minutes, ms)');
		// Checked before the clock moves: a refused advance must leave the clock as it was.
		if (ms > MAX_ADVANCE_MS)
			throw new ControlError(400, 'advance by at most 100 years (876,000 hours) at a time');
		ctx.clock.advance(ms);
		runDueJobs(ctx);
		const sent = processFollowUps(ctx);
		return {
			status: 'OK',
			now: isoUtc(ctx.clock.now()),
			offsetMs: ctx.clock.offsetMs,
			sent: sent.map(({ atMs: _ms, ...m }) => m),
		};
	});

	// Numbers that opted out of a list long ago (no events, no texts): what a send's Skip
	// Opted-Out Numbers reads back from GET /api/v2/lists/{id}/subscribers/unsubscribed.
	app.post('/opt-outs', async (request) => {
		const body = obj(request.body);
		const list = state().getList(body.listId);
		if (!list) throw new ControlError(404, `list ${body.listId} not found`);
		if (!Array.isArray(body.phones) || body.phones.length > MAX_OPT_OUTS)
			throw new ControlError(400, `phones must be an array of at most ${MAX_OPT_OUTS} numbers`);
		const phones = body.phones.map(phoneParam);
		const hoursAgo = body.hoursAgo === undefined ? 72 : Number(body.hoursAgo);
		if (!(hoursAgo >= 0))
			throw new ControlError(400, 'hoursAgo must be a number of hours, 0 or more');
		for (const phone of phones) recordOptOut(ctx, list, phone, hoursAgo);
		const optedOut = [...state().subscribersOf(list.id).values()].filter(
			(sub) => sub.status === 'unsubscribed',
		).length;
		return { status: 'OK', listId: list.id, added: phones.length, optedOut };
	});

	app.post('/clean', async (request) => {
		const body = obj(request.body);
		const phone = phoneParam(body.phone);
		const list = state().getList(body.listId);
		if (!list) throw new ControlError(404, `list ${body.listId} not found`);
		const sub = state().subscribersOf(list.id).get(phone);
		if (!sub) throw new ControlError(404, `${phone} is not on list ${list.id}`);
		clean(
			ctx,
			list,
			sub,
			typeof body.reason === 'string' ? body.reason : 'Carrier deactivated number',
		);
		return { status: 'OK', subscriber: state().subscriberView(sub) };
	});

	app.get('/files/momt_reports/:file', async (request, reply) => {
		const m = /^(\d+)\.csv$/.exec(String(/** @type {any} */ (request.params).file));
		const rec = m ? state().momtReports.get(Number(m[1])) : undefined;
		if (!rec) throw new ControlError(404, 'report not found');
		reply.type('text/csv; charset=utf-8');
		return reportCsv(rec);
	});
}

module.exports = controlRoutes;
