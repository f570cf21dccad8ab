// @ts-check
'use strict';
/**
 * The registry of the Tatango node's operations for the "every operation" suites (hostile input,
 * hostile servers, the e2e and queue-mode runs of every operation). One entry per resource and
 * operation the node's description declares; test/unit/operationRegistry.test.js fails when an
 * operation has no entry, or an entry names an operation the node no longer has. Adding an
 * operation: add its entry here (CONTRIBUTING.md, "Adding an operation").
 */

const LIST = { __rl: true, mode: 'id', value: '101' };
/** A mobile the sandbox accepts on v2 (not one of its test numbers). */
const PHONE = '2065551234';
/** The sandbox's v3 number that is delivered (sandbox/phone.js TEST_NUMBERS.V3_SUCCESS). */
const V3_PHONE = '2065550200';

/** What a failure after the request was written must say may have happened. */
const MAY_HAVE = {
	SENT: 'The message may have been sent',
	OPT_IN_SENT: 'The opt-in text may have been sent \\(the subscriber may have been added\\)',
	LIST_CREATED: 'The list may have been created',
	TEMPLATE_SUBMITTED: 'The template may have been submitted for approval',
	FIELD_CREATED: 'The custom field may have been created',
};

/**
 * @typedef {object} OperationEntry
 * @property {import('n8n-workflow').INodeParameters} parameters valid parameters (resource and
 *   operation included) that Tatango, the sandbox and the fault servers all accept
 * @property {string | null} mayHave after an ambiguous failure, what the error must say may have
 *   happened (a pattern); null for a call that is repeatable and changes nothing anyone receives
 * @property {string[]} textFields dot paths of fields that take text, numbers or IDs: each must
 *   refuse an object, a list or true/false before any request
 * @property {import('n8n-workflow').INodeParameters} [sandbox] parameters that replace the above in
 *   the run of every operation against the sandbox (the order of the registry is that run's order)
 * @property {Record<string, string>} [skip] suite → why this operation is proven elsewhere
 */

