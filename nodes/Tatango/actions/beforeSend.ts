import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';

import type { TatangoClient } from '../../shared/transport';
import { skipOptedOut } from './optOuts';
import { quietHoursCheck } from './quietHours';

/** Who a text is about to reach, and on which channel: what the checks before a send look at. */
export interface OutgoingText {
	/** Ten digits, already checked. */
	phoneNumber: string;
	/** The v3 channel, or `V2` for a v2 Transactional Message. */
	channel: 'SMS' | 'MMS' | 'RCS' | 'WHATSAPP' | 'V2';
}

/**
 * One check before a text. Nothing returned: the text may go. A record returned: the text is not
 * sent and the record is the item's output (a skip, paired with the item). A refusal throws an
 * error naming the rule.
 */
export type SendCheck = (
	context: IExecuteFunctions,
	itemIndex: number,
	tatango: TatangoClient,
	text: OutgoingText,
) => Promise<IDataObject | undefined>;

/**
 * The checks, in order; the first that skips or refuses decides. A number that opted out is
 * skipped before any other check can refuse it: it is never to be texted, at any hour.
 */
const SEND_CHECKS: SendCheck[] = [skipOptedOut, quietHoursCheck];

/**
 * The one place every operation that texts a person asks before sending: the v3 sends (v3Send.ts),
 * Send and Wait, v2 Transactional Message. The per-send guardrails are the checks above.
 */
export async function checkBeforeSend(
	context: IExecuteFunctions,
	itemIndex: number,
	tatango: TatangoClient,
	text: OutgoingText,
): Promise<IDataObject | undefined> {
	for (const check of SEND_CHECKS) {
		const skipped = await check(context, itemIndex, tatango, text);
		if (skipped) return skipped;
	}
	return undefined;
}
