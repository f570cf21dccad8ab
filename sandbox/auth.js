// @ts-check
'use strict';

const { HttpError } = require('./errors');

/**
 * v2: HTTP Basic, username = login e-mail, password = API key.
 * Wrong or missing pair → 401; a disabled key → 403 (CONTRACT.md "Accounts").
 * @param {import('./config').SandboxConfig} config
 * @param {string | undefined} header the Authorization header
 * @returns {import('./config').V2Account}
 */
function authenticateV2(config, header) {
	const match = /^Basic\s+(\S+)\s*$/i.exec(header || '');
	if (match) {
		const decoded = Buffer.from(match[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		if (colon >= 0) {
			const email = decoded.slice(0, colon);
			const apiKey = decoded.slice(colon + 1);
			const account = config.accounts.v2.find(
				(a) => a.email.toLowerCase() === email.toLowerCase() && a.apiKey === apiKey,
			);
			if (account && account.disabled) throw new HttpError(403, 'This API key is disabled');
			if (account) return account;
		}
	}
	throw new HttpError(401, 'API key authorization failure');
}

/**
 * v3: the `x-api-key` header. Missing or unknown key → 403 `{"message":"Forbidden"}` (API Gateway).
 * @param {import('./config').SandboxConfig} config
 * @param {string | string[] | undefined} header
 * @returns {import('./config').V3Key}
 */
function authenticateV3(config, header) {
	const key = Array.isArray(header) ? header[0] : header;
	const found = key ? config.accounts.v3.find((k) => k.apiKey === key) : undefined;
	if (!found) throw new HttpError(403, 'Forbidden');
	return found;
}

module.exports = { authenticateV2, authenticateV3 };
