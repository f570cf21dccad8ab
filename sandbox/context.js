// @ts-check
'use strict';

const { resolveConfig, RUNTIME_KEYS } = require('./config');
const { Clock } = require('./clock');
const { SandboxState } = require('./state');
const { RateLimiter } = require('./rateLimit');
const { FaultQueue } = require('./faults');
const { WebhookDispatcher } = require('./webhooks');

/**
 * Everything one sandbox instance owns, shared by the routes and the domain modules.
 * @param {Record<string, any>} [options] startSandbox options
 */
function createContext(options = {}) {
	const config = resolveConfig(options);
	const startup = JSON.parse(JSON.stringify(config));
	const clock = new Clock();
	const state = new SandboxState(config, clock);
	const ctx = {
		config,
		clock,
		state,
		limiter: new RateLimiter(config, clock),
		faults: new FaultQueue(),
		dispatcher: new WebhookDispatcher(config, state),
		/** Base URL the sandbox is reachable at (set once listening). */
		baseUrl: '',
		/** Back to the seeded state and the startup configuration (POST /_sandbox/reset). */
		reset() {
			ctx.dispatcher.cancelAll();
			const runtime = /** @type {any} */ (config);
			for (const key of RUNTIME_KEYS) runtime[key] = JSON.parse(JSON.stringify(startup[key]));
			clock.reset();
			ctx.faults.clear();
			ctx.limiter.reset();
			state.reset();
		},
	};
	return ctx;
}

/** @typedef {ReturnType<typeof createContext>} Context */

module.exports = { createContext };
