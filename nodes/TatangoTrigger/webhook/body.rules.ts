// Reading the body of a call to the Tatango Trigger: the event object, within bounds that keep a
// hostile payload from costing anything. Pure functions, no n8n context.
import type { IDataObject } from 'n8n-workflow';

export type PayloadProblem = 'empty' | 'malformed' | 'notObject' | 'tooDeep' | 'tooLarge';

/**
 * Bounds on an event: Tatango's events are a few levels deep and a few dozen values. A payload
 * beyond them is answered 400 before anything walks it (fingerprinting a 3,000-level payload
 * overflowed the stack, which made n8n answer 500 and the sender retry).
 */
export const MAX_PAYLOAD_DEPTH = 32;
export const MAX_PAYLOAD_VALUES = 10_000;
/** In characters of its strings and keys together. */
export const MAX_PAYLOAD_TEXT = 1_000_000;

export type PayloadResult =
	| { ok: true; payload: IDataObject }
	| { ok: false; problem: PayloadProblem };

export function isPlainObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value) && !isBinary(value);
}

function isBinary(value: unknown): value is Buffer {
	return Buffer.isBuffer(value) || value instanceof Uint8Array;
}

function parseText(text: string): PayloadResult {
	if (text.trim() === '') return { ok: false, problem: 'empty' };
	let parsed: unknown;
	try {
		parsed = JSON.parse(text);
	} catch {
		return { ok: false, problem: 'malformed' };
	}
	return fromValue(parsed);
}

/** Walks a payload without recursion and says whether it stays within the bounds above. */
export function payloadBoundsProblem(value: unknown): 'tooDeep' | 'tooLarge' | undefined {
	const stack: Array<[unknown, number]> = [[value, 1]];
	let values = 0;
	let text = 0;
	while (stack.length > 0) {
		const [current, depth] = stack.pop() as [unknown, number];
		values++;
		if (values > MAX_PAYLOAD_VALUES) return 'tooLarge';
		if (typeof current === 'string') text += current.length;
		else if (current && typeof current === 'object' && !isBinary(current)) {
			if (depth > MAX_PAYLOAD_DEPTH) return 'tooDeep';
			for (const [key, entry] of Object.entries(current)) {
				text += key.length;
				stack.push([entry, depth + 1]);
			}
		}
		if (text > MAX_PAYLOAD_TEXT) return 'tooLarge';
	}
	return undefined;
}

function fromValue(value: unknown): PayloadResult {
	if (!isPlainObject(value)) return { ok: false, problem: 'notObject' };
	if (Object.keys(value).length === 0) return { ok: false, problem: 'empty' };
	const problem = payloadBoundsProblem(value);
	if (problem) return { ok: false, problem };
	return { ok: true, payload: value };
}

/**
 * The event object of a call. n8n parses `application/json` bodies itself (and answers 422 to
 * invalid JSON sent with that type before the trigger runs); any other or missing content type
 * leaves the text in the raw body, which is parsed here.
 */
export function readPayload(body: unknown, rawBody: unknown): PayloadResult {
	if (isPlainObject(body) && Object.keys(body).length > 0) return fromValue(body);
	if (typeof body === 'string') return parseText(body);
	if (isBinary(body)) return parseText(Buffer.from(body).toString('utf8'));
	if (body !== undefined && body !== null && !isPlainObject(body)) {
		// Parsed JSON that is not an object: an array, a number, `true`...
		return { ok: false, problem: 'notObject' };
	}
	if (isBinary(rawBody)) return parseText(Buffer.from(rawBody).toString('utf8'));
	if (typeof rawBody === 'string') return parseText(rawBody);
	return { ok: false, problem: 'empty' };
}
