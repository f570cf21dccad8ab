// The trigger's "Honor Revocations" settings (US spelling in the editor; the parameter names stay): shown for both sources, off by default, so a saved
// trigger behaves as before.
import type { INodeProperties } from 'n8n-workflow';

import { resourceLocator } from '../../shared/fields';

/** No marketing, no link, nothing to sell: what 47 CFR 64.1200(a)(12) allows. */
export const DEFAULT_CONFIRMATION_TEXT =
	'You are unsubscribed and will get no more texts from us. Reply START to opt back in.';

const whenHonouring = { show: { honourRevocations: [true] } };

export const honourFields: INodeProperties[] = [
	{
		displayName: 'Honor Revocations',
		name: 'honourRevocations',
		type: 'boolean',
		default: false,
		hint: 'A reply like "please stop texting me" opts the number out of this workflow\'s sends',
		description:
			'Whether a reply that revokes consent ("STOP", "please stop texting me") is honored at once: this workflow\'s sends with Skip Opted-Out Numbers skip the number, and it is unsubscribed from the Compliance List. START or UNSTOP clears it. Nobody is texted unless Send Confirmation Text is on.',
	},
	{
		...resourceLocator({
			displayName: 'Compliance List',
			name: 'complianceList',
			description:
				'Optional. A list a revoking number is unsubscribed from when it is on it (through the Tatango API credential): every send in any workflow whose Skip Opted-Out Numbers reads this list skips it',
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
