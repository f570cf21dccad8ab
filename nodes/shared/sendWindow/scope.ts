import { InvalidInputError, textOf } from '../validation';
import type { SendWindowScope } from './window';

const SCOPES: Record<string, SendWindowScope | undefined> = {
	off: undefined,
	federal: 'federal',
	federalAndState: 'federalAndState',
};

/**
 * A send-window choice as fields and policies store it (`off`, `federal`, `federalAndState`): the
 * scope it checks, or undefined for none. Read by the Quiet Hours check, the credentials' Quiet
 * Hours Policy and Phone Number → Check Send Window.
 */
export function toSendWindowScope(raw: unknown, field: string): SendWindowScope | undefined {
	const value = textOf(raw, field).trim() || 'off';
	if (!(value in SCOPES)) {
		throw new InvalidInputError(
			field,
			`"${value}" is not a choice; use off, federal or federalAndState`,
		);
	}
	return SCOPES[value];
}

/** The stricter of two scopes: state rules include the federal ones. */
export function stricterScope(
	a?: SendWindowScope,
	b?: SendWindowScope,
): SendWindowScope | undefined {
	if (a === 'federalAndState' || b === 'federalAndState') return 'federalAndState';
	return a ?? b;
}
