import type { IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { checkCall, describeFailure } from './authenticate.rules';
import { expectedListToken } from '../registration';
import { expectedSendsTokens } from '../sendsToken';
import { answerItself, sourceOf } from './answers';

/**
 * Stage 1 of a call: who is calling. Nothing about the call is read before it passes. A registered
 * list webhook's token is derived from the credential (registration.ts); the sends' token is typed
 * in, or derived from the credentials and the URL called (sendsToken.ts). A refused call is
 * answered 401 here and starts nothing.
 */
export async function refusedCall(
	context: IWebhookFunctions,
): Promise<IWebhookResponseData | undefined> {
	const fromList = sourceOf(context) === 'list';
	const requireApiKey = !fromList && context.getNodeParameter('requireApiKey', false) === true;
	let expectedTokens: string[] = [];
	if (fromList) {
		try {
			expectedTokens = [await expectedListToken(context)];
		} catch {
			expectedTokens = []; // refused below as tokenNotConfigured
		}
	} else {
		expectedTokens = await expectedSendsTokens(context);
	}
	let expectedApiKey: string | undefined;
	if (requireApiKey) {
		try {
			const credentials = await context.getCredentials('tatangoV3Api');
			if (typeof credentials.apiKey === 'string') expectedApiKey = credentials.apiKey;
		} catch {
			expectedApiKey = undefined; // refused below as apiKeyNotConfigured
		}
	}
	const auth = checkCall({
		query: context.getQueryData() as Record<string, unknown>,
		headers: context.getHeaderData() as Record<string, unknown>,
		expectedTokens,
		requireApiKey,
		expectedApiKey,
	});
	if (auth.ok === true) return undefined;
	context.logger.warn(`Tatango Trigger refused a call: ${describeFailure(auth.failure)}`, {
		node: context.getNode().name,
		workflowId: context.getWorkflow().id,
	});
	return answerItself(context, 401, { error: 'Unauthorized' });
}
