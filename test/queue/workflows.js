// @ts-check
'use strict';
/**
 * The workflows the queue-mode tests publish. Each ends in a Set node "Ran On" whose `ranOn` field
 * is `{{ $env.TATANGO_QUEUE_PROCESS }}`: the name of the n8n process that ran the node (main,
 * webhook, worker-1, worker-2; see scripts/lib/queue.js).
 */
const crypto = require('crypto');

const ACTION = 'n8n-nodes-tatango.tatango';
const TRIGGER = 'n8n-nodes-tatango.tatangoTrigger';

const CREDENTIALS = {
	v2: { tatangoApi: { id: 'tatangoSandboxV2', name: 'Tatango Sandbox (v2)' } },
	v3: { tatangoV3Api: { id: 'tatangoSandboxV3', name: 'Tatango Sandbox (v3)' } },
	paced: { tatangoV3Api: { id: 'tatangoQueuePacedV3', name: 'Tatango Sandbox (v3, 5/s)' } },
};

/** @param {string} prefix */
const uniquePath = (prefix) => `${prefix}-${crypto.randomBytes(4).toString('hex')}`;

/**
 * @param {string} name @param {Array<{ name: string, value: string, type?: string }>} fields
 * @param {[number, number]} position
 */
function ranOnNode(name, fields, position) {
	return {
		id: crypto.randomUUID(),
		name,
		type: 'n8n-nodes-base.set',
		typeVersion: 3.4,
		position,
		parameters: {
			mode: 'manual',
			includeOtherFields: false,
			assignments: {
				assignments: [
					{
						id: crypto.randomUUID(),
						name: 'ranOn',
						value: '={{ $env.TATANGO_QUEUE_PROCESS }}',
						type: 'string',
					},
					{
						id: crypto.randomUUID(),
						name: 'executionId',
						value: '={{ $execution.id }}',
						type: 'string',
					},
					...fields.map((f) => ({
						id: crypto.randomUUID(),
						name: f.name,
						value: f.value,
						type: f.type || 'string',
					})),
				],
			},
			options: {},
		},
	};
}

/** @param {string} path @param {'lastNode'|'onReceived'} responseMode */
function webhookNode(path, responseMode = 'lastNode') {
	return {
		id: crypto.randomUUID(),
		name: 'Webhook',
		type: 'n8n-nodes-base.webhook',
		typeVersion: 2,
		position: [0, 0],
		webhookId: crypto.randomUUID(),
		parameters: { httpMethod: 'POST', path, responseMode, options: {} },
	};
}

/** @param {string[]} names @returns {Record<string, any>} a straight chain of main connections */
function chain(names) {
	/** @type {Record<string, any>} */
	const c = {};
	for (let i = 0; i + 1 < names.length; i++)
		c[names[i]] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
	return c;
}

/**
 * Webhook (POST `{ phone, tag, webhookUrl }`, answers with the last node) → Add Subscriber (v2, list
 * 101) → Send SMS (v2 transactional) → Send Rich Card (v3, delivery events to `webhookUrl`) → Ran On.
 */
function sendWorkflow() {
	const path = uniquePath('queue-send');
	const body = (/** @type {string} */ k) => `$('Webhook').item.json.body.${k}`;
	const nodes = [
		webhookNode(path),
		{
			id: crypto.randomUUID(),
			name: 'Add Subscriber',
			type: ACTION,
			typeVersion: 1,
			position: [200, 0],
			credentials: CREDENTIALS.v2,
			parameters: {
				resource: 'subscriber',
				operation: 'add',
				listId: { __rl: true, mode: 'id', value: '101' },
				phoneNumber: `={{ ${body('phone')} }}`,
			},
		},
		{
			id: crypto.randomUUID(),
			name: 'Send SMS',
			type: ACTION,
			typeVersion: 1,
			position: [400, 0],
			credentials: CREDENTIALS.v2,
			parameters: {
				resource: 'transactionalMessage',
				operation: 'send',
				phoneNumber: `={{ ${body('phone')} }}`,
				content: `=Queue test {{ ${body('tag')} }}`,
			},
		},
		{
			id: crypto.randomUUID(),
			name: 'Send Rich Card',
			type: ACTION,
			typeVersion: 1,
			position: [600, 0],
			credentials: CREDENTIALS.v3,
			parameters: {
				resource: 'rcs',
				operation: 'sendRichCard',
				phoneNumber: `={{ ${body('phone')} }}`,
				webhookUrl: `={{ ${body('webhookUrl')} }}`,
				title: 'Queue test',
				text: `=Card {{ ${body('tag')} }}`,
				smsFailover: `=Queue test card {{ ${body('tag')} }}`,
			},
		},
		ranOnNode(
			'Ran On',
			[
				{ name: 'tag', value: `={{ ${body('tag')} }}` },
				{ name: 'subscriber', value: "={{ $('Add Subscriber').item.json }}", type: 'object' },
				{ name: 'sms', value: "={{ $('Send SMS').item.json }}", type: 'object' },
				{ name: 'rcs', value: "={{ $('Send Rich Card').item.json }}", type: 'object' },
			],
			[800, 0],
		),
	];
	return {
		webhookPath: path,
		workflow: {
			name: `queue: send (${path})`,
			nodes,
			connections: chain(['Webhook', 'Add Subscriber', 'Send SMS', 'Send Rich Card', 'Ran On']),
		},
	};
}

