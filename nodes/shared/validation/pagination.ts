import { InvalidInputError } from './InvalidInputError';
import { numberOf } from './text';

/** A Get Many's Limit: a whole number of records, at least 1. */
export function toLimit(raw: unknown): number {
	const limit = numberOf(raw, 'Limit');
	if (!Number.isSafeInteger(limit) || limit < 1) {
		throw new InvalidInputError(
			'Limit',
			`"${String(raw)}" is not a number of records (a whole number of 1 or more)`,
		);
	}
	return limit;
}
