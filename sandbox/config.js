// @ts-check
'use strict';
const { SANDBOX_ACCOUNT } = require('./fixtures');

/**
 * Sandbox configuration: defaults, option merging and runtime patches (POST /_sandbox/config).
 * Everything time-related is configurable so tests can run the asynchronous parts in milliseconds.
 */

/**
 * @typedef {{ limit: number, windowMs: number }} RateLimitRule
 * @typedef {{ email: string, apiKey: string, accountId: number, username: string, disabled?: boolean }} V2Account
 * @typedef {{ apiKey: string, accountId: number }} V3Key
 * @typedef {{
 *   port: number,
 *   host: string,
 *   publicUrl: string | null,
 *   accounts: { v2: V2Account[], v3: V3Key[] },
 *   webhookDelayMs: number,
 *   replyDelayMs: number | null,
 *   webhookRetryScale: number,
 *   webhookRetryJitter: boolean,
 *   webhookMaxRetries: number,
 *   v3WebhookRetries: number,
 *   webhookTimeoutMs: number,
 *   duplicateWebhooks: boolean | number,
 *   momtReportStepMs: number,
 *   queuedJobDelayMs: number,
 *   rateLimits: { v2: RateLimitRule | null, v3: RateLimitRule | null },
 *   v3DailyQuota: number | null,
 *   maxRecordedRequests: number,
 *   liveOptInRules: boolean,
 *   utcOffsetMinutes: number,
 *   seed: object,
 *   logger: boolean,
 * }} SandboxConfig
 */

/** @type {SandboxConfig} */
const DEFAULTS = {
	port: 8787,
	host: '127.0.0.1',
	publicUrl: null,
	accounts: {
		v2: [
			{
				email: SANDBOX_ACCOUNT.email,
				apiKey: SANDBOX_ACCOUNT.v2ApiKey,
				accountId: SANDBOX_ACCOUNT.accountId,
				username: SANDBOX_ACCOUNT.username,
			},
			{
				email: SANDBOX_ACCOUNT.email,
				apiKey: SANDBOX_ACCOUNT.disabledV2ApiKey,
				accountId: SANDBOX_ACCOUNT.accountId,
				username: SANDBOX_ACCOUNT.username,
				disabled: true,
			},
		],
		v3: [{ apiKey: SANDBOX_ACCOUNT.v3ApiKey, accountId: SANDBOX_ACCOUNT.accountId }],
	},
	webhookDelayMs: 250,
	replyDelayMs: null,
	webhookRetryScale: 1,
	webhookRetryJitter: true,
	webhookMaxRetries: 10,
	v3WebhookRetries: 0,
	webhookTimeoutMs: 5000,
	duplicateWebhooks: false,
	momtReportStepMs: 2000,
	queuedJobDelayMs: 5000,
	rateLimits: { v2: null, v3: null },
	v3DailyQuota: null,
	maxRecordedRequests: 10000,
	// Tatango's observed opt-in rules (public docs §1.4); false gives the seed spec's.
	liveOptInRules: true,
	utcOffsetMinutes: -420,
	seed: {},
	logger: false,
};

/** Keys that POST /_sandbox/config may change at runtime. */
const RUNTIME_KEYS = [
	'webhookDelayMs',
	'replyDelayMs',
	'webhookRetryScale',
	'webhookRetryJitter',
	'webhookMaxRetries',
	'v3WebhookRetries',
	'webhookTimeoutMs',
	'duplicateWebhooks',
	'momtReportStepMs',
	'queuedJobDelayMs',
	'rateLimits',
	'v3DailyQuota',
	'maxRecordedRequests',
	'liveOptInRules',
];

