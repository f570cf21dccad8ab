// @ts-check
'use strict';
// The credentials' "Test" button as a real n8n runs it (POST /rest/credentials/test, the request
// the editor sends): a good key against the sandbox passes; a wrong key, or a Base URL that is not
// Tatango (answering 404, or 200), fails (issue 10, case 16).
const http = require('node:http');
const { rest, state } = require('./env');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');

/** @type {http.Server | undefined} */
let notTatango;
/** @type {string[]} */
const seen = [];
let notTatangoUrl = '';

beforeAll(async () => {
	notTatango = http.createServer((req, res) => {
		seen.push(`${req.method} ${req.url}`);
		if (req.url?.startsWith('/html')) {
			res.writeHead(200, { 'content-type': 'text/html' });
			res.end('<!doctype html><html><body>Sign in to the guest Wi-Fi</body></html>');
			return;
		}
		const ok = req.url?.startsWith('/ok');
		res.writeHead(ok ? 200 : 404, { 'content-type': 'application/json' });
		res.end(ok ? '{"status":"ok"}' : '{"message":"Not Found"}');
	});
	await new Promise((resolve) => notTatango?.listen(0, '127.0.0.1', () => resolve(undefined)));
	const address = notTatango.address();
	notTatangoUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(async () => {
	await new Promise((resolve) => notTatango?.close(() => resolve(undefined)));
});

/**
 * @param {'v2' | 'v3'} api @param {Record<string, unknown>} data
 * @returns {Promise<{ status: string, message: string }>}
 */
function testCredential(api, data) {
	const s = state();
	return rest().request('POST', '/rest/credentials/test', {
		credentials: {
			id: s.credentialIds[api],
			name: `Tatango ${api}`,
			type: api === 'v2' ? 'tatangoApi' : 'tatangoV3Api',
			data,
		},
	});
}

describe('Tatango V3 API credential test', () => {
	test('the sandbox key: OK (the empty send is refused with 400, nothing is sent)', async () => {
		const result = await testCredential('v3', {
			apiKey: SANDBOX_ACCOUNT.v3ApiKey,
			baseUrl: state().sandboxUrl,
		});
		expect(result.status).toBe('OK');
	});

	test('a wrong key: fails naming the 403', async () => {
		const result = await testCredential('v3', { apiKey: 'not-a-key', baseUrl: state().sandboxUrl });
		expect(result).toEqual({
			status: 'Error',
			message: 'The API key was refused (403): check the key, or create a new one',
		});
	});

	test.each([
		['404', ''],
		['200', '/ok'],
	])('a Base URL that is not Tatango, answering %s: fails', async (_, pathPrefix) => {
		const result = await testCredential('v3', {
			apiKey: SANDBOX_ACCOUNT.v3ApiKey,
			baseUrl: `${notTatangoUrl}${pathPrefix}`,
		});
		expect(result.status).toBe('Error');
		expect(seen).toContain(`POST ${pathPrefix}/transactional_messages/send_rcs_rich_card`);
	});
});

describe('Tatango API (v2) credential test', () => {
	test('the sandbox key: OK; a Base URL answering 404: fails', async () => {
		const good = await testCredential('v2', {
			email: SANDBOX_ACCOUNT.email,
			apiKey: SANDBOX_ACCOUNT.v2ApiKey,
			baseUrl: state().sandboxUrl,
		});
		expect(good.status).toBe('OK');
		const wrong = await testCredential('v2', {
			email: SANDBOX_ACCOUNT.email,
			apiKey: SANDBOX_ACCOUNT.v2ApiKey,
			baseUrl: notTatangoUrl,
		});
		expect(wrong.status).toBe('Error');
	});

	test.each([
		['200 with JSON that is not an account', '/ok'],
		['200 with an HTML page (a captive portal)', '/html'],
	])('a Base URL that is not Tatango, answering %s: fails', async (_, pathPrefix) => {
		const result = await testCredential('v2', {
			email: SANDBOX_ACCOUNT.email,
			apiKey: SANDBOX_ACCOUNT.v2ApiKey,
			baseUrl: `${notTatangoUrl}${pathPrefix}`,
		});
		expect(seen).toContain(`GET ${pathPrefix}/api/v2/accounts/me`);
		expect(result).toEqual({
			status: 'Error',
			message:
				"The Base URL answered, but not as Tatango's API: its answer has no account. Check the Base URL (empty means https://app.tatango.com).",
		});
	});
});
