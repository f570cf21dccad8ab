// A reply the Events filter does not select is still honored when Honor Revocations is on: a
// revocation (or START) counts whatever the workflow listens to, and without a compliance ledger
// only the run (execute(), where n8n lends its database) can record it. So webhook() starts the run
// with the item marked, the run honors it and passes nothing on. Pure, no n8n context.
import type { IDataObject } from 'n8n-workflow';

import { CONFIRMATION_REASON, type ConsentReading } from '../../shared/consent/classify';
import { UNCLEAR_REPLIES } from './honourFields';

/** Marks an item webhook() started only to be honored; removed before anything downstream sees it. */
export const HONOUR_ONLY_FIELD = '__tatangoHonourOnly';

/** Whether Honor Revocations acts on this reading (so it must be honored even if not selected). */
export function isHonoured(
	reading: Pick<ConsentReading, 'consent' | 'consentReason'>,
	unclearReplies: unknown,
): boolean {
	if (reading.consent === 'revoked') return true;
	if (reading.consent === 'opt_in') return reading.consentReason !== CONFIRMATION_REASON;
	return reading.consent === 'unclear' && unclearReplies !== UNCLEAR_REPLIES.hold;
}

/** The field that marks an unselected reply webhook() starts the run for, or nothing. */
export function honourOnlyMark(
	notSelected: string | undefined,
	honourRevocations: unknown,
	reading: ConsentReading,
	unclearReplies: unknown,
): IDataObject | undefined {
	if (notSelected !== 'event type not selected' || honourRevocations !== true) return undefined;
	return isHonoured(reading, unclearReplies) ? { [HONOUR_ONLY_FIELD]: true } : undefined;
}
