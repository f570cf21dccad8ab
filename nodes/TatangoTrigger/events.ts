// What a Tatango event is: its kind, and the fields a workflow builder needs without reading
// Tatango's docs. Pure functions, no n8n context.
import type { IDataObject } from 'n8n-workflow';

import { isPlainObject } from './webhook/body.rules';

/** v3 Message Sending API events (envelope `{ transactionId, eventType, body }`). */
export const V3_EVENTS = ['delivery_status', 'invalid_phone', 'reply_received'] as const;

/** v2 list webhook events (`type` field) and the v2 transactional reply. */
export const V2_EVENTS = [
	'subscribe',
	'unsubscribe',
	'message_sent',
	'campaign_response',
	'cleaned',
	'transactional_message_reply',
] as const;

/** Every event the trigger knows: the Events field lists these, and selects them all by default. */
export const KNOWN_EVENTS = [...V3_EVENTS, ...V2_EVENTS] as const;
export type KnownEvent = (typeof KNOWN_EVENTS)[number];

/** The events that carry what a person wrote back: each is read for consent. */
export const REPLY_EVENTS: readonly string[] = [
	'reply_received',
	'campaign_response',
	'transactional_message_reply',
];

/**
 * Not an event type: what the Events filter selects to start on every reply that revokes consent,
 * whatever event carries it.
 */
export const CONSENT_REVOKED = 'consent_revoked';

/** `delivery_status` statuses, spelled as Tatango sends them (with a space). */
export const DELIVERY_STATUSES = ['success', 'soft bounce', 'hard bounce'] as const;

export interface TatangoEvent {
	/** A known event name, else the `eventType`/`type` as sent, else `unknown`. */
	event: string;
	/** Whether `event` is one of the documented event types. */
	recognized: boolean;
	apiVersion: 'v2' | 'v3' | null;
	/** `delivery_status` only: `success`, `soft bounce` or `hard bounce` (or what was sent). */
	status: string | null;
	phoneNumber: string | null;
	/** v3: the send's `transactionId`; v2 transactional reply: `transactional_message_id`. */
	transactionId: string | null;
	/** v2 list events: `opt_id`. */
	optId: string | null;
	/** v2 list events: `campaign_id` (the list ID). */
	listId: string | null;
	/** Reply events: what the recipient wrote. */
	replyText: string | null;
	/** v3 `reply_received`: the channel the reply came over (`SMS`, `MMS`, `RCS`, `WHATSAPP`...), as sent. */
	channel: string | null;
	/** `invalid_phone` reason, or `cleaned` clean_reason. */
	reason: string | null;
	/** The event's own time from the payload (deliveredAt, sentAt, timestamp...), as sent. */
	occurredAt: string | null;
	/**
	 * What makes this event the same event when it is delivered again: its ID, type and status
	 * (plus the reply time and text for replies, which share a transaction). Not secret, never output.
	 */
	identity: string;
}

function text(value: unknown): string | null {
	if (typeof value === 'string') return value;
	if (typeof value === 'number' && Number.isFinite(value)) return String(value);
	return null;
}

function firstText(...values: unknown[]): string | null {
	for (const value of values) {
		const result = text(value);
		if (result !== null) return result;
	}
	return null;
}

/** `Soft Bounce`, `soft_bounce` and ` soft bounce ` all mean `soft bounce`; other values stay as sent. */
export function normalizeStatus(value: unknown): string | null {
	const raw = text(value);
	if (raw === null) return null;
	const folded = raw
		.trim()
		.toLowerCase()
		.replace(/[\s_-]+/g, ' ');
	return (DELIVERY_STATUSES as readonly string[]).includes(folded) ? folded : raw;
}

export function isKnownDeliveryStatus(status: string | null): boolean {
	return status !== null && (DELIVERY_STATUSES as readonly string[]).includes(status);
}

/** JSON with sorted keys, so the same payload always gives the same text. */
export function canonicalJson(value: unknown): string {
	if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
	if (isPlainObject(value)) {
		const keys = Object.keys(value).sort();
		return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`).join(',')}}`;
	}
	return JSON.stringify(value) ?? 'null';
}

function identityOf(parts: unknown[], required: unknown, payload: IDataObject): string {
	if (text(required) === null) return canonicalJson(['payload', payload]);
	// 42 and "42" are the same ID: senders are not always consistent about number or string.
	return JSON.stringify(
		parts.map((part) => (typeof part === 'number' ? String(part) : (part ?? null))),
	);
}

function emptyEvent(): Omit<TatangoEvent, 'event' | 'recognized' | 'apiVersion' | 'identity'> {
	return {
		status: null,
		phoneNumber: null,
		transactionId: null,
		optId: null,
		listId: null,
		replyText: null,
		channel: null,
		reason: null,
		occurredAt: null,
	};
}

