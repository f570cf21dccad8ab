import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

export type ApiVersion = 'v2' | 'v3';

/** What the transport needs to know of each Tatango API generation. */
export const API = {
	v2: {
		credentialType: 'tatangoApi',
		credentialName: 'Tatango API',
		/** What the credential holds, for the error that asks for it when a node has none selected. */
		holds: 'login e-mail and API key',
		defaultBaseUrl: 'https://app.tatango.com',
		/** Published limit: 1,200 calls per hour. */
		pacing: (credentials: ICredentialDataDecryptedObject) =>
			pacingOf(positiveOr(credentials.requestsPerHour, 1200), 3_600_000),
	},
	v3: {
		credentialType: 'tatangoV3Api',
		credentialName: 'Tatango V3 API',
		holds: 'v3 API key',
		defaultBaseUrl: 'https://api.v3.tatango.com',
		/** Published limit: 10 calls per second per key ("the window resets every second"). */
		pacing: (credentials: ICredentialDataDecryptedObject) =>
			pacingOf(positiveOr(credentials.requestsPerSecond, 10), 1000),
	},
} as const;

/**
 * The most answers the pacer remembers. A rate set out of the way (the sandbox, a raised limit)
 * then paces over a shorter window of the same rate: as safe, and no long record.
 */
const MAX_CALLS_PER_WINDOW = 1200;

/** `limit` calls per `windowMs` as the pacer's interval and calls per window (transport/pacer.ts). */
function pacingOf(limit: number, windowMs: number) {
	return {
		intervalMs: windowMs / limit,
		callsPerWindow: Math.min(MAX_CALLS_PER_WINDOW, Math.max(1, Math.floor(limit))),
	};
}

function positiveOr(value: unknown, fallback: number): number {
	const number = Number(value);
	return Number.isFinite(number) && number > 0 ? number : fallback;
}

/** The credential's longest total wait for rate limits, in milliseconds. */
export function maxRateLimitWaitMs(credentials: ICredentialDataDecryptedObject): number {
	const seconds = Number(credentials.maxRateLimitWait ?? 120);
	return (Number.isFinite(seconds) && seconds >= 0 ? seconds : 120) * 1000;
}

/** How long one request may take, in milliseconds (the credential says seconds; 60 by default). */
export function requestTimeoutMs(credentials: ICredentialDataDecryptedObject): number {
	return positiveOr(credentials.requestTimeout, 60) * 1000;
}

export function baseUrlOf(api: ApiVersion, credentials: ICredentialDataDecryptedObject): string {
	const configured = typeof credentials.baseUrl === 'string' ? credentials.baseUrl.trim() : '';
	return (configured || API[api].defaultBaseUrl).replace(/\/+$/, '');
}
