// @ts-check
'use strict';

const { accountOf } = require('../../pipeline');

/**
 * GET /accounts/me: the credential test.
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} _ctx
 */
module.exports = function accountsRoutes(app, _ctx) {
	app.get('/accounts/me', async (request) => {
		const account = accountOf(request);
		return {
			status: 'OK',
			account: { id: account.accountId, email: account.email, username: account.username },
		};
	});
};
