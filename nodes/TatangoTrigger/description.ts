// The Tatango Trigger's parameters.
import type { INodeProperties } from 'n8n-workflow';

import { listLocator } from '../shared/fields';
import { DEFAULT_WINDOW_MINUTES } from './webhook/repeats.record';
import { TOKEN_QUERY_PARAMETER } from '../shared/triggerUrlToken';
import { MIN_TOKEN_LENGTH, TOKEN_HEADER } from './webhook/authenticate.rules';
import { CONSENT_REVOKED, KNOWN_EVENTS, type KnownEvent } from './events';
import { honourFields } from './consent/honourFields';
import { LIST_EVENTS } from './listWebhook';

// `name` is what the Events field lists; `action` is the node creator's entry for the event (n8n
// would otherwise make one from the name, lower-cased: "On cleaned v2 list"). Sorted by name.
export const EVENT_OPTIONS: Array<{
	name: string;
	value: KnownEvent | typeof CONSENT_REVOKED;
	action: string;
	description: string;
}> = [
	{
		name: 'Consent Revoked (a Reply That Opts Out)',
		value: CONSENT_REVOKED,
		action: 'On consent revoked by a reply',
		description:
			'Any reply that revokes consent ("STOP", "please stop texting me", "no más mensajes"), whichever reply event carries it; its "consent" is "revoked"',
	},
	{
		name: 'Delivery Status',
		value: 'delivery_status',
		action: 'On delivery status of a sent message',
		description: 'An SMS, MMS, RCS or WhatsApp message was delivered, soft-bounced or hard-bounced',
	},
	{
		name: 'Invalid Phone Number',
		value: 'invalid_phone',
		action: 'On invalid phone number',
		description:
			'An SMS, MMS, RCS or WhatsApp message could not go out because the number is invalid, for example a landline',
	},
	{
		name: 'List Message Sent',
		value: 'message_sent',
		action: 'On list message sent',
		description: 'A message to a whole list finished sending (a list webhook in Tatango)',
	},
	{
		name: 'Reply to a List Message',
		value: 'campaign_response',
		action: 'On reply to a list message',
		description:
			'A subscriber replied to a message sent to a list (a list webhook in Tatango; its type is campaign_response)',
	},
	{
		name: 'Reply to a Sent Message',
		value: 'reply_received',
		action: 'On reply to a sent message',
		description: 'The recipient replied to an SMS, MMS, RCS or WhatsApp message',
	},
	{
		name: 'Reply to a Transactional Message',
		value: 'transactional_message_reply',
		action: 'On reply to a transactional message',
		description:
			'The recipient replied to a message from Transactional Message → Send (its Reply Webhook URL)',
	},
	{
		name: 'Subscribed to a List',
		value: 'subscribe',
		action: 'On subscribed to a list',
		description:
			'A number joined a list, after confirming if the list uses double opt-in (a list webhook in Tatango)',
	},
	{
		name: 'Subscriber Removed by Tatango',
		value: 'cleaned',
		action: 'On subscriber removed by Tatango',
		description:
			'Tatango took a number off a list, for example because it was deactivated (a list webhook in Tatango)',
	},
	{
		name: 'Unsubscribed From a List',
		value: 'unsubscribe',
		action: 'On unsubscribed from a list',
		description: 'A number left a list (a list webhook in Tatango)',
	},
];

export const STATUS_OPTIONS = [
	{ name: 'Hard Bounce', value: 'hard bounce', description: 'Permanently undeliverable' },
	{
		name: 'Soft Bounce',
		value: 'soft bounce',
		description: 'Temporarily undeliverable (phone off...)',
	},
	{ name: 'Success', value: 'success', description: 'Delivered' },
];

/** The events a list webhook carries, as the Events field names them. */
const LIST_EVENT_OPTIONS = EVENT_OPTIONS.filter(
	(option) =>
		(LIST_EVENTS as readonly string[]).includes(option.value) || option.value === CONSENT_REVOKED,
);

/** The events sends report (v3 sends and transactional replies): what a sends source offers. */
export const SENDS_EVENTS = KNOWN_EVENTS.filter(
	(event) => !(LIST_EVENTS as readonly string[]).includes(event),
);

const SENDS_EVENT_OPTIONS = EVENT_OPTIONS.filter(
	(option) =>
		(SENDS_EVENTS as readonly string[]).includes(option.value) || option.value === CONSENT_REVOKED,
);

const SOURCE_OPTIONS = [
	{
		name: 'A List (Registered Automatically)',
		value: 'list',
		description:
			"A Tatango list's events (subscribe, unsubscribe, reply...). The trigger registers its own webhook on the list when it starts listening and removes it when it stops: nothing to copy or paste.",
	},
	{
		name: 'Sends That Name This URL',
		value: 'sends',
		description:
			"Delivery statuses and replies of SMS, MMS, RCS and WhatsApp sends, and transactional replies: paste this trigger's Production URL into the V3 credential's Default Webhook URL",
	},
];

