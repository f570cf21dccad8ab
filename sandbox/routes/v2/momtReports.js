// @ts-check
'use strict';

const { HttpError } = require('../../errors');
const { reportView, createReport } = require('../../momt');
const { bodyObject } = require('./common');

/**
 * POST /momt_reports (top-level body) and GET /momt_reports/{id}.
 * @param {import('fastify').FastifyInstance} app
 * @param {import('../../context').Context} ctx
 */
module.exports = function momtRoutes(app, ctx) {
	app.post('/momt_reports', async (request) => {
		const rec = createReport(ctx, bodyObject(request.body));
		return { status: 'OK', momt_report: reportView(ctx, rec) };
	});

	app.get('/momt_reports/:id', async (request) => {
		const id = String(/** @type {any} */ (request.params).id);
		const rec = /^\d+$/.test(id) ? ctx.state.momtReports.get(Number(id)) : undefined;
		if (!rec) throw new HttpError(404, 'MOMT report not found');
		return { status: 'OK', momt_report: reportView(ctx, rec) };
	});
};
