// What a Tatango event says about consent: only replies are read. Pure, no n8n context.
import { REPLY_EVENTS, type TatangoEvent } from '../events';
import { readConsent, type ConsentReading } from '../../shared/consent/classify';

/** What a reply says about consent (revoked, help, opt_in); nothing for other events. */
export function consentOf(event: TatangoEvent): ConsentReading {
	if (!event.recognized || !REPLY_EVENTS.includes(event.event)) return readConsent(null);
	return readConsent(event.replyText);
}