/** @param {unknown} v */
function isObject(v) {
	return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * @param {unknown} rule
 * @param {string} name
 * @returns {RateLimitRule | null}
 */
function checkRateLimit(rule, name) {
	if (rule === null || rule === undefined || rule === false) return null;
	if (!isObject(rule))
		throw new Error(`rateLimits.${name} must be an object { limit, windowMs } or null`);
	const r = /** @type {Record<string, unknown>} */ (rule);
	if (!Number.isInteger(r.limit) || /** @type {number} */ (r.limit) < 1) {
		throw new Error(`rateLimits.${name}.limit must be a positive integer`);
	}
	if (!Number.isFinite(r.windowMs) || /** @type {number} */ (r.windowMs) <= 0) {
		throw new Error(`rateLimits.${name}.windowMs must be a positive number`);
	}
	return { limit: /** @type {number} */ (r.limit), windowMs: /** @type {number} */ (r.windowMs) };
}

/**
 * Validates and applies a patch of runtime settings onto `config` (mutates it).
 * @param {SandboxConfig} config
 * @param {Record<string, unknown>} patch
 */
function applyConfigPatch(config, patch) {
	if (!isObject(patch)) throw new Error('config must be a JSON object');
	for (const key of Object.keys(patch)) {
		if (!RUNTIME_KEYS.includes(key)) throw new Error(`unknown or read-only config key: ${key}`);
	}
	/** @type {Record<string, any>} */
	const next = {};
	for (const key of [
		'webhookDelayMs',
		'webhookRetryScale',
		'webhookMaxRetries',
		'v3WebhookRetries',
		'webhookTimeoutMs',
		'momtReportStepMs',
		'queuedJobDelayMs',
		'maxRecordedRequests',
	]) {
		if (key in patch) {
			const v = patch[key];
			if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
				throw new Error(`${key} must be a number >= 0`);
			next[key] = v;
		}
	}
	if ('momtReportStepMs' in next && next.momtReportStepMs <= 0)
		throw new Error('momtReportStepMs must be > 0');
	if ('replyDelayMs' in patch) {
		const v = patch.replyDelayMs;
		if (v !== null && (typeof v !== 'number' || v < 0))
			throw new Error('replyDelayMs must be a number >= 0 or null');
		next.replyDelayMs = v;
	}
	if ('v3DailyQuota' in patch) {
		const v = patch.v3DailyQuota;
		if (v !== null && !(Number.isInteger(v) && /** @type {number} */ (v) >= 0))
			throw new Error(
				"v3DailyQuota must be a whole number >= 0 (0: today's quota is already spent), or null for no quota",
			);
		next.v3DailyQuota = v;
	}
	if ('webhookRetryJitter' in patch) next.webhookRetryJitter = Boolean(patch.webhookRetryJitter);
	if ('liveOptInRules' in patch) {
		if (typeof patch.liveOptInRules !== 'boolean')
			throw new Error('liveOptInRules must be a boolean');
		next.liveOptInRules = patch.liveOptInRules;
	}
	if ('duplicateWebhooks' in patch) {
		const v = patch.duplicateWebhooks;
		if (typeof v !== 'boolean' && !(Number.isInteger(v) && /** @type {number} */ (v) >= 0)) {
			throw new Error('duplicateWebhooks must be a boolean or a count of extra copies');
		}
		next.duplicateWebhooks = v;
	}
	if ('rateLimits' in patch) {
		const rl = patch.rateLimits;
		if (rl !== null && !isObject(rl)) throw new Error('rateLimits must be an object');
		const r = /** @type {Record<string, unknown>} */ (rl || { v2: null, v3: null });
		next.rateLimits = {
			v2: 'v2' in r ? checkRateLimit(r.v2, 'v2') : config.rateLimits.v2,
			v3: 'v3' in r ? checkRateLimit(r.v3, 'v3') : config.rateLimits.v3,
		};
	}
	Object.assign(config, next);
	return config;
}

/**
 * Builds the full configuration from startSandbox options.
 * @param {Record<string, any>} [options]
 * @returns {SandboxConfig}
 */
function resolveConfig(options = {}) {
	/** @type {SandboxConfig} */
	const config = JSON.parse(JSON.stringify(DEFAULTS));
	if (options.port !== undefined) config.port = Number(options.port);
	if (options.host !== undefined) config.host = String(options.host);
	if (options.publicUrl) config.publicUrl = String(options.publicUrl).replace(/\/+$/, '');
	if (options.logger !== undefined) config.logger = Boolean(options.logger);
	if (options.utcOffsetMinutes !== undefined)
		config.utcOffsetMinutes = Number(options.utcOffsetMinutes);
	if (isObject(options.accounts)) {
		if (Array.isArray(options.accounts.v2)) config.accounts.v2 = options.accounts.v2;
		if (Array.isArray(options.accounts.v3)) config.accounts.v3 = options.accounts.v3;
	}
	if (isObject(options.seed)) config.seed = options.seed;
	/** @type {Record<string, unknown>} */
	const patch = {};
	for (const key of RUNTIME_KEYS) if (options[key] !== undefined) patch[key] = options[key];
	applyConfigPatch(config, patch);
	return config;
}

/**
 * The runtime part of the config, as shown by GET /_sandbox/config.
 * @param {SandboxConfig} config
 */
function publicConfig(config) {
	/** @type {Record<string, unknown>} */
	const out = {};
	for (const key of RUNTIME_KEYS) out[key] = /** @type {any} */ (config)[key];
	return out;
}

module.exports = { DEFAULTS, RUNTIME_KEYS, resolveConfig, applyConfigPatch, publicConfig };
