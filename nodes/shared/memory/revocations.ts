// Revoked consent, as the Tatango Trigger records it from a reply and the opt-out check reads it.
// One mark per number, in the workflow's store: seen by every Tatango node of the same workflow
// (not by other workflows: n8n's store is per workflow), and, like every mark, dropped once
// MEMORY_SIZE newer marks follow it. Tatango's own opt-out list is the record that lasts.
import type { IExecuteFunctions } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { settleMs } from './claims';
import { revokedMark } from './marks';
import { workflowStore } from './store';

const FEATURE = 'Honoring revoked consent';

/**
 * Records that the person at `phone` (ten digits) revoked consent. `recorded` the first time,
 * `alreadyRecorded` while the mark is there (a reply delivered twice): confirm once per revocation.
 * Takes the settle time of a claim (at least 150 ms): the mark is written a second time then.
 */
export async function recordRevocation(
	context: IExecuteFunctions,
	phone: string,
	pause: (ms: number) => Promise<void> = sleep,
): Promise<'recorded' | 'alreadyRecorded'> {
	const mark = revokedMark(phone);
	const store = workflowStore(context, FEATURE);
	const present = await store.testAndSet([mark]);
	// Written again once another process's write could have overwritten it (or a read of another
	// process, which records and removes what it tests, removed it): a revocation is never lost.
	await pause(settleMs(store));
	await store.testAndSet([mark]);
	return present.has(mark) ? 'alreadyRecorded' : 'recorded';
}

/** The person opted back in (START, UNSTOP): their revocation is forgotten. */
export async function clearRevocation(context: IExecuteFunctions, phone: string): Promise<void> {
	await workflowStore(context, FEATURE).remove([revokedMark(phone)]);
}

/** Which of `phones` have a revocation recorded: one read of the store for all of them. */
export async function revokedAmong(
	context: IExecuteFunctions,
	phones: readonly string[],
): Promise<Set<string>> {
	const byMark = new Map(phones.map((phone) => [revokedMark(phone), phone]));
	const present = await workflowStore(context, FEATURE).presentAmong([...byMark.keys()]);
	return new Set([...byMark].filter(([mark]) => present.has(mark)).map(([, phone]) => phone));
}
