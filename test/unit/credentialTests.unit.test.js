// @ts-check
// The credential tests reach the Base URL the node's transport uses (issue 10, case 16): the
// credential's test request resolves its baseURL expression with n8n's own expression engine, and
// the result must equal the transport's baseUrlOf for the same field (blank → the default).
const { Workflow } = require('n8n-workflow');

const { TatangoApi } = require('../../credentials/TatangoApi.credentials');
const { TatangoV3Api } = require('../../credentials/TatangoV3Api.credentials');
const { baseUrlOf } = require('../../nodes/shared/transport/apis');

const node = {
	id: 'n',
	name: 'Credential Test',
	type: 'test.none',
	typeVersion: 1,
	position: /** @type {[number, number]} */ ([0, 0]),
	parameters: {},
};
const workflow = new Workflow({
	nodes: [node],
	connections: {},
	active: false,
	nodeTypes: /** @type {any} */ ({
		getByName: () => ({ description: { properties: [] } }),
		getByNameAndVersion: () => ({ description: { properties: [] } }),
		getKnownTypes: () => ({}),
	}),
});

/** @param {string} expression @param {Record<string, unknown>} credentials */
function resolve(expression, credentials) {
	return workflow.expression.getSimpleParameterValue(
		node,
		expression,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
}

describe.each([
	['v2', new TatangoApi(), 'https://app.tatango.com'],
	['v3', new TatangoV3Api(), 'https://api.v3.tatango.com'],
])('%s credential test', (api, credential, defaultUrl) => {
	const request = /** @type {any} */ (credential.test).request;

	test.each([
		[''],
		['   '],
		[undefined],
		['http://127.0.0.1:8787/'],
		[' https://proxy.example/tatango// '],
	])('Base URL %j: tested where the node would send (%#)', (baseUrl) => {
		const expected = baseUrlOf(/** @type {'v2' | 'v3'} */ (api), { baseUrl });
		expect(resolve(request.baseURL, { baseUrl, apiKey: 'k' })).toBe(expected);
		if (!String(baseUrl ?? '').trim()) expect(expected).toBe(defaultUrl);
	});

	test('does not follow a redirect with the key', () => {
		expect(request.disableFollowRedirect).toBe(true);
	});
});

test('v3: only the 400 of a good key counts as success; every other status is an error', () => {
	const { ignoreHttpStatusErrors } = /** @type {any} */ (new TatangoV3Api().test).request;
	expect(ignoreHttpStatusErrors.ignore).toBe(true);
	const errors = new Set(ignoreHttpStatusErrors.except);
	for (let status = 100; status < 600; status++) expect(errors.has(status)).toBe(status !== 400);
});

// Every request carries the credential: the v2 login as HTTP Basic, the v3 key in x-api-key, with
// the request's own headers kept (the transport asks for JSON).
describe('authenticate', () => {
	const request = {
		url: 'https://app.tatango.com/api/v2/lists',
		method: /** @type {const} */ ('GET'),
		headers: { Accept: 'application/json' },
	};

	test('v2: HTTP Basic from the login e-mail and the API key', async () => {
		const options = await /** @type {any} */ (new TatangoApi().authenticate)(
			{ email: 'ops@example.com', apiKey: 'v2-key-123456' },
			request,
		);
		expect(options.auth).toEqual({ username: 'ops@example.com', password: 'v2-key-123456' });
		expect(options.headers).toEqual({ Accept: 'application/json' });
		expect(options.url).toBe(request.url);
	});

	test('v3: the key in x-api-key, the request headers kept', async () => {
		const options = await /** @type {any} */ (new TatangoV3Api().authenticate)(
			{ apiKey: 'tatango_key_abc' },
			request,
		);
		expect(options.headers).toEqual({
			Accept: 'application/json',
			'x-api-key': 'tatango_key_abc',
		});
		expect(options.auth).toBeUndefined();
		expect(request.headers).toEqual({ Accept: 'application/json' });
	});
});
