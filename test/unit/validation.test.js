// @ts-check
const {
	InvalidInputError,
	toTenDigitPhone,
	toGsm7Text,
	replaceCommonNonGsm,
	toKeyword,
	toMessageContent,
	toWebhookUrl,
	toBirthdate,
	toEmail,
	toGender,
	toZipCode,
	toTags,
	toCustomFieldKey,
	toPositiveId,
} = require('../../nodes/shared/validation');
const { validateOptInSettings } = require('../../nodes/Tatango/actions/list/optInSettings.rules');

/** Runs `fn` and returns the InvalidInputError it throws (fails the test if it does not). */
function rejection(fn) {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidInputError);
		return error;
	}
	throw new Error('expected an InvalidInputError');
}

describe('phone numbers (v2 and v3)', () => {
	test.each([
		['+1 (206) 555-1111', '2065551111'],
		['1-206-555-1111', '2065551111'],
		['206.555.1111', '2065551111'],
		['2065551111', '2065551111'],
		['  (416) 555 0123 ', '4165550123'], // Toronto
		['+12065551111', '2065551111'],
		[2065551111, '2065551111'],
	])('%p is sent as %p', (input, digits) => {
		expect(toTenDigitPhone(input)).toBe(digits);
	});

	test.each([
		['', /is required/],
		['206-555-111', /has 9 digits/],
		['+44 20 7946 0958', /not a US or Canadian number/],
		['206-555-1111 ext 2', /characters a phone number can't have/],
		['(876) 555-1234', /Jamaica/],
		['(809) 555-1234', /Dominican Republic/],
		['(123) 555-1234', /area code 123/],
		['(911) 555-1234', /area code 911/],
		['(206) 055-1234', /can't be 055/],
		['(206) 411-1234', /can't be 411/],
		['12065551111999', /has 14 digits/],
	])('%p is rejected (%p)', (input, rule) => {
		const error = rejection(() => toTenDigitPhone(input));
		expect(error.field).toBe('Phone Number');
		expect(error.message).toMatch(rule);
	});
});

describe('GSM 7-bit SMS fallback', () => {
	test('plain text, GSM accents and extension characters pass', () => {
		expect(toGsm7Text('Hi! Sale ends 5/31 @ 9pm: 50% off [today] €5 ~ ñ ü', 'SMS Fallback')).toBe(
			'Hi! Sale ends 5/31 @ 9pm: 50% off [today] €5 ~ ñ ü',
		);
	});

	test('an emoji is rejected and named with its code point', () => {
		const error = rejection(() => toGsm7Text('Sale 🎉', 'SMS Fallback'));
		expect(error.field).toBe('SMS Fallback');
		expect(error.message).toContain('U+1F389');
		expect(error.hint).toMatch(/Replace Non-GSM Characters/);
	});

	test('curly quotes fail without the option and are replaced with it', () => {
		const text = '\u201CBig\u201D sale \u2014 don\u2019t miss it\u2026\u00A0now';
		rejection(() => toGsm7Text(text, 'SMS Fallback'));
		expect(toGsm7Text(text, 'SMS Fallback', { replaceOffenders: true })).toBe(
			'"Big" sale - don\'t miss it... now',
		);
	});

	test('replacement leaves characters without a plain stand-in for the error to name', () => {
		expect(replaceCommonNonGsm('café ☕')).toBe('café ☕');
		const error = rejection(() =>
			toGsm7Text('café ☕', 'SMS Fallback', { replaceOffenders: true }),
		);
		expect(error.message).toContain('U+2615');
	});

	test.each([
		['', /is required/],
		['x'.repeat(161), /is 161 characters long as an SMS counts them/],
	])('length rule: %#', (text, rule) => {
		expect(rejection(() => toGsm7Text(text, 'SMS Fallback')).message).toMatch(rule);
	});

	test('exactly 160 characters pass; an ellipsis that grows the text past 160 fails after replacement', () => {
		expect(toGsm7Text('x'.repeat(160), 'SMS Fallback')).toHaveLength(160);
		rejection(() =>
			toGsm7Text('x'.repeat(158) + '\u2026', 'SMS Fallback', { replaceOffenders: true }),
		);
	});
});

describe('keywords', () => {
	test.each([
		['deals', 'DEALS'],
		['  Vip ', 'VIP'],
		['AB', 'AB'],
		['abcdefghijklmno', 'ABCDEFGHIJKLMNO'],
	])('%p is sent as %p', (input, keyword) => expect(toKeyword(input)).toBe(keyword));

	test.each([[''], ['a'], ['abcdefghijklmnop']])('%p is rejected', (input) => {
		expect(rejection(() => toKeyword(input)).field).toBe('Keyword');
	});
});

describe('message content', () => {
	test('SMS takes 160 characters, MMS 5000; an emoji counts as 2 (UTF-16 units, as the sandbox counts)', () => {
		expect(toMessageContent('x'.repeat(160), false)).toHaveLength(160);
		expect(toMessageContent('🎉'.repeat(80), false)).toBe('🎉'.repeat(80));
		expect(rejection(() => toMessageContent('🎉'.repeat(81), false)).message).toBe(
			'Content: is 162 characters long; the maximum is 160 (an emoji counts as 2)',
		);
		expect(rejection(() => toMessageContent('x'.repeat(161), false)).message).toMatch(
			/161 characters long; the maximum is 160/,
		);
		expect(toMessageContent('x'.repeat(5000), true)).toHaveLength(5000);
		expect(rejection(() => toMessageContent('x'.repeat(5001), true)).message).toMatch(
			/maximum is 5000/,
		);
	});

	test('content is required', () => {
		expect(rejection(() => toMessageContent('   ', false)).field).toBe('Content');
	});
});

describe('webhook URL', () => {
	test('an HTTPS URL up to 255 characters passes', () => {
		const url = 'https://n8n.example.com/webhook/tatango?token=' + 'a'.repeat(255 - 46);
		expect(url).toHaveLength(255);
		expect(toWebhookUrl(url)).toBe(url);
	});

	test.each([
		['http://n8n.example.com/webhook/x', /must start with https/],
		['not a url', /is not a URL/],
		['https://n8n.example.com/' + 'a'.repeat(240), /maximum is 255/],
		['', /is required/],
	])('%p is rejected', (url, rule) => {
		expect(rejection(() => toWebhookUrl(url)).message).toMatch(rule);
	});
});

describe('subscriber profile', () => {
	const today = new Date('2026-11-21T00:00:00Z');
	test.each([
		['19780728', '19780728'],
		['1978-07-28', '19780728'],
		['20000229', '20000229'],
		['', undefined],
	])('birthdate %p → %p', (input, output) => expect(toBirthdate(input, today)).toBe(output));

	test.each([
		['19780230', /not a real date/],
		['20230229', /not a real date/],
		['28/07/1978', /YYYYMMDD/],
		['20300101', /in the future/],
	])('birthdate %p is rejected', (input, rule) => {
		const error = rejection(() => toBirthdate(input, today));
		expect(error.field).toBe('Birthdate');
		expect(error.message).toMatch(rule);
	});

	test('e-mail', () => {
		expect(toEmail('ana@example.com')).toBe('ana@example.com');
		expect(toEmail('')).toBeUndefined();
		for (const bad of ['ana@', 'ana.example.com', 'ana@example', 'a b@example.com']) {
			expect(rejection(() => toEmail(bad)).field).toBe('Email');
		}
		expect(rejection(() => toEmail(`${'a'.repeat(40)}@example.com`)).message).toMatch(
			/maximum is 50/,
		);
	});

	test('gender takes the documented values', () => {
		expect(toGender('Female')).toBe('Female');
		expect(toGender('male')).toBe('Male');
		expect(toGender('F')).toBe('Female');
		expect(toGender('')).toBeUndefined();
		expect(rejection(() => toGender('other')).message).toMatch(/Male, Female/);
	});

	test("ZIP codes fit Tatango's 6 characters", () => {
		expect(toZipCode('98101')).toBe('98101');
		expect(toZipCode('k1a 0b1')).toBe('K1A0B1');
		expect(toZipCode('')).toBeUndefined();
		expect(rejection(() => toZipCode('98101-1234')).message).toMatch(/ZIP\+4.*98101/);
		expect(rejection(() => toZipCode('1234567')).field).toBe('ZIP Code');
	});

	test('tags become one comma-separated string', () => {
		expect(toTags(' vip customer, card holder ,, daily alerts')).toBe(
			'vip customer, card holder, daily alerts',
		);
		expect(toTags(['vip', ' gold '])).toBe('vip, gold');
		expect(toTags('')).toBeUndefined();
	});

	test('custom field keys follow Tatango key rules and do not shadow standard fields', () => {
		expect(toCustomFieldKey('favorite_store')).toBe('favorite_store');
		expect(rejection(() => toCustomFieldKey('Favorite Store')).message).toMatch(
			/lowercase letters/,
		);
		expect(rejection(() => toCustomFieldKey('email')).message).toMatch(/standard subscriber field/);
	});

	test('IDs are whole numbers above zero', () => {
		expect(toPositiveId('101', 'List')).toBe(101);
		expect(toPositiveId(7, 'Report ID')).toBe(7);
		for (const bad of ['', '0', '-1', '1.5', 'abc'])
			expect(rejection(() => toPositiveId(bad, 'List')).field).toBe('List');
	});
});

describe('opt-in settings', () => {
	/** @returns {import('../../nodes/Tatango/actions/list/optInSettings.rules').OptInRequest} */
	const request = (overrides = {}) => ({
		collected_data: 'yes',
		request_message: 'Reply YES to join',
		retry_message: 'Please reply YES',
		follow_up: false,
		follow_up_hour: null,
		no_response_message: null,
		opt_in_message: null,
		second_opt_in_message: null,
		success_action: 'optinsubscriber',
		...overrides,
	});

	test('valid single and double settings pass unchanged', () => {
		const single = { opt_in_type: 'single', first_optin_message: 'Welcome!' };
		expect(validateOptInSettings(/** @type {any} */ (single))).toBe(single);
		const double = {
			opt_in_type: 'double',
			opt_in_requests: [
				request({
					collected_data: 'zip_code',
					success_action: 'nextrequest',
					follow_up: true,
					follow_up_hour: 2,
				}),
				request(),
			],
		};
		expect(validateOptInSettings(/** @type {any} */ (double))).toBe(double);
	});

	test.each([
		[
			'double without requests',
			{ opt_in_type: 'double', opt_in_requests: [] },
			/at least one request/,
		],
		[
			'double whose last request does not subscribe',
			{ opt_in_type: 'double', opt_in_requests: [request({ success_action: 'nextrequest' })] },
			/last request must subscribe/,
		],
		[
			'follow-up without an hour',
			{ opt_in_type: 'double', opt_in_requests: [request({ follow_up: true })] },
			/Follow-Up Hour must be/,
		],
		[
			'an hour without follow-up',
			{ opt_in_type: 'double', opt_in_requests: [request({ follow_up_hour: 4 })] },
			/only when Follow Up is on/,
		],
		[
			'single with requests',
			{ opt_in_type: 'single', opt_in_requests: [request()] },
			/single opt-in list takes none/,
		],
		[
			'unknown collected data',
			{ opt_in_type: 'double', opt_in_requests: [request({ collected_data: 'age' })] },
			/Collected Data "age"/,
		],
		['unknown type', { opt_in_type: 'triple' }, /not single or double/],
	])('%s is rejected', (_name, settings, rule) => {
		expect(rejection(() => validateOptInSettings(/** @type {any} */ (settings))).message).toMatch(
			rule,
		);
	});
});
