import { InvalidInputError } from './InvalidInputError';

function parseUrl(text: string): URL | undefined {
	return URL.canParse(text) ? new URL(text) : undefined;
}

/** The URL Tatango posts delivery events to: HTTPS and at most 255 characters. */
export function toWebhookUrl(raw: unknown, field = 'Webhook URL'): string {
	const text = raw === undefined || raw === null ? '' : String(raw).trim();
	if (text === '') {
		throw new InvalidInputError(
			field,
			'is required',
			"Paste the production URL of a Tatango Trigger, or set a Default Webhook URL in the 'Tatango V3 API' credential.",
		);
	}
	const url = parseUrl(text);
	if (!url) throw new InvalidInputError(field, `"${text}" is not a URL`);
	if (url.protocol !== 'https:') {
		throw new InvalidInputError(
			field,
			`must start with https:// (Tatango only calls HTTPS webhooks); got ${url.protocol}//`,
		);
	}
	if (text.length > 255) {
		throw new InvalidInputError(field, `is ${text.length} characters long; the maximum is 255`);
	}
	return text;
}

/** An optional http(s) URL: of media, a thumbnail, or a callback Tatango calls. */
export function toOptionalHttpUrl(raw: unknown, field: string): string | undefined {
	const text = raw === undefined || raw === null ? '' : String(raw).trim();
	if (text === '') return undefined;
	const url = parseUrl(text);
	if (!url) throw new InvalidInputError(field, `"${text}" is not a URL`);
	if (url.protocol !== 'https:' && url.protocol !== 'http:') {
		throw new InvalidInputError(field, `must be an http(s) URL; got ${url.protocol}//`);
	}
	return text;
}

/** An optional http(s) URL of media or a thumbnail. */
export const toOptionalMediaUrl = toOptionalHttpUrl;

/**
 * The webhook URL of a v3 request: the node's own when given, else the credential's Default
 * Webhook URL. Tatango requires one on every v3 call, so having neither is an error.
 */
export function toV3WebhookUrl(own: unknown, credentialDefault: unknown): string {
	const ownText = own === undefined || own === null ? '' : String(own).trim();
	if (ownText !== '') return toWebhookUrl(ownText);
	return toWebhookUrl(credentialDefault, "Webhook URL (or the credential's Default Webhook URL)");
}

/** A required HTTPS URL of a file Tatango fetches (an MMS attachment, an RCS file). */
export function toHttpsFileUrl(raw: unknown, field: string, required: true): string;
export function toHttpsFileUrl(raw: unknown, field: string, required: false): string | undefined;
export function toHttpsFileUrl(raw: unknown, field: string, required: boolean): string | undefined {
	const text = raw === undefined || raw === null ? '' : String(raw).trim();
	if (text === '') {
		if (required) throw new InvalidInputError(field, 'is required');
		return undefined;
	}
	const url = parseUrl(text);
	if (!url) throw new InvalidInputError(field, `"${text}" is not a URL`);
	if (url.protocol !== 'https:') {
		throw new InvalidInputError(field, `must start with https://; got ${url.protocol}//`);
	}
	return text;
}