/**
 * Tatango Trigger (v3 events, API key required, Secret Token) → Ran On (with the event's fields).
 * The trigger's production path is `<webhookId>/tatango`.
 * @param {string} label
 */
function triggerWorkflow(label) {
	const webhookId = crypto.randomUUID();
	const token = crypto.randomBytes(16).toString('hex');
	const nodes = [
		{
			id: crypto.randomUUID(),
			name: 'Tatango Trigger',
			type: TRIGGER,
			typeVersion: 1.1,
			position: [0, 0],
			webhookId,
			credentials: CREDENTIALS.v3,
			parameters: {
				secretToken: token,
				requireApiKey: true,
				events: ['delivery_status', 'invalid_phone', 'reply_received'],
				deliveryStatuses: ['success', 'soft bounce', 'hard bounce'],
				options: {},
			},
		},
		ranOnNode(
			'Ran On',
			[
				{ name: 'event', value: '={{ $json.event }}' },
				{ name: 'trigger', value: "={{ $('Tatango Trigger').item.json }}", type: 'object' },
			],
			[200, 0],
		),
	];
	const path = `${webhookId}/tatango`;
	return {
		webhookPath: path,
		token,
		workflow: {
			name: `queue: trigger ${label} (${webhookId.slice(0, 8)})`,
			nodes,
			connections: chain(['Tatango Trigger', 'Ran On']),
		},
	};
}

/**
 * Set up with one paste (issue 23): a Tatango Trigger (Source sends, the v3 credential, no Secret
 * Token) → Ran On; and Webhook (POST `{ phone }`) → SMS → Send with no Webhook URL, whose
 * credential's Default Webhook URL is the trigger's plain Production URL → Ran On.
 * @param {(path: string) => string} productionUrlOf the URL n8n shows for a production path
 * @param {(defaultWebhookUrl: string) => Promise<{ id: string, name: string }>} createCredential
 */
async function onePasteWorkflows(productionUrlOf, createCredential) {
	const webhookId = crypto.randomUUID();
	const triggerPath = `${webhookId}/tatango`;
	const credential = await createCredential(productionUrlOf(triggerPath));
	const trigger = {
		name: `queue: trigger, derived token (${webhookId.slice(0, 8)})`,
		nodes: [
			{
				id: crypto.randomUUID(),
				name: 'Tatango Trigger',
				type: TRIGGER,
				typeVersion: 2,
				position: [0, 0],
				webhookId,
				credentials: CREDENTIALS.v3,
				parameters: {
					source: 'sends',
					events: ['delivery_status', 'invalid_phone', 'reply_received'],
					deliveryStatuses: ['success', 'soft bounce', 'hard bounce'],
					options: {},
				},
			},
			ranOnNode(
				'Ran On',
				[{ name: 'trigger', value: "={{ $('Tatango Trigger').item.json }}", type: 'object' }],
				[200, 0],
			),
		],
		connections: chain(['Tatango Trigger', 'Ran On']),
	};
	const sendPath = uniquePath('queue-one-paste');
	const send = {
		name: `queue: SMS, credential's Default Webhook URL (${sendPath})`,
		nodes: [
			webhookNode(sendPath),
			{
				id: crypto.randomUUID(),
				name: 'Send SMS',
				type: ACTION,
				typeVersion: 1,
				position: [200, 0],
				credentials: { tatangoV3Api: credential },
				parameters: {
					resource: 'sms',
					operation: 'send',
					phoneNumber: "={{ $('Webhook').item.json.body.phone }}",
					content: 'Your order shipped',
				},
			},
			ranOnNode('Ran On', [{ name: 'sent', value: '={{ $json }}', type: 'object' }], [400, 0]),
		],
		connections: chain(['Webhook', 'Send SMS', 'Ran On']),
	};
	return { trigger, triggerPath, send, sendPath };
}

/**
 * Webhook (POST `{ phones: [...] }`, answers with the last node's items) → Split → Send Rich Card
 * with the credential paced at 5 calls a second → Ran On. For the pacing measurement.
 * @param {string} deliveryUrl where the sandbox should post delivery events (not listened to)
 */