const onlyFor = (source: 'list' | 'sends') => ({ show: { source: [source] } });

export const triggerProperties: INodeProperties[] = [
	// Saved workflows of versions 1 and 1.1 hold no Source and keep receiving what they received
	// (sends); new triggers (version 2) start on the registered list webhook.
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		options: SOURCE_OPTIONS,
		default: 'sends',
		displayOptions: { show: { '@version': [1, 1.1] } },
		description: 'Where the events come from',
	},
	{
		displayName: 'Source',
		name: 'source',
		type: 'options',
		noDataExpression: true,
		options: SOURCE_OPTIONS,
		default: 'list',
		displayOptions: { show: { '@version': [{ _cnd: { gte: 2 } }] } },
		description: 'Where the events come from',
	},
	{
		displayName:
			'Tatango gets this trigger\'s URL when you publish the workflow (or click "Listen for test event") and forgets it when you unpublish (or stop listening). The test and the production URL each get their own webhook on the list.',
		name: 'listNotice',
		type: 'notice',
		default: '',
		displayOptions: onlyFor('list'),
	},
	{
		...listLocator,
		description: 'The list whose events start this workflow',
		displayOptions: onlyFor('list'),
	},
	// The first field titled "Events" is the one n8n's nodes panel lists as the trigger's events;
	// picking one there sets it and the first value of each of its display conditions (Source: list).
	{
		displayName: 'Events',
		name: 'listEvents',
		type: 'multiOptions',
		required: true,
		options: LIST_EVENT_OPTIONS,
		default: ['subscribe', 'unsubscribe'],
		displayOptions: onlyFor('list'),
		description: "Which of the list's events Tatango sends and start the workflow",
	},
	{
		displayName:
			"Paste this trigger's <b>Production URL</b> (<b>Webhook URLs</b> above) into the <b>Default Webhook URL</b> of the Tatango V3 API credential you choose here. Sends add the token themselves.",
		name: 'urlNotice',
		type: 'notice',
		default: '',
		displayOptions: onlyFor('sends'),
	},
	{
		displayName: 'Secret Token',
		name: 'secretToken',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		placeholder: 'Leave empty to use the token derived from the credential',
		displayOptions: onlyFor('sends'),
		hint: `Optional. If set: at least ${MIN_TOKEN_LENGTH} characters, added to the URL by you`,
		description: `Leave empty: sends that name this trigger's URL add a token derived from the credential's API key and the URL. Or a random string of at least ${MIN_TOKEN_LENGTH} characters that every call must carry as the "${TOKEN_QUERY_PARAMETER}" query parameter or the "${TOKEN_HEADER}" header; other calls get 401 and start nothing.`,
	},
	{
		displayName: 'Require API Key Header',
		name: 'requireApiKey',
		type: 'boolean',
		default: false,
		displayOptions: onlyFor('sends'),
		description:
			"Whether calls must also carry an x-api-key header equal to the Tatango v3 credential's API key. Only v3 events (from v3 sends such as RCS) carry it: leave this off if the trigger also receives v2 list webhooks.",
	},
	// Versions 1 and 1.1 predate the list source: their sends offer and select every event, list
	// events included (a list webhook could name their URL), and saved ones keep doing so.
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: EVENT_OPTIONS,
		default: [...KNOWN_EVENTS],
		displayOptions: { show: { source: ['sends'], '@version': [1, 1.1] } },
		description:
			'Which events start the workflow. Other known events are answered 200 and ignored.',
	},
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: SENDS_EVENT_OPTIONS,
		default: [...SENDS_EVENTS],
		displayOptions: { show: { source: ['sends'], '@version': [{ _cnd: { gte: 2 } }] } },
		description:
			'Which events of sends start the workflow. Other known events are answered 200 and ignored.',
	},
	{
		displayName: 'Delivery Statuses',
		name: 'deliveryStatuses',
		type: 'multiOptions',
		options: STATUS_OPTIONS,
		default: ['success', 'soft bounce', 'hard bounce'],
		displayOptions: { show: { source: ['sends'], events: ['delivery_status'] } },
		description: 'Which delivery_status statuses start the workflow',
	},
	...honourFields,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Ignore Duplicates Within (Minutes)',
				name: 'duplicateWindowMinutes',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: DEFAULT_WINDOW_MINUTES,
				description:
					'A repeat of an event that already started the workflow (same transaction or opt ID, event type and status) is answered 200 and its copy goes no further than this trigger, for this long. 0 turns the check off.',
			},
			{
				displayName: 'Unknown Events',
				name: 'unknownEvents',
				type: 'options',
				options: [
					{
						name: 'Pass Through',
						value: 'passThrough',
						description:
							'Start the workflow with event types (or delivery statuses) Tatango does not document; "recognized" is false on them',
					},
					{
						name: 'Ignore',
						value: 'ignore',
						description: 'Answer 200 and start nothing',
					},
				],
				default: 'passThrough',
				description: 'What to do with event types or delivery statuses Tatango does not document',
			},
		],
	},
];
