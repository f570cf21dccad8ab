import { InvalidInputError, numberOf } from '../../../shared/validation';

/** The longest a node run may wait for Tatango to finish something (a MOMT report). */
export const MAX_WAIT_MINUTES = 60;
/** Tatango's v2 limit is one call every 3 seconds: checking more often than that cannot help. */
export const MIN_CHECK_SECONDS = 3;

export interface PollSchedule {
	maxWaitMs: number;
	intervalMs: number;
}

/**
 * How long to wait and how often to check: up to 60 minutes (a longer wait belongs in a Wait
 * node, not in a running execution), every 3 seconds or more, and at least one check.
 */
export function toPollSchedule(
	maxWaitMinutes: unknown,
	checkEverySeconds: unknown,
	fields = { maxWait: 'Max Wait (Minutes)', checkEvery: 'Check Every (Seconds)' },
): PollSchedule {
	const minutes = numberOf(maxWaitMinutes, fields.maxWait);
	if (!Number.isFinite(minutes) || minutes <= 0 || minutes > MAX_WAIT_MINUTES) {
		throw new InvalidInputError(
			fields.maxWait,
			`must be more than 0 and at most ${MAX_WAIT_MINUTES} minutes; got ${String(maxWaitMinutes)}`,
			'For longer reports, create the report without waiting and check it later with MOMT Report → Get (after a Wait node).',
		);
	}
	const seconds = numberOf(checkEverySeconds, fields.checkEvery);
	if (!Number.isFinite(seconds) || seconds < MIN_CHECK_SECONDS) {
		throw new InvalidInputError(
			fields.checkEvery,
			`must be at least ${MIN_CHECK_SECONDS} seconds (Tatango allows one call every 3 seconds); got ${String(checkEverySeconds)}`,
		);
	}
	if (seconds > minutes * 60) {
		throw new InvalidInputError(
			fields.checkEvery,
			`(${seconds} s) is longer than ${fields.maxWait} (${minutes * 60} s): the report would never be checked`,
		);
	}
	return { maxWaitMs: Math.round(minutes * 60_000), intervalMs: Math.round(seconds * 1000) };
}
