// What a list webhook registered by the trigger looks like in Tatango (public docs: list webhook
// management), and how the trigger recognises its own. Pure functions: no n8n context, no HTTP.
import { createHmac } from 'node:crypto';

import { TOKEN_QUERY_PARAMETER } from '../shared/triggerUrlToken';
import { CONSENT_REVOKED } from './events';

/** The list events a registered webhook can carry, as the trigger names them (Tatango's `type`). */
export const LIST_EVENTS = [
	'subscribe',
	'unsubscribe',
	'message_sent',
	'campaign_response',
	'cleaned',
] as const;
export type ListEvent = (typeof LIST_EVENTS)[number];

/** The webhook flag that switches each event on. A reply arrives as `campaign_response`. */
export const FLAG_OF_EVENT: Record<ListEvent, string> = {
	subscribe: 'subscribe',
	unsubscribe: 'unsubscribe',
	message_sent: 'message_sent',
	campaign_response: 'reply_received',
	cleaned: 'cleaned',
};

export interface WebhookFields {
	callback_url: string;
	[flag: string]: string | boolean;
}

/** A list webhook as Tatango returns it (only the fields the trigger reads). */
export interface ListWebhook {
	id: number | string;
	callback_url?: unknown;
	enabled?: unknown;
	[flag: string]: unknown;
}

/**
 * The token of a registered webhook: an HMAC under the v2 credential's API key of what names this
 * trigger (its workflow and webhook ID). Nothing is stored: whoever holds the key recomputes it, in
 * the process that registers the webhook and in every process that receives its calls. The same for
 * the test and the production URL of one trigger; different for every other trigger and key.
 */
export function listWebhookToken(apiKey: string, workflowId: string, triggerKey: string): string {
	return createHmac('sha256', apiKey)
		.update(`n8n-nodes-tatango list webhook\n${workflowId}\n${triggerKey}`)
		.digest('base64url');
}

/** The URL Tatango is given: the trigger's own URL with the token as `?token=`. */
export function callbackUrlFor(webhookUrl: string, token: string): string {
	const url = new URL(webhookUrl);
	url.searchParams.set(TOKEN_QUERY_PARAMETER, token);
	return url.toString();
}

/** What the trigger's URL must be for Tatango to call it; undefined when it is fine. */
export function webhookUrlProblem(webhookUrl: string | undefined): string | undefined {
	if (!webhookUrl) return 'n8n gave the trigger no webhook URL';
	let url: URL;
	try {
		url = new URL(webhookUrl);
	} catch {
		return `the trigger's URL "${webhookUrl}" is not a valid URL`;
	}
	if (url.protocol !== 'https:') {
		return `Tatango calls only https URLs, and this trigger's URL is ${url.protocol.replace(':', '')}: ${webhookUrl}`;
	}
	return undefined;
}

/** The body fields of the webhook the trigger wants: its callback URL and exactly its events on. */
export function desiredWebhook(callbackUrl: string, events: string[]): WebhookFields {
	const fields: WebhookFields = { callback_url: callbackUrl };
	// Revocations arrive as replies: "Consent Revoked" alone needs the replies switched on.
	const wanted = events.includes(CONSENT_REVOKED) ? [...events, 'campaign_response'] : events;
	for (const event of LIST_EVENTS) fields[FLAG_OF_EVENT[event]] = wanted.includes(event);
	return fields;
}

/** Whether a list webhook points at this trigger's URL (whatever token or events it has). */
export function pointsAt(hook: ListWebhook, webhookUrl: string): boolean {
	if (typeof hook.callback_url !== 'string') return false;
	try {
		const url = new URL(hook.callback_url);
		url.search = '';
		return url.toString() === new URL(webhookUrl).toString();
	} catch {
		return false;
	}
}

/** Whether a list webhook is exactly the one wanted: same callback URL, enabled, same events. */
export function isExactly(hook: ListWebhook, desired: WebhookFields): boolean {
	if (hook.callback_url !== desired.callback_url || hook.enabled === false) return false;
	return LIST_EVENTS.every(
		(event) => Boolean(hook[FLAG_OF_EVENT[event]]) === desired[FLAG_OF_EVENT[event]],
	);
}
