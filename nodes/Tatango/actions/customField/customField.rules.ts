import { InvalidInputError, toCustomFieldKey, numberOf, textOf } from '../../../shared/validation';

export type CustomFieldContentType = 'text' | 'datetime' | 'number';

/** Documented: `max_length` ≤ 9999; a field without one is refused ("must be greater than 0"). */
export const CUSTOM_FIELD_MAX_LENGTH = 9999;
const CONTENT_TYPES: readonly CustomFieldContentType[] = ['text', 'datetime', 'number'];

export interface CustomFieldInput {
	label: unknown;
	key: unknown;
	contentType: unknown;
	maxLength: unknown;
	pattern?: unknown;
	validatePatternViaApi?: boolean;
	defaultValue?: unknown;
}

export interface CustomFieldDefinition {
	label: string;
	key: string;
	content_type: CustomFieldContentType;
	max_length: number;
	pattern?: string;
	should_validate_regex_via_api?: boolean;
	default_value?: string;
}

function optionalText(raw: unknown, field: string): string | undefined {
	const text = textOf(raw, field).trim();
	return text === '' ? undefined : text;
}

/**
 * A pattern Tatango can use. Tatango runs Ruby, whose \A, \z and \Z anchors JavaScript lacks: they
 * are read as ^ and $ for this check only; the pattern is sent as typed.
 */
function toPattern(raw: unknown): string | undefined {
	const pattern = optionalText(raw, 'Pattern');
	if (pattern === undefined) return undefined;
	let problem: string | undefined;
	try {
		new RegExp(pattern.replace(/\\A/g, '^').replace(/\\[zZ]/g, '$'));
	} catch (error) {
		problem = (error as Error).message;
	}
	if (problem !== undefined) {
		throw new InvalidInputError('Pattern', `"${pattern}" is not a regular expression (${problem})`);
	}
	return pattern;
}

/** The `custom_field` object of `POST /lists/{id}/custom_fields`, validated. */
export function toCustomFieldDefinition(input: CustomFieldInput): CustomFieldDefinition {
	// Tatango documents no length for a label; only an empty one is refused here.
	const label = optionalText(input.label, 'Label');
	if (label === undefined) throw new InvalidInputError('Label', 'is required');
	const key = toCustomFieldKey(input.key, 'Key');
	const contentType = String(input.contentType ?? '') as CustomFieldContentType;
	if (!CONTENT_TYPES.includes(contentType)) {
		throw new InvalidInputError(
			'Content Type',
			`"${String(input.contentType)}" is not one of ${CONTENT_TYPES.join(', ')}`,
		);
	}
	const maxLength = numberOf(input.maxLength, 'Max Length');
	if (!Number.isInteger(maxLength) || maxLength < 1 || maxLength > CUSTOM_FIELD_MAX_LENGTH) {
		throw new InvalidInputError(
			'Max Length',
			`"${String(input.maxLength)}" must be a whole number from 1 to ${CUSTOM_FIELD_MAX_LENGTH}`,
		);
	}
	const pattern = toPattern(input.pattern);
	if (input.validatePatternViaApi && pattern === undefined) {
		throw new InvalidInputError(
			'Validate Pattern on API Writes',
			'needs a Pattern to check values against',
		);
	}
	const defaultValue = optionalText(input.defaultValue, 'Default Value');
	if (defaultValue !== undefined) {
		if (defaultValue.length > maxLength) {
			throw new InvalidInputError(
				'Default Value',
				`is ${defaultValue.length} characters long; Max Length is ${maxLength}`,
			);
		}
		if (contentType === 'number' && !Number.isFinite(Number(defaultValue))) {
			throw new InvalidInputError('Default Value', `"${defaultValue}" is not a number`);
		}
		if (contentType === 'datetime' && Number.isNaN(Date.parse(defaultValue))) {
			throw new InvalidInputError(
				'Default Value',
				`"${defaultValue}" is not a date and time (e.g. 2026-01-31T09:00:00Z)`,
			);
		}
	}
	return {
		label,
		key,
		content_type: contentType,
		max_length: maxLength,
		...(pattern !== undefined ? { pattern } : {}),
		...(input.validatePatternViaApi ? { should_validate_regex_via_api: true } : {}),
		...(defaultValue !== undefined ? { default_value: defaultValue } : {}),
	};
}
