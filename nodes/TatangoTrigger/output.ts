// The item a Tatango event starts the workflow with. Pure, no n8n context.
import type { IDataObject } from 'n8n-workflow';

import { tenDigitsOf } from '../shared/validation';
import type { ConsentReading } from '../shared/consent/classify';
import { consentOf } from './consent/ofEvent';
import type { TatangoEvent } from './events';

/** The output item: normalized fields first, then the payload exactly as received. */
export function toOutputJson(
	event: TatangoEvent,
	payload: IDataObject,
	receivedAt: Date,
	consent: ConsentReading = consentOf(event),
): IDataObject {
	return {
		event: event.event,
		status: event.status,
		phoneNumber: event.phoneNumber,
		transactionId: event.transactionId,
		receivedAt: receivedAt.toISOString(),
		occurredAt: event.occurredAt,
		apiVersion: event.apiVersion,
		recognized: event.recognized,
		optId: event.optId,
		listId: event.listId,
		replyText: event.replyText,
		channel: event.channel,
		reason: event.reason,
		// Named as n8n's Chat Trigger names them, so an AI Agent (prompt from the connected trigger)
		// and its memory (session ID from the connected trigger) read them with no Set node between:
		// one conversation per phone number, the person's text as the prompt.
		sessionId: tenDigitsOf(event.phoneNumber),
		chatInput: event.replyText,
		// Every reply read for consent (shared/consent/classify.ts): revoked, help, opt_in, unclear or
		// null, and why where the words alone do not say it.
		consent: consent.consent,
		consentWords: consent.consentWords,
		consentLanguage: consent.consentLanguage,
		consentReason: consent.consentReason,
		payload,
	};
}
