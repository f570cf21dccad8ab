// @ts-check
'use strict';

const crypto = require('node:crypto');
const { STATUS_CODES } = require('node:http');
const { HttpError, v2Error, v3Error } = require('./errors');
const { authenticateV2, authenticateV3 } = require('./auth');
const { sleep } = require('./clock');

/**
 * The request pipeline shared by every v2 and v3 route:
 *   fault (phase "before") → Accept check (v2) → authentication → rate limit → handler → fault (phase "after").
 * It is installed on an encapsulated fastify scope and wraps each route's handler.
 */

/** @type {WeakMap<object, any>} the authenticated account of each request */
const accounts = new WeakMap();
/** @type {WeakMap<object, import('./state').RecordedRequest>} the log entry of each request */
const entries = new WeakMap();

/**
 * The v2 account or v3 key that authenticated a request.
 * @param {import('fastify').FastifyRequest} request
 */
function accountOf(request) {
	return accounts.get(request);
}

/**
 * @param {'v2' | 'v3'} api
 * @param {string} message
 */
function errorBody(api, message) {
	return api === 'v2' ? v2Error(message) : v3Error(message);
}

/**
 * The headers API Gateway puts on its own error answers (Tatango's documented 429).
 * @param {string} errorType
 */
function apiGatewayHeaders(errorType) {
	return {
		'x-amzn-RequestId': crypto.randomUUID(),
		'x-amz-apigw-id': crypto.randomBytes(6).toString('base64url'),
		'x-amzn-ErrorType': errorType,
	};
}

/**
 * @param {import('./context').Context} ctx
 * @param {'v2' | 'v3'} api
 * @param {import('fastify').FastifyRequest} request
 */
function guard(ctx, api, request) {
	if (api === 'v2') {
		const accept = request.headers.accept;
		if (accept && !/json|\*\/\*|application\/\*/i.test(accept))
			throw new HttpError(406, 'Only application/json is served');
		const account = authenticateV2(ctx.config, request.headers.authorization);
		accounts.set(request, account);
		const wait = ctx.limiter.hit('v2', `${account.email.toLowerCase()}:${account.apiKey}`);
		if (wait !== null)
			throw new HttpError(429, 'Rate limit exceeded', { 'retry-after': String(wait) });
	} else {
		const key = authenticateV3(ctx.config, request.headers['x-api-key']);
		accounts.set(request, key);
		// API Gateway's two 429s, told apart only by the body (AWS knowledge center,
		// "api-gateway-429-limit"): the per-second throttle and a spent usage-plan quota. Neither
		// carries Retry-After (Tatango's documented 429 has none).
		if (ctx.limiter.hit('v3', key.apiKey) !== null)
			throw new HttpError(429, 'Too Many Requests', apiGatewayHeaders('TooManyRequestsException'));
		// [INFERRED] the quota's answer; Tatango documents only the per-second 429.
		if (ctx.limiter.dailyHit(key.apiKey) !== null)
			throw new HttpError(429, 'Limit Exceeded', apiGatewayHeaders('LimitExceededException'));
	}
}

/**
 * Carries out a "status" or "drop" fault.
 * @param {'v2' | 'v3'} api
 * @param {import('./faults').Fault} fault
 * @param {import('fastify').FastifyRequest} request
 * @param {import('fastify').FastifyReply} reply
 */
function strike(api, fault, request, reply) {
	const entry = entries.get(request);
	if (fault.kind === 'drop') {
		if (entry) entry.dropped = true;
		reply.hijack();
		request.raw.socket.destroy();
		return reply;
	}
	const status = fault.status;
	let message = STATUS_CODES[status] || 'Error';
	if (status === 429) message = api === 'v2' ? 'Rate limit exceeded' : 'Too Many Requests';
	if (status === 429 || fault.retryAfter !== undefined)
		reply.header('retry-after', String(fault.retryAfter ?? 1));
	return reply.code(status).send(fault.body !== undefined ? fault.body : errorBody(api, message));
}

/**
 * Installs the pipeline and the API's error format on a fastify scope. Call before adding routes.
 * @param {import('fastify').FastifyInstance} app
 * @param {import('./context').Context} ctx
 * @param {'v2' | 'v3'} api
 */
function installPipeline(app, ctx, api) {
	app.addHook('onRoute', (route) => {
		const handler = route.handler;
		route.handler = async function sandboxPipeline(request, reply) {
			const path = request.url.split('?')[0];
			const fault = ctx.faults.take(request.method, path);
			if (fault && fault.phase === 'before') {
				if (fault.kind === 'slow') await sleep(fault.delayMs);
				else return strike(api, fault, request, reply);
			}
			let result;
			let error = null;
			try {
				guard(ctx, api, request);
				result = await handler.call(this, request, reply);
			} catch (err) {
				error = err || new Error('unknown error');
			}
			if (fault && fault.phase === 'after') {
				if (fault.kind === 'slow') await sleep(fault.delayMs);
				else return strike(api, fault, request, reply);
			}
			if (error) throw error;
			return result;
		};
	});

	app.setErrorHandler((err, request, reply) => {
		/** @type {any} */
		const e = err;
		let status = Number(e && e.statusCode) || 500;
		if (status < 400 || status > 599) status = 500;
		if (status === 500 && !(e instanceof HttpError)) {
			console.error('[sandbox] unexpected error', e);
		}
		const message =
			e instanceof HttpError || status !== 500 ? String(e.message) : 'Internal Server Error';
		if (e instanceof HttpError) reply.headers(e.headers);
		reply.code(status).send(errorBody(api, message));
	});
}

module.exports = { installPipeline, accountOf, entries, errorBody };
