import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import {
	DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS,
	DEFAULT_REQUEST_TIMEOUT_SECONDS,
} from '../../../credentials/callLimits';

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

/** The credential's rate as words, e.g. "10 per second". */
export function rateText(api: ApiVersion, credentials: ICredentialDataDecryptedObject): string {
	return api === 'v2'
		? `${positiveOr(credentials.requestsPerHour, 1200).toLocaleString('en-US')} per hour`
		: `${positiveOr(credentials.requestsPerSecond, 10).toLocaleString('en-US')} per second`;
}

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
	const fallback = DEFAULT_MAX_RATE_LIMIT_WAIT_SECONDS;
	const seconds = Number(credentials.maxRateLimitWait ?? fallback);
	return (Number.isFinite(seconds) && seconds >= 0 ? seconds : fallback) * 1000;
}

/** How long one request may take, in milliseconds (the credential says seconds). */
export function requestTimeoutMs(credentials: ICredentialDataDecryptedObject): number {
	return positiveOr(credentials.requestTimeout, DEFAULT_REQUEST_TIMEOUT_SECONDS) * 1000;
}

/** Names that never resolve on the public internet (RFC 2606, 6761, 6762, 8375 and common LAN suffixes). */
const PRIVATE_NAME_SUFFIXES = [
	'.localhost',
	'.local',
	'.internal',
	'.test',
	'.example',
	'.invalid',
	'.lan',
	'.home',
	'.corp',
	'.home.arpa',
	'.localdomain',
];

/**
 * Hosts an http Base URL may name: this machine, a private network, a one-word host name (a
 * container or service on the same network, e.g. the sandbox) or a name that is never public.
 * Anywhere else the API key would cross the internet unencrypted.
 */
function isLocalHost(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return (
		host === 'localhost' ||
		!host.includes('.') ||
		PRIVATE_NAME_SUFFIXES.some((suffix) => host.endsWith(suffix)) ||
		/^(127|10|0)\./.test(host) ||
		/^192\.168\./.test(host) ||
		/^169\.254\./.test(host) ||
		/^172\.(1[6-9]|2\d|3[01])\./.test(host) ||
		/^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./.test(host) ||
		/^(::1|::ffff:(127|10)\.|f[cd][0-9a-f]{2}:|fe80:)/.test(host)
	);
}

/**
 * What is wrong with a credential's Base URL, or undefined. Every request's URL is the Base URL
 * followed by a path, so a query or fragment would swallow the path; a user:password part would go
 * to whatever host it names; http to a public host would carry the API key unencrypted.
 */
export function baseUrlProblem(baseUrl: string): string | undefined {
	if ([...baseUrl].some((c) => /\s/.test(c) || (c.codePointAt(0) ?? 0) < 0x20)) {
		return 'contains a space, line break or control character';
	}
	if (!/^https?:\/\/[^/?#]/i.test(baseUrl) || !URL.canParse(baseUrl)) {
		return 'is not an http(s) URL written whole (e.g. https://app.tatango.com)';
	}
	const url = new URL(baseUrl);
	if (url.username !== '' || url.password !== '') {
		return 'must not contain a user name or password (user:password@): the credential signs each request itself';
	}
	if (url.search !== '' || url.hash !== '' || /[?#]/.test(baseUrl)) {
		return 'must not have a query (?) or fragment (#): each request adds its path after the Base URL';
	}
	if (url.protocol === 'http:' && !isLocalHost(url.hostname)) {
		return `must use https for ${url.hostname}: over http the API key would cross the network unencrypted (http is for this machine or a private network, such as the sandbox)`;
	}
	return undefined;
}

export function baseUrlOf(api: ApiVersion, credentials: ICredentialDataDecryptedObject): string {
	const configured = typeof credentials.baseUrl === 'string' ? credentials.baseUrl.trim() : '';
	return (configured || API[api].defaultBaseUrl).replace(/\/+$/, '');
}
