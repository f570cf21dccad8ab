// @ts-check
'use strict';
/**
 * The sandbox's account and test numbers (sandbox/CONTRACT.md), defined once: the sandbox's
 * defaults, the harness's credentials, the benchmark and the test helpers all read them here.
 */
const { TEST_NUMBERS } = require('./phone');

/** The seeded account, in the sandbox's defaults (see config.js). */
const SANDBOX_ACCOUNT = {
	accountId: 37,
	username: 'sandbox',
	/** v2 Login Email and API Key (HTTP Basic). */
	email: 'sandbox@example.com',
	v2ApiKey: 'sandbox-v2-key',
	/** A v2 key of the same account that the sandbox answers with 403 "This API key is disabled". */
	disabledV2ApiKey: 'disabled-v2-key',
	/** v3 `x-api-key`. */
	v3ApiKey: 'tatango_key_sandbox',
};

module.exports = { SANDBOX_ACCOUNT, TEST_NUMBERS };
