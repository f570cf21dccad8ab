// @ts-check
'use strict';

const { validateTransactional, sendTransactional } = require('../../transactional');

/**
 * POST /transactional_messages (body wrapped in `transactional_message`).
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function transactionalRoutes(app, ctx) {
	app.post('/transactional_messages', async (request) => {
		const input = validateTransactional(request.body);
		return {
			status: 'Message successfully sent.',
			transactional_message: sendTransactional(ctx, input),
		};
	});
};
