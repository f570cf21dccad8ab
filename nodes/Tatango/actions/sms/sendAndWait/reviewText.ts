import { randomInt } from 'node:crypto';
import type { IDataObject, INode } from 'n8n-workflow';

import {
	characterCount,
	nonGsmCharacters,
	replaceCommonNonGsm,
	septetCount,
} from '../../../../shared/validation';

/**
 * The Message default n8n 2.41 gives the review tool it derives from Send and Wait for Reply
 * (`<node>HitlTool`, packages/cli/src/tool-generation/hitl-tools.ts). It renders the tool's input
 * as "[object Object]", so a reviewer could not read what they approve: left as it is, the node
 * writes the request itself (reviewRequestText).
 */
export const N8N_REVIEW_MESSAGE =
	'=The agent wants to run this tool: {{ $tool.name }}\n\nInput:\n{{ $tool.parameters }}';

/** An SMS holds 160 GSM 7-bit characters; Tatango's MMS content holds 3,500 (public docs §3.2, §3.3). */
export const SMS_MAX = 160;
export const MMS_MAX = 3500;

/** Whether this node runs as n8n's review tool for an AI agent's tool calls. */
export function isReviewTool(node: INode): boolean {
	return node.type.endsWith('HitlTool');
}

/** The review message as the builder left it: n8n's default (or empty) means "write it for me". */
export function isDefaultReviewMessage(raw: unknown): boolean {
	return raw === undefined || raw === '' || raw === N8N_REVIEW_MESSAGE;
}

/**
 * The code that ties a reply to its request: four digits, none with a leading zero (a phone's
 * keyboard or a person might drop it). Two requests on one phone are told apart by it.
 */
export function newReplyCode(): string {
	return String(randomInt(1000, 10000));
}

function valueText(value: unknown): string {
	if (typeof value === 'string') return value;
	if (value === null || value === undefined) return '-';
	if (typeof value === 'object') return JSON.stringify(value);
	return String(value);
}

/** `{ order: { id: 1 }, amount: 120 }` → `order.id 1, amount 120`: readable on a phone. */
function flatten(value: unknown, prefix: string, parts: string[]): void {
	if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
		for (const [key, inner] of Object.entries(value)) {
			flatten(inner, prefix ? `${prefix}.${key}` : key, parts);
		}
		return;
	}
	parts.push(prefix ? `${prefix} ${valueText(value)}` : valueText(value));
}

/**
 * The request a reviewer reads, from what the agent passes the review tool: the gated tool's
 * name (`tool`, n8n joins its words with "_") and the input the model chose (`toolParameters`).
 */
export function reviewRequestText(input: IDataObject): string {
	const tool = typeof input.tool === 'string' && input.tool ? input.tool.replace(/_/g, ' ') : '';
	const parts: string[] = [];
	if (input.toolParameters !== undefined) flatten(input.toolParameters, '', parts);
	const what = tool ? `run "${tool}"` : 'run a tool';
	return `An AI agent asks to ${what}${parts.length ? `: ${parts.join(', ')}` : ''}.`;
}

/** The line that says how to answer: "Reply YES 4821 or NO 4821". */
export function answerLine(code: string, approveWord: string, declineWord: string): string {
	return `Reply ${approveWord} ${code} or ${declineWord} ${code}`;
}

export type ApprovalText =
	| { channel: 'SMS'; content: string }
	| {
			channel: 'MMS';
			content: string;
			subject: string;
			smsFailover: string;
			/** The request was cut: a reviewer could not read it all, so it can only be declined. */
			declineOnly: boolean;
	  };

function fitsOneSms(text: string): boolean {
	return nonGsmCharacters(text).length === 0 && septetCount(text) <= SMS_MAX;
}

/**
 * How a review request reaches the reviewer, never refused for its length: one SMS when the
 * request and the answer line fit (160 GSM 7-bit characters), else the full text as MMS content
 * (up to 3,500 characters, any alphabet). A request longer than that is cut, says so, and offers
 * only the decline word: nobody is asked to approve what they could not read. The MMS's SMS
 * fallback (a phone without MMS) offers only the decline word too, for the same reason.
 */
export function planApprovalText(o: {
	request: string;
	code: string;
	approveWord: string;
	declineWord: string;
	replaceNonGsm: boolean;
}): ApprovalText {
	const answer = answerLine(o.code, o.approveWord, o.declineWord);
	const request = o.request.trim();
	const asSms = `${request}\n${answer}`;
	const sms = o.replaceNonGsm ? replaceCommonNonGsm(asSms) : asSms;
	if (fitsOneSms(sms)) return { channel: 'SMS', content: sms };

	const declineOnlyLine = `Too long to show in full: reply ${o.declineWord} ${o.code} to decline it.`;
	const subject = `Approval request ${o.code}`;
	let smsFailover = `Approval request ${o.code} is too long for a text and its MMS did not arrive. Reply ${o.declineWord} ${o.code} to decline it.`;
	if (!fitsOneSms(smsFailover)) smsFailover = `Approval request ${o.code}: reply NO ${o.code}.`;
	if (characterCount(asSms) <= MMS_MAX) {
		return { channel: 'MMS', content: asSms, subject, smsFailover, declineOnly: false };
	}
	const tail = (hidden: number) => `...\n[${hidden} more characters not shown]\n${declineOnlyLine}`;
	// The cut leaves room for the tail with the largest count of hidden characters it can name.
	const room = MMS_MAX - characterCount(tail(characterCount(request)));
	let shown = request.slice(0, room);
	// Never split a surrogate pair (an emoji) in two.
	if (/[\uD800-\uDBFF]$/.test(shown)) shown = shown.slice(0, -1);
	const content = `${shown}${tail(characterCount(request) - characterCount(shown))}`;
	return { channel: 'MMS', content, subject, smsFailover, declineOnly: true };
}
