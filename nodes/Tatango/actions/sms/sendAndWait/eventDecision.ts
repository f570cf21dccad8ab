import type { IDataObject } from 'n8n-workflow';

import { CONFIRMATION_REASON, readConsent } from '../../../../shared/consent/classify';
import { classifyCodedReply, classifyReply } from './replyWords';

/** How a Send and Wait for Reply ended: what an IF or Switch node after it branches on. */
export type ReplyOutcome = 'approved' | 'declined' | 'text' | 'timed_out' | 'undeliverable';

/** The one item a Send and Wait for Reply outputs. */
export interface ReplyOutput extends IDataObject {
	outcome: ReplyOutcome;
	/** What the person texted back; null when nobody replied. */
	replyText: string | null;
	/** When the reply was sent (Tatango's `sentAt`); null when nobody replied. */
	repliedAt: string | null;
	phoneNumber: string;
	/** The send the event was about (the retry text's own ID for a reply to the retry). */
	transactionId: string;
	/** Why the text could not be delivered (`undeliverable` only), else null. */
	reason: string | null;
	/** outcome is `approved`: what n8n's human-review tool for AI agents reads. */
	approved: boolean;
	/**
	 * Replies: what the reply says about consent (`revoked`, `help`, `opt_in`), as the Tatango
	 * Trigger reads it; a revocation declines an approval request.
	 */
	consent?: string | null;
	consentWords?: string | null;
}

/** What the waiting execution knows about its send, and how the node reads replies. */
export interface WaitingSend {
	phoneNumber: string;
	/** The first send's ID; undefined if n8n did not keep it (then any event at the URL counts). */
	transactionId: string | undefined;
	responseType: 'approval' | 'freeText';
	approveWords: string[];
	declineWords: string[];
	onOtherReply: 'keepWaiting' | 'sendRetryText';
	/** The code the text asked the reply to carry (review requests), if any. */
	replyCode?: string;
	/** The request was cut to fit: the reviewer could not read it all, so only a decline counts. */
	declineOnly?: boolean;
}

/** The query parameter of the retry text's resume URL, naming the first send. */
export const RETRY_OF = 'retryOf';
/** The query parameters of a review request's resume URLs: its reply code, and "decline only". */
export const REPLY_CODE = 'code';
export const DECLINE_ONLY = 'declineOnly';

/** Where the event arrived: the first send's URL, or the retry text's (which names the first send). */
export interface ArrivalUrl {
	retryOf?: string;
}

export type EventDecision =
	| { action: 'resume'; output: ReplyOutput }
	| { action: 'sendRetryText' }
	| { action: 'keepWaiting'; statusCode: 200 | 400; why: string };

/** The output of a run that got no answer before its time limit. */
export function timedOutOutput(phoneNumber: string, transactionId: string): ReplyOutput {
	return {
		outcome: 'timed_out',
		replyText: null,
		repliedAt: null,
		phoneNumber,
		transactionId,
		reason: null,
		approved: false,
	};
}

function isObject(value: unknown): value is IDataObject {
	return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keepWaiting(why: string, statusCode: 200 | 400 = 200): EventDecision {
	return { action: 'keepWaiting', statusCode, why };
}

/**
 * Decides what a POST to the resume URL does (n8n has checked its signature already). Only the
 * events of this run's sends count: the reply resumes the execution, a hard bounce or an invalid
 * phone resumes it as `undeliverable`, delivery reports and unreadable replies leave it waiting
 * (answered 200, so Tatango does not retry them).
 */
export function decideEvent(
	event: unknown,
	arrival: ArrivalUrl,
	waiting: WaitingSend,
	now: Date,
): EventDecision {
	if (
		!isObject(event) ||
		typeof event.transactionId !== 'string' ||
		typeof event.eventType !== 'string' ||
		!isObject(event.body)
	) {
		return keepWaiting('not a Tatango event (transactionId, eventType and body)', 400);
	}
	const { transactionId, eventType, body } = event;
	const isRetryUrl = arrival.retryOf !== undefined;
	if (waiting.transactionId !== undefined) {
		const about = isRetryUrl ? arrival.retryOf : transactionId;
		if (about !== waiting.transactionId) return keepWaiting('an event of another send');
	}

	const output = (fields: Partial<ReplyOutput> & Pick<ReplyOutput, 'outcome'>): EventDecision => ({
		action: 'resume',
		output: {
			replyText: null,
			repliedAt: null,
			phoneNumber: waiting.phoneNumber,
			transactionId,
			reason: null,
			...fields,
			approved: fields.outcome === 'approved',
		},
	});

	if (eventType === 'invalid_phone') {
		return output({
			outcome: 'undeliverable',
			reason: typeof body.reason === 'string' && body.reason ? body.reason : 'invalid phone',
		});
	}
	if (eventType === 'delivery_status') {
		if (body.status === 'hard bounce')
			return output({ outcome: 'undeliverable', reason: 'hard bounce' });
		return keepWaiting(`a delivery report (${String(body.status)})`);
	}
	if (eventType !== 'reply_received')
		return keepWaiting(`an event the node does not use (${eventType})`);

	const replyText = typeof body.content === 'string' ? body.content : '';
	const sentAt = typeof body.sentAt === 'string' && !Number.isNaN(Date.parse(body.sentAt));
	const repliedAt = sentAt ? (body.sentAt as string) : now.toISOString();
	const reading = readConsent(replyText);
	// A bare YES here answers the question sent, not a subscription awaiting its confirmation.
	const confirms = reading.consentReason === CONFIRMATION_REASON;
	const consent = confirms ? null : reading.consent;
	const consentWords = confirms ? null : reading.consentWords;
	const read = { replyText, repliedAt, consent, consentWords };
	if (waiting.responseType === 'freeText') return output({ outcome: 'text', ...read });
	// "STOP" or "please stop texting me" answers no to anything asked, whatever the decline words.
	if (consent === 'revoked') return output({ outcome: 'declined', ...read });

	const answer =
		waiting.replyCode === undefined
			? classifyReply(replyText, waiting.approveWords, waiting.declineWords)
			: classifyCodedReply(
					replyText,
					waiting.replyCode,
					waiting.approveWords,
					waiting.declineWords,
				);
	if (answer === 'otherRequest') return keepWaiting('a reply naming the code of another request');
	if (answer === 'declined' || (answer === 'approved' && !waiting.declineOnly)) {
		return output({ outcome: answer, ...read });
	}
	if (waiting.onOtherReply === 'sendRetryText' && !isRetryUrl) return { action: 'sendRetryText' };
	return keepWaiting('a reply that is neither an approval nor a decline word');
}
