import type { IDataObject, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';

import { createTatangoClient } from '../../../../shared/transport';
import { toGsm7Text, toTenDigitPhone } from '../../../../shared/validation';
import { unsubscribeFromOptOutList } from '../../send/checks/optOuts';
import { postV3Send, SMS_SEND } from '../../../../shared/tatangoCalls';
import { DECLINE_ONLY, decideEvent, REPLY_CODE, RETRY_OF, type WaitingSend } from './eventDecision';
import { answerLine, SMS_MAX } from './reviewText';
import { readReplySettings } from './settings';

/** A value of the item the waiting execution keeps (the send's timed-out output), if readable. */
function waitingValue(context: IWebhookFunctions, key: 'transactionId' | 'phoneNumber') {
	try {
		const value = context.evaluateExpression(`{{ $json.${key} }}`, 0);
		return typeof value === 'string' && value !== '' ? value : undefined;
	} catch {
		return undefined;
	}
}

/** Answers Tatango without resuming: the execution keeps waiting. */
function answerOnly(context: IWebhookFunctions, statusCode: number): IWebhookResponseData {
	context.getResponseObject().status(statusCode).send('');
	return { noWebhookResponse: true };
}

/**
 * The resume webhook of Send and Wait for Reply. n8n has checked the URL's signature before
 * calling it (a forged or altered URL never gets here). It must not throw: n8n would resume the
 * execution with the error.
 */
export async function sendAndWaitWebhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
	const settings = readReplySettings(this);
	const transactionId = waitingValue(this, 'transactionId');
	if (transactionId === undefined) {
		this.logger.warn(
			'Tatango Send and Wait for Reply: the waiting send has no transactionId; accepting any event at its signed URL',
		);
	}
	const query = this.getQueryData() as IDataObject;
	const retryOf = typeof query[RETRY_OF] === 'string' ? (query[RETRY_OF] as string) : undefined;
	// Set by the send in n8n's signed URL: a review request's code and whether it was cut.
	const replyCode =
		typeof query[REPLY_CODE] === 'string' ? (query[REPLY_CODE] as string) : undefined;
	const waiting: WaitingSend = {
		...settings,
		transactionId,
		phoneNumber: waitingValue(this, 'phoneNumber') ?? '',
		replyCode,
		declineOnly: query[DECLINE_ONLY] === '1',
	};
	const event = this.getBodyData() as unknown;
	const decision = decideEvent(event, { retryOf }, waiting, new Date());

	if (decision.action === 'resume') {
		if (!decision.output.phoneNumber) {
			const body = (event as { body: IDataObject }).body;
			decision.output.phoneNumber = typeof body.phoneNumber === 'string' ? body.phoneNumber : '';
		}
		if (decision.output.consent === 'revoked') {
			// Honoured where a resume webhook can: n8n lends its database only to node runs.
			decision.output.consentHonoured = await unsubscribeFromOptOutList(
				this,
				decision.output.phoneNumber,
			);
		}
		return {
			webhookResponse: '',
			workflowData: [[{ json: decision.output, pairedItem: { item: 0 } }]],
		};
	}
	if (decision.action === 'sendRetryText') {
		const firstSend = (event as { transactionId: string }).transactionId;
		const parameters: Record<string, string> = { [RETRY_OF]: firstSend };
		let retryText = settings.retryText ?? '';
		if (replyCode !== undefined) {
			parameters[REPLY_CODE] = replyCode;
			if (waiting.declineOnly) parameters[DECLINE_ONLY] = '1';
			// The retry text names the code to add, when both fit in the one SMS.
			const line = answerLine(replyCode, settings.approveWords[0], settings.declineWords[0]);
			const withCode = `${retryText}\n${line}`;
			if (!retryText.includes(replyCode) && withCode.length <= SMS_MAX) retryText = withCode;
		}
		try {
			const body = {
				phoneNumber: toTenDigitPhone(
					waiting.phoneNumber || (event as { body: IDataObject }).body.phoneNumber,
				),
				webhookUrl: this.getSignedResumeUrl(parameters),
				content: toGsm7Text(retryText, 'Retry Text', {
					replaceOffenders: settings.replaceNonGsm,
				}),
			};
			// An answer to the person's own reply: no check before a text holds it back.
			await postV3Send(createTatangoClient(this), 0, SMS_SEND, body);
		} catch (error) {
			// The person can still answer the first text; the execution keeps waiting. The transport's
			// message says whether the text may have gone out, so the log adds no claim of its own.
			this.logger.warn(
				`Tatango Send and Wait for Reply: the retry text failed: ${(error as Error).message}`,
			);
		}
		return answerOnly(this, 200);
	}
	return answerOnly(this, decision.statusCode);
}
