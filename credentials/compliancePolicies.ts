import type { INodeProperties } from 'n8n-workflow';

import { MAX_CUSTOM_CAP } from '../nodes/shared/capRules';

/**
 * What an account's compliance owner sets once, on either credential: a floor under every send that
 * uses it (the stricter of the send's own field and the policy wins). The send checks read them:
 * Quiet Hours (nodes/Tatango/actions/send/checks/sendWindow.ts) and Per-Number Cap
 * (checks/perNumberCap.ts).
 */
export const compliancePolicyFields: INodeProperties[] = [
	{
		displayName: 'Quiet Hours Policy',
		name: 'quietHoursPolicy',
		type: 'options',
		default: 'off',
		options: [
			{ name: "Don't Check", value: 'off', description: "Each send's Quiet Hours field decides" },
			{
				name: 'Refuse Outside Federal Hours',
				value: 'federal',
				description: "8 am to 9 pm in the recipient's time zone (Canada: its telemarketing hours)",
			},
			{
				name: 'Refuse Outside Federal and State Hours',
				value: 'federalAndState',
				description: "Also the stricter hours, Sunday and holiday rules of the recipient's state",
			},
		],
		hint: "A floor under every send with this credential; a send marked 'Recipient Asked' still goes",
		description:
			"A compliance owner's floor for every send with this credential: a send's Quiet Hours can be stricter, not looser, except a send marked 'Recipient Asked' (a one-time code or a reply)",
	},
	{
		displayName: 'Per-Number Cap Policy',
		name: 'perNumberCapPolicy',
		type: 'options',
		default: 'off',
		options: [
			{ name: "Don't Cap", value: 'off', description: "Each send's Per-Number Cap field decides" },
			{
				name: 'Limit Texts per 24 Hours',
				value: 'custom',
				description: 'Your own limit, for every number',
			},
			{
				name: 'State Limits (FL, MD, OK, OR)',
				value: 'stateRules',
				description:
					'At most 3 texts in any 24 hours (on the same subject) to a Florida, Maryland, Oklahoma or Oregon number (by area code), each law from the day it took effect',
			},
		],
		hint: 'Counted per workflow, not across the account: each workflow keeps its own count',
		description:
			"A compliance owner's limit for every send with this credential: a send's Per-Number Cap can be lower, not higher, except a send marked 'Recipient Asked' (a one-time code or a reply)",
	},
	{
		displayName: 'Policy Texts per 24 Hours',
		name: 'perNumberCapPolicyLimit',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_CUSTOM_CAP },
		default: 1,
		displayOptions: { show: { perNumberCapPolicy: ['custom'] } },
		description: 'The most texts one number may get in any 24 hours under this policy',
	},
	{
		displayName: 'Require a Compliance Ledger',
		name: 'requireComplianceLedger',
		type: 'boolean',
		default: false,
		description:
			'Whether every text sent with this credential must be recorded in a Tatango Compliance Ledger: a send whose node has no ledger credential selected is refused, naming the fix. With a ledger, Send Once Per, Per-Number Cap and revocations hold across every workflow and worker that uses it (docs/ledger.md).',
	},
];
