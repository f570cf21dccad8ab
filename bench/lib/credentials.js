// @ts-check
'use strict';
/**
 * The credentials the parts' workflows name by id (bench/workflows/*.json), against the sandbox.
 * Pacing is out of the way in the *Fast ones and at R (BENCH_RATE) in the paced one.
 */
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');
const { RATE } = require('./config');

/** @typedef {{ id: string, name: string, type: string, data: Record<string, unknown> }} Credential */

/** @param {string} sandboxUrl @returns {Credential[]} */
function sharedCredentials(sandboxUrl) {
	const v2 = { email: SANDBOX_ACCOUNT.email, apiKey: SANDBOX_ACCOUNT.v2ApiKey };
	const v3Key = SANDBOX_ACCOUNT.v3ApiKey;
	return [
		{
			id: 'benchTatangoV2Fast',
			name: 'Bench: Tatango v2 (sandbox, no pacing)',
			type: 'tatangoApi',
			data: { ...v2, baseUrl: sandboxUrl, requestsPerHour: 360000000, maxRateLimitWait: 120 },
		},
		{
			id: 'benchTatangoV3Paced',
			name: 'Bench: Tatango v3 (sandbox, paced at R)',
			type: 'tatangoV3Api',
			data: { apiKey: v3Key, baseUrl: sandboxUrl, requestsPerSecond: RATE, maxRateLimitWait: 120 },
		},
		{
			id: 'benchTatangoV3Fast',
			name: 'Bench: Tatango v3 (sandbox, no pacing)',
			type: 'tatangoV3Api',
			data: {
				apiKey: v3Key,
				baseUrl: sandboxUrl,
				requestsPerSecond: 1000000,
				maxRateLimitWait: 120,
			},
		},
		{
			id: 'benchHttpBasicV2',
			name: 'Bench: sandbox v2 (Basic Auth)',
			type: 'httpBasicAuth',
			data: { user: v2.email, password: v2.apiKey },
		},
		{
			id: 'benchHttpHeaderV3',
			name: 'Bench: sandbox v3 (x-api-key header)',
			type: 'httpHeaderAuth',
			data: { name: 'x-api-key', value: v3Key },
		},
	];
}

module.exports = { sharedCredentials };
