import type { IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { toGsm7Text, toTenDigitPhone } from '../../../shared/validation';
import { toResumeWebhookUrl } from './sendAndWait/resumeUrl.rules';
import { deliverV3, SMS_SEND } from '../v3Send';
import { sendAndWaitProperties } from './sendAndWait/description';
import { RETRY_OF, timedOutOutput } from './sendAndWait/eventDecision';
import { readReplySettings } from './sendAndWait/settings';
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
	const webhookUrl = toResumeWebhookUrl(this.getSignedResumeUrl());
	if (settings.onOtherReply === 'sendRetryText') {
		toResumeWebhookUrl(
			this.getSignedResumeUrl({ [RETRY_OF]: '0'.repeat(TRANSACTION_ID_LENGTH) }),
			"n8n's resume URL for the retry text",
		);
	}
	const body = {
		phoneNumber: toTenDigitPhone(this.getNodeParameter('phoneNumber', 0)),
		webhookUrl,
		content: toGsm7Text(this.getNodeParameter('message', 0), 'Message', {
			replaceOffenders: settings.replaceNonGsm,
		}),
	};
	const sent = await deliverV3(this, 0, tatango, SMS_SEND, body);
	// The checks before a text held it back: nothing was sent, nothing to wait for.
	if (typeof sent.transactionId !== 'string') return [[{ json: sent, pairedItem: { item: 0 } }]];

	const waiting = timedOutOutput(body.phoneNumber, sent.transactionId);
	// n8n resumes a timed-out wait by passing this node's input through (the node is disabled on
	// resume), so the input it keeps for the resume becomes the timed-out output. The webhook reads
	// the send's transactionId from it too.
	this.getExecuteData().data = { main: [[{ json: waiting, pairedItem: { item: 0 } }]] };
	await this.putExecutionToWait(waitTill);
	return [[{ json: { ...waiting, outcome: 'waiting' }, pairedItem: { item: 0 } }]];
}
