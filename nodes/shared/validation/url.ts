import { InvalidInputError } from './InvalidInputError';
import { textOf } from './text';

/** The longest webhook URL Tatango's v3 sends take. */
export const WEBHOOK_URL_MAX = 255;

/**
 * A URL as written, strictly: `scheme://host...`, no whitespace or control characters inside, no
 * `user:password@`. WHATWG parsing alone is lenient (it reads `https:/example.com` as
 * `https://example.com` and drops an embedded newline), so what it accepts is not what the user
 * typed. Returns the parsed URL; callers send its normalised `href`.
 */
function isInvisible(character: string): boolean {
	const code = character.codePointAt(0) ?? 0;
	return /\s/.test(character) || code < 0x20 || (code >= 0x7f && code <= 0x9f);
}

function strictUrl(text: string, field: string, schemes: string[], why = ''): URL {
	const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(text)?.[1]?.toLowerCase();
	if (scheme === undefined) {
		throw new InvalidInputError(
			field,
			`"${text}" is not a URL: write it whole, e.g. ${schemes[0]}://example.com/path`,
		);
	}
	if (!schemes.includes(scheme)) {
		throw new InvalidInputError(
			field,
			schemes.length === 1
				? `must start with https://${why}; got ${scheme}://`
				: `must be an http(s) URL; got ${scheme}://`,
		);
	}
	if ([...text].some(isInvisible)) {
		const shown = [...text].map((c) => (isInvisible(c) ? '␣' : c)).join('');
		throw new InvalidInputError(
			field,
			`"${shown}" contains a space, line break or control character (at ␣)`,
		);
	}
	if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]/i.test(text) || !URL.canParse(text)) {
		throw new InvalidInputError(
			field,
			`"${text}" is not a URL: write it whole, e.g. ${schemes[0]}://example.com/path`,
		);
	}
	const url = new URL(text);
	if (url.hostname === '') {
		throw new InvalidInputError(field, `"${text}" has no host`);
	}
	if (url.username !== '' || url.password !== '') {
		throw new InvalidInputError(
			field,
			'must not contain a user name or password (user:password@): put a secret in a query parameter or header instead',
		);
	}
	return url;
}

/** The URL Tatango posts delivery events to: HTTPS and at most 255 characters. */
export function toWebhookUrl(raw: unknown, field = 'Webhook URL'): string {
	const text = textOf(raw, field).trim();
	if (text === '') {
		throw new InvalidInputError(
			field,
			'is required',
			"Paste the production URL of a Tatango Trigger, or set a Default Webhook URL in the 'Tatango V3 API' credential.",
		);
	}
	const { href } = strictUrl(text, field, ['https'], ' (Tatango only calls HTTPS webhooks)');
	if (href.length > WEBHOOK_URL_MAX) {
		throw new InvalidInputError(
			field,
			`is ${href.length} characters long; the maximum is ${WEBHOOK_URL_MAX}`,
		);
	}
	return href;
}

/** An optional http(s) URL: of media, a thumbnail, or a callback Tatango calls. */
export function toOptionalHttpUrl(raw: unknown, field: string): string | undefined {
	const text = textOf(raw, field).trim();
	if (text === '') return undefined;
	return strictUrl(text, field, ['https', 'http']).href;
}

/** An optional http(s) URL of media or a thumbnail. */
export const toOptionalMediaUrl = toOptionalHttpUrl;

/**
 * The webhook URL of a v3 request: the node's own when given, else the credential's Default
 * Webhook URL. Tatango requires one on every v3 call, so having neither is an error.
 */
export function toV3WebhookUrl(own: unknown, credentialDefault: unknown): string {
	const ownText = textOf(own, 'Webhook URL').trim();
	if (ownText !== '') return toWebhookUrl(ownText);
	return toWebhookUrl(credentialDefault, "Webhook URL (or the credential's Default Webhook URL)");
}

/** A required HTTPS URL of a file Tatango fetches (an MMS attachment, an RCS file). */
export function toHttpsFileUrl(raw: unknown, field: string, required: true): string;
export function toHttpsFileUrl(raw: unknown, field: string, required: false): string | undefined;
export function toHttpsFileUrl(raw: unknown, field: string, required: boolean): string | undefined {
	const text = textOf(raw, field).trim();
	if (text === '') {
		if (required) throw new InvalidInputError(field, 'is required');
		return undefined;
	}
	return strictUrl(text, field, ['https']).href;
}
