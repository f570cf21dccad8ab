import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

import { listIdOf } from '../../shared/lists';
import type { ConsentReading } from '../../shared/consent/classify';
import { CONSENT_REVOKED, isKnownDeliveryStatus, type TatangoEvent } from '../events';
import { sourceOf } from './answers';

/** The list this trigger watches, as events spell it; none when the node's List is not an ID. */
function watchedListId(context: IWebhookFunctions): string | undefined {
	try {
		return String(listIdOf(context));
	} catch {
		return undefined;
	}
}

/**
 * Stage 3 of a call: whether this workflow wants the event (its Events, Delivery Statuses, the
 * watched list, what to do with unknown events). The reason it is not wanted, or undefined.
 */
export function whyNotSelected(
	context: IWebhookFunctions,
	event: TatangoEvent,
	options: IDataObject,
	consent: ConsentReading,
): string | undefined {
	const fromList = sourceOf(context) === 'list';
	const passUnknown = (options.unknownEvents ?? 'passThrough') !== 'ignore';
	if (!event.recognized) return passUnknown ? undefined : 'unknown event type';
	const events = context.getNodeParameter(fromList ? 'listEvents' : 'events', []) as string[];
	// "Consent Revoked" selects a revoking reply whichever reply event carries it.
	const revokedAndWanted = consent.consent === 'revoked' && events.includes(CONSENT_REVOKED);
	if (!events.includes(event.event) && !revokedAndWanted) return 'event type not selected';
	// A webhook left on a list the trigger no longer watches.
	if (fromList && event.listId !== null && event.listId !== watchedListId(context)) {
		return 'another list';
	}
	if (event.event === 'delivery_status') {
		const statuses = context.getNodeParameter('deliveryStatuses', []) as string[];
		if (isKnownDeliveryStatus(event.status)) {
			if (!statuses.includes(event.status as string)) return 'status not selected';
		} else if (!passUnknown) {
			return 'unknown delivery status';
		}
	}
	return undefined;
}