function pacedSendWorkflow(deliveryUrl) {
	const path = uniquePath('queue-paced');
	const nodes = [
		webhookNode(path),
		{
			id: crypto.randomUUID(),
			name: 'Split',
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [200, 0],
			parameters: { fieldToSplitOut: 'body.phones', options: {} },
		},
		{
			id: crypto.randomUUID(),
			name: 'Send Rich Card',
			type: ACTION,
			typeVersion: 1,
			position: [400, 0],
			credentials: CREDENTIALS.paced,
			parameters: {
				resource: 'rcs',
				operation: 'sendRichCard',
				phoneNumber: "={{ $json.phones ?? $json['body.phones'] }}",
				webhookUrl: deliveryUrl,
				title: 'Paced',
				text: 'Paced send',
				smsFailover: 'Paced send',
			},
		},
		{
			id: crypto.randomUUID(),
			name: 'Ran On',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [600, 0],
			parameters: {
				mode: 'manual',
				includeOtherFields: false,
				assignments: {
					assignments: [
						{
							id: crypto.randomUUID(),
							name: 'ranOn',
							value: '={{ $env.TATANGO_QUEUE_PROCESS }}',
							type: 'string',
						},
						{
							id: crypto.randomUUID(),
							name: 'executionId',
							value: '={{ $execution.id }}',
							type: 'string',
						},
						{
							id: crypto.randomUUID(),
							name: 'sent',
							value: "={{ $('Send Rich Card').all().length }}",
							type: 'number',
						},
					],
				},
				options: {},
			},
			executeOnce: true,
		},
	];
	return {
		webhookPath: path,
		workflow: {
			name: `queue: paced send (${path})`,
			nodes,
			connections: chain(['Webhook', 'Split', 'Send Rich Card', 'Ran On']),
		},
	};
}

/**
 * Tatango Trigger (version 2) on a list, its webhook registered by the trigger itself → Ran On.
 * @param {number} listId
 */
function listTriggerWorkflow(listId) {
	const webhookId = crypto.randomUUID();
	const nodes = [
		{
			id: crypto.randomUUID(),
			name: 'Tatango Trigger',
			type: TRIGGER,
			typeVersion: 2,
			position: [0, 0],
			webhookId,
			credentials: CREDENTIALS.v2,
			parameters: {
				source: 'list',
				listId: { __rl: true, mode: 'id', value: String(listId) },
				listEvents: ['subscribe'],
				options: {},
			},
		},
		ranOnNode(
			'Ran On',
			[
				{ name: 'event', value: '={{ $json.event }}' },
				{ name: 'phoneNumber', value: '={{ $json.phoneNumber }}' },
			],
			[200, 0],
		),
	];
	return {
		webhookPath: `${webhookId}/tatango`,
		workflow: {
			name: `queue: list trigger (${webhookId.slice(0, 8)})`,
			nodes,
			connections: chain(['Tatango Trigger', 'Ran On']),
		},
	};
}

/**
 * Webhook → SMS Send with Send Once Per `{orderId}-shipped` → Ran On: an order-shipped text whose
 * key a delivery repeated at once must not text twice. `credentials` are the send's (the v3 one,
 * and a ledger's where the test has one).
 */
function orderShippedWorkflow(
	/** @type {{ name: string, pathPrefix: string, eventsUrl: string, credentials: Record<string, unknown> }} */ {
		name,
		pathPrefix,
		eventsUrl,
		credentials,
	},
) {
	const path = uniquePath(pathPrefix);
	return {
		path,
		workflow: {
			name,
			nodes: [
				webhookNode(path),
				{
					id: crypto.randomUUID(),
					name: 'Send',
					type: ACTION,
					typeVersion: 1,
					position: [200, 0],
					credentials,
					parameters: {
						resource: 'sms',
						operation: 'send',
						phoneNumber: '={{ $json.body.phone }}',
						content: '={{ "Order " + $json.body.orderId + " shipped" }}',
						webhookUrl: eventsUrl,
						sendOncePer: '={{ $json.body.orderId }}-shipped',
					},
				},
				ranOnNode(
					'Ran On',
					[
						{ name: 'outcome', value: '={{ $json.outcome }}' },
						{ name: 'orderId', value: "={{ $('Webhook').item.json.body.orderId }}" },
					],
					[400, 0],
				),
			],
			connections: chain(['Webhook', 'Send', 'Ran On']),
			settings: { executionOrder: 'v1' },
		},
	};
}

module.exports = {
	orderShippedWorkflow,
	ACTION,
	chain,
	ranOnNode,
	webhookNode,
	sendWorkflow,
	triggerWorkflow,
	onePasteWorkflows,
	pacedSendWorkflow,
	listTriggerWorkflow,
	CREDENTIALS,
};
