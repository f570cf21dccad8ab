// Honouring what a reply says about consent, in the run the trigger starts (execute(), where n8n
// lends its database): a revocation is recorded in the workflow's memory, unsubscribed from the
// Opt-Out List, and confirmed once if asked; an `unclear` reply is treated so or held for a
// person, as set; START or UNSTOP (or the list's own opt-in) clears the record. Each step's outcome
// goes on the item (`consentHonoured`).
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import type { ConsentReading } from '../../shared/consent/classify';
import {
	postTransactionalMessage,
	postV3Send,
	SMS_SEND,
	unsubscribeFromList,
} from '../../shared/tatangoCalls';
import { optOutListOutput } from '../../shared/lists';
import { withTriggerToken } from '../../shared/triggerUrlToken';
import { createTatangoClient, mayHaveBeenSent, type TatangoClient } from '../../shared/transport';
import {
	tenDigitsOf,
	toGsm7Text,
	toPositiveId,
	toV3WebhookUrl,
	WEBHOOK_URL_MAX,
} from '../../shared/validation';
import { fingerprint } from '../webhook/repeats.record';
import { classifyEvent } from '../events';
import { DEFAULT_CONFIRMATION_TEXT, UNCLEAR_REPLIES } from './honourFields';
import { HONOUR_ONLY_FIELD, isHonoured } from './unselected';

/**
 * Tatango's own list keywords: a list reply that is exactly one of them was already answered by
 * Tatango (unsubscribed, and its stop message sent), so no confirmation follows.
 */
export const TATANGO_LIST_KEYWORDS = ['STOP', 'ST0P', 'END', 'CANCEL', 'UNSUBSCRIBE', 'QUIT'];

/** What the honouring needs of n8n's memory (nodes/shared/memory), so tests can stand in for it. */
export interface ConsentMemory {
	/** `recorded` the first time for this number, `alreadyRecorded` while it is recorded. */
	recordRevocation(phone: string): Promise<'recorded' | 'alreadyRecorded'>;
	clearRevocation(phone: string): Promise<void>;
	/** Whether this attempt is the one that sends the confirmation of `revocation` (one wins). */
	claimConfirmation(revocation: string): Promise<boolean>;
	/** The confirmation certainly did not go: another delivery may claim it again. */
	releaseConfirmation(revocation: string): Promise<void>;
}

interface HonourSettings {
	optOutListId?: number;
	confirmationText?: string;
	/** What an `unclear` reading gets: honored as a revocation, or held for a person. */
	unclearReplies: string;
}

function settingsOf(context: IExecuteFunctions): HonourSettings | undefined {
	if (context.getNodeParameter('honourRevocations', 0, false) !== true) return undefined;
	const rawList = context.getNodeParameter('complianceList', 0, '', { extractValue: true });
	const optOutListId =
		rawList === '' || rawList === undefined || rawList === null
			? undefined
			: toPositiveId(rawList, 'Opt-Out List');
	const confirm = context.getNodeParameter('sendConfirmation', 0, false) === true;
	const text = confirm
		? String(context.getNodeParameter('confirmationText', 0, DEFAULT_CONFIRMATION_TEXT))
		: undefined;
	const unclearReplies = String(
		context.getNodeParameter('unclearReplies', 0, UNCLEAR_REPLIES.revoke),
	);
	return { optOutListId, confirmationText: text, unclearReplies };
}

/** The items of the run, each revocation and opt-in honoured, in order. */
export async function honourConsent(
	context: IExecuteFunctions,
	items: INodeExecutionData[],
	memory: ConsentMemory,
): Promise<INodeExecutionData[]> {
	const settings = settingsOf(context);
	let tatango: TatangoClient | undefined;
	const client = () => (tatango ??= createTatangoClient(context));
	const honoured: INodeExecutionData[] = [];
	for (const [index, marked] of items.entries()) {
		// An item the Events filter did not select, started only to be honored: passed on to nobody.
		const { [HONOUR_ONLY_FIELD]: honourOnly, ...json } = marked.json;
		const item = { ...marked, json };
		if (!settings) {
			if (honourOnly === undefined) honoured.push(item);
			continue;
		}
		const phone = tenDigitsOf(typeof json.phoneNumber === 'string' ? json.phoneNumber : null);
		const reading = {
			consent: json.consent as ConsentReading['consent'],
			consentReason: (json.consentReason ?? null) as string | null,
		};
		let result: IDataObject | undefined;
		if (
			phone !== null &&
			json.consent === 'unclear' &&
			!isHonoured(reading, settings.unclearReplies)
		) {
			result = { held: 'unclear', reason: reading.consentReason };
		} else if (phone !== null && (json.consent === 'revoked' || json.consent === 'unclear')) {
			result = await honourRevocation(context, index, json, phone, settings, memory, client);
			if (json.consent === 'unclear') result = { treatedAsRevoked: 'unclear', ...result };
		} else if (
			phone !== null &&
			(isHonoured(reading, settings.unclearReplies) || json.event === 'subscribe')
		) {
			// Only the person's own START / UNSTOP (or words asking to opt back in), or the list's own
			// opt-in, clears the record; a bare YES confirms something pending and clears nothing.
			await memory.clearRevocation(phone);
			result = { revocationCleared: true };
		}
		if (honourOnly !== undefined) continue;
		honoured.push(result ? { ...item, json: { ...json, consentHonoured: result } } : item);
	}
	return honoured;
}

