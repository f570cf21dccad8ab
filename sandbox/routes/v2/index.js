// @ts-check
'use strict';

const { installPipeline } = require('../../pipeline');
const { runDueJobs } = require('../../queuedJobs');

/**
 * Tatango API v2 (`/api/v2`, HTTP Basic, `{"status":"error","error":"..."}` errors).
 * @param {import('fastify').FastifyInstance} app
 * @param {{ ctx: import('../../context').Context }} opts
 */
async function v2Routes(app, opts) {
	const ctx = opts.ctx;
	installPipeline(app, ctx, 'v2');
	// Queued work that is due by now is finished before the request reads or changes anything.
	app.addHook('preHandler', async () => {
		runDueJobs(ctx);
	});
	require('./accounts')(app, ctx);
	require('./bulkTaggings')(app, ctx);
	require('./customFields')(app, ctx);
	require('./lists')(app, ctx);
	require('./listTags')(app, ctx);
	require('./subscribers')(app, ctx);
	require('./shortcodes')(app, ctx);
	require('./transactional')(app, ctx);
	require('./optInSettings')(app, ctx);
	require('./momtReports')(app, ctx);
	require('./webhooks')(app, ctx);
	require('./messages')(app, ctx);
}

module.exports = v2Routes;
