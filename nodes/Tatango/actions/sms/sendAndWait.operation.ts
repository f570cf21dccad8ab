import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toResumeWebhookUrl } from './sendAndWait/resumeUrl.rules';
import { sendV3Message, type V3SendOutput } from '../v3Send';
import { buildV3MmsRequest } from '../mms/send.operation';
import { buildV3SmsRequest } from './buildV3SmsRequest';
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

export const description = updateDisplayOptions(
	{ show: { resource: ['sms'], operation: ['sendAndWait'] } },
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
	tatango: TatangoClient,
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
	const sent = isReviewTool(this.getNode())
		? await sendReviewRequest(this, tatango, settings)
		: await sendQuestion(this, tatango, settings);

	const waiting = timedOutOutput(sent.phoneNumber, sent.transactionId);
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

/** Checks n8n's resume URL with these query parameters, and the retry text's when it is on. */
function resumeUrls(
	context: IExecuteFunctions,
	settings: ReplySettings,
	parameters: Record<string, string>,
): string {
	const webhookUrl = toResumeWebhookUrl(context.getSignedResumeUrl(parameters));
	if (settings.onOtherReply === 'sendRetryText') {
		toResumeWebhookUrl(
			context.getSignedResumeUrl({
				...parameters,
				[RETRY_OF]: '0'.repeat(TRANSACTION_ID_LENGTH),
			}),
			"n8n's resume URL for the retry text",
		);
	}
	return webhookUrl;
}

/** Send and Wait for Reply as the builder wrote it: one SMS, the Message as it is. */
async function sendQuestion(
	context: IExecuteFunctions,
	tatango: TatangoClient,
	settings: ReplySettings,
): Promise<V3SendOutput> {
	const webhookUrl = resumeUrls(context, settings, {});
	const request = buildV3SmsRequest({
		phoneNumber: context.getNodeParameter('phoneNumber', 0),
		webhookUrl,
		defaultWebhookUrl: undefined,
		content: context.getNodeParameter('message', 0),
		replaceNonGsm: settings.replaceNonGsm,
		contentField: 'Message',
	});
	return await sendV3Message(tatango, 0, {
		path: '/transactional_messages/send_sms',
		channel: 'SMS',
		request: { ...request },
	});
}

/**
 * The node as n8n's review tool for an AI agent: the request (written from the tool call when the
 * Message is n8n's default), a reply code, and the channel its length needs (reviewText.ts). The
 * code and "decline only" travel in the signed resume URL, where the webhook reads them.
 */
async function sendReviewRequest(
	context: IExecuteFunctions,
	tatango: TatangoClient,
	settings: ReplySettings,
): Promise<V3SendOutput> {
	const phoneNumber = context.getNodeParameter('phoneNumber', 0);
	const input = context.getInputData()[0]?.json ?? ({} as IDataObject);
	const request = isDefaultReviewMessage(context.getNode().parameters.message)
		? reviewRequestText(input)
		: String(context.getNodeParameter('message', 0) ?? '');
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
	const webhookUrl = resumeUrls(context, settings, parameters);
	if (text.channel === 'SMS') {
		const sms = buildV3SmsRequest({
			phoneNumber,
			webhookUrl,
			defaultWebhookUrl: undefined,
			content: text.content,
			replaceNonGsm: settings.replaceNonGsm,
			contentField: 'Message',
		});
		return await sendV3Message(tatango, 0, {
			path: '/transactional_messages/send_sms',
			channel: 'SMS',
			request: { ...sms },
		});
	}
	const mms = buildV3MmsRequest({
		phoneNumber,
		webhookUrl,
		defaultWebhookUrl: undefined,
		content: text.content,
		subject: text.subject,
		smsFailover: text.smsFailover,
		replaceNonGsm: settings.replaceNonGsm,
	});
	return await sendV3Message(tatango, 0, {
		path: '/transactional_messages/send_mms',
		channel: 'MMS',
		request: mms,
	});
}
