import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import {
	checkSendWindow,
	type SendWindowScope,
	stricterScope,
	toSendWindowScope,
} from '../../../../shared/sendWindow';
import { textOf } from '../../../../shared/validation';
import type { OutgoingText } from '../text';
import type { SendCheck } from '../types';

/**
 * Where the setting lives (docs/send-window.md): on each send as this field (the UI calls it Quiet
 * Hours), and on each credential as a Quiet Hours Policy a compliance owner sets once. The stricter
 * of the two wins, except that a send marked "Recipient Asked" (a one-time code, a
 * reply) is never held: the rules bind solicitations, and a code the recipient waits for must go at
 * 23:00. That exemption is visible on the node, where a reviewer sees it.
 */
const sendWindowField: INodeProperties = {
	displayName: 'Quiet Hours',
	name: 'quietHours',
	type: 'options',
	default: 'off',
	options: [
		{
			name: "Don't Check",
			value: 'off',
			description: "Send at any hour, unless the credential's Quiet Hours Policy says otherwise",
		},
		{
			name: 'Recipient Asked (No Quiet Hours, No Cap)',
			value: 'recipientAsked',
			description:
				"A one-time code or a reply the recipient just asked for: sent at any hour and not counted by Per-Number Cap, whatever the credential's policies say",
		},
		{
			name: 'Refuse Outside Federal and State Hours',
			value: 'federalAndState',
			description:
				"The federal hours and the stricter hours, Sunday and holiday rules of the recipient's state (from the area code)",
		},
		{
			name: 'Refuse Outside Federal Hours',
			value: 'federal',
			description: "8 am to 9 pm in the recipient's time zone (Canada: its telemarketing hours)",
		},
	],
	hint: "The recipient's local time comes from the area code",
	description:
		"Whether to hold back a marketing text that would arrive outside the hours the law allows, in the recipient's local time. A held-back item says when it may go.",
};

const SCOPE_LABEL: Record<SendWindowScope, string> = {
	federal: 'federal hours',
	federalAndState: 'federal and state hours',
};

/**
 * The send window, checked before every text: refuses a text that would reach the recipient outside
 * the allowed hours in any time zone of their area code, naming the rule, their local time and when
 * it may be sent. `nextAllowedAt` rides on the error for Continue On Fail's item (router.ts).
 */
export const sendWindowCheck: SendCheck = {
	name: 'quietHours',
	fields: [sendWindowField],
	start: ({ context, tatango }) => ({
		async before(text) {
			if (text.recipientAsked) return { verdict: 'off' };
			const choice = textOf(text.parameter('quietHours', 'off'), 'Quiet Hours').trim();
			const nodeScope = toSendWindowScope(choice, 'Quiet Hours');
			const credentials = await tatango.credentials(text.channel === 'V2' ? 'v2' : 'v3');
			const policy = toSendWindowScope(
				credentials.quietHoursPolicy,
				"Credential's Quiet Hours Policy",
			);
			const scope = stricterScope(nodeScope, policy);
			if (!scope) return { verdict: 'off' };
			const checked = checkSendWindow(text.phoneNumber, Date.now(), scope);
			const { rule, nextAllowedAt } = checked.output;
			const cited = { name: rule.name, citation: rule.citation };
			if (checked.result.allowedNow) return { verdict: 'pass', rule: cited, details: { scope } };
			const fromPolicy = policy === scope && nodeScope !== scope;
			return {
				verdict: 'refuse',
				rule: cited,
				details: { scope, nextAllowedAt },
				error: refusal(context, text, checked, scope, fromPolicy),
			};
		},
	}),
};

type SendWindowCheck = ReturnType<typeof checkSendWindow>;

/** The refusal of a text outside the hours: the rule, the recipient's local time, when it may go. */
function refusal(
	context: IExecuteFunctions,
	text: OutgoingText,
	{ output, result }: SendWindowCheck,
	scope: SendWindowScope,
	fromPolicy: boolean,
): NodeOperationError {
	const { rule } = output;
	const local = result.localTime.toFormat('ccc yyyy-MM-dd HH:mm ZZZZ');
	const next = output.nextAllowedAt;
	const from = fromPolicy ? "The credential's Quiet Hours Policy" : 'Quiet Hours';
	const error = new NodeOperationError(
		context.getNode(),
		`Not sent: it is ${local} for ${text.phoneNumber} (${result.decidedBy.zone}), outside the ${rule.name} hours (${rule.hours}). It may be sent from ${next}.`,
		{
			itemIndex: text.itemIndex,
			description: `${from} (${SCOPE_LABEL[scope]}) held this text back; nothing was sent. Rule: ${rule.name}, ${rule.citation}. With Continue On Fail the item's JSON carries nextAllowedAt, for a Wait node set to resume then. A one-time code or a reply the recipient asked for: set Quiet Hours to "Recipient Asked (No Quiet Hours, No Cap)".`,
		},
	);
	error.context.itemFields = {
		nextAllowedAt: next,
		localTime: output.localTime,
		timeZone: output.timeZone,
		rule: output.rule,
	};
	return error;
}
