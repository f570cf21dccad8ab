// The `outcome` every item of a texting operation carries, so one Switch routes them all: `sent`,
// `skipped` and `already_sent` (the checks' outputs), and, on a failed item under Continue On Fail,
// `refused` (a guardrail held it back), `maybe_sent` (the post's fate is unknown) or `not_sent`.
import type { IDataObject } from 'n8n-workflow';

export type FailedOutcome = 'refused' | 'maybe_sent' | 'not_sent';

/** Where a failed text's outcome rides on its error, from the send to the router's error item. */
const OUTCOME = Symbol('tatangoSendOutcome');

/** Marks `error` with what became of the text; the first mark stands. Returns the error. */
export function withOutcome<E>(error: E, outcome: FailedOutcome): E {
	if (typeof error === 'object' && error !== null && !(OUTCOME in error)) {
		Object.defineProperty(error, OUTCOME, { value: outcome });
	}
	return error;
}

/** The outcome a failed text's error carries, if a send marked it. */
export function outcomeOf(error: unknown): FailedOutcome | undefined {
	if (typeof error !== 'object' || error === null) return undefined;
	return (error as { [OUTCOME]?: FailedOutcome })[OUTCOME];
}

/** A text that went: `outcome` first, then what Tatango answered, with its transaction ID. */
export function sentItem(output: IDataObject, transactionId: string | null): IDataObject {
	return { outcome: 'sent', ...output, transactionId };
}
