import { createHash } from 'node:crypto';
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { API, type ApiVersion } from './apis';
import { Pacer } from './pacer';

/**
 * The one pacer of each Tatango account in this n8n process, shared by every execution, editor
 * look-up and trigger call that uses it. An account is the API version, the Base URL and the key
 * (v2: login e-mail and key): two credentials holding the same key share a pacer, as they share
 * Tatango's limit. The map is keyed by a SHA-256 of those, so it holds no secret; an account
 * unused for `FORGET_AFTER_MS` is forgotten, so the map does not grow with every key ever used.
 */
const pacers = new Map<string, Pacer>();

export const FORGET_AFTER_MS = 10 * 60_000;

function accountKey(api: ApiVersion, baseUrl: string, credentials: ICredentialDataDecryptedObject) {
	const key = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
	const email =
		api === 'v2' && typeof credentials.email === 'string' ? credentials.email.toLowerCase() : '';
	return createHash('sha256').update([api, baseUrl, email, key].join('\u0000')).digest('hex');
}

/** The shared pacer of the account these credentials name, set to their rate. */
export function pacerForAccount(
	api: ApiVersion,
	baseUrl: string,
	credentials: ICredentialDataDecryptedObject,
	clock: () => number = () => Date.now(),
): Pacer {
	const now = clock();
	for (const [key, pacer] of pacers) {
		if (pacer.idleSince(now - FORGET_AFTER_MS)) pacers.delete(key);
	}
	const key = accountKey(api, baseUrl, credentials);
	const { intervalMs, callsPerWindow } = API[api].pacing(credentials);
	let pacer = pacers.get(key);
	if (pacer) pacer.configure(intervalMs, callsPerWindow);
	else {
		pacer = new Pacer(intervalMs, callsPerWindow, clock);
		pacers.set(key, pacer);
	}
	return pacer;
}

/** How many accounts this process remembers (for tests). */
export function rememberedAccounts(): number {
	return pacers.size;
}
