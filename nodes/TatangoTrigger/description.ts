// The Tatango Trigger's parameters.
import type { INodeProperties } from 'n8n-workflow';

import { listLocator } from '../Tatango/actions/common.descriptions';
import { DEFAULT_WINDOW_MINUTES } from './duplicates';
import { MIN_TOKEN_LENGTH, TOKEN_HEADER, TOKEN_QUERY_PARAMETER } from './authenticity';
import { LIST_EVENTS } from './listWebhook';

export const EVENT_OPTIONS = [
	{
		name: 'Cleaned (V2 List)',
		value: 'cleaned',
		description: 'Tatango removed a subscriber from a list (for example a deactivated number)',
	},
	{
		name: 'Delivery Status (V3)',
		value: 'delivery_status',
		description: 'An RCS or other v3 message was delivered, soft-bounced or hard-bounced',
	},
	{
		name: 'Invalid Phone (V3)',
		value: 'invalid_phone',
		description:
			'A v3 message could not be sent because the number is invalid (for example a landline)',
	},
	{
		name: 'Message Sent (V2 List)',
		value: 'message_sent',
		description: 'A broadcast to a list finished sending',
	},
	{
		name: 'Reply (V2 List)',
		value: 'campaign_response',
		description: 'A subscriber replied to a list message (Tatango type campaign_response)',
	},
	{
		name: 'Reply (V2 Transactional)',
		value: 'transactional_message_reply',
		description: 'The recipient replied to a v2 transactional message',
	},
	{
		name: 'Reply Received (V3)',
		value: 'reply_received',
		description: 'The recipient replied to a v3 message (RCS, SMS...)',
	},
	{
		name: 'Subscribe (V2 List)',
		value: 'subscribe',
		description: 'A number subscribed to a list (after confirmation, for double opt-in)',
	},
	{
		name: 'Unsubscribe (V2 List)',
		value: 'unsubscribe',
		description: 'A number unsubscribed from a list',
	},
];

export const ALL_EVENTS = EVENT_OPTIONS.map((option) => option.value);

export const STATUS_OPTIONS = [
	{ name: 'Hard Bounce', value: 'hard bounce', description: 'Permanently undeliverable' },
	{
		name: 'Soft Bounce',
		value: 'soft bounce',
		description: 'Temporarily undeliverable (phone off...)',
	},
	{ name: 'Success', value: 'success', description: 'Delivered' },
];

/** The list events, named without the "(V2 List)" the mixed list needs. */
const LIST_EVENT_OPTIONS = EVENT_OPTIONS.filter((option) =>
	(LIST_EVENTS as readonly string[]).includes(option.value),
).map((option) => ({ ...option, name: option.name.replace(/\s*\(V2 List\)$/, '') }));

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
			'Delivery statuses and replies of v3 sends (RCS...) and v2 transactional replies: you give Tatango this URL with a Secret Token',
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
	{
		displayName: 'List Events',
		name: 'listEvents',
		type: 'multiOptions',
		required: true,
		options: LIST_EVENT_OPTIONS,
		default: ['subscribe', 'unsubscribe'],
		displayOptions: onlyFor('list'),
		description: "Which of the list's events Tatango sends and start the workflow",
	},
	{
		displayName: `Give Tatango the URL above with <code>?${TOKEN_QUERY_PARAMETER}=</code> and your Secret Token added, e.g. <code>https://n8n.example.com/webhook/…/tatango?${TOKEN_QUERY_PARAMETER}=YOUR_TOKEN</code>: as the Default Webhook URL of the Tatango v3 credential (every Send Rich Card without its own webhook URL reports here), as one send's Webhook URL, or as a list webhook's callback URL in Tatango.`,
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
		required: true,
		default: '',
		placeholder: 'e.g. the output of: openssl rand -hex 24',
		displayOptions: onlyFor('sends'),
		description: `A random string of at least ${MIN_TOKEN_LENGTH} characters (letters and digits keep the URL simple). Every call must carry it as the "${TOKEN_QUERY_PARAMETER}" query parameter or the "${TOKEN_HEADER}" header; other calls get 401 and start nothing.`,
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
	{
		displayName: 'Events',
		name: 'events',
		type: 'multiOptions',
		required: true,
		options: EVENT_OPTIONS,
		default: [
			'delivery_status',
			'invalid_phone',
			'reply_received',
			'subscribe',
			'unsubscribe',
			'message_sent',
			'campaign_response',
			'cleaned',
			'transactional_message_reply',
		],
		displayOptions: onlyFor('sends'),
		description:
			'Which events start the workflow. Other known events are answered 200 and ignored.',
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
