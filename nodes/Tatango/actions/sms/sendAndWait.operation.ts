import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	postV3Send,
	SMS_SEND,
	type V3Endpoint,
	type V3SendBody,
} from '../../../shared/tatangoCalls';
import { textOf, toGsm7Text, toTenDigitPhone } from '../../../shared/validation';
import { toResumeWebhookUrl } from './sendAndWait/resumeUrl.rules';
import { textingOperationDescription } from '../send/pipeline';
import type { SendRun } from '../send/run';
import { mmsSend } from '../mms/send.operation';
import { sendAndWaitProperties } from './sendAndWait/description';
import { DECLINE_ONLY, REPLY_CODE, RETRY_OF, timedOutOutput } from './sendAndWait/eventDecision';
import {
	isDefaultReviewMessage,
	isReviewTool,
	newReplyCode,
	planApprovalText,
	reviewRequestText,
} from './sendAndWait/reviewText';
import { readReplySettings, type ReplySettings } from './sendAndWait/settings';
import { waitUntil } from './sendAndWait/waitLimit';

export const description = textingOperationDescription(
	{ resource: ['sms'], operation: ['sendAndWait'] },
	sendAndWaitProperties,
);

/** Tatango's transactionIds are UUIDs: the retry URL is this much longer than the first one. */
const TRANSACTION_ID_LENGTH = 36;

/**
 * Texts one person, then puts the execution to wait for the reply. The message's webhookUrl is
 * n8n's signed resume URL for this execution and node: Tatango posts the send's delivery report
 * and the reply there, and the node's webhook decides (sendAndWait/webhook.ts).
 */
export async function execute(
	this: IExecuteFunctions,
	run: SendRun,
): Promise<INodeExecutionData[][]> {
	const items = this.getInputData();
	if (items.length !== 1) {
		throw new NodeOperationError(
			this.getNode(),
			`Send and Wait for Reply texts one person per run, but it got ${items.length} items`,
			{
				description:
					'One execution waits for one reply. To ask several people, run this node once per person, e.g. from a sub-workflow (Execute Workflow, mode "Run once for each item"). Nothing was sent.',
			},
		);
	}
	const settings = readReplySettings(this);
	const waitTill = waitUntil(settings.limit, Date.now());
	const phoneNumber = toTenDigitPhone(this.getNodeParameter('phoneNumber', 0));
	const { send, body } = isReviewTool(this.getNode())
		? reviewRequest(this, settings, phoneNumber)
		: question(this, settings, phoneNumber);
	const text = run.textOf(0, { channel: send.channel, phoneNumber: () => body.phoneNumber });
	const sent = await run.send(text, async () => await postV3Send(run.tatango, 0, send, body));
	// The checks before a text held it back: nothing was sent, nothing to wait for.
	if (typeof sent.transactionId !== 'string') return [[{ json: sent, pairedItem: { item: 0 } }]];

	const waiting = timedOutOutput(body.phoneNumber, sent.transactionId);
	// n8n resumes a timed-out wait by passing this node's input through (the node is disabled on
	// resume), so the input it keeps for the resume becomes the timed-out output. The webhook reads
	// the send's transactionId from it too.
	// As a review tool the node's input arrives as `ai_tool`, not `main`: the same connection type
	// is kept, or n8n would find no input to pass through.
	const executeData = this.getExecuteData();
	const inputType = Object.keys(executeData.data ?? {})[0] ?? 'main';
	executeData.data = { [inputType]: [[{ json: waiting, pairedItem: { item: 0 } }]] };
	await this.putExecutionToWait(waitTill);
	return [[{ json: { ...waiting, outcome: 'waiting' }, pairedItem: { item: 0 } }]];
}

/** A send and its body, checked, for the run to send. */
interface PlannedSend {
	send: V3Endpoint;
	body: V3SendBody;
}

/** Checks n8n's resume URL with these query parameters, and the retry text's when it is on. */
function resumeUrl(
	context: IExecuteFunctions,
	settings: ReplySettings,
	parameters: Record<string, string>,
): string {
	const webhookUrl = toResumeWebhookUrl(context.getSignedResumeUrl(parameters));
	if (settings.onOtherReply === 'sendRetryText') {
		toResumeWebhookUrl(
			context.getSignedResumeUrl({ ...parameters, [RETRY_OF]: '0'.repeat(TRANSACTION_ID_LENGTH) }),
			"n8n's resume URL for the retry text",
		);
	}
	return webhookUrl;
}

/** Send and Wait for Reply as the builder wrote it: one SMS, the Message as it is. */
function question(
	context: IExecuteFunctions,
	settings: ReplySettings,
	phoneNumber: string,
): PlannedSend {
	const webhookUrl = resumeUrl(context, settings, {});
	const content = toGsm7Text(context.getNodeParameter('message', 0), 'Message', {
		replaceOffenders: settings.replaceNonGsm,
	});
	return { send: SMS_SEND, body: { phoneNumber, webhookUrl, content } };
}

/**
 * The node as n8n's review tool for an AI agent: the request (written from the tool call when the
 * Message is n8n's default), a reply code, and the channel its length needs (reviewText.ts). The
 * code and "decline only" travel in the signed resume URL, where the webhook reads them.
 */
function reviewRequest(
	context: IExecuteFunctions,
	settings: ReplySettings,
	phoneNumber: string,
): PlannedSend {
	const input = context.getInputData()[0]?.json ?? ({} as IDataObject);
	const request = isDefaultReviewMessage(context.getNode().parameters.message)
		? reviewRequestText(input)
		: textOf(context.getNodeParameter('message', 0), 'Message');
	const code = newReplyCode();
	const text = planApprovalText({
		request,
		code,
		approveWord: settings.approveWords[0],
		declineWord: settings.declineWords[0],
		replaceNonGsm: settings.replaceNonGsm,
	});
	const parameters: Record<string, string> = { [REPLY_CODE]: code };
	if (text.channel === 'MMS' && text.declineOnly) parameters[DECLINE_ONLY] = '1';
	const webhookUrl = resumeUrl(context, settings, parameters);
	if (text.channel === 'SMS') {
		return { send: SMS_SEND, body: { phoneNumber, webhookUrl, content: text.content } };
	}
	return {
		send: mmsSend,
		body: {
			phoneNumber,
			webhookUrl,
			content: text.content,
			subject: text.subject,
			smsFailover: text.smsFailover,
		},
	};
}