/** @type {Record<string, OperationEntry>} keyed `resource → operation`, in the e2e run's order */
const OPERATIONS = {
	'list → getMany': {
		parameters: { resource: 'list', operation: 'getMany', returnAll: true },
		mayHave: null,
		textFields: [],
	},
	'list → get': {
		parameters: { resource: 'list', operation: 'get', listId: LIST },
		mayHave: null,
		textFields: ['listId.value'],
	},
	'list → create': {
		parameters: {
			resource: 'list',
			operation: 'create',
			name: 'Spring',
			additionalFields: { messageHelp: 'Help', messageStop: 'Bye' },
		},
		mayHave: MAY_HAVE.LIST_CREATED,
		textFields: [
			'name',
			'additionalFields.messageHelp',
			'additionalFields.messageStop',
			'additionalFields.keywords',
		],
	},
	'list → update': {
		parameters: {
			resource: 'list',
			operation: 'update',
			listId: LIST,
			updateFields: { messageStop: 'Bye', messageYes: 'Reply Y' },
		},
		mayHave: null,
		textFields: ['updateFields.messageStop', 'updateFields.messageYes'],
		sandbox: {
			listId: { __rl: true, mode: 'id', value: "={{ $('list → create').first().json.id }}" },
		},
	},
	'list → setKeywords': {
		parameters: { resource: 'list', operation: 'setKeywords', listId: LIST, keywords: 'SPRINGREG' },
		mayHave: null,
		textFields: ['keywords'],
		sandbox: {
			listId: { __rl: true, mode: 'id', value: "={{ $('list → create').first().json.id }}" },
		},
	},
	'list → updateOptInSettings': {
		parameters: {
			resource: 'list',
			operation: 'updateOptInSettings',
			listId: LIST,
			optInType: 'single',
			firstOptInMessage: 'Hi',
			secondOptInMessage: 'Hi again',
		},
		mayHave: null,
		textFields: ['firstOptInMessage', 'secondOptInMessage'],
		sandbox: {
			listId: { __rl: true, mode: 'id', value: "={{ $('list → create').first().json.id }}" },
		},
	},
	'list → deleteTags': {
		parameters: { resource: 'list', operation: 'deleteTags', listId: LIST, tags: 'vip' },
		mayHave: null,
		textFields: ['tags'],
	},
	'list → delete': {
		parameters: { resource: 'list', operation: 'delete', listId: LIST },
		mayHave: null,
		textFields: [],
		sandbox: {
			listId: { __rl: true, mode: 'id', value: "={{ $('list → create').first().json.id }}" },
		},
	},
	'subscriber → add': {
		parameters: {
			resource: 'subscriber',
			operation: 'add',
			listId: LIST,
			phoneNumber: PHONE,
			additionalFields: { bypassOptInProcess: true },
		},
		mayHave: MAY_HAVE.OPT_IN_SENT,
		textFields: ['phoneNumber'],
	},
	'subscriber → get': {
		parameters: { resource: 'subscriber', operation: 'get', listId: LIST, phoneNumber: PHONE },
		mayHave: null,
		textFields: ['phoneNumber'],
	},
	'subscriber → getMany': {
		parameters: { resource: 'subscriber', operation: 'getMany', listId: LIST, returnAll: true },
		mayHave: null,
		textFields: [],
	},
	'subscriber → update': {
		parameters: {
			resource: 'subscriber',
			operation: 'update',
			listId: LIST,
			phoneNumber: PHONE,
			updateFields: { firstName: 'Ann' },
		},
		mayHave: null,
		textFields: ['updateFields.firstName', 'updateFields.zipCode'],
	},
	'subscriber → addTagsToMany': {
		parameters: {
			resource: 'subscriber',
			operation: 'addTagsToMany',
			listId: LIST,
			phoneNumbers: PHONE,
			tags: 'vip',
		},
		mayHave: null,
		textFields: ['tags', 'phoneNumbers'],
	},
	'subscriber → removeTags': {
		parameters: {
			resource: 'subscriber',
			operation: 'removeTags',
			listId: LIST,
			phoneNumber: PHONE,
			tags: 'vip',
		},
		mayHave: null,
		textFields: ['tags'],
	},
	'customField → create': {
		parameters: {
			resource: 'customField',
			operation: 'create',
			listId: LIST,
			label: 'Store',
			key: 'store_registry',
			contentType: 'text',
			maxLength: 20,
			options: { pattern: '^a', defaultValue: 'a' },
		},
		mayHave: MAY_HAVE.FIELD_CREATED,
		textFields: ['label', 'maxLength', 'options.pattern', 'options.defaultValue'],
	},
	'customField → getMany': {
		parameters: { resource: 'customField', operation: 'getMany', listId: LIST, returnAll: true },
		mayHave: null,
		textFields: [],
	},
	'customField → delete': {
		parameters: {
			resource: 'customField',
			operation: 'delete',
			listId: LIST,
			customFieldKey: { __rl: true, mode: 'id', value: 'store_registry' },
		},
		mayHave: null,
		textFields: ['customFieldKey.value'],
	},
	'keyword → checkAvailability': {
		parameters: {
			resource: 'keyword',
			operation: 'checkAvailability',
			shortcodeId: { __rl: true, mode: 'id', value: '33733' },
			keyword: 'JOIN',
		},
		mayHave: null,
		textFields: ['shortcodeId.value', 'keyword'],
	},
	'momtReport → create': {
		parameters: {
			resource: 'momtReport',
			operation: 'create',
			dateFrom: '2026-01-01T00:00:00Z',
			dateTo: '2026-01-02T00:00:00Z',
		},
		mayHave: null,
		textFields: [],
	},
	'momtReport → get': {
		parameters: { resource: 'momtReport', operation: 'get', reportId: '1' },
		mayHave: null,
		textFields: ['reportId'],
	},
	'broadcastMessage → send': {
		parameters: {
			resource: 'broadcastMessage',
			operation: 'send',
			listId: LIST,
			content: 'Sale today',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['content'],
	},
	'broadcastMessage → get': {
		parameters: { resource: 'broadcastMessage', operation: 'get', listId: LIST, messageId: 9001 },
		mayHave: null,
		textFields: [],
	},
	'broadcastMessage → getMany': {
		parameters: {
			resource: 'broadcastMessage',
			operation: 'getMany',
			listId: LIST,
			returnAll: true,
		},
		mayHave: null,
		textFields: [],
	},
	'transactionalMessage → send': {
		parameters: {
			resource: 'transactionalMessage',
			operation: 'send',
			phoneNumber: PHONE,
			content: 'Your order shipped',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['phoneNumber', 'content'],
	},
	'sms → send': {
		parameters: { resource: 'sms', operation: 'send', phoneNumber: V3_PHONE, content: 'Shipped' },
		mayHave: MAY_HAVE.SENT,
		textFields: ['phoneNumber', 'content'],
	},
	'sms → sendAndWait': {
		parameters: {
			resource: 'sms',
			operation: 'sendAndWait',
			phoneNumber: V3_PHONE,
			message: 'Approve the refund? Reply YES or NO',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['phoneNumber', 'message'],
		skip: {
			e2e: 'it puts the execution to wait: test/e2e/sendAndWait.e2e.test.js',
			queue: 'it puts the execution to wait: test/queue/sendAndWait.queue.test.js',
			hostileServers:
				'it runs once per execution, not per item: its own cases in test/faults/hostileServersEveryOperation.test.js ("against a server that is not Tatango")',
		},
	},
	'mms → send': {
		parameters: {
			resource: 'mms',
			operation: 'send',
			phoneNumber: V3_PHONE,
			content: 'Receipt',
			smsFailover: 'Receipt',
			subject: 'Order',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['subject', 'smsFailover'],
	},
	'rcs → sendText': {
		parameters: {
			resource: 'rcs',
			operation: 'sendText',
			phoneNumber: V3_PHONE,
			text: 'Shipped',
			smsFailover: 'Shipped',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['text', 'smsFailover'],
	},
	'rcs → sendRichCard': {
		parameters: {
			resource: 'rcs',
			operation: 'sendRichCard',
			phoneNumber: V3_PHONE,
			title: 'Summer sale',
			text: 'Save 50%',
			smsFailover: 'Summer sale',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['title', 'text', 'smsFailover'],
	},
	'rcs → sendFile': {
		parameters: {
			resource: 'rcs',
			operation: 'sendFile',
			phoneNumber: V3_PHONE,
			fileUrl: 'https://cdn.example.com/a.pdf',
			smsFailover: 'News',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['fileUrl'],
	},
	'rcs → sendCarousel': {
		parameters: {
			resource: 'rcs',
			operation: 'sendCarousel',
			phoneNumber: V3_PHONE,
			cardsSource: 'fields',
			cards: {
				card: [
					{ title: 'Boots', text: 'New', mediaUrl: 'https://e.x/1.jpg' },
					{ title: 'Hats', text: 'Warm', mediaUrl: 'https://e.x/2.jpg' },
				],
			},
			smsFailover: 'New boots',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['cards.card.0.title'],
	},
	'whatsApp → sendTemplate': {
		parameters: {
			resource: 'whatsApp',
			operation: 'sendTemplate',
			phoneNumber: V3_PHONE,
			templateName: 'order_shipped',
			smsFailover: 'Shipped',
		},
		mayHave: MAY_HAVE.SENT,
		textFields: ['templateName', 'smsFailover'],
	},
	'whatsApp → uploadTemplate': {
		parameters: {
			resource: 'whatsApp',
			operation: 'uploadTemplate',
			templateName: 'order_shipped_registry',
			language: 'en_US',
			category: 'UTILITY',
			structure: '{"type":"TEXT","body":{"text":"Shipped"}}',
		},
		mayHave: MAY_HAVE.TEMPLATE_SUBMITTED,
		textFields: ['templateName', 'language'],
		// The sandbox's credentials have no Default Webhook URL (where approval is reported).
		sandbox: { webhookUrl: 'https://127.0.0.1:9/tatango?token=registryNobodyListensHere012' },
	},
	'subscriber → unsubscribe': {
		parameters: {
			resource: 'subscriber',
			operation: 'unsubscribe',
			listId: LIST,
			phoneNumber: PHONE,
		},
		mayHave: null,
		textFields: ['phoneNumber'],
	},
	'complianceLedger → getNumberHistory': {
		parameters: {
			resource: 'complianceLedger',
			operation: 'getNumberHistory',
			phoneNumber: PHONE,
			limit: 50,
		},
		mayHave: null,
		textFields: ['phoneNumber', 'limit'],
		skip: {
			e2e: "it reads n8n's own Data Table API with a ledger credential: test/e2e/ledger.e2e.test.js",
			queue:
				"it reads n8n's own Data Table API with a ledger credential: test/e2e/ledger.e2e.test.js",
			hostileServers:
				"it calls n8n's public API, not Tatango: the ledger's client is tested in test/unit/ledgerClient.test.js",
		},
	},
	'phoneNumber → checkSendWindow': {
		parameters: {
			resource: 'phoneNumber',
			operation: 'checkSendWindow',
			phoneNumber: PHONE,
			rules: 'federalAndState',
			at: '2026-11-27T20:30:00-05:00',
		},
		mayHave: null,
		textFields: ['phoneNumber', 'rules', 'at'],
		skip: {
			hostileServers:
				'it makes no request: the area codes and rules are in the package (test/unit/sendWindow.test.js)',
		},
	},
};

/**
 * `resource → operation` for every operation a node description declares: the Resource options,
 * each with the Operation options shown for it.
 * @param {import('n8n-workflow').INodeTypeDescription} description
 */
function declaredOperations(description) {
	const resources = /** @type {Array<{ value: string }>} */ (
		description.properties.find((p) => p.name === 'resource')?.options ?? []
	);
	return resources.flatMap(({ value: resource }) =>
		description.properties
			.filter(
				(p) =>
					p.name === 'operation' &&
					/** @type {unknown[] | undefined} */ (p.displayOptions?.show?.resource)?.includes(
						resource,
					),
			)
			.flatMap((p) => /** @type {Array<{ value: string }>} */ (p.options ?? []))
			.map(({ value: operation }) => `${resource} → ${operation}`),
	);
}

/**
 * The entries a suite runs: `[name, entry]` for every operation not skipped by that suite.
 * @param {'hostileInput' | 'hostileServers' | 'e2e' | 'queue'} suite
 * @returns {Array<[string, OperationEntry]>}
 */
function operationsFor(suite) {
	return Object.entries(OPERATIONS).filter(([, entry]) => !entry.skip?.[suite]);
}

/** Where the v3 sends of a run of every operation report: nobody listens there. */
const NOBODY_LISTENS = 'https://127.0.0.1:9/tatango?token=registryNobodyListensHere012';

/**
 * The run of every operation as workflow nodes, one per registry entry of `suite`, in order: each
 * runs once (whatever came before it), keeps going on an error (so one failure names itself and
 * the rest still run), and outputs an item even when it found nothing.
 * @param {'e2e' | 'queue'} suite
 * @param {{ type: string, credentials: Record<string, { id: string, name: string }> }} node
 */
function operationNodes(suite, { type, credentials }) {
	return operationsFor(suite).map(([name, entry], i) => {
		const parameters = { ...structuredClone(entry.parameters), ...(entry.sandbox ?? {}) };
		if ('phoneNumber' in parameters && !('webhookUrl' in parameters) && isV3Send(parameters))
			parameters.webhookUrl = NOBODY_LISTENS;
		return {
			id: `registry-${i}`,
			name,
			type,
			typeVersion: 1,
			position: [200 * (i + 1), 0],
			parameters,
			credentials,
			executeOnce: true,
			alwaysOutputData: true,
			onError: 'continueRegularOutput',
		};
	});
}

/** Whether parameters are a v3 send (SMS, MMS, RCS, WhatsApp template). @param {import('n8n-workflow').INodeParameters} parameters */
function isV3Send(parameters) {
	return (
		['sms', 'mms', 'rcs'].includes(String(parameters.resource)) ||
		parameters.operation === 'sendTemplate'
	);
}

module.exports = {
	OPERATIONS,
	MAY_HAVE,
	LIST,
	PHONE,
	V3_PHONE,
	declaredOperations,
	operationsFor,
	operationNodes,
	isV3Send,
};
