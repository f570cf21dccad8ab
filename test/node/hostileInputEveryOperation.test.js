// @ts-check
// Issue 10 case 6 on every operation: an expression that yields an object, a list of objects or
// true/false in a text, number, ID, tag, keyword or message field is refused before any request,
// naming the field and the type received (nock has no interceptor here: any request is recorded as
// unmatched). Before, tags, list messages, custom field definitions, WhatsApp template names, the
// shortcode and the opt-in follow-up hour were sent as "[object Object]", "true" or 1.
const { runNode } = require('../helpers/runNode');
const { v2Credentials, v3Credentials, recordUnmatched } = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

const LIST = { __rl: true, mode: 'id', value: '101' };
const PHONE = '2065551234';
const OPT_IN_REQUEST = {
	collectedData: 'yes',
	requestMessage: 'Reply YES to join',
	retryMessage: 'Please reply YES',
	followUp: true,
	followUpHour: 24,
	noResponseMessage: 'Still there?',
	successAction: 'optinsubscriber',
	optInMessage: 'Welcome',
	secondOptInMessage: 'Welcome back',
};

/** [resource, operation, valid parameters, fields (dot paths) that take the hostile value]. */
const OPERATIONS = /** @type {Array<[string, string, Record<string, unknown>, string[]]>} */ ([
	[
		'subscriber',
		'addTagsToMany',
		{ listId: LIST, phoneNumbers: PHONE, tags: 'vip' },
		['tags', 'phoneNumbers'],
	],
	['subscriber', 'removeTags', { listId: LIST, phoneNumber: PHONE, tags: 'vip' }, ['tags']],
	[
		'subscriber',
		'update',
		{ listId: LIST, phoneNumber: PHONE, updateFields: { firstName: 'Ann' } },
		['updateFields.firstName', 'updateFields.zipCode'],
	],
	['list', 'deleteTags', { listId: LIST, tags: 'vip' }, ['tags']],
	[
		'list',
		'create',
		{ name: 'Spring', additionalFields: { messageHelp: 'Help', messageStop: 'Bye' } },
		['additionalFields.messageHelp', 'additionalFields.messageStop', 'additionalFields.keywords'],
	],
	[
		'list',
		'update',
		{ listId: LIST, updateFields: { messageStop: 'Bye', messageYes: 'Reply Y' } },
		['updateFields.messageStop', 'updateFields.messageYes'],
	],
	['list', 'setKeywords', { listId: LIST, keywords: 'JOIN' }, ['keywords']],
	[
		'list',
		'updateOptInSettings',
		{ listId: LIST, optInType: 'single', firstOptInMessage: 'Hi', secondOptInMessage: 'Hi again' },
		['firstOptInMessage', 'secondOptInMessage'],
	],
	[
		'list',
		'updateOptInSettings',
		{ listId: LIST, optInType: 'double', optInRequests: { request: [OPT_IN_REQUEST] } },
		['optInRequests.request.0.requestMessage', 'optInRequests.request.0.followUpHour'],
	],
	[
		'customField',
		'create',
		{
			listId: LIST,
			label: 'Store',
			key: 'store',
			contentType: 'text',
			maxLength: 10,
			options: { pattern: '^a', defaultValue: 'a' },
		},
		['label', 'maxLength', 'options.pattern', 'options.defaultValue'],
	],
	[
		'keyword',
		'checkAvailability',
		{ shortcodeId: { __rl: true, mode: 'id', value: '33733' }, keyword: 'JOIN' },
		['shortcodeId.value', 'keyword'],
	],
	[
		'momtReport',
		'create',
		{
			dateFrom: '2026-01-01T00:00:00Z',
			dateTo: '2026-01-02T00:00:00Z',
			waitUntilComplete: true,
			maxWaitMinutes: 1,
			checkEverySeconds: 5,
		},
		['maxWaitMinutes', 'checkEverySeconds'],
	],
	['broadcastMessage', 'send', { listId: LIST, content: 'Sale today' }, ['content']],
	[
		'mms',
		'send',
		{ phoneNumber: PHONE, content: 'Receipt', smsFailover: 'Receipt', subject: 'Order' },
		['subject', 'smsFailover'],
	],
	[
		'rcs',
		'sendText',
		{ phoneNumber: PHONE, text: 'Shipped', smsFailover: 'Shipped' },
		['text', 'smsFailover'],
	],
	[
		'rcs',
		'sendFile',
		{ phoneNumber: PHONE, fileUrl: 'https://cdn.example.com/a.pdf', smsFailover: 'News' },
		['fileUrl'],
	],
	[
		'rcs',
		'sendCarousel',
		{
			phoneNumber: PHONE,
			cardsSource: 'fields',
			cards: { card: [{ title: 'Boots', text: 'New' }] },
			smsFailover: 'New boots',
		},
		['cards.card.0.title'],
	],
	[
		'whatsApp',
		'sendTemplate',
		{ phoneNumber: PHONE, templateName: 'order_shipped', smsFailover: 'Shipped' },
		['templateName', 'smsFailover'],
	],
	[
		'whatsApp',
		'uploadTemplate',
		{
			templateName: 'order_shipped',
			language: 'en_US',
			category: 'UTILITY',
			structure: '{"type":"TEXT","body":{"text":"Shipped"}}',
		},
		['templateName', 'language'],
	],
]);

/** Fields that take a list of entries (tags, keywords, numbers): a list of text is fine there. */
const LIST_FIELDS = new Set(['tags', 'phoneNumbers', 'keywords', 'additionalFields.keywords']);

const HOSTILE = /** @type {Array<[string, any, string]>} */ ([
	['an object', { order: 42 }, 'an object'],
	['a list of objects', [{ order: 42 }], 'an object|a list'],
	['a list of text', ['a', 'b'], 'a list'],
	['true', true, 'a boolean'],
]);

/** @param {Record<string, any>} target @param {string} path @param {unknown} value */
function setAt(target, path, value) {
	const keys = path.split('.');
	const last = /** @type {string} */ (keys.pop());
	keys.reduce((node, key) => node[key], target)[last] = value;
}

const cases = OPERATIONS.flatMap(([resource, operation, base, fields]) =>
	fields.flatMap((field) =>
		HOSTILE.filter(([name]) =>
			// A list of text is a list field's normal input; a list of objects matters only there.
			LIST_FIELDS.has(field) ? name !== 'a list of text' : name !== 'a list of objects',
		).map(
			([name, value, type]) =>
				/** @type {const} */ ([`${resource} → ${operation}`, field, name, base, value, type]),
		),
	),
);

test.each(cases)(
	'%s: %s given %s is refused before any request',
	async (op, field, _, base, value, type) => {
		const [resource, operation] = op.split(' → ');
		const parameters = { resource, operation, ...structuredClone(base) };
		setAt(parameters, field, '={{ $json.hostile }}');

		const { items, error } = await runNode({
			parameters,
			items: [{ hostile: value }],
			credentials: { tatangoApi: v2Credentials(), tatangoV3Api: v3Credentials() },
		});

		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`^Invalid .*it received (${type})`));
		expect(unmatched).toEqual([]);
	},
);
