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
import { listIdOf } from '../shared/lists';
import { isTriggerUrlShape } from '../shared/triggerUrlToken';
import { checkCall, describeFailure, isUsableToken, MIN_TOKEN_LENGTH } from './authenticity';
import { triggerProperties } from './description';
import { fingerprint, DEFAULT_WINDOW_MINUTES } from './duplicates';
import {
	classifyEvent,
	consentOf,
	CONSENT_REVOKED,
	isKnownDeliveryStatus,
	KNOWN_EVENTS,
	MAX_PAYLOAD_DEPTH,
	readPayload,
	toOutputJson,
} from './events';
import {
	CARRIED_RECORD_FIELD,
	claimInProcess,
	currentRecord,
	isRecorded,
	recordRun,
} from './recentEvents';
import {
	createListWebhook,
	deleteListWebhook,
	expectedListToken,
	listWebhookExists,
} from './registration';
import { derivingKeys, expectedSendsTokens, typedSecretToken } from './sendsToken';

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
			'Send SMS, MMS and RCS and manage subscriber consent with Tatango; start workflows on its delivery statuses, replies and list events',
		defaults: { name: 'Tatango Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		// One entry per credential type: n8n-core reads the first entry of a type to decide whether a
		// node may read it, so a type listed twice (required for one source, optional for another)
		// could not be read where its first entry is hidden. Neither is required: each use says
		// which one is missing (a list: the v2 one; sends derive the token from either).
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
				displayOptions: { show: { source: ['list', 'sends'] } },
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

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject();

		// 1. Who is calling. Nothing about the call is read before it passes. A registered list webhook's
		// token is derived from the credential (registration.ts); the sends' token is typed in, or
		// derived from the credentials and the URL called (sendsToken.ts).
		const fromList = sourceOf(this) === 'list';
		const requireApiKey = !fromList && this.getNodeParameter('requireApiKey', false) === true;
		let expectedTokens: string[] = [];
		if (fromList) {
			try {
				expectedTokens = [await expectedListToken(this)];
			} catch {
				expectedTokens = []; // refused below as tokenNotConfigured
			}
		} else {
			expectedTokens = await expectedSendsTokens(this);
		}
		let expectedApiKey: string | undefined;
		if (requireApiKey) {
			try {
				const credentials = await this.getCredentials('tatangoV3Api');
				if (typeof credentials.apiKey === 'string') expectedApiKey = credentials.apiKey;
			} catch {
				expectedApiKey = undefined; // refused below as apiKeyNotConfigured
			}
		}
		const auth = checkCall({
			query: this.getQueryData() as Record<string, unknown>,
			headers: this.getHeaderData() as Record<string, unknown>,
			expectedTokens,
			requireApiKey,
			expectedApiKey,
		});
		if (auth.ok === false) {
			this.logger.warn(`Tatango Trigger refused a call: ${describeFailure(auth.failure)}`, {
				node: this.getNode().name,
				workflowId: this.getWorkflow().id,
			});
			return answerItself(this, 401, { error: 'Unauthorized' });
		}

		// 2. What was sent. n8n parses JSON, form and text bodies; it leaves others (no content type,
		// say) unread for nodes above version 1, so those are read here.
		const raw = request as { rawBody?: unknown; readRawBody?: () => Promise<void> };
		if (
			raw.rawBody === undefined &&
			typeof raw.readRawBody === 'function' &&
			isEmpty(this.getBodyData())
		) {
			await raw.readRawBody();
		}
		const read = readPayload(this.getBodyData(), raw.rawBody);
		if (read.ok === false) {
			const message = {
				empty: 'The body is empty: expected a Tatango event (a JSON object)',
				malformed: 'The body is not valid JSON: expected a Tatango event (a JSON object)',
				notObject: 'The body is not a JSON object: expected one Tatango event',
				tooDeep: `The body is nested more than ${MAX_PAYLOAD_DEPTH} levels deep: not a Tatango event`,
				tooLarge: 'The body holds more values or text than a Tatango event: not a Tatango event',
			}[read.problem];
			return answerItself(this, 400, { error: message });
		}
		const payload = read.payload;
		const event = classifyEvent(payload);
		const consent = consentOf(event);

		// 3. Whether this workflow wants it.
		const options = this.getNodeParameter('options', {}) as IDataObject;
		const passUnknown = (options.unknownEvents ?? 'passThrough') !== 'ignore';
		if (!event.recognized) {
			if (!passUnknown) return ignored('unknown event type');
		} else {
			const events = this.getNodeParameter(fromList ? 'listEvents' : 'events', []) as string[];
			const revokedAndWanted = consent.consent === 'revoked' && events.includes(CONSENT_REVOKED);
			if (!events.includes(event.event) && !revokedAndWanted) {
				return ignored('event type not selected');
			}
			// A webhook left on a list the trigger no longer watches.
			if (fromList && event.listId !== null && event.listId !== watchedListId(this)) {
				return ignored('another list');
			}
			if (event.event === 'delivery_status') {
				const statuses = this.getNodeParameter('deliveryStatuses', []) as string[];
				if (isKnownDeliveryStatus(event.status)) {
					if (!statuses.includes(event.status as string)) return ignored('status not selected');
				} else if (!passUnknown) {
					return ignored('unknown delivery status');
				}
			}
		}

		// 4. Whether it already started the workflow (see recentEvents.ts for what each check covers).
		// Test calls are never dropped, so a builder can send the same sample event again. Static data
		// is only read here: the run records the event, in execute().
		const windowMs = windowOf(options);
		const staticData = this.getWorkflowStaticData('node');
		if (this.getMode() !== 'manual' && windowMs > 0) {
			const key = fingerprint(event.identity);
			const now = Date.now();
			const repeat =
				isRecorded(staticData, key, now, windowMs) ||
				!claimInProcess(
					`${this.getWorkflow().id ?? ''}\u0000${this.getNode().name}`,
					key,
					now,
					windowMs,
				);
			if (repeat) {
				this.logger.debug('Tatango Trigger dropped a repeated event', {
					node: this.getNode().name,
					workflowId: this.getWorkflow().id,
					event: event.event,
				});
				return ignored('duplicate');
			}
		}

		return {
			webhookResponse: { received: true, started: true },
			workflowData: [
				[
					{
						json: {
							...toOutputJson(event, payload, new Date(), consent),
							// Hashes and times only; execute() removes it before anything downstream sees it.
							[CARRIED_RECORD_FIELD]: currentRecord(staticData),
						},
					},
				],
			],
		};
	}

	// n8n runs a node type's execute() first when it has one, also for a trigger: the run started by
	// webhook() begins here, with webhook()'s items as input, and n8n saves the static data changed
	// during the run once it ends (in queue mode, on the worker). So this is where an event is
	// recorded for good, and where a copy that passed webhook() in another process before the first
	// copy's run was saved is dropped (the run then ends with no items).
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const carried: unknown[] = [];
		const items = this.getInputData().map((item, index) => {
			const { [CARRIED_RECORD_FIELD]: record, ...json } = item.json;
			if (record !== undefined) carried.push(record);
			return { ...item, json, pairedItem: item.pairedItem ?? { item: index } };
		});
		const options = this.getNodeParameter('options', 0, {}) as IDataObject;
		const windowMs = windowOf(options);
		// Only runs started by a production call are checked. Test runs pass everything, like test
		// calls; so do runs started any other way (a retry of a failed run, for one).
		if (this.getMode() !== 'webhook' || windowMs <= 0) return [items];

		const keyed: Array<{ index: number; key: string }> = [];
		items.forEach((item, index) => {
			const payload = item.json.payload;
			if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return;
			keyed.push({ index, key: fingerprint(classifyEvent(payload as IDataObject).identity) });
		});
		const keptKeyed = recordRun(
			this.getWorkflowStaticData('node'),
			keyed.map(({ key }) => key),
			Date.now(),
			windowMs,
			carried,
		);
		const dropped = new Set(keyed.filter((_, n) => !keptKeyed[n]).map(({ index }) => index));
		if (dropped.size > 0) {
			this.logger.debug('Tatango Trigger dropped a repeated event another run recorded first', {
				node: this.getNode().name,
				workflowId: this.getWorkflow().id,
				dropped: dropped.size,
			});
		}
		// An item without a payload object (not from webhook()) cannot be recognised: it passes.
		return [items.filter((_, index) => !dropped.has(index))];
	}
}

