import type { IExecuteFunctions } from 'n8n-workflow';

/** What n8n's getNodeParameter takes beyond the name, item and fallback. */
export interface ParameterReadOptions {
	extractValue?: boolean;
}

/** Reads one parameter for one item, as `getNodeParameter(name, itemIndex, fallback, options)`. */
export type ParameterReader = (
	name: string,
	itemIndex: number,
	fallback?: unknown,
	options?: ParameterReadOptions,
) => unknown;

function holdsExpression(value: unknown): boolean {
	if (typeof value === 'string') return value.startsWith('=');
	if (Array.isArray(value)) return value.some(holdsExpression);
	if (value !== null && typeof value === 'object')
		return Object.values(value).some(holdsExpression);
	return false;
}

function savedAt(saved: Record<string, unknown>, path: string): unknown {
	let at: unknown = saved;
	for (const key of path.split('.')) {
		if (at === null || typeof at !== 'object' || !Object.prototype.hasOwnProperty.call(at, key))
			return undefined;
		at = (at as Record<string, unknown>)[key];
	}
	return at;
}

/**
 * A node run's reader of its parameters. A parameter whose saved value holds no
 * expression is the same for every item, so n8n is asked for it once per run; one with an expression
 * is read for each item, as before. n8n's getNodeParameter resolves, validates and copies even a
 * fixed value on every read, and a texting operation reads each guardrail's fields for every item,
 * also those of guardrails that are off. Objects are handed out as copies, as n8n does.
 */
export function runParameterReader(context: IExecuteFunctions): ParameterReader {
	let saved: Record<string, unknown> | undefined;
	const fixed = new Map<string, unknown>();
	return (name, itemIndex, fallback, options) => {
		const key = options?.extractValue === true ? `${name}\u0000value` : name;
		if (!fixed.has(key)) {
			const value = context.getNodeParameter(name, itemIndex, fallback, options);
			saved ??= context.getNode().parameters;
			// A dotted name reads a collection's field (Compliance, Options).
			const held = savedAt(saved, name);
			if (held === undefined || holdsExpression(held)) return value;
			fixed.set(key, value);
		}
		const value = fixed.get(key);
		return value !== null && typeof value === 'object' ? structuredClone(value) : value;
	};
}
