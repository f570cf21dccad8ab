import { WAIT_INDEFINITELY } from 'n8n-workflow';

import { InvalidInputError } from '../../../../shared/validation';

/** The "Limit Wait Time" option, as n8n's own send-and-wait nodes offer it. */
export interface WaitLimit {
	limitType?: 'afterTimeInterval' | 'atSpecifiedTime';
	resumeAmount?: number;
	resumeUnit?: 'minutes' | 'hours' | 'days';
	maxDateAndTime?: string;
}

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/**
 * When the execution stops waiting for a reply and resumes as `timed_out`. No limit means it waits
 * until a reply or a bounce arrives. Checked before the message is sent.
 */
export function waitUntil(limit: WaitLimit | undefined, now: number): Date {
	if (!limit || Object.keys(limit).length === 0) return WAIT_INDEFINITELY;
	if (limit.limitType === 'atSpecifiedTime') {
		const at = new Date(String(limit.maxDateAndTime ?? ''));
		if (!limit.maxDateAndTime || Number.isNaN(at.getTime())) {
			throw new InvalidInputError(
				'Max Date and Time',
				`"${limit.maxDateAndTime ?? ''}" is not a date and time`,
			);
		}
		if (at.getTime() <= now) {
			throw new InvalidInputError(
				'Max Date and Time',
				`${at.toISOString()} is in the past; nobody could reply in time`,
			);
		}
		return at;
	}
	const amount = Number(limit.resumeAmount ?? 1);
	const unit = limit.resumeUnit ?? 'hours';
	if (!Number.isFinite(amount) || amount <= 0) {
		throw new InvalidInputError('Amount', `must be more than 0; got ${limit.resumeAmount}`);
	}
	if (!(unit in UNIT_MS)) throw new InvalidInputError('Unit', `"${unit}" is not a unit`);
	return new Date(now + amount * UNIT_MS[unit]);
}
