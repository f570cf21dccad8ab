// The token calls from sends must carry (Source "Sends That Name This URL"): the Secret Token typed
// on the node, or else the token derived under each credential the node has from its own URL, as
// the sends derive it (shared/triggerUrlToken.ts). Typed wins, so saved triggers are unchanged.
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';

import { triggerUrlToken } from '../shared/triggerUrlToken';

/** The credentials a sends trigger derives its token under: v3 sends', v2 transactional sends'. */
export const DERIVING_CREDENTIALS = ['tatangoV3Api', 'tatangoApi'] as const;

export function typedSecretToken(context: IHookFunctions | IWebhookFunctions): string {
	return String(context.getNodeParameter('secretToken', '')).trim();
}

/**
 * The URL the call came to, as n8n shows it: the test URL for a test call, else the production URL.
 * n8n 2.x names the endpoint served in getWebhookResourceUrl; getNodeWebhookUrl is always the
 * production one, so without the former a test call's URL is made from it the way n8n makes both.
 */
export function urlCalled(context: IWebhookFunctions): string | undefined {
	const served = context as Partial<Pick<IWebhookFunctions, 'getWebhookResourceUrl'>>;
	if (typeof served.getWebhookResourceUrl === 'function') {
		return served.getWebhookResourceUrl.call(context, 'default');
	}
	const production = context.getNodeWebhookUrl('default');
	if (production === undefined || context.getMode() !== 'manual') return production;
	return production.replace(/\/webhook\/(?=[^/]+\/(?:[^/]+\/)?tatango$)/, '/webhook-test/');
}

/** The API keys of the credentials the node has (a credential it can't read is left out). */
export async function derivingKeys(context: IHookFunctions | IWebhookFunctions): Promise<string[]> {
	const keys: string[] = [];
	for (const type of DERIVING_CREDENTIALS) {
		if (context.getNode().credentials?.[type] === undefined) continue;
		try {
			const { apiKey } = await context.getCredentials(type);
			if (typeof apiKey === 'string' && apiKey.trim() !== '') keys.push(apiKey);
		} catch {
			// Not readable: no token from it; the call is refused if no other passes.
		}
	}
	return keys;
}

/** Every token a call may carry; empty when the node has neither a typed token nor a key. */
export async function expectedSendsTokens(context: IWebhookFunctions): Promise<string[]> {
	const typed = typedSecretToken(context);
	if (typed !== '') return [typed];
	const url = urlCalled(context);
	if (url === undefined) return [];
	return (await derivingKeys(context))
		.map((key) => triggerUrlToken(key, url))
		.filter((token) => token !== '');
}
