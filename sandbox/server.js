// @ts-check
'use strict';

const Fastify = require('fastify');
const { HttpError, v2Error, v3Error } = require('./errors');
const { entries } = require('./pipeline');
const { isoUtc } = require('./clock');
const { recordedBody } = require('./recording');

/** Header values never recorded by GET /_sandbox/inspect. */
const REDACTED_HEADERS = new Set(['authorization', 'x-api-key']);

/**
 * Builds the fastify app: body parsing, request recording, and the three route groups
 * (v2 under /api/v2, v3 at the root, control under /_sandbox).
 * @param {import('./context').Context} ctx
 */
function buildServer(ctx) {
	const app = Fastify({
		logger: ctx.config.logger,
		routerOptions: { ignoreTrailingSlash: true },
		bodyLimit: 5 * 1024 * 1024,
		forceCloseConnections: true,
	});

	// JSON for every content type; an empty body is "no body" (DELETE with Content-Type: application/json).
	app.removeAllContentTypeParsers();
	app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => {
		const text = String(body);
		if (!text.trim()) return done(null, undefined);
		try {
			done(null, JSON.parse(text));
		} catch {
			done(new HttpError(400, 'Invalid JSON in request body'), undefined);
		}
	});

	// Every API request is recorded (control calls under /_sandbox are not).
	app.addHook('onRequest', async (request) => {
		const [path, qs = ''] = request.url.split('?');
		if (path.startsWith('/_sandbox')) return;
		/** @type {Record<string, any>} */
		const headers = {};
		for (const [k, v] of Object.entries(request.headers))
			headers[k] = REDACTED_HEADERS.has(k) ? '[redacted]' : v;
		// Taken first: the bench's per-item figures are gaps of a few ms between these.
		const arrivedUs = Number(process.hrtime.bigint() / 1000n);
		const atMs = Date.now();
		/** @type {import('./state').RecordedRequest} */
		const entry = {
			id: ctx.state.nextId('request'),
			at: isoUtc(atMs),
			atMs,
			arrivedUs,
			method: request.method,
			path,
			query: Object.fromEntries(new URLSearchParams(qs)),
			headers,
			body: null,
		};
		entries.set(request, entry);
		ctx.state.recordRequest(entry);
	});
	app.addHook('preHandler', async (request) => {
		const entry = entries.get(request);
		if (!entry) return;
		const kept = recordedBody(request.body, Number(request.headers['content-length']) || 0);
		entry.body = kept.body;
		ctx.state.countRecordedBytes(entry, kept.bytes);
	});
	app.addHook('onResponse', async (request, reply) => {
		const entry = entries.get(request);
		if (entry && !entry.dropped) entry.statusCode = reply.statusCode;
	});

	app.register(require('./routes/v2'), { prefix: '/api/v2', ctx });
	app.register(require('./routes/v3'), { ctx });
	app.register(require('./routes/control'), { prefix: '/_sandbox', ctx });

	app.setNotFoundHandler((request, reply) => {
		if (request.url.startsWith('/api/v2')) return reply.code(404).send(v2Error('Not found'));
		return reply.code(404).send(v3Error('Not Found'));
	});
	// Errors outside the route groups (e.g. a body that fails to parse on an unknown path).
	app.setErrorHandler((err, request, reply) => {
		/** @type {any} */
		const e = err;
		const status = Number(e && e.statusCode) >= 400 ? Number(e.statusCode) : 500;
		const message = status === 500 ? 'Internal Server Error' : String(e.message);
		return reply
			.code(status)
			.send(request.url.startsWith('/api/v2') ? v2Error(message) : v3Error(message));
	});
	return app;
}

module.exports = { buildServer };