async function honourRevocation(
	context: IExecuteFunctions,
	itemIndex: number,
	json: IDataObject,
	phone: string,
	settings: HonourSettings,
	memory: ConsentMemory,
	client: () => TatangoClient,
): Promise<IDataObject> {
	const recorded = await memory.recordRevocation(phone);
	const result: IDataObject = { recorded };
	// A second delivery of the reply (or another revocation before an opt-in) was honoured already.
	if (recorded === 'alreadyRecorded') return result;
	if (settings.optOutListId !== undefined) {
		const listId = settings.optOutListId;
		const unsubscribed = await unsubscribeFrom(context, itemIndex, client(), listId, phone);
		Object.assign(result, optOutListOutput(unsubscribed));
	}
	if (settings.confirmationText !== undefined) {
		result.confirmation = await confirm(context, itemIndex, json, phone, settings, memory, client);
	}
	return result;
}

/** DELETE the number from the list; a 404 means it was not on it. */
async function unsubscribeFrom(
	context: IExecuteFunctions,
	itemIndex: number,
	tatango: TatangoClient,
	listId: number,
	phone: string,
): Promise<IDataObject> {
	try {
		const { outcome } = await unsubscribeFromList(tatango, listId, phone, { itemIndex });
		return { listId, outcome };
	} catch (error) {
		// Recorded in this workflow, but the list still counts the number in: say so, loudly.
		throw new NodeOperationError(
			context.getNode(),
			`The revocation of ${phone} is recorded in this workflow, but unsubscribing it from the Opt-Out List ${listId} failed: ${(error as Error).message}`,
			{
				itemIndex,
				description:
					"Unsubscribe the number from that list in Tatango (or with Subscriber → Unsubscribe): other workflows that skip the list's opted-out numbers would text it.",
			},
		);
	}
}

/** Whether Tatango already answered this reply itself: a list reply that is its list keyword. */
export function answeredByTatango(json: IDataObject): boolean {
	if (json.event !== 'campaign_response' || typeof json.replyText !== 'string') return false;
	return TATANGO_LIST_KEYWORDS.includes(json.replyText.trim().toUpperCase());
}

async function confirm(
	context: IExecuteFunctions,
	itemIndex: number,
	json: IDataObject,
	phone: string,
	settings: HonourSettings,
	memory: ConsentMemory,
	client: () => TatangoClient,
): Promise<IDataObject> {
	if (answeredByTatango(json)) {
		return { status: 'not_sent', reason: 'Tatango answered its own list keyword' };
	}
	const payload = json.payload as IDataObject;
	const revocation = `${phone}/${fingerprint(classifyEvent(payload).identity)}`;
	if (!(await memory.claimConfirmation(revocation))) {
		return { status: 'not_sent', reason: 'already confirmed' };
	}
	const text = settings.confirmationText as string;
	try {
		const sent =
			json.event === 'reply_received' && context.getNode().credentials?.tatangoV3Api
				? await confirmOnV3(client(), itemIndex, phone, text)
				: await confirmOnV2(client(), itemIndex, phone, text);
		return { status: 'sent', ...sent };
	} catch (error) {
		if (mayHaveBeenSent(error)) {
			return { status: 'may_have_been_sent', error: (error as Error).message };
		}
		await memory.releaseConfirmation(revocation);
		return { status: 'failed', error: (error as Error).message };
	}
}

/** An SMS through the v3 credential, reporting to its Default Webhook URL (the trigger's). */
async function confirmOnV3(
	tatango: TatangoClient,
	itemIndex: number,
	phone: string,
	text: string,
): Promise<IDataObject> {
	const credentials = await tatango.credentials('v3');
	const webhookUrl = withTriggerToken(
		toV3WebhookUrl('', credentials.defaultWebhookUrl),
		credentials.apiKey,
		{ field: 'Default Webhook URL', maxLength: WEBHOOK_URL_MAX },
	);
	const content = toGsm7Text(text, 'Confirmation Text');
	const sent = await postV3Send(tatango, itemIndex, SMS_SEND, {
		phoneNumber: phone,
		webhookUrl,
		content,
	});
	return { channel: 'SMS', transactionId: sent.transactionId };
}

/** A transactional message through the v2 credential (list and transactional replies). */
async function confirmOnV2(
	tatango: TatangoClient,
	itemIndex: number,
	phone: string,
	text: string,
): Promise<IDataObject> {
	const answer = await postTransactionalMessage(tatango, itemIndex, {
		transactional_message: { number: phone, content: text },
	});
	const message = answer.transactional_message as IDataObject;
	return { channel: 'V2', transactionId: message.id ?? null };
}
