// @ts-check
const {
	checkCall,
	secretsMatch,
} = require('../../nodes/TatangoTrigger/webhook/authenticate.rules');

const TOKEN = 'tok_0123456789abcdef0123';
const KEY = 'tatango_key_sandbox';

const call = (overrides) => ({
	query: {},
	headers: {},
	expectedTokens: [TOKEN],
	requireApiKey: false,
	expectedApiKey: KEY,
	...overrides,
});

describe('secret token', () => {
	test.each([
		['query parameter', { query: { token: TOKEN } }],
		['x-tatango-token header', { headers: { 'x-tatango-token': TOKEN } }],
		[
			'header with other casing (hand-made request objects)',
			{ headers: { 'X-Tatango-Token': TOKEN } },
		],
		['both, both right', { query: { token: TOKEN }, headers: { 'x-tatango-token': TOKEN } }],
	])('right token as %s passes', (_name, overrides) => {
		expect(checkCall(call(overrides))).toEqual({ ok: true });
	});

	test.each([
		['wrong query token', { query: { token: 'tok_0123456789abcdef0124' } }, 'tokenWrong'],
		['wrong header token', { headers: { 'x-tatango-token': 'nope' } }, 'tokenWrong'],
		['a prefix of the token', { query: { token: TOKEN.slice(0, -1) } }, 'tokenWrong'],
		['the token plus more', { query: { token: `${TOKEN}x` } }, 'tokenWrong'],
		['token repeated (array)', { query: { token: [TOKEN, TOKEN] } }, 'tokenWrong'],
		[
			'right query, wrong header',
			{ query: { token: TOKEN }, headers: { 'x-tatango-token': 'bad' } },
			'tokenWrong',
		],
		['no token', {}, 'tokenMissing'],
		['empty token', { query: { token: '' } }, 'tokenMissing'],
		['token in another parameter', { query: { api_key: TOKEN } }, 'tokenMissing'],
	])('%s is refused', (_name, overrides, failure) => {
		expect(checkCall(call(overrides))).toEqual({ ok: false, failure });
	});

	test('a node without a usable token refuses every call, even one carrying an empty token', () => {
		expect(checkCall(call({ expectedTokens: [], query: { token: '' } }))).toEqual({
			ok: false,
			failure: 'tokenNotConfigured',
		});
		expect(checkCall(call({ expectedTokens: ['short', ''], query: { token: 'short' } }))).toEqual({
			ok: false,
			failure: 'tokenNotConfigured',
		});
	});
});

describe('several expected tokens (derived under the v3 and the v2 key)', () => {
	const OTHER = 'derived_under_the_v2_key_0123456';
	test.each([
		['the first', TOKEN],
		['the second', OTHER],
	])('%s passes', (_name, token) => {
		expect(checkCall(call({ expectedTokens: [TOKEN, OTHER], query: { token } }))).toEqual({
			ok: true,
		});
	});
	test('a token matching neither is refused', () => {
		expect(
			checkCall(call({ expectedTokens: [TOKEN, OTHER], query: { token: `${OTHER}x` } })),
		).toEqual({ ok: false, failure: 'tokenWrong' });
	});
	test('a short expected token never passes, even when presented', () => {
		expect(
			checkCall(call({ expectedTokens: ['short', TOKEN], query: { token: 'short' } })),
		).toEqual({ ok: false, failure: 'tokenWrong' });
	});
});

describe('x-api-key header (v3 credential key)', () => {
	const withToken = (overrides) =>
		call({ query: { token: TOKEN }, requireApiKey: true, ...overrides });

	test('right key passes', () => {
		expect(checkCall(withToken({ headers: { 'x-api-key': KEY } }))).toEqual({ ok: true });
	});
	test.each([
		['wrong key', { headers: { 'x-api-key': 'tatango_key_other' } }, 'apiKeyWrong'],
		['missing key', {}, 'apiKeyMissing'],
		[
			'credential without a key',
			{ headers: { 'x-api-key': KEY }, expectedApiKey: undefined },
			'apiKeyNotConfigured',
		],
	])('%s is refused', (_name, overrides, failure) => {
		expect(checkCall(withToken(overrides))).toEqual({ ok: false, failure });
	});
	test('the right key does not replace the token', () => {
		expect(checkCall(withToken({ query: {}, headers: { 'x-api-key': KEY } }))).toEqual({
			ok: false,
			failure: 'tokenMissing',
		});
	});
	test('the key is ignored unless required', () => {
		expect(
			checkCall(call({ query: { token: TOKEN }, headers: { 'x-api-key': 'anything' } })),
		).toEqual({ ok: true });
	});
});

test('secretsMatch is exact and never matches an empty secret', () => {
	expect(secretsMatch(TOKEN, TOKEN)).toBe(true);
	expect(secretsMatch(TOKEN, TOKEN.toUpperCase())).toBe(false);
	expect(secretsMatch('', '')).toBe(false);
});
