// @ts-check
/**
 * Shared fixtures for the node tests: credentials with recognisable secrets, nock scopes that
 * only match requests carrying exactly the authentication and content headers each Tatango API
 * generation needs, and a recorder of requests nock could not match (so a test can prove that no
 * request, or no extra request, went out).
 */
const nock = require('nock');

const V2_BASE = 'https://app.tatango.com';
const V3_BASE = 'https://api.v3.tatango.com';

const V2_EMAIL = 'ops@shop.example';
const V2_KEY = 'v2-SECRET-key-7f3a9c';
const V3_KEY = 'tatango_key_SECRET_91c2e4';
const WEBHOOK_TOKEN = 'HOOK-TOKEN-5d1e';
const DEFAULT_WEBHOOK_URL = `https://n8n.shop.example/webhook/tatango?token=${WEBHOOK_TOKEN}`;

/** What HTTP Basic with the login e-mail and API key puts in the Authorization header. */
const BASIC_AUTH = `Basic ${Buffer.from(`${V2_EMAIL}:${V2_KEY}`).toString('base64')}`;

/** Rates so high that the node's pacing adds no waiting. */
const v2Credentials = () => ({ email: V2_EMAIL, apiKey: V2_KEY, requestsPerHour: 3_600_000 });
const v3Credentials = (/** @type {Record<string, unknown>} */ overrides = {}) => ({
	apiKey: V3_KEY,
	requestsPerSecond: 100_000,
	defaultWebhookUrl: DEFAULT_WEBHOOK_URL,
	...overrides,
});

/** Every string whose appearance in an output or error would leak a credential. */
const SECRETS = [
	V2_KEY,
	V3_KEY,
	`${V2_EMAIL}:${V2_KEY}`,
	BASIC_AUTH,
	BASIC_AUTH.slice('Basic '.length),
];

/**
 * A v2 scope: interceptors on it match only requests with Basic auth of the test credential,
 * `Accept` and `Content-Type: application/json`, and no `x-api-key`.
 */
function v2Api() {
	return nock(V2_BASE, {
		reqheaders: {
			authorization: BASIC_AUTH,
			accept: 'application/json',
			'content-type': 'application/json',
		},
		badheaders: ['x-api-key'],
	});
}

/** A v3 scope: interceptors match only requests with the key in `x-api-key` and no Authorization. */
function v3Api() {
	return nock(V3_BASE, {
		reqheaders: { 'x-api-key': V3_KEY, 'content-type': 'application/json' },
		badheaders: ['authorization'],
	});
}

/**
 * Records every request nock could not match (wrong path, body, header, or one request too many).
 * With `nock.disableNetConnect()` such a request also fails instead of reaching the network.
 */
function recordUnmatched() {
	/** @type {string[]} */
	const unmatched = [];
	const listener = (/** @type {any} */ request) => {
		unmatched.push(`${request?.method ?? '?'} ${request?.path ?? request?.href ?? ''}`);
	};
	beforeEach(() => {
		unmatched.length = 0;
		nock.disableNetConnect();
		nock.emitter.on('no match', listener);
	});
	afterEach(() => {
		nock.emitter.removeListener('no match', listener);
		nock.cleanAll();
	});
	// Jest gives each test file its own copy of nock, but Node's http module is shared when files
	// run in one process (--runInBand, or several files on one worker): a previous file's nock
	// would still intercept, and refuse, this file's requests. Uninstall it when the file is done.
	afterAll(() => {
		nock.enableNetConnect();
		nock.restore();
	});
	return unmatched;
}

/**
 * nock 14 hangs the request when replyWithError gets a plain object (nock issues #2789 and
 * mswjs/interceptors#625), so network failures are simulated with a real Error carrying the code,
 * as Node's own socket errors do.
 * @param {string} code e.g. ECONNREFUSED
 */
function networkError(code) {
	return Object.assign(new Error(`connect ${code} 203.0.113.10:443`), { code });
}

/**
 * Fails when any credential secret appears in the JSON of `value` (an error, output items or a
 * whole run).
 * @param {unknown} value
 */
function expectNoSecrets(value) {
	const text = JSON.stringify(value);
	for (const secret of SECRETS) expect(text).not.toContain(secret);
}

module.exports = {
	V2_BASE,
	V3_BASE,
	V2_EMAIL,
	V2_KEY,
	V3_KEY,
	BASIC_AUTH,
	WEBHOOK_TOKEN,
	DEFAULT_WEBHOOK_URL,
	SECRETS,
	v2Credentials,
	v3Credentials,
	v2Api,
	v3Api,
	recordUnmatched,
	networkError,
	expectNoSecrets,
};
