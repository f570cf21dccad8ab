import type { INodeProperties, IWebhookDescription } from 'n8n-workflow';

import { phoneNumberField, replaceNonGsmField } from '../../../../shared/fields';

/**
 * The resume webhook n8n's own send-and-wait nodes declare (n8n-nodes-base
 * utils/sendAndWait/descriptions.ts): a restart webhook at the waiting execution's signed URL,
 * `<WEBHOOK_URL>webhook-waiting/<execution>/<node id>`. Nothing is registered with Tatango: the
 * URL goes out with each send, so the node has no webhookMethods (a trigger's lifecycle).
 */
export const sendAndWaitWebhooks: IWebhookDescription[] = [
	{
		name: 'default',
		httpMethod: 'POST',
		responseMode: 'onReceived',
		responseData: '',
		path: '={{ $nodeId }}',
		restartWebhook: true,
		isFullPath: true,
	},
];

const approvalOnly = { show: { responseType: ['approval'] } };

/** "Limit Wait Time" as n8n's own send-and-wait nodes (Slack, Gmail, Telegram) offer it. */
const limitWaitTimeOption: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	description:
		'Whether to stop waiting after a while; the node then outputs outcome "timed_out". n8n checks waiting executions once a minute.',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' } },
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					options: [
						{
							name: 'After Time Interval',
							value: 'afterTimeInterval',
							description: 'Waits for a certain amount of time',
						},
						{
							name: 'At Specified Time',
							value: 'atSpecifiedTime',
							description: 'Waits until a date and time',
						},
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					typeOptions: { minValue: 0, numberPrecision: 2 },
					default: 1,
					description: 'How long to wait',
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					default: 'hours',
					options: [
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					type: 'dateTime',
					default: '',
					description: 'Stop waiting at this date and time',
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
				},
			],
		},
	],
};

/**
 * The fields of Send and Wait for Reply. The text is named `message` as in n8n's other
 * send-and-wait nodes: n8n's generated human-review tool for AI agents fills that field.
 */
export const sendAndWaitProperties: INodeProperties[] = [
	phoneNumberField('Mobile number to text and wait for, US or Canadian, in any common format'),
	{
		displayName: 'Message',
		name: 'message',
		type: 'string',
		typeOptions: { rows: 3 },
		default: '',
		required: true,
		placeholder: 'e.g. Approve refund of $120 for order 1042? Reply YES or NO',
		description:
			'The text: up to 160 characters of the GSM 7-bit alphabet. Say how to answer, e.g. "Reply YES or NO".',
	},
	{
		displayName: 'Response Type',
		name: 'responseType',
		type: 'options',
		default: 'approval',
		options: [
			{
				name: 'Approval',
				value: 'approval',
				description: 'The reply is an approval or a decline word',
			},
			{
				name: 'Free Text',
				value: 'freeText',
				description: 'Any reply resumes the workflow with its text',
			},
		],
	},
	{
		displayName: 'Approve Words',
		name: 'approveWords',
		type: 'string',
		default: 'YES, Y',
		description:
			'Replies that approve, separated by commas. Case and closing punctuation are ignored; the whole reply must be one of them.',
		displayOptions: approvalOnly,
	},
	{
		displayName: 'Decline Words',
		name: 'declineWords',
		type: 'string',
		default: 'NO, N',
		description:
			'Replies that decline, separated by commas. STOP is not one: Tatango and the carriers treat it as an opt-out.',
		displayOptions: approvalOnly,
	},
	{
		displayName: 'On Any Other Reply',
		name: 'onOtherReply',
		type: 'options',
		default: 'keepWaiting',
		options: [
			{
				name: 'Keep Waiting',
				value: 'keepWaiting',
				description: 'Ignore it and wait for an approve or decline word',
			},
			{
				name: 'Send Retry Text Once',
				value: 'sendRetryText',
				description:
					'Text the retry text back, then wait; further replies to the retry text that match neither word are ignored',
			},
		],
		displayOptions: approvalOnly,
	},
	{
		displayName: 'Retry Text',
		name: 'retryText',
		type: 'string',
		default: 'Sorry, we did not get that. Please reply YES or NO.',
		description: 'Up to 160 characters of the GSM 7-bit alphabet',
		displayOptions: { show: { responseType: ['approval'], onOtherReply: ['sendRetryText'] } },
	},
	replaceNonGsmField('the message and the retry text'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [limitWaitTimeOption],
	},
];
