import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as broadcastMessage from './actions/broadcastMessage/broadcastMessage.resource';
import * as complianceLedger from './actions/complianceLedger/complianceLedger.resource';
import * as customField from './actions/customField/customField.resource';
import * as keyword from './actions/keyword/keyword.resource';
import * as list from './actions/list/list.resource';
import * as mms from './actions/mms/mms.resource';
import * as momtReport from './actions/momtReport/momtReport.resource';
import * as phoneNumber from './actions/phoneNumber/phoneNumber.resource';
import * as rcs from './actions/rcs/rcs.resource';
import { router } from './actions/router';
import { sendAndWaitWebhooks } from './actions/sms/sendAndWait/description';
import { sendAndWaitWebhook } from './actions/sms/sendAndWait/webhook';
import * as sms from './actions/sms/sms.resource';
import { toolDescriptionProperty } from './actions/toolSentences';
import { canvasSubtitle } from './actions/subtitle';
import * as subscriber from './actions/subscriber/subscriber.resource';
import * as transactionalMessage from './actions/transactionalMessage/transactionalMessage.resource';
import * as whatsApp from './actions/whatsApp/whatsApp.resource';
import { listSearch } from './methods';
import { fixedSendOnceKeyHint } from './actions/send/compliance';
import { savedTopLevelFields } from './actions/send/pipeline';
import { nodeCredentials } from './actions/credentialUse';

export class Tatango implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tatango',
		name: 'tatango',
		icon: { light: 'file:../../icons/tatango.svg', dark: 'file:../../icons/tatango.dark.svg' },
		group: ['output'],
		version: 1,
		// Set in the constructor from the operations' own texts (see canvasSubtitle).
		subtitle: '',
		description: 'Send SMS, MMS, RCS and WhatsApp and manage subscriber consent with Tatango',
		defaults: { name: 'Tatango' },
		// The Tatango Tool's own description (node creator, and the model's fallback when a tool has no
		// action text): what a model must know to call it right.
		usableAsTool: {
			replacements: {
				description:
					'Texts US and Canadian mobile numbers through Tatango (SMS up to 160 characters, MMS, RCS) and manages list subscribers. Phone numbers: +1 numbers in any common format, e.g. +1 206 555 0100, (206) 555-0100 or 2065550100. A refused input is returned as an error text and nothing is sent.',
			},
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		hints: [fixedSendOnceKeyHint],
		// SMS → Send and Wait for Reply: Tatango posts the send's events to n8n's signed resume URL
		// for the waiting execution.
		webhooks: sendAndWaitWebhooks,
		waitingNodeTooltip:
			'={{ $parameter["operation"] === "sendAndWait" ? "Waiting for the text reply" : "" }}',
		// Each picker is hidden where nothing reads its credential (credentialUse.ts): set in the
		// constructor, once every operation's description is loaded.
		credentials: [],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Broadcast Message', value: 'broadcastMessage' },
					{
						name: 'Compliance Ledger',
						value: 'complianceLedger',
						description:
							'Every text sent or held back and every revocation, in an n8n Data Table (no call to Tatango)',
					},
					{ name: 'Custom Field', value: 'customField' },
					{ name: 'Keyword', value: 'keyword' },
					{ name: 'List', value: 'list' },
					{
						name: 'MMS Message',
						value: 'mms',
						description: 'Picture and video messages (v3 API, with delivery events)',
					},
					{ name: 'MOMT Report', value: 'momtReport' },
					{
						name: 'Phone Number',
						value: 'phoneNumber',
						description:
							"A number's state, time zones and the hours it may be texted (no call to Tatango)",
					},
					{
						name: 'RCS Message',
						value: 'rcs',
						description: 'Rich text, cards, carousels and files (v3 API, with delivery events)',
					},
					{
						name: 'SMS',
						value: 'sms',
						description: 'Texts at up to 10 per second with delivery events (v3 API)',
					},
					{ name: 'Subscriber', value: 'subscriber' },
					{
						name: 'Transactional Message',
						value: 'transactionalMessage',
						description:
							'SMS or MMS through the v2 API (one every 3 seconds), replies to a callback URL',
					},
					{
						name: 'WhatsApp',
						value: 'whatsApp',
						description: 'Approved WhatsApp templates, with an SMS fallback (v3 API)',
					},
				],
				default: 'subscriber',
			},
			...customField.description,
			...complianceLedger.description,
			...subscriber.description,
			...keyword.description,
			...transactionalMessage.description,
			...list.description,
			...momtReport.description,
			...broadcastMessage.description,
			...rcs.description,
			...sms.description,
			...mms.description,
			...whatsApp.description,
			...phoneNumber.description,
			...savedTopLevelFields(),
		],
	};

	methods = { listSearch };

	constructor() {
		this.description.subtitle = canvasSubtitle(this.description.properties);
		this.description.credentials = nodeCredentials(this.description.properties);
		// As a tool, what the model reads: one sentence per operation (toolSentences.ts).
		this.description.properties.unshift(toolDescriptionProperty(this.description.properties));
	}

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return await sendAndWaitWebhook.call(this);
	}

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