/** Where the trigger's events come from; saved triggers of versions 1 and 1.1 default to sends. */
function sourceOf(context: IHookFunctions | IWebhookFunctions): 'list' | 'sends' {
	return context.getNodeParameter('source', 'sends') === 'list' ? 'list' : 'sends';
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

/** The list this trigger watches, as events spell it; none when the node's List is not an ID. */
function watchedListId(context: IWebhookFunctions): string | undefined {
	try {
		return String(listIdOf(context));
	} catch {
		return undefined;
	}
}

/** The duplicate window in ms; 0 (or anything not a positive number) turns the check off. */
function windowOf(options: IDataObject): number {
	const minutes = Number(options.duplicateWindowMinutes ?? DEFAULT_WINDOW_MINUTES);
	return minutes > 0 ? minutes * 60_000 : 0;
}

function isEmpty(body: unknown): boolean {
	return (
		body === undefined ||
		body === null ||
		(typeof body === 'object' && Object.keys(body).length === 0)
	);
}

/** 200 without a run: the sender stops retrying, the workflow does not start. */
function ignored(reason: string): IWebhookResponseData {
	return { webhookResponse: { received: true, started: false, reason } };
}

/** Answers a refused call directly; `noWebhookResponse` without `workflowData` starts no run. */
function answerItself(
	context: IWebhookFunctions,
	status: number,
	body: IDataObject,
): IWebhookResponseData {
	context.getResponseObject().status(status).json(body);
	return { noWebhookResponse: true };
}
