import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

/**
 * Secret values that must never leave the transport in anything built from a response: a server or
 * proxy that echoes the request (headers or body) would otherwise put them into an output item, an
 * error, the run data and n8n's log.
 */
export const REDACTED = '[redacted]';

/** Shorter values are not treated as secrets: replacing them would garble ordinary text. */
const MIN_SECRET_LENGTH = 6;

function text(value: unknown): string {
	return typeof value === 'string' ? value.trim() : '';
}

/** Query values of an https URL (a webhook's `token`, a signature...), which grant access. */
function queryValuesOf(candidate: string): string[] {
	if (!/^https?:\/\//i.test(candidate) || !URL.canParse(candidate)) return [];
	return [...new URL(candidate).searchParams.values()];
}

/** The secrets of a loaded credential: its API key, the e-mail:key pair and its Basic value. */
export function credentialSecrets(credentials: ICredentialDataDecryptedObject): string[] {
	const key = text(credentials.apiKey);
	const email = text(credentials.email);
	const secrets = [key];
	if (key && email) {
		const pair = `${email}:${key}`;
		secrets.push(pair, Buffer.from(pair).toString('base64'));
	}
	secrets.push(...queryValuesOf(text(credentials.defaultWebhookUrl)));
	return secrets;
}

/** Query values of every URL in a request body (webhook URLs carry the trigger's token). */
export function urlSecretsIn(body: unknown): string[] {
	const found: string[] = [];
	const stack: unknown[] = [body];
	while (stack.length > 0) {
		const value = stack.pop();
		if (typeof value === 'string') found.push(...queryValuesOf(value.trim()));
		else if (value && typeof value === 'object') stack.push(...Object.values(value));
	}
	return found;
}

/** Every form a secret may come back in: as sent, and URL-encoded. Longest first. */
export function secretForms(secrets: Iterable<string>): string[] {
	const forms = new Set<string>();
	for (const secret of secrets) {
		if (secret.length < MIN_SECRET_LENGTH) continue;
		forms.add(secret);
		forms.add(encodeURIComponent(secret));
	}
	return [...forms].sort((a, b) => b.length - a.length);
}

export function redactText(value: string, forms: string[]): string {
	let result = value;
	for (const form of forms) {
		if (result.includes(form)) result = result.split(form).join(REDACTED);
	}
	return result;
}

function holdsSecret(value: unknown, forms: string[]): boolean {
	if (typeof value === 'string') return forms.some((form) => value.includes(form));
	if (Array.isArray(value)) return value.some((entry) => holdsSecret(entry, forms));
	if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
		for (const [key, entry] of Object.entries(value)) {
			if (holdsSecret(key, forms) || holdsSecret(entry, forms)) return true;
		}
	}
	return false;
}

/**
 * `value` with every secret form replaced in its strings and keys: a copy when it held one, else
 * `value` itself (most answers hold none, and copying each one cost time per item).
 */
export function redact<T>(value: T, forms: string[]): T {
	if (forms.length === 0 || !holdsSecret(value, forms)) return value;
	return redactCopy(value, forms);
}

function redactCopy<T>(value: T, forms: string[]): T {
	if (typeof value === 'string') return redactText(value, forms) as T;
	if (Array.isArray(value)) return value.map((entry) => redactCopy(entry, forms) as unknown) as T;
	if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
		const copy: Record<string, unknown> = {};
		for (const [key, entry] of Object.entries(value)) {
			copy[redactText(key, forms)] = redactCopy(entry, forms);
		}
		return copy as T;
	}
	return value;
}
