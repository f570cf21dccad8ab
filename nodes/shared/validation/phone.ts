import { InvalidInputError } from './InvalidInputError';
import { textOf } from './text';

/**
 * North American Numbering Plan area codes that are not in the US or Canada (Caribbean and
 * Atlantic countries share country code +1). Tatango texts US and Canadian numbers only.
 */
const NON_US_CA_AREA_CODES: Record<string, string> = {
	'242': 'the Bahamas',
	'246': 'Barbados',
	'264': 'Anguilla',
	'268': 'Antigua and Barbuda',
	'284': 'the British Virgin Islands',
	'345': 'the Cayman Islands',
	'441': 'Bermuda',
	'473': 'Grenada',
	'649': 'the Turks and Caicos Islands',
	'658': 'Jamaica',
	'664': 'Montserrat',
	'721': 'Sint Maarten',
	'758': 'Saint Lucia',
	'767': 'Dominica',
	'784': 'Saint Vincent and the Grenadines',
	'809': 'the Dominican Republic',
	'829': 'the Dominican Republic',
	'849': 'the Dominican Republic',
	'868': 'Trinidad and Tobago',
	'869': 'Saint Kitts and Nevis',
	'876': 'Jamaica',
};

const EXAMPLE = 'e.g. 206-555-1111 or +1 (206) 555-1111';

/**
 * A number's digits without the country code 1, in whatever form it comes (`2065550100`,
 * `12065550100`, `+1 (206) 555-0100`): the one normalizer, for what Tatango reports and what a
 * user typed. It reads, it does not check (toTenDigitPhone does); no digits at all gives null.
 */
export function tenDigitsOf(phone: unknown): string | null {
	if (typeof phone !== 'string' && typeof phone !== 'number') return null;
	const digits = String(phone).replace(/\D/g, '');
	if (digits.length === 11 && digits.startsWith('1')) return digits.slice(1);
	return digits === '' ? null : digits;
}

/**
 * Reads a US or Canadian phone number in the forms people paste (`+1 (206) 555-1111`,
 * `1-206-555-1111`, `206.555.1111`) and returns its ten digits, as Tatango stores them.
 */
export function toTenDigitPhone(raw: unknown, field = 'Phone Number'): string {
	const text = textOf(raw, field).trim();
	if (text === '') {
		throw new InvalidInputError(field, `is required (${EXAMPLE})`);
	}
	if (!/^\+?[\d\s().-]+$/.test(text)) {
		throw new InvalidInputError(
			field,
			`"${text}" contains characters a phone number can't have; use digits, spaces, dashes, dots or parentheses (${EXAMPLE})`,
		);
	}
	if (text.startsWith('+') && !text.replace(/\D/g, '').startsWith('1')) {
		throw new InvalidInputError(
			field,
			`"${text}" is not a US or Canadian number: Tatango texts only numbers with country code +1`,
		);
	}
	const digits = tenDigitsOf(text) ?? '';
	if (digits.length !== 10) {
		throw new InvalidInputError(
			field,
			`"${text}" has ${digits.length} digits; a US or Canadian number has 10 digits after the optional country code 1 (${EXAMPLE})`,
		);
	}
	const areaCode = digits.slice(0, 3);
	const exchange = digits.slice(3, 6);
	if (!/^[2-9]/.test(areaCode) || /^[2-9]11$/.test(areaCode)) {
		throw new InvalidInputError(
			field,
			`"${text}" has area code ${areaCode}, which no US or Canadian number has`,
		);
	}
	if (!/^[2-9]/.test(exchange) || /^[2-9]11$/.test(exchange)) {
		throw new InvalidInputError(
			field,
			`"${text}" is not a possible number: the three digits after the area code can't be ${exchange}`,
		);
	}
	const country = NON_US_CA_AREA_CODES[areaCode];
	if (country) {
		throw new InvalidInputError(
			field,
			`"${text}" is a number in ${country}; Tatango texts only US and Canadian numbers`,
		);
	}
	return digits;
}
