import {
	NodeConnectionTypes,
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHookFunctions,
	type INodeExecutionData,
	type INodeType,
	type INodeTypeDescription,
	type IWebhookFunctions,
	type IWebhookResponseData,
} from 'n8n-workflow';

import { searchLists } from '../shared/listSearch';
import { isTriggerUrlShape } from '../shared/triggerUrlToken';
import { isUsableToken, MIN_TOKEN_LENGTH } from './webhook/authenticate.rules';
import { triggerProperties } from './description';
import { honourConsent } from './consent/honour';
import { UNCLEAR_REPLIES } from './consent/honourFields';
import { consentMemoryOf } from './consent/memory';
import { recordConsentInLedger } from './consent/ledger';
import { consentOf } from './consent/ofEvent';
import { honourOnlyMark } from './consent/unselected';
import { classifyEvent, KNOWN_EVENTS } from './events';
import { toOutputJson } from './output';
import { createListWebhook, deleteListWebhook, listWebhookExists } from './registration';
import { derivingKeys, typedSecretToken } from './sendsToken';
import { ignored, sourceOf } from './webhook/answers';
import { refusedCall } from './webhook/authenticate';
import { eventPayloadOf } from './webhook/body';
import { carriedRecord, firstDeliveries, isRepeatCall } from './webhook/repeats';
import { whyNotSelected } from './webhook/selection';

const PANEL_WHERE =
	'Source "A List": nothing to copy. Sends: paste the Production URL into the Default Webhook URL of the Tatango V3 API credential this trigger uses.';

const TEST_AND_PRODUCTION = (published: string) =>
	`Webhooks have two modes: test and production.<br><br><b>Use test mode while you build your workflow</b>. Click "Execute step" (n8n then shows "Listening for test event"), then cause an event: add a subscriber to the list (Source "A List"), or send a message whose Webhook URL is the test URL. The execution shows up in the editor.<br><br><b>Use production mode to run your workflow automatically</b>. ${published} Executions show up in the executions list.`;

