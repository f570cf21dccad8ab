import { InvalidInputError } from './InvalidInputError';
import { textOf, toOptionalText } from './text';

/** Birthdate as Tatango stores it, YYYYMMDD; also accepts YYYY-MM-DD. It must be a real, past date. */
export function toBirthdate(raw: unknown, today: Date = new Date()): string | undefined {
	const text = textOf(raw, 'Birthdate').trim();
	if (text === '') return undefined;
	const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(text);
	if (!match) {
		throw new InvalidInputError(
			'Birthdate',
			`"${text}" is not a date in YYYYMMDD form (e.g. 19780728)`,
		);
	}
	const [, year, month, day] = match;
	const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
	const isReal =
		date.getUTCFullYear() === Number(year) &&
		date.getUTCMonth() === Number(month) - 1 &&
		date.getUTCDate() === Number(day);
	if (!isReal || Number(year) < 1900) {
		throw new InvalidInputError('Birthdate', `"${text}" is not a real date`);
	}
	if (date.getTime() > today.getTime()) {
		throw new InvalidInputError('Birthdate', `"${text}" is in the future`);
	}
	return `${year}${month}${day}`;
}

/**
 * An e-mail address: one @, something on both sides, a dot in the domain; at most `max`
 * characters (50, Tatango's size for a subscriber's e-mail).
 */
export function toEmail(raw: unknown, field = 'Email', max = 50): string | undefined {
	const email = toOptionalText(raw, field, max);
	if (email === undefined) return undefined;
	if (!/^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email)) {
		throw new InvalidInputError(field, `"${email}" is not an e-mail address`);
	}
	return email;
}

/**
 * ZIP or postal code in Tatango's documented 6 characters: a 5-digit US ZIP, or a Canadian postal
 * code (A1A 1A1, sent without its space, in capitals). ZIP+4 does not fit, so it is refused rather
 * than cut.
 */
export function toZipCode(raw: unknown): string | undefined {
	const text = textOf(raw, 'ZIP Code').trim();
	if (text === '') return undefined;
	if (/^\d{5}$/.test(text)) return text;
	if (/^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/.test(text)) return text.replace(' ', '').toUpperCase();
	if (/^\d{5}-\d{4}$/.test(text)) {
		throw new InvalidInputError(
			'ZIP Code',
			`"${text}" is a ZIP+4; Tatango stores up to 6 characters, so use the 5-digit ZIP (${text.slice(0, 5)})`,
		);
	}
	throw new InvalidInputError(
		'ZIP Code',
		`"${text}" is neither a 5-digit US ZIP (e.g. 98101) nor a Canadian postal code (e.g. K1A 0B1)`,
	);
}

/** Gender as Tatango documents it: `Male` or `Female`. */
export function toGender(raw: unknown): 'Male' | 'Female' | undefined {
	const text = textOf(raw, 'Gender').trim().toLowerCase();
	if (text === '') return undefined;
	if (text === 'male' || text === 'm') return 'Male';
	if (text === 'female' || text === 'f') return 'Female';
	throw new InvalidInputError(
		'Gender',
		`"${String(raw)}" is not one of the values Tatango accepts: Male, Female`,
	);
}

/** Tags as Tatango takes them: one comma-separated string. Accepts a list or a comma-separated string. */
export function toTags(raw: unknown): string | undefined {
	const parts = Array.isArray(raw)
		? raw.map((tag) => textOf(tag, 'Tags'))
		: textOf(raw, 'Tags').split(',');
	const tags = parts.map((tag) => tag.trim()).filter((tag) => tag !== '');
	return tags.length > 0 ? tags.join(', ') : undefined;
}

const STANDARD_FIELDS = new Set([
	'phone_number',
	'first_name',
	'last_name',
	'email',
	'birthdate',
	'zip_code',
	'gender',
	'tags',
	'bypass_opt_in_process',
	'bypass_opt_in_response',
]);

/** A key JavaScript treats specially: set as a field, it would be dropped, not sent. */
const RESERVED_KEYS = new Set(['__proto__']);
/**
 * Keys n8n leaves out of every request body it copies (a guard against prototype pollution): as a
 * subscriber's field they would be lost. As a value (the key of a field to create or delete) they
 * go through.
 */
const KEYS_N8N_DROPS = new Set(['constructor', 'prototype']);

function reservedKey(field: string, key: string): InvalidInputError {
	return new InvalidInputError(
		field,
		`key "${key}" is not a key a field can have`,
		'JavaScript and n8n leave __proto__, constructor and prototype out of what is sent, so the value would be lost. Rename the custom field in Tatango. Nothing was sent to Tatango.',
	);
}

/** Custom field keys as Tatango creates them: lowercase letters, digits and underscores. */
export function toCustomFieldKey(raw: unknown, field = 'Custom Fields'): string {
	const key = textOf(raw, field).trim();
	if (!/^[a-z0-9_]+$/.test(key)) {
		throw new InvalidInputError(
			field,
			`key "${key}" must use only lowercase letters, digits and underscores, as in Tatango's custom field settings`,
		);
	}
	if (STANDARD_FIELDS.has(key)) {
		throw new InvalidInputError(
			field,
			`key "${key}" is a standard subscriber field; set it with its own field`,
		);
	}
	if (RESERVED_KEYS.has(key)) throw reservedKey(field, key);
	return key;
}

/**
 * The custom fields of n8n's "Custom Fields" collection (`{ field: [{ key, value }] }`) as flat
 * key/value pairs. Anything else (a string, a number, a single object from an expression) is an
 * error rather than silently nothing; a key given twice is an error rather than one value lost.
 */
export function toCustomFields(raw: unknown): Array<[string, string]> {
	if (raw === undefined || raw === null || raw === '') return [];
	if (typeof raw !== 'object' || Array.isArray(raw)) {
		throw new InvalidInputError(
			'Custom Fields',
			`must be a list of key and value pairs; it received ${Array.isArray(raw) ? 'a list without keys' : `a ${typeof raw}`}`,
		);
	}
	const entries = (raw as { field?: unknown }).field;
	if (entries === undefined || entries === null) return [];
	if (!Array.isArray(entries)) {
		throw new InvalidInputError('Custom Fields', 'must be a list of key and value pairs');
	}
	const seen = new Set<string>();
	return entries.map((entry: unknown) => {
		if (!entry || typeof entry !== 'object') {
			throw new InvalidInputError('Custom Fields', 'each entry needs a key and a value');
		}
		const { key: rawKey, value } = entry as { key?: unknown; value?: unknown };
		const key = toCustomFieldKey(rawKey);
		if (KEYS_N8N_DROPS.has(key)) throw reservedKey('Custom Fields', key);
		if (seen.has(key)) {
			throw new InvalidInputError('Custom Fields', `key "${key}" is given twice`);
		}
		seen.add(key);
		return [key, textOf(value, `Custom Fields (${key})`)];
	});
}
