import type { IDataObject } from 'n8n-workflow';

/**
 * Tatango's documented timing after a broadcast: carriers report delivery over the first
 * 10 minutes, so statistics read earlier are incomplete; `parts` appears after 30 minutes.
 */
export const STATS_RELIABLE_AFTER_MS = 10 * 60 * 1000;
export const PARTS_AVAILABLE_AFTER_MS = 30 * 60 * 1000;

export const DELIVERY_TIMING_NOTE =
	'Delivery statistics are final about 10 minutes after the send (read them then with Broadcast Message → Get); the message parts count appears after 30 minutes.';

/** When a broadcast sent at `sentAtMs` has reliable statistics and its parts count. */
export function deliveryTiming(sentAtMs: number, nowMs: number): IDataObject {
	const statsAt = sentAtMs + STATS_RELIABLE_AFTER_MS;
	return {
		statsReliable: nowMs >= statsAt,
		statsReliableAt: new Date(statsAt).toISOString(),
		partsAvailableAt: new Date(sentAtMs + PARTS_AVAILABLE_AFTER_MS).toISOString(),
	};
}

/**
 * A message record with, for a sent one, when its statistics can be trusted. Drafts and scheduled
 * messages have no statistics yet, and a `sent_at` Tatango cannot parse is left as it is.
 */
export function withDeliveryTiming(message: IDataObject, nowMs: number): IDataObject {
	if (message.status !== 'sent') return message;
	const sentAtMs = Date.parse(String(message.sent_at ?? ''));
	if (Number.isNaN(sentAtMs)) return message;
	return { ...message, ...deliveryTiming(sentAtMs, nowMs) };
}

/** Fields Simplify leaves out of a message: per-channel counts, cost, links and parts. */
export const MESSAGE_SIMPLIFY_DROPS = [
	'is_broadcast',
	'sms_count',
	'mms_count',
	'send_cost',
	'attachment',
	'cancelled_at',
	'message_links',
	'tracking_links',
	'parts',
] as const;
