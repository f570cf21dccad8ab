// A reply's revocation or opt-in written to the compliance ledger by webhook(), before the trigger
// answers and whatever its Events filter: the record holds every STOP and START that reached n8n,
// also when the workflow does not start for it (docs/ledger.md).
import type { IWebhookFunctions } from 'n8n-workflow';

import type { ConsentReading } from '../../shared/consent/classify';
import { Ledger, type LedgerRow } from '../../shared/ledger';
import { hasLedger } from '../../shared/transport';
import { tenDigitsOf } from '../../shared/validation';
import type { TatangoEvent } from '../events';
import { isHonoured } from './unselected';

/** What the ledger records for this event: a revocation, an opt-in, or nothing. */
export function consentKindOf(
	event: TatangoEvent,
	consent: ConsentReading,
	unclearReplies?: unknown,
): 'revocation' | 'opt_in' | undefined {
	if (event.event === 'unsubscribe') return 'revocation';
	if (event.event === 'subscribe') return 'opt_in';
	// As Honor Revocations reads it: an unclear reply as set, a bare YES (a confirmation) as nothing.
	if (!isHonoured(consent, unclearReplies)) return undefined;
	return consent.consent === 'opt_in' ? 'opt_in' : 'revocation';
}

/**
 * Writes the event's revocation or opt-in when the trigger has a ledger; throws when it cannot
 * (n8n then answers 500 and the sender delivers the event again: a revocation is never dropped).
 */
export async function recordConsentInLedger(
	context: IWebhookFunctions,
	event: TatangoEvent,
	consent: ConsentReading,
	now = Date.now(),
): Promise<LedgerRow | undefined> {
	if (!hasLedger(context)) return undefined;
	const kind = consentKindOf(event, consent, context.getNodeParameter('unclearReplies', 'revoke'));
	const phone = tenDigitsOf(event.phoneNumber);
	if (!kind || phone === null) return undefined;
	const workflow = context.getWorkflow();
	const ledger = await Ledger.open(context, {
		workflow: String(workflow.id ?? ''),
		workflowName: String(workflow.name ?? ''),
		execution: '',
		node: context.getNode().name,
	});
	return await ledger.recordConsent(kind, phone, now, {
		words: consent.consentWords ?? event.replyText,
		channel: event.channel ?? event.apiVersion,
		reason:
			consent.consent === null
				? `Tatango list event ${event.event}${event.listId ? ` (list ${event.listId})` : ''}`
				: `reply: ${event.event}`,
	});
}
