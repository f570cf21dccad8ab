// @ts-check
'use strict';

const { createContext } = require('./context');
const { buildServer } = require('./server');

/**
 * Starts a Tatango sandbox: the v2 and v3 APIs and the control API on one port.
 *
 * @param {Record<string, any>} [options] port (0 = random; default 8787), host (default 127.0.0.1),
 *   seed overrides, accounts, and the runtime settings of sandbox/config.js (webhookDelayMs,
 *   webhookRetryScale, momtReportStepMs, rateLimits, ...).
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void>, state: import('./state').SandboxState, ctx: import('./context').Context, reset: () => void }>}
 */
async function startSandbox(options = {}) {
	const ctx = createContext(options);
	const app = buildServer(ctx);
	await app.listen({ port: ctx.config.port, host: ctx.config.host });
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : ctx.config.port;
	const host = ctx.config.host.includes(':') ? `[${ctx.config.host}]` : ctx.config.host;
	const url = `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${port}`;
	ctx.baseUrl = ctx.config.publicUrl || url;
	let closed = false;
	return {
		url,
		port,
		state: ctx.state,
		ctx,
		reset: () => ctx.reset(),
		async close() {
			if (closed) return;
			closed = true;
			ctx.dispatcher.cancelAll();
			await app.close();
		},
	};
}

module.exports = { startSandbox };
