// @ts-check
const {
	InvalidInputError,
	toPhoneNumberList,
	toTagList,
} = require('../../nodes/shared/validation');
const {
	toCustomFieldDefinition,
} = require('../../nodes/Tatango/actions/customField/customField.rules');

/** Runs `fn` and returns the InvalidInputError's message (fails the test if none is thrown). */
function refusal(/** @type {() => unknown} */ fn) {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidInputError);
		return /** @type {Error} */ (error).message;
	}
	throw new Error('expected an InvalidInputError');
}

const FIELD = { label: 'Store', key: 'store', contentType: 'text', maxLength: 40 };

describe('custom field definition', () => {
	test.each([
		[FIELD, { label: 'Store', key: 'store', content_type: 'text', max_length: 40 }],
		[
			{ ...FIELD, contentType: 'datetime', defaultValue: '2026-01-31T09:00:00Z' },
			{
				label: 'Store',
				key: 'store',
				content_type: 'datetime',
				max_length: 40,
				default_value: '2026-01-31T09:00:00Z',
			},
		],
		[
			{ ...FIELD, pattern: '\\A[0-9]{5}\\z', validatePatternViaApi: true },
			{
				label: 'Store',
				key: 'store',
				content_type: 'text',
				max_length: 40,
				pattern: '\\A[0-9]{5}\\z',
				should_validate_regex_via_api: true,
			},
		],
		[{ ...FIELD, maxLength: '9999' }, expect.objectContaining({ max_length: 9999 })],
	])('%p is sent as %p', (input, body) => {
		expect(toCustomFieldDefinition(input)).toEqual(body);
	});

	test.each([
		[
			{ ...FIELD, contentType: 'string' },
			'Content Type: "string" is not one of text, datetime, number',
		],
		[
			{ ...FIELD, maxLength: undefined },
			'Max Length: "undefined" must be a whole number from 1 to 9999',
		],
		[{ ...FIELD, maxLength: 2.5 }, 'Max Length: "2.5" must be a whole number from 1 to 9999'],
		[
			{ ...FIELD, key: 'tags' },
			'Key: key "tags" is a standard subscriber field; set it with its own field',
		],
		[
			{ ...FIELD, contentType: 'datetime', defaultValue: 'soon' },
			'Default Value: "soon" is not a date and time (e.g. 2026-01-31T09:00:00Z)',
		],
	])('%p is refused: %s', (input, message) => {
		expect(refusal(() => toCustomFieldDefinition(input))).toBe(message);
	});
});

describe('tag lists', () => {
	test.each([
		['vip, card holder', ['vip', 'card holder']],
		[
			['vip', ' vip ', 'gold'],
			['vip', 'gold'],
		],
		['a\nb', ['a', 'b']],
	])('%p is %p', (raw, tags) => expect(toTagList(raw, 'Tags', 50)).toEqual(tags));

	test('50 tags pass, 51 are refused', () => {
		const tags = Array.from({ length: 51 }, (_, n) => `t${n}`);
		expect(toTagList(tags.slice(0, 50), 'Tags', 50)).toHaveLength(50);
		expect(refusal(() => toTagList(tags, 'Tags', 50))).toBe(
			'Tags: has 51 tags; Tatango takes at most 50 in one call',
		);
	});
});

describe('phone number lists', () => {
	test('numbers in any common form become ten digits, repeats dropped', () => {
		expect(
			toPhoneNumberList(['+1 206 555 1111', 2065552222, '2065551111'], 'Phone Numbers', 1000),
		).toEqual(['2065551111', '2065552222']);
	});

	test('1,000 pass; 1,001 are refused with how to split them', () => {
		const phones = Array.from({ length: 1001 }, (_, n) => String(2065550000 + n));
		expect(toPhoneNumberList(phones.slice(0, 1000), 'Phone Numbers', 1000)).toHaveLength(1000);
		expect(refusal(() => toPhoneNumberList(phones, 'Phone Numbers', 1000))).toMatch(
			/^Phone Numbers: has 1001 numbers; Tatango takes at most 1000 in one call, so split them/,
		);
	});

	test('a bad entry is named by its position', () => {
		expect(refusal(() => toPhoneNumberList('2065551111,12', 'Phone Numbers', 1000))).toMatch(
			/^Phone Numbers \(number 2\): /,
		);
	});
});