export class TatangoTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tatango Trigger',
		name: 'tatangoTrigger',
		icon: { light: 'file:../../icons/tatango.svg', dark: 'file:../../icons/tatango.dark.svg' },
		group: ['trigger'],
		// 1.1 behaves as 1. It exists because n8n treats every start node of version 1 as its own
		// Webhook node v1 and evaluates an expression for it on each call (the "binary data" option):
		// an expression isolate per event, even where n8n takes isolates only when needed.
		// 2 adds nothing but the default Source: a list webhook the trigger registers itself. Saved
		// triggers of 1 and 1.1 hold no Source and stay on sends that name their URL.
		version: [1, 1.1, 2],
		defaultVersion: 2,
		subtitle:
			'={{ $parameter["source"] === "list" ? "List: " + ($parameter["listEvents"] || []).join(", ") : ($parameter["events"] || []).length >= ' +
			KNOWN_EVENTS.length +
			' ? "All events" : ($parameter["events"] || []).join(", ") }}',
		// n8n's node creator shows the Tatango node and this trigger as one entry and gives it this
		// description (not the action node's), in "What happens next?" too: it says what both do.
		description:
			'Send SMS, MMS, RCS and WhatsApp and manage subscriber consent with Tatango; start workflows on its delivery statuses, replies and list events',
		defaults: { name: 'Tatango Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// One entry per credential type: n8n-core reads the first entry of a type to decide whether a
		// node may read it, so a type listed twice (required for one source, optional for another)
		// could not be read where its first entry is hidden. Neither is required: each use says
		// which one is missing (a list: the v2 one; sends derive the token from either).
		// The v2 credential has no displayOptions on purpose: n8n's editor takes an options field as
		// the node's authentication field when the credentials' displayOptions name every one of its
		// values, and then hides it from the panel. Listing both sources there hid Source.
		credentials: [
			{
				name: 'tatangoV3Api',
				required: false,
				displayName: 'Credential for Tatango V3 API',
				displayOptions: { show: { source: ['sends'] } },
			},
			{
				name: 'tatangoApi',
				required: false,
				displayName: 'Credential for Tatango API',
			},
			// Optional: with it, every revocation and opt-in is written to the compliance ledger
			// before the trigger answers (consent/ledger.ts).
			{
				name: 'tatangoComplianceLedgerApi',
				required: false,
				displayName: 'Credential for Tatango Compliance Ledger API',
			},
		],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				// Empty on purpose: n8n then answers with the webhookResponse the node returns. Left
				// undefined, n8n falls back to 'firstEntryJson' and sends that word as the body.
				responseData: '',
				path: 'tatango',
			},
		],
		triggerPanel: {
			header: PANEL_WHERE,
			executionsHelp: {
				inactive: TEST_AND_PRODUCTION(
					"Publish the workflow: a list trigger registers itself; sends report to the Production URL in the credential's Default Webhook URL.",
				),
				active: TEST_AND_PRODUCTION(
					"The workflow is published: a list trigger has registered itself; sends report to the Production URL in the credential's Default Webhook URL.",
				),
			},
			activationHint:
				"Once you have finished building your workflow, publish it. A list trigger registers itself; sends report to the Production URL in the credential's Default Webhook URL.",
		},
		properties: triggerProperties,
	};

	methods = { listSearch: { searchLists } };

	// A list source registers a list webhook through Tatango's API (registration.ts). Sends carry
	// their webhook URL themselves: for them these methods only check, when the trigger starts
	// listening, that it can tell genuine calls from others.
	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				if (sourceOf(this) === 'list') return await listWebhookExists(this);
				return false;
			},
			async create(this: IHookFunctions): Promise<boolean> {
				if (sourceOf(this) === 'list') return await createListWebhook(this);
				const token = typedSecretToken(this);
				if (token !== '' && !isUsableToken(token)) {
					throw new NodeOperationError(
						this.getNode(),
						`Set a Secret Token of at least ${MIN_TOKEN_LENGTH} characters, or leave it empty`,
						{
							description:
								'Every call to this trigger must carry the token; with a short one the trigger would refuse them all. Leave it empty to use the token a send derives from the credential, or generate one, for example with: openssl rand -hex 24',
						},
					);
				}
				if (token === '') await checkDerivable(this);
				if (this.getNodeParameter('requireApiKey', false) === true) {
					if (this.getNode().credentials?.tatangoV3Api === undefined) {
						throw new NodeOperationError(
							this.getNode(),
							'Require API Key Header is on: choose the Tatango V3 API credential whose key calls must carry',
						);
					}
					const credentials = await this.getCredentials('tatangoV3Api');
					if (typeof credentials.apiKey !== 'string' || credentials.apiKey === '') {
						throw new NodeOperationError(
							this.getNode(),
							'The Tatango v3 credential has no API key, so no call could pass the API key check',
						);
					}
				}
				return true;
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				if (sourceOf(this) === 'list') return await deleteListWebhook(this);
				return true;
			},
		},
	};

	/**
	 * A call from Tatango, in stages (webhook/): who is calling, what was sent, whether this workflow
	 * wants it, whether it already started the workflow; then the run starts with one item.
	 */
	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const refused = await refusedCall(this);
		if (refused) return refused;
		const read = await eventPayloadOf(this);
		if ('refused' in read) return read.refused;
		const event = classifyEvent(read.payload);
		const consent = consentOf(event);
		// Before any answer and whatever the Events filter: the record holds every STOP and START.
		await recordConsentInLedger(this, event, consent);
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const notWanted = whyNotSelected(this, event, options, consent);
		// Honor Revocations acts on a revocation whatever the Events filter selects (consent/unselected.ts).
		const honourOnly = honourOnlyMark(
			notWanted,
			this.getNodeParameter('honourRevocations', false),
			consent,
			this.getNodeParameter('unclearReplies', UNCLEAR_REPLIES.revoke),
		);
		if (notWanted && !honourOnly) return ignored(notWanted);
		if (isRepeatCall(this, event, options)) return ignored('duplicate');
		return {
			webhookResponse: { received: true, started: true },
			workflowData: [
				[
					{
						json: {
							...toOutputJson(event, read.payload, new Date(), consent),
							...carriedRecord(this, options),
							...honourOnly,
						},
					},
				],
			],
		};
	}

	// n8n runs a node type's execute() first when it has one, also for a trigger: the run started by
	// webhook() begins here, with webhook()'s items as input, and n8n saves the static data changed
	// during the run once it ends (in queue mode, on the worker). So this is where an event is
	// recorded for good (webhook/repeats.ts).
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		// Each reply honoured here, where n8n lends the run its database (consent/honour.ts).
		return [await honourConsent(this, firstDeliveries(this), consentMemoryOf(this))];
	}
}

/**
 * A sends trigger without a typed token must be able to match what sends add: a credential with a
 * key, and a URL the sends recognise as a Tatango Trigger's (n8n's default webhook endpoints).
 */
async function checkDerivable(context: IHookFunctions): Promise<void> {
	if ((await derivingKeys(context)).length === 0) {
		throw new NodeOperationError(
			context.getNode(),
			'Choose the Tatango V3 API credential, or set a Secret Token',
			{
				description: `With a credential and no Secret Token, every send that names this trigger's URL adds a token derived from the credential's API key (the Tatango API credential for v2 transactional replies). Or type a Secret Token of at least ${MIN_TOKEN_LENGTH} characters and add ?token= and it to the URL yourself.`,
			},
		);
	}
	const url = context.getNodeWebhookUrl('default');
	if (url === undefined || !isTriggerUrlShape(url)) {
		throw new NodeOperationError(
			context.getNode(),
			"Sends won't recognise this trigger's URL, so they would add no token: set a Secret Token",
			{
				description: `Sends add the derived token only to URLs of n8n's default forms …/webhook/<id>/tatango and …/webhook-test/<id>/tatango; this trigger's is ${url ?? 'unknown'}. Type a Secret Token of at least ${MIN_TOKEN_LENGTH} characters and add ?token= and it to the URL you give Tatango.`,
			},
		);
	}
}
