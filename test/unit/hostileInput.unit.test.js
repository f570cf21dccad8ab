// @ts-check
// Input a careless expression or a hostile item can hand the node: objects and lists where text
// belongs, SMS texts whose septets overflow, emoji, keywords Tatango cannot take, junk ZIP codes,
// custom fields that would be dropped, URLs that parse only leniently. Each is refused by the
// validation module, naming the field and the rule, before any request (issue 10, cases 6-12).
const {
	InvalidInputError,
	septetCount,
	toBirthdate,
	toCustomFields,
	toEmail,
	toGsm7Text,
	toKeyword,
	toMessageContent,
	toOptionalMediaUrl,
	toOptionalText,
	toRequiredText,
	toTags,
	toTenDigitPhone,
	toWebhookUrl,
	toZipCode,
} = require('../../nodes/shared/validation');
const { toKeywordList, toListName } = require('../../nodes/shared/validation');

/** Runs `fn` and returns the InvalidInputError it throws (fails the test if it does not). */
function rejection(/** @type {() => unknown} */ fn) {
	try {
		fn();
	} catch (error) {
		if (error instanceof InvalidInputError) return error;
		throw error;
	}
	throw new Error('expected an InvalidInputError, but the value was accepted');
}

describe('case 6: a text field takes a string or a number, nothing else', () => {
	const rules = /** @type {Array<[string, (value: unknown) => unknown, string]>} */ ([
		['Content', (v) => toMessageContent(v, false), 'Content'],
		['SMS Fallback', (v) => toGsm7Text(v, 'SMS Fallback'), 'SMS Fallback'],
		['First Name', (v) => toOptionalText(v, 'First Name', 50), 'First Name'],
		['Subject', (v) => toRequiredText(v, 'Subject', 40), 'Subject'],
		['Keyword', (v) => toKeyword(v), 'Keyword'],
		['Tags', (v) => toTags(v), 'Tags'],
		['Email', (v) => toEmail(v), 'Email'],
		['Birthdate', (v) => toBirthdate(v), 'Birthdate'],
		['ZIP Code', (v) => toZipCode(v), 'ZIP Code'],
		['Phone Number', (v) => toTenDigitPhone(v), 'Phone Number'],
		['Webhook URL', (v) => toWebhookUrl(v), 'Webhook URL'],
		['Media URL', (v) => toOptionalMediaUrl(v, 'Media URL'), 'Media URL'],
		['list Name', (v) => toListName(v), 'Name'],
		['Keywords', (v) => toKeywordList(v), 'Keywords'],
	]);
	const values = /** @type {Array<[string, unknown, string]>} */ ([
		['an object', { order: 42 }, 'an object'],
		['a boolean', true, 'a boolean (true/false)'],
	]);

	for (const [name, rule, field] of rules) {
		test.each(values)(
			`${name} given %s: refused, naming the field and the type`,
			(_, value, type) => {
				const error = rejection(() => rule(value));
				expect(error.field).toBe(field);
				expect(error.message).toBe(`${field}: must be text or a number; it received ${type}`);
			},
		);
	}

	test.each([
		['Content', (/** @type {unknown} */ v) => toMessageContent(v, false)],
		['First Name', (/** @type {unknown} */ v) => toOptionalText(v, 'First Name', 50)],
	])('%s given a list: refused (it would be texted as "a,b")', (field, rule) => {
		expect(rejection(() => rule(['a', 'b'])).message).toBe(
			`${field}: must be text or a number; it received a list`,
		);
	});

	test('a list item of Tags that is an object is refused; text and numbers are fine', () => {
		expect(toTags(['vip', 7])).toBe('vip, 7');
		expect(rejection(() => toTags(['vip', { a: 1 }])).field).toBe('Tags');
	});

	test('numbers are text: content 42, ZIP 98101, phone 2065551234', () => {
		expect(toMessageContent(42, false)).toBe('42');
		expect(toZipCode(98101)).toBe('98101');
		expect(toTenDigitPhone(2065551234)).toBe('2065551234');
	});
});

describe('case 7: GSM 7-bit length is counted in septets', () => {
	test.each([
		['€', 2],
		['[]{}|^~\\\f', 18],
		['plain', 5],
		['a€', 3],
	])('%j takes %i septets', (text, septets) => expect(septetCount(text)).toBe(septets));

	test.each([
		['a'.repeat(159) + '€', 161],
		['{'.repeat(81), 162],
		['x'.repeat(150) + '[]{}|', 160 + 0],
	])('%#: %i septets', (text, septets) => {
		if (septets <= 160) {
			expect(toGsm7Text(text, 'SMS Fallback')).toBe(text);
			return;
		}
		expect(rejection(() => toGsm7Text(text, 'SMS Fallback')).message).toBe(
			`SMS Fallback: is ${septets} characters long as an SMS counts them (€ [ ] { } ~ ^ | \\ count twice); the maximum is 160`,
		);
	});

	test('exactly 160 septets with extension characters pass', () => {
		expect(toGsm7Text('a'.repeat(158) + '€', 'SMS Fallback')).toHaveLength(159);
	});

	test('a blank SMS Fallback (spaces only) is refused, not sent', () => {
		expect(rejection(() => toGsm7Text('     ', 'SMS Fallback')).message).toBe(
			'SMS Fallback: is blank (only spaces)',
		);
	});
});

