import type { IDataObject, IExecuteFunctions, IWebhookFunctions } from 'n8n-workflow';

import { toFlag, toGsm7Text } from '../../../../shared/validation';
import type { WaitingSend } from './eventDecision';
import { checkWordsDistinct, toReplyWords } from './replyWords';
import type { WaitLimit } from './waitLimit';
import { optionValue } from '../../send/grouped';

/** How the node reads replies, and what it texts back: read at the send and again on each event. */
export interface ReplySettings extends Omit<WaitingSend, 'phoneNumber' | 'transactionId'> {
	retryText: string | undefined;
	replaceNonGsm: boolean;
	limit: WaitLimit | undefined;
}

/**
 * Reads and checks the reply settings. The execute context reads item 0's values; the webhook
 * context has no item index (n8n evaluates against the waiting send's output item).
 */
export function readReplySettings(context: IExecuteFunctions | IWebhookFunctions): ReplySettings {
	const parameter = (name: string, fallback: unknown) =>
		'getInputData' in context
			? context.getNodeParameter(name, 0, fallback)
			: (context as IWebhookFunctions).getNodeParameter(name, fallback);
	const responseType =
		parameter('responseType', 'approval') === 'freeText' ? 'freeText' : 'approval';
	const options = parameter('options', {}) as IDataObject;
	const replaceNonGsm = toFlag(
		optionValue(context, 'replaceNonGsm', 0, true),
		'Replace Non-GSM Characters',
		true,
	);
	const limit = (options.limitWaitTime as IDataObject | undefined)?.values as WaitLimit | undefined;
	if (responseType === 'freeText') {
		return {
			responseType,
			approveWords: [],
			declineWords: [],
			onOtherReply: 'keepWaiting',
			retryText: undefined,
			replaceNonGsm,
			limit,
		};
	}
	const approveWords = toReplyWords(parameter('approveWords', 'YES, Y'), 'Approve Words');
	const declineWords = toReplyWords(parameter('declineWords', 'NO, N'), 'Decline Words');
	checkWordsDistinct(approveWords, declineWords);
	const onOtherReply =
		parameter('onOtherReply', 'keepWaiting') === 'sendRetryText' ? 'sendRetryText' : 'keepWaiting';
	const retryText =
		onOtherReply === 'sendRetryText'
			? toGsm7Text(parameter('retryText', ''), 'Retry Text', { replaceOffenders: replaceNonGsm })
			: undefined;
	return {
		responseType,
		approveWords,
		declineWords,
		onOtherReply,
		retryText,
		replaceNonGsm,
		limit,
	};
}
