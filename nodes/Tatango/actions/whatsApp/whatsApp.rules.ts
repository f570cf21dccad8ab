import type { IDataObject } from 'n8n-workflow';

import { InvalidInputError, parseJson, textOf } from '../../../shared/validation';

/** Template categories Tatango documents for an upload (public docs §3.8). */
export const TEMPLATE_CATEGORIES = ['MARKETING', 'AUTHENTICATION', 'UTILITY'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];

/** A template's name as WhatsApp matches it: exactly, so only surrounding spaces are removed. */
export function toTemplateName(raw: unknown, field = 'Template Name'): string {
	const name = textOf(raw, field).trim();
	if (name === '')
		throw new InvalidInputError(field, 'is required (the exact name of an approved template)');
	return name;
}

/** A template language code of 2 to 5 characters, such as `en` or `en_US`. */
export function toTemplateLanguage(raw: unknown): string {
	const language = textOf(raw, 'Language').trim();
	if (language.length < 2 || language.length > 5) {
		throw new InvalidInputError(
			'Language',
			language === ''
				? 'is required (2 to 5 characters, e.g. en or en_US)'
				: `"${language}" is ${language.length} characters long; a language code has 2 to 5 (e.g. en or en_US)`,
		);
	}
	return language;
}

export function toTemplateCategory(raw: unknown): TemplateCategory {
	const category = textOf(raw, 'Category').trim().toUpperCase();
	if (!(TEMPLATE_CATEGORIES as readonly string[]).includes(category)) {
		throw new InvalidInputError(
			'Category',
			`"${String(raw ?? '')}" is not one of ${TEMPLATE_CATEGORIES.join(', ')}`,
		);
	}
	return category as TemplateCategory;
}

/** Keys n8n (and JavaScript, for `__proto__`) leave out of a request body: the template would lose them. */
const KEYS_NOT_SENT = new Set(['__proto__', 'constructor', 'prototype']);

/** The path of the first key of `value` that would not be sent, if any (walked without recursion). */
function keyNotSent(value: unknown): string | undefined {
	const stack: Array<[unknown, string]> = [[value, '']];
	while (stack.length > 0) {
		const [current, path] = stack.pop() as [unknown, string];
		if (!current || typeof current !== 'object') continue;
		for (const [key, entry] of Object.entries(current)) {
			const at = path === '' ? key : `${path}.${key}`;
			if (KEYS_NOT_SENT.has(key)) return at;
			stack.push([entry, at]);
		}
	}
	return undefined;
}

/** The template's `structure`: a JSON object (typed in, or from an expression). */
export function toTemplateStructure(raw: unknown): IDataObject {
	let value = raw;
	if (typeof raw === 'string') {
		value = parseJson(raw);
		if (value === undefined) throw new InvalidInputError('Structure', 'is not valid JSON');
	}
	if (
		typeof value !== 'object' ||
		value === null ||
		Array.isArray(value) ||
		Object.keys(value).length === 0
	) {
		throw new InvalidInputError(
			'Structure',
			'must be a JSON object, e.g. {"type":"TEXT","body":{"text":"Your order has shipped"}}',
		);
	}
	const lost = keyNotSent(value);
	if (lost !== undefined) {
		throw new InvalidInputError(
			'Structure',
			`has the key "${lost.split('.').pop()}" (at ${lost}), which n8n leaves out of what it sends`,
			'Rename or remove that key: the template would reach Tatango without it. Nothing was sent to Tatango.',
		);
	}
	return value as IDataObject;
}