describe('case 8: one length rule, UTF-16 units (an emoji counts as 2), as the sandbox counts', () => {
	test.each([
		['an 81-emoji SMS', () => toMessageContent('😀'.repeat(81), false), 'Content', 162, 160],
		[
			'a 26-emoji first name',
			() => toOptionalText('😀'.repeat(26), 'First Name', 50),
			'First Name',
			52,
			50,
		],
		[
			'a 1,501-emoji RCS text',
			() => toOptionalText('😀'.repeat(1501), 'Text', 3000),
			'Text',
			3002,
			3000,
		],
	])('%s is refused before the request', (_, fn, field, length, max) => {
		expect(rejection(fn).message).toBe(
			`${field}: is ${length} characters long; the maximum is ${max} (an emoji counts as 2)`,
		);
	});

	test('at the limit in UTF-16 units it passes', () => {
		expect(toMessageContent('😀'.repeat(80), false)).toHaveLength(160);
		expect(toOptionalText('😀'.repeat(25), 'First Name', 50)).toHaveLength(50);
	});
});

describe('case 9: keywords are upper-cased first, then checked for length and A-Z, 0-9', () => {
	test.each([
		['CAFÉ', /contains "É"/],
		['HI THERE', /contains a space/],
		['DEAL$', /contains "\$"/],
		['JOIN🎉', /contains "🎉"/],
	])('%p is refused', (keyword, rule) => {
		const error = rejection(() => toKeyword(keyword));
		expect(error.field).toBe('Keyword');
		expect(error.message).toMatch(/may use only the letters A-Z and digits/);
		expect(error.message).toMatch(rule);
	});

	test('15 × ß is 30 characters once upper-cased: refused', () => {
		expect(rejection(() => toKeyword('ß'.repeat(15))).message).toBe(
			`Keyword: "${'SS'.repeat(15)}" is 30 characters long (after upper-casing); a keyword has 2 to 15`,
		);
	});

	test('letters and digits pass, upper-cased', () => {
		expect(toKeyword(' summer25 ')).toBe('SUMMER25');
	});
});

describe('case 10: ZIP Code is a 5-digit ZIP or a Canadian postal code', () => {
	test.each([
		['98101', '98101'],
		['k1a 0b1', 'K1A0B1'],
		['K1A0B1', 'K1A0B1'],
	])('%p is sent as %p', (input, zip) => expect(toZipCode(input)).toBe(zip));

	test.each([['ABCDEF'], ['1234'], ['!!!'], ['😀😀'], ['123456']])('%p is refused', (input) => {
		const error = rejection(() => toZipCode(input));
		expect(error.field).toBe('ZIP Code');
		expect(error.message).toMatch(/is neither a 5-digit US ZIP .* nor a Canadian postal code/);
	});
});

describe('case 11: custom fields are sent whole or refused, never dropped', () => {
	test('key __proto__ is refused (it would be dropped, not sent)', () => {
		const error = rejection(() => toCustomFields({ field: [{ key: '__proto__', value: 'x' }] }));
		expect(error.message).toBe('Custom Fields: key "__proto__" is not a key a field can have');
	});

	test.each([
		['a string', 'favorite_store=Seattle', /it received a string/],
		['a number', 42, /it received a number/],
		[
			'a field that is not a list',
			{ field: { key: 'a', value: 'b' } },
			/must be a list of key and value pairs/,
		],
		['a list without keys', ['a', 'b'], /a list without keys/],
	])('%s is refused, naming Custom Fields', (_, raw, rule) => {
		const error = rejection(() => toCustomFields(raw));
		expect(error.field).toBe('Custom Fields');
		expect(error.message).toMatch(rule);
	});

	test('a value that is an object is refused naming the key; a key given twice is refused', () => {
		expect(
			rejection(() => toCustomFields({ field: [{ key: 'store', value: { id: 1 } }] })).field,
		).toBe('Custom Fields (store)');
		expect(
			rejection(() =>
				toCustomFields({
					field: [
						{ key: 'store', value: 'a' },
						{ key: 'store', value: 'b' },
					],
				}),
			).message,
		).toBe('Custom Fields: key "store" is given twice');
	});

	test('well-formed fields come back as key/value pairs', () => {
		expect(toCustomFields({ field: [{ key: 'store', value: 12 }] })).toEqual([['store', '12']]);
		expect(toCustomFields({})).toEqual([]);
		expect(toCustomFields(undefined)).toEqual([]);
	});
});

describe('case 12: URLs must be absolute, with a host, no whitespace, no user:password; sent normalised', () => {
	test.each([
		['https:/example.com/hook', /is not a URL/],
		['https:example.com/hook', /is not a URL/],
		['https://example.com/ho\nok', /contains a space, line break or control character/],
		['https://example.com/a b', /contains a space, line break or control character/],
		['https://example.com/\u0007', /control character/],
		['https://user:pass@example.com/hook', /must not contain a user name or password/],
		['http://example.com/hook', /must start with https:\/\//],
		['example.com/hook', /is not a URL/],
	])('Webhook URL %j is refused', (url, rule) => {
		const error = rejection(() => toWebhookUrl(url));
		expect(error.field).toBe('Webhook URL');
		expect(error.message).toMatch(rule);
	});

	test('the normalised form is sent', () => {
		expect(toWebhookUrl(' HTTPS://N8N.Example.com/webhook/x?token=a ')).toBe(
			'https://n8n.example.com/webhook/x?token=a',
		);
		expect(toOptionalMediaUrl('https://cdn.example.com/a%20b.jpg', 'Media URL')).toBe(
			'https://cdn.example.com/a%20b.jpg',
		);
	});

	test('media URLs follow the same rules (http allowed)', () => {
		expect(toOptionalMediaUrl('http://cdn.example.com/x.jpg', 'Media URL')).toBe(
			'http://cdn.example.com/x.jpg',
		);
		expect(
			rejection(() => toOptionalMediaUrl('https:/cdn.example.com/x.jpg', 'Media URL')).field,
		).toBe('Media URL');
	});
});
