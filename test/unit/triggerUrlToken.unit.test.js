// @ts-check
// The token derived from a Tatango Trigger's URL (nodes/shared/triggerUrlToken.ts): what a send
// adds and the trigger expects. The rules are docs/trigger.md's, "The token derived from the URL".
const {
	canonicalTriggerUrl,
	isTriggerUrlShape,
	triggerUrlToken,
	withTriggerToken,
} = require('../../nodes/shared/triggerUrlToken');

const KEY = 'tatango_key_SECRET_91c2e4';
const ID = '5f0c5a52-7b1a-4d7e-9a49-3f2a1f1c0c11';
const PRODUCTION = `https://n8n.example.com/webhook/${ID}/tatango`;
const TEST = `https://n8n.example.com/webhook-test/${ID}/tatango`;

describe('canonical form: what both sides compute the token over', () => {
	test.each([
		['as n8n shows it', PRODUCTION],
		['host in capitals', `https://N8N.Example.COM/webhook/${ID}/tatango`],
		['trailing slashes', `${PRODUCTION}//`],
		['the https default port written out', `https://n8n.example.com:443/webhook/${ID}/tatango`],
		['another query', `${PRODUCTION}?utm_source=crm`],
		['a fragment', `${PRODUCTION}#x`],
		['http, as n8n shows it without WEBHOOK_URL', `http://n8n.example.com/webhook/${ID}/tatango`],
	])('%s: the same as n8n shows it', (_name, url) => {
		expect(canonicalTriggerUrl(url)).toBe(`n8n.example.com/webhook/${ID}/tatango`);
	});

	test.each([
		['another port', `https://n8n.example.com:8443/webhook/${ID}/tatango`],
		['a path prefix', `https://n8n.example.com/n8n/webhook/${ID}/tatango`],
		['the test URL', TEST],
		['another host', `https://n8n.example.org/webhook/${ID}/tatango`],
	])('%s: another canonical form', (_name, url) => {
		expect(canonicalTriggerUrl(url)).not.toBe(canonicalTriggerUrl(PRODUCTION));
	});

	test('not a URL: none', () => {
		expect(canonicalTriggerUrl('n8n.example.com/webhook/x/tatango')).toBeUndefined();
	});
});

describe("shaped like a Tatango Trigger's URL", () => {
	test.each([
		['production', PRODUCTION],
		['test', TEST],
		[
			'behind a path prefix (WEBHOOK_URL with a path)',
			`https://h.example/n8n/webhook/${ID}/tatango`,
		],
		[
			'a node without webhook ID (workflow ID and node name)',
			'https://h.example/webhook/aBc123/tatango%20trigger/tatango',
		],
		['upper-case ID', `https://h.example/webhook/${ID.toUpperCase()}/tatango`],
	])('%s: yes', (_name, url) => {
		expect(isTriggerUrlShape(url)).toBe(true);
	});

	test.each([
		['a Webhook node', 'https://h.example/webhook/order-shipped'],
		['another trigger path', `https://h.example/webhook/${ID}/other`],
		['a custom endpoint name', `https://h.example/hooks/${ID}/tatango`],
		['a resume URL', 'https://h.example/webhook-waiting/123/abc'],
		['tatango elsewhere', 'https://h.example/tatango'],
		['not http(s)', `ftp://h.example/webhook/${ID}/tatango`],
		['not a URL', 'webhook/x/tatango'],
	])('%s: no', (_name, url) => {
		expect(isTriggerUrlShape(url)).toBe(false);
	});
});

describe('the token', () => {
	const token = triggerUrlToken(KEY, PRODUCTION);

	test('32 URL-safe characters, the same every time for the same key and URL', () => {
		expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
		expect(triggerUrlToken(KEY, PRODUCTION)).toBe(token);
		expect(triggerUrlToken(` ${KEY}\n`, `${PRODUCTION}/`)).toBe(token);
	});

	test.each([
		['another key', () => triggerUrlToken('tatango_key_other', PRODUCTION)],
		['the test URL', () => triggerUrlToken(KEY, TEST)],
		[
			"another workflow's trigger",
			() => triggerUrlToken(KEY, PRODUCTION.replace(ID, '0b7d3c2e-41f5-4c8a-9e6d-2a1b3c4d5e6f')),
		],
	])('%s: another token', (_name, other) => {
		expect(other()).not.toBe(token);
		expect(other()).toMatch(/^[A-Za-z0-9_-]{32}$/);
	});

	test('no key or no URL: none', () => {
		expect(triggerUrlToken('', PRODUCTION)).toBe('');
		expect(triggerUrlToken(undefined, PRODUCTION)).toBe('');
		expect(triggerUrlToken(KEY, 'not a url')).toBe('');
	});
});

describe('the URL a send gives Tatango', () => {
	const token = triggerUrlToken(KEY, PRODUCTION);

	test.each([
		['as n8n shows it', PRODUCTION, `${PRODUCTION}?token=${token}`],
		[
			'with a query of its own, kept as written',
			`${PRODUCTION}?a=b%20c`,
			`${PRODUCTION}?a=b%20c&token=${token}`,
		],
		['with an empty query', `${PRODUCTION}?`, `${PRODUCTION}?token=${token}`],
		['with a trailing slash', `${PRODUCTION}/`, `${PRODUCTION}/?token=${token}`],
	])('%s: the token added', (_name, url, sent) => {
		expect(withTriggerToken(url, KEY)).toBe(sent);
	});

	test.each([
		['carrying a token already', `${PRODUCTION}?token=typed-by-the-user-0123`],
		['carrying an empty token', `${PRODUCTION}?token=`],
		['not shaped like a trigger', 'https://hooks.example/receipts'],
		['with a fragment', `${PRODUCTION}#receipts`],
	])('%s: as given', (_name, url) => {
		expect(withTriggerToken(url, KEY)).toBe(url);
	});

	test('no key: as given', () => {
		expect(withTriggerToken(PRODUCTION, '')).toBe(PRODUCTION);
	});
});
