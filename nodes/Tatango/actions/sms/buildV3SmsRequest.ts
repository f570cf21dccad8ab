import { toGsm7Text, toTenDigitPhone, toV3WebhookUrl } from '../../../shared/validation';

export interface V3SmsInput {
	phoneNumber: unknown;
	/** The node's own Webhook URL; empty means the credential's default. */
	webhookUrl: unknown;
	/** The v3 credential's Default Webhook URL. */
	defaultWebhookUrl: unknown;
	content: unknown;
	replaceNonGsm: boolean;
	/** The text's field as the node shows it, for errors (default "Content"). */
	contentField?: string;
}

/** The body of `POST /transactional_messages/send_sms` (public docs §3.2). */
export interface V3SmsRequest {
	phoneNumber: string;
	webhookUrl: string;
	content: string;
}

/**
 * Checks a v3 SMS and builds its request, before anything is sent: a US or Canadian number (sent
 * as ten digits), an HTTPS webhook URL (the node's or the credential's), and content of one SMS
 * in the GSM 7-bit alphabet (160 septets).
 */
export function buildV3SmsRequest(input: V3SmsInput): V3SmsRequest {
	return {
		phoneNumber: toTenDigitPhone(input.phoneNumber),
		webhookUrl: toV3WebhookUrl(input.webhookUrl, input.defaultWebhookUrl),
		content: toGsm7Text(input.content, input.contentField ?? 'Content', {
			replaceOffenders: input.replaceNonGsm,
		}),
	};
}