function classifyV3(payload: IDataObject, eventType: string): TatangoEvent {
	const body = isPlainObject(payload.body) ? payload.body : {};
	const transactionId = text(payload.transactionId);
	const base = {
		...emptyEvent(),
		apiVersion: 'v3' as const,
		transactionId,
		phoneNumber: text(body.phoneNumber),
	};
	switch (eventType) {
		case 'delivery_status': {
			const status = normalizeStatus(body.status);
			return {
				...base,
				event: eventType,
				recognized: true,
				status,
				occurredAt: text(body.deliveredAt),
				identity: identityOf(['v3', transactionId, eventType, status], transactionId, payload),
			};
		}
		case 'invalid_phone':
			return {
				...base,
				event: eventType,
				recognized: true,
				reason: text(body.reason),
				identity: identityOf(['v3', transactionId, eventType], transactionId, payload),
			};
		case 'reply_received':
			return {
				...base,
				event: eventType,
				recognized: true,
				replyText: text(body.content),
				channel: text(body.channel),
				occurredAt: text(body.sentAt),
				identity: identityOf(
					['v3', transactionId, eventType, body.sentAt, body.content],
					transactionId,
					payload,
				),
			};
		default:
			return {
				...base,
				event: eventType,
				recognized: false,
				status: normalizeStatus(body.status),
				identity: identityOf(
					['v3', transactionId, eventType, canonicalJson(payload.body)],
					transactionId,
					payload,
				),
			};
	}
}

/** A v2 event's own fields, and always what identifies it. */
type V2EventFields = Partial<TatangoEvent> & { identity: string };

/** A v2 list event (subscribe, unsubscribe): its time, and the opt event it reports. */
function v2OptEvent(payload: IDataObject, type: string): V2EventFields {
	return {
		occurredAt: firstText(
			type === 'unsubscribe' ? payload.unsubscribe_date : undefined,
			payload.timestamp,
		),
		// Tatango's duplicates carry the same opt_id (the opt event), not always the same timestamp.
		identity: identityOf(
			['v2', type, payload.campaign_id, payload.opt_id],
			payload.opt_id,
			payload,
		),
	};
}

/**
 * Each documented v2 event type: its own fields, and what makes a delivery of it the same event
 * (the fields every v2 event has are read by classifyV2).
 */
const V2_EVENT_FIELDS: Record<
	(typeof V2_EVENTS)[number],
	(payload: IDataObject, type: string) => V2EventFields
> = {
	subscribe: v2OptEvent,
	unsubscribe: v2OptEvent,
	message_sent: (payload, type) => ({
		occurredAt: firstText(payload.sent_timestamp, payload.timestamp),
		identity: identityOf(
			['v2', type, payload.campaign_id, payload.message_id],
			payload.message_id,
			payload,
		),
	}),
	campaign_response: (payload, type) => ({
		replyText: text(payload.reply_content),
		occurredAt: firstText(payload.response_timestamp, payload.timestamp),
		identity: identityOf(
			[
				'v2',
				type,
				payload.opt_id,
				payload.message_id,
				payload.response_timestamp,
				payload.reply_content,
			],
			payload.opt_id,
			payload,
		),
	}),
	cleaned: (payload, type) => ({
		reason: text(payload.clean_reason),
		occurredAt: firstText(payload.cleaned_at, payload.timestamp),
		identity: identityOf(
			['v2', type, payload.campaign_id, payload.subscriber_id, payload.cleaned_at],
			payload.subscriber_id,
			payload,
		),
	}),
	transactional_message_reply: (payload, type) => {
		const transactionId = text(payload.transactional_message_id);
		return {
			transactionId,
			replyText: text(payload.content),
			occurredAt: text(payload.received_at),
			identity: identityOf(
				['v2', type, transactionId, payload.received_at, payload.phone_number, payload.content],
				transactionId,
				payload,
			),
		};
	},
};

function classifyV2(payload: IDataObject, type: string): TatangoEvent {
	const base = {
		...emptyEvent(),
		apiVersion: 'v2' as const,
		phoneNumber: text(payload.phone_number),
		optId: text(payload.opt_id),
		listId: text(payload.campaign_id),
	};
	const fieldsOf = (V2_EVENTS as readonly string[]).includes(type)
		? V2_EVENT_FIELDS[type as (typeof V2_EVENTS)[number]]
		: undefined;
	if (fieldsOf) return { ...base, event: type, recognized: true, ...fieldsOf(payload, type) };
	return {
		...base,
		event: type,
		recognized: false,
		occurredAt: text(payload.timestamp),
		identity: canonicalJson(['payload', payload]),
	};
}

/** What kind of Tatango event a payload is, with its normalized fields. */
export function classifyEvent(payload: IDataObject): TatangoEvent {
	if (typeof payload.eventType === 'string' && payload.eventType.trim() !== '') {
		return classifyV3(payload, payload.eventType.trim());
	}
	if (typeof payload.type === 'string' && payload.type.trim() !== '') {
		return classifyV2(payload, payload.type.trim());
	}
	return {
		...emptyEvent(),
		event: 'unknown',
		recognized: false,
		apiVersion: null,
		transactionId: text(payload.transactionId),
		phoneNumber: firstText(payload.phoneNumber, payload.phone_number),
		identity: canonicalJson(['payload', payload]),
	};
}
