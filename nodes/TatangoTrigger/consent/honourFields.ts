// The trigger's "Honor Revocations" settings (field names keep the British spelling, so saved
// workflows keep theirs): shown for both sources, off by default, so a saved trigger behaves as before.
import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../shared/fields';

/**
 * Only that the texts stop and how to opt back in: 47 CFR 64.1200(a)(12) allows one text confirming
 * a revocation, within 5 minutes, with no marketing; CTIA's Messaging Principles and Best Practices
 * (opt-out) ask that it confirm no further messages will be sent and nothing more.
 */
export const DEFAULT_CONFIRMATION_TEXT =
	'You will get no more texts from us. Reply START to opt back in.';

/** What Honor Revocations does with a reply read as `unclear` (it may mean stop, but doesn't say so). */
export const UNCLEAR_REPLIES = { revoke: 'revoke', hold: 'hold' } as const;

const whenHonouring = { show: { honourRevocations: [true] } };

export const honourFields: INodeProperties[] = [
	{
		displayName: 'Honor Revocations',
		name: 'honourRevocations',
		type: 'boolean',
		default: false,
		hint: 'A reply like "please stop texting me" opts the number out of this workflow\'s sends',
		description:
			'Whether a reply that revokes consent ("STOP", "please stop texting me") is honored at once, whatever the Events filter selects: the number is recorded as opted out in this workflow\'s memory (Skip Opted-Out Numbers on its sends skips it) and unsubscribed from the Opt-Out List; START or UNSTOP from that number clears it. Nobody is texted unless Send Confirmation Text is on.',
	},
	{
		displayName: 'Unclear Replies',
		name: 'unclearReplies',
		type: 'options',
		default: 'revoke',
		displayOptions: whenHonouring,
		options: [
			{
				name: 'Treat as Revoked',
				value: UNCLEAR_REPLIES.revoke,
				description:
					"The cautious reading the FCC's revocation rule favors: honored like a revocation (the confirmation, if on, tells them how to opt back in)",
			},
			{
				name: 'Hold for Review',
				value: UNCLEAR_REPLIES.hold,
				description:
					'Nothing is done; the item says so (consentHonoured.held) for the workflow to route it to a person, who decides within the 10 business days the law allows',
			},
		],
		description:
			'What to do with a reply that may mean stop but does not say it (consent "unclear", with its consentReason): "ugh, every day", "who gave you my number", "unsubscribe me from the calls"',
	},
	{
		...resourceLocator({
			displayName: 'Opt-Out List',
			// The name the field had when it was called Compliance List: saved workflows carry it.
			name: 'complianceList',
			description:
				'Optional. A list a revoking number is unsubscribed from when it is on it (through the Tatango API credential): every send in any workflow whose Skip Opted-Out Numbers reads this list as its Opt-Out List skips it',
			searchListMethod: 'searchLists',
			listPlaceholder: 'Select a list...',
			idPlaceholder: 'e.g. 101',
			idRule: { regex: '^\\s*\\d*\\s*$', errorMessage: 'A list ID is a whole number' },
		}),
		required: false,
		displayOptions: whenHonouring,
	},
	{
		displayName: 'Send Confirmation Text',
		name: 'sendConfirmation',
		type: 'boolean',
		default: false,
		displayOptions: whenHonouring,
		description:
			'Whether to text the person once to confirm, at once (exempt from Quiet Hours and caps: they asked), never for a reply Tatango already answered as its own list keyword (STOP, END, CANCEL, UNSUBSCRIBE, QUIT)',
	},
	{
		displayName: 'Confirmation Text',
		name: 'confirmationText',
		type: 'string',
		default: DEFAULT_CONFIRMATION_TEXT,
		displayOptions: { show: { honourRevocations: [true], sendConfirmation: [true] } },
		description:
			'The one text that confirms the revocation. The law allows no marketing in it. Replies to v3 sends are confirmed through the Tatango V3 API credential (to its Default Webhook URL), others through the Tatango API credential (a transactional message).',
	},
];
