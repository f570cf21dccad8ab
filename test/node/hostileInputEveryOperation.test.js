// @ts-check
// Issue 10 case 6 on every operation: an expression that yields an object, a list of objects or
// true/false in a text, number, ID, tag, keyword or message field is refused before any request,
// naming the field and the type received (nock has no interceptor here: any request is recorded as
// unmatched). Before, tags, list messages, custom field definitions, WhatsApp template names, the
// shortcode and the opt-in follow-up hour were sent as "[object Object]", "true" or 1.
const { runNode } = require('../helpers/runNode');
const { v2Credentials, v3Credentials, recordUnmatched } = require('../helpers/tatangoNock');
const { LIST, PHONE, operationsFor } = require('../helpers/operations');

const unmatched = recordUnmatched();

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

/**
 * [`resource → operation`, valid parameters, fields (dot paths) that take the hostile value]: every
 * operation of the registry (test/helpers/operations.js), and the settings only some runs show.
 */
const OPERATIONS = /** @type {Array<[string, Record<string, unknown>, string[]]>} */ ([
	...operationsFor('hostileInput').map(([name, entry]) => [
		name,
		entry.parameters,
		entry.textFields,
	]),
	[
		'list → updateOptInSettings',
		{
			resource: 'list',
			operation: 'updateOptInSettings',
			listId: LIST,
			optInType: 'double',
			optInRequests: { request: [OPT_IN_REQUEST] },
		},
		['optInRequests.request.0.requestMessage', 'optInRequests.request.0.followUpHour'],
	],
	[
		'momtReport → create',
		{
			resource: 'momtReport',
			operation: 'create',
			dateFrom: '2026-01-01T00:00:00Z',
			dateTo: '2026-01-02T00:00:00Z',
			waitUntilComplete: true,
			maxWaitMinutes: 1,
			checkEverySeconds: 5,
		},
		['maxWaitMinutes', 'checkEverySeconds'],
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

const cases = OPERATIONS.flatMap(([op, base, fields]) =>
	fields.flatMap((field) =>
		HOSTILE.filter(([name]) =>
			// A list of text is a list field's normal input; a list of objects matters only there.
			LIST_FIELDS.has(field) ? name !== 'a list of text' : name !== 'a list of objects',
		).map(([name, value, type]) => /** @type {const} */ ([op, field, name, base, value, type])),
	),
);

test.each(cases)(
	'%s: %s given %s is refused before any request',
	async (op, field, _, base, value, type) => {
		const parameters = /** @type {import('n8n-workflow').INodeParameters} */ (
			structuredClone(base)
		);
		setAt(parameters, field, '={{ $json.hostile }}');

		const { items, error } = await runNode({
			parameters,
			items: [{ hostile: value }],
			credentials: { tatangoApi: v2Credentials(), tatangoV3Api: v3Credentials() },
			// Send and Wait gives Tatango n8n's resume URL, which must be https.
			base: 'https://n8n.shop.example',
		});

		expect(items).toEqual([]);
		expect(error?.message).toMatch(new RegExp(`^Invalid .*it received (${type})`));
		expect(unmatched).toEqual([]);
	},
);

/** GSM 7-bit text that is 161 septets: the euro sign takes two. */
const SEPTETS_161 = `${'a'.repeat(159)}€`;
const OVER_161 = /is 161 characters long as an SMS counts them/;
const BAD_URLS = /** @type {Array<[string, RegExp]>} */ ([
	['https:/cdn.example.com/a.jpg', /is not a URL: write it whole/],
	['https://cdn.example.com/a\n.jpg', /contains a space, line break or control character/],
	['https://ann:secret@cdn.example.com/a.jpg', /must not contain a user name or password/],
]);

/** [operation, valid parameters, field, value, the refusal]: each field's own rule, on every operation that has it. */
const RULES = /** @type {Array<[string, Record<string, unknown>, string, unknown, RegExp]>} */ ([
	// GSM 7-bit septets and blank fallbacks wherever an SMS carries the text (cases 7 and 8).
	['sms → send', { phoneNumber: PHONE, content: 'x' }, 'content', SEPTETS_161, OVER_161],
	[
		'broadcastMessage → send',
		{ listId: LIST, content: 'x' },
		'content',
		'~'.repeat(81),
		/is 162 characters long as an SMS counts them/,
	],
	[
		'mms → send',
		{ phoneNumber: PHONE, content: 'Receipt', smsFailover: 'x' },
		'smsFailover',
		SEPTETS_161,
		OVER_161,
	],
	[
		'rcs → sendText',
		{ phoneNumber: PHONE, text: 'Shipped', smsFailover: 'x' },
		'smsFailover',
		'   ',
		/SMS Fallback: is blank/,
	],
	[
		'rcs → sendFile',
		{ phoneNumber: PHONE, fileUrl: 'https://cdn.example.com/a.pdf', smsFailover: 'x' },
		'smsFailover',
		SEPTETS_161,
		OVER_161,
	],
	[
		'rcs → sendRichCard',
		{ phoneNumber: PHONE, title: 'Boots', smsFailover: 'x' },
		'smsFailover',
		'New boots 👢',
		/GSM 7-bit SMS alphabet/,
	],
	[
		'rcs → sendCarousel',
		{
			phoneNumber: PHONE,
			cardsSource: 'fields',
			cards: { card: [{ title: 'Boots', text: 'New', mediaUrl: 'https://e.x/1.jpg' }] },
			smsFailover: 'x',
		},
		'smsFailover',
		SEPTETS_161,
		OVER_161,
	],
	[
		'whatsApp → sendTemplate',
		{ phoneNumber: PHONE, templateName: 'order_shipped', smsFailover: 'x' },
		'smsFailover',
		SEPTETS_161,
		OVER_161,
	],
	[
		'whatsApp → sendTemplate',
		{ phoneNumber: PHONE, templateName: 'order_shipped', smsFailover: 'x' },
		'smsFailover',
		' \n ',
		/SMS Fallback: is blank/,
	],
	// UTF-16 lengths: an emoji counts as 2 (case 8).
	[
		'rcs → sendText',
		{ phoneNumber: PHONE, text: 'x', smsFailover: 'Shipped' },
		'text',
		'😀'.repeat(1501),
		/is 3002 characters long; the maximum is 3000/,
	],
	[
		'mms → send',
		{ phoneNumber: PHONE, content: 'Receipt', smsFailover: 'Receipt', subject: 'x' },
		'subject',
		'😀'.repeat(21),
		/is 42 characters long; the maximum is 40/,
	],
	[
		'subscriber → update',
		{ listId: LIST, phoneNumber: PHONE, updateFields: { firstName: 'x' } },
		'updateFields.firstName',
		'😀'.repeat(26),
		/is 52 characters long; the maximum is 50/,
	],
	[
		'list → update',
		{ listId: LIST, updateFields: { name: 'x' } },
		'updateFields.name',
		'😀'.repeat(13),
		/is 26 characters long; a list name has at most 25/,
	],
	// Keywords: upper-cased first, then letters and digits, 2 to 15 (case 9).
	[
		'list → setKeywords',
		{ listId: LIST, keywords: 'x' },
		'keywords',
		'JOIN, café',
		/"CAFÉ" may use only the letters A-Z and digits/,
	],
	[
		'list → create',
		{ name: 'Spring', additionalFields: { keywords: 'x' } },
		'additionalFields.keywords',
		'HI THERE',
		/contains a space/,
	],
	[
		'list → create',
		{ name: 'Spring', additionalFields: { keywords: 'x' } },
		'additionalFields.keywords',
		'ß'.repeat(15),
		/is 30 characters long \(after upper-casing\)/,
	],
	// ZIP Code (case 10).
	[
		'subscriber → update',
		{ listId: LIST, phoneNumber: PHONE, updateFields: { zipCode: 'x' } },
		'updateFields.zipCode',
		'ABCDEF',
		/is neither a 5-digit US ZIP/,
	],
	// URLs: whole, no whitespace, no user:password (case 12); webhook URLs https.
	...BAD_URLS.map(
		([url, rule]) =>
			/** @type {const} */ ([
				'rcs → sendRichCard',
				{ phoneNumber: PHONE, title: 'Boots', smsFailover: 'Boots', mediaUrl: 'x' },
				'mediaUrl',
				url,
				rule,
			]),
	),
	...BAD_URLS.map(
		([url, rule]) =>
			/** @type {const} */ ([
				'rcs → sendCarousel',
				{
					phoneNumber: PHONE,
					cardsSource: 'fields',
					cards: {
						card: [
							{ title: 'Boots', text: 'New', mediaUrl: 'https://e.x/1.jpg', thumbnailUrl: 'x' },
						],
					},
					smsFailover: 'Boots',
				},
				'cards.card.0.thumbnailUrl',
				url,
				rule,
			]),
	),
	...BAD_URLS.map(
		([url, rule]) =>
			/** @type {const} */ ([
				'rcs → sendFile',
				{ phoneNumber: PHONE, fileUrl: 'x', smsFailover: 'News' },
				'fileUrl',
				url,
				rule,
			]),
	),
	...BAD_URLS.map(
		([url, rule]) =>
			/** @type {const} */ ([
				'mms → send',
				{ phoneNumber: PHONE, content: 'Receipt', smsFailover: 'Receipt', attachmentUrl: 'x' },
				'attachmentUrl',
				url,
				rule,
			]),
	),
	...BAD_URLS.map(
		([url, rule]) =>
			/** @type {const} */ ([
				'sms → send',
				{ phoneNumber: PHONE, content: 'Shipped', webhookUrl: 'x' },
				'webhookUrl',
				url,
				rule,
			]),
	),
	...BAD_URLS.map(
		([url, rule]) =>
			/** @type {const} */ ([
				'momtReport → create',
				{
					dateFrom: '2026-01-01T00:00:00Z',
					dateTo: '2026-01-02T00:00:00Z',
					options: { callbackUrl: 'x' },
				},
				'options.callbackUrl',
				url,
				rule,
			]),
	),
	[
		'whatsApp → uploadTemplate',
		{
			templateName: 'order_shipped',
			language: 'en_US',
			category: 'UTILITY',
			structure: '{"type":"TEXT"}',
			webhookUrl: 'x',
		},
		'webhookUrl',
		'http://n8n.shop.example/webhook/x',
		/must start with https:\/\//,
	],
]);

test.each(RULES)(
	'%s: %s = %j is refused before any request',
	async (op, base, field, value, rule) => {
		const [resource, operation] = op.split(' → ');
		const parameters = { resource, operation, ...structuredClone(base) };
		setAt(parameters, field, '={{ $json.value }}');

		const { error } = await runNode({
			parameters,
			items: [{ value: /** @type {any} */ (value) }],
			credentials: { tatangoApi: v2Credentials(), tatangoV3Api: v3Credentials() },
		});

		expect(error?.message).toMatch(/^Invalid /);
		expect(error?.message).toMatch(rule);
		expect(unmatched).toEqual([]);
	},
);
