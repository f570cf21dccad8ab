import { InvalidInputError, WEBHOOK_URL_MAX } from '../../../../shared/validation';

/**
 * n8n's signed resume URL for a Send and Wait for Reply, given to Tatango as the send's
 * `webhookUrl`: Tatango only calls HTTPS URLs of at most 255 characters. The URL comes from n8n's
 * WEBHOOK_URL setting, so the hint says what to change there.
 */
export function toResumeWebhookUrl(
	url: string,
	what = "n8n's resume URL for this execution",
): string {
	const parsed = URL.canParse(url) ? new URL(url) : undefined;
	if (!parsed || parsed.protocol !== 'https:') {
		throw new InvalidInputError(
			'Webhook URL',
			`${what} (${url.split('?')[0]}) must start with https://: Tatango only calls HTTPS webhooks`,
			"Set n8n's WEBHOOK_URL to the public https:// address of this n8n (behind a TLS proxy or tunnel). Nothing was sent.",
		);
	}
	if (url.length > WEBHOOK_URL_MAX) {
		throw new InvalidInputError(
			'Webhook URL',
			`${what} is ${url.length} characters long; Tatango accepts at most ${WEBHOOK_URL_MAX}`,
			`Shorten n8n's WEBHOOK_URL (or N8N_ENDPOINT_WEBHOOK_WAIT) by ${url.length - WEBHOOK_URL_MAX} characters. Nothing was sent.`,
		);
	}
	return url;
}
