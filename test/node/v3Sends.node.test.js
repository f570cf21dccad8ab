// @ts-check
// MMS, RCS text, carousel and file, WhatsApp template send and upload: the exact request each
// operation puts on the wire, its output, and rules refused before any request.
const { runNode } = require('../helpers/runNode');
const {
	v3Api,
	v3Credentials,
	recordUnmatched,
	expectNoSecrets,
	DEFAULT_WEBHOOK_URL,
	WEBHOOK_TOKEN,
} = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

const TX = '019687e1-1b54-70f4-a68a-60af7fa776f4';
const FALLBACK = 'Your order shipped: https://shop.example/t/1042';

/**
 * @param {string} resource
 * @param {string} operation
 * @param {import('n8n-workflow').INodeParameters} parameters
 */
const run = (resource, operation, parameters) =>
	runNode({
		parameters: { resource, operation, phoneNumber: '(206) 555-0200', ...parameters },
		credentials: { tatangoV3Api: v3Credentials() },
	});

/**
 * @type {Array<[string, string, string, import('n8n-workflow').INodeParameters, Record<string, unknown>, string, string]>}
 * name, resource, operation, parameters, expected body (besides phone and webhook), path, channel
 */
const SENDS = [
	[
		'MMS → Send',
		'mms',
		'send',
		{
			content: 'Your order #1042 has shipped 📦',
			subject: 'Shipped',
			attachmentUrl: 'https://cdn.shop.example/box.jpg',
			smsFailover: FALLBACK,
		},
		{
			content: 'Your order #1042 has shipped 📦',
			smsFailover: FALLBACK,
			subject: 'Shipped',
			attachmentUrl: 'https://cdn.shop.example/box.jpg',
		},
		'/transactional_messages/send_mms',
		'MMS',
	],
	[
		'MMS → Send without the optional subject and attachment',
		'mms',
		'send',
		{ content: 'Shipped', smsFailover: FALLBACK },
		{ content: 'Shipped', smsFailover: FALLBACK },
		'/transactional_messages/send_mms',
		'MMS',
	],
	[
		'RCS Message → Send Text',
		'rcs',
		'sendText',
		{ text: '**Shipped!** 📦', smsFailover: FALLBACK },
		{ rcsPayload: { text: '**Shipped!** 📦' }, smsFailover: FALLBACK },
		'/transactional_messages/send_rcs_text',
		'RCS',
	],
	[
		'RCS Message → Send Carousel from fields',
		'rcs',
		'sendCarousel',
		{
			cards: {
				card: [
					{ title: 'Boots', text: 'Warm', mediaUrl: 'https://e.x/1.jpg' },
					{
						title: 'Hats',
						text: 'Wool',
						mediaUrl: 'https://e.x/2.mp4',
						thumbnailUrl: 'https://e.x/2.jpg',
						isVideo: true,
					},
				],
			},
			smsFailover: FALLBACK,
		},
		{
			rcsPayload: {
				cards: [
					{ body: { title: 'Boots', text: 'Warm', url: 'https://e.x/1.jpg', isVideo: false } },
					{
						body: {
							title: 'Hats',
							text: 'Wool',
							url: 'https://e.x/2.mp4',
							thumbnailUrl: 'https://e.x/2.jpg',
							isVideo: true,
						},
					},
				],
			},
			smsFailover: FALLBACK,
		},
		'/transactional_messages/send_rcs_carousel',
		'RCS',
	],
	[
		'RCS Message → Send Carousel from JSON built upstream (an expression)',
		'rcs',
		'sendCarousel',
		{
			cardsSource: 'json',
			cardsJson:
				'={{ [{ title: "Boots", text: "Warm", url: "https://e.x/1.jpg" }, { body: { title: "Hats", text: "Wool", url: "https://e.x/2.jpg" } }] }}',
			smsFailover: FALLBACK,
		},
		{
			rcsPayload: {
				cards: [
					{ body: { title: 'Boots', text: 'Warm', url: 'https://e.x/1.jpg', isVideo: false } },
					{ body: { title: 'Hats', text: 'Wool', url: 'https://e.x/2.jpg', isVideo: false } },
				],
			},
			smsFailover: FALLBACK,
		},
		'/transactional_messages/send_rcs_carousel',
		'RCS',
	],
	[
		'RCS Message → Send File',
		'rcs',
		'sendFile',
		{ fileUrl: 'https://e.x/weekly-news-letter.pdf', smsFailover: FALLBACK },
		{ rcsPayload: { file: { url: 'https://e.x/weekly-news-letter.pdf' } }, smsFailover: FALLBACK },
		'/transactional_messages/send_rcs_file',
		'RCS',
	],
	[
		'WhatsApp → Send Template (the fallback as an object)',
		'whatsApp',
		'sendTemplate',
		{ templateName: 'order_shipped', smsFailover: FALLBACK },
		{ whatsAppTemplateName: 'order_shipped', smsFailover: { content: FALLBACK } },
		'/transactional_messages/send_whatsapp',
		'WHATSAPP',
	],
];

describe.each(SENDS)('%s', (_name, resource, operation, parameters, expected, path, channel) => {
	test('posts exactly the documented body and outputs message, transactionId, phoneNumber, channel', async () => {
		const api = v3Api()
			.post(path, { phoneNumber: '2065550200', webhookUrl: DEFAULT_WEBHOOK_URL, ...expected })
			.reply(202, { message: 'accepted', transactionId: TX });

		const { items, error } = await run(resource, operation, parameters);

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([
			{
				json: {
					outcome: 'sent',
					message: 'accepted',
					transactionId: TX,
					phoneNumber: '2065550200',
					channel,
				},
				pairedItem: { item: 0 },
			},
		]);
		expect(JSON.stringify(items)).not.toContain(WEBHOOK_TOKEN);
		expectNoSecrets(items);
	});

	test('an emoji in the SMS fallback is refused before any request', async () => {
		const api = v3Api().post(path).reply(202, { message: 'accepted', transactionId: TX });

		const { error } = await run(resource, operation, { ...parameters, smsFailover: 'Shipped 📦' });

		expect(error.message).toMatch(
			/^Invalid SMS Fallback: must use only the GSM 7-bit SMS alphabet/,
		);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	});
});

/** @type {Array<[string, string, string, import('n8n-workflow').INodeParameters, RegExp]>} */
const REFUSED = [
	[
		'MMS content over 3,500',
		'mms',
		'send',
		{ content: 'x'.repeat(3501), smsFailover: FALLBACK },
		/^Invalid Content: is 3501 characters long; the maximum is 3500/,
	],
	[
		'MMS subject over 40',
		'mms',
		'send',
		{ content: 'x', subject: 's'.repeat(41), smsFailover: FALLBACK },
		/^Invalid Subject: is 41 characters long/,
	],
	[
		'MMS attachment over http',
		'mms',
		'send',
		{ content: 'x', attachmentUrl: 'http://e.x/a.jpg', smsFailover: FALLBACK },
		/^Invalid Attachment URL: must start with https:\/\//,
	],
	[
		'RCS text over 3,000',
		'rcs',
		'sendText',
		{ text: 'x'.repeat(3001), smsFailover: FALLBACK },
		/^Invalid Text: is 3001 characters long/,
	],
	[
		'a carousel of 4 cards',
		'rcs',
		'sendCarousel',
		{ cards: { card: [1, 2, 3, 4].map((n) => ({ title: `Card ${n}` })) }, smsFailover: FALLBACK },
		/^Invalid Cards: a carousel has 1 to 3 cards; got 4/,
	],
	[
		'a carousel of no cards',
		'rcs',
		'sendCarousel',
		{ smsFailover: FALLBACK },
		/^Invalid Cards: a carousel has 1 to 3 cards; got 0/,
	],
	[
		'a carousel video card without media',
		'rcs',
		'sendCarousel',
		{
			cards: {
				card: [
					{ title: 'a', text: 'b', mediaUrl: 'https://e.x/1.jpg' },
					{ title: 'b', text: 'c', isVideo: true },
				],
			},
			smsFailover: FALLBACK,
		},
		/^Invalid Card 2 → Media URL: is required when Is Video is on/,
	],
	[
		'a carousel card without text (Tatango answered 400 "Invalid rcsPayload")',
		'rcs',
		'sendCarousel',
		{
			cards: {
				card: [
					{ title: 'Boots', text: 'Warm', mediaUrl: 'https://e.x/1.jpg' },
					{ title: 'Hats', mediaUrl: 'https://e.x/2.jpg' },
				],
			},
			smsFailover: FALLBACK,
		},
		/^Invalid Card 2 → Text: is required: every carousel card needs a title, a text and a media URL/,
	],
	[
		'a carousel JSON card without a title',
		'rcs',
		'sendCarousel',
		{
			cardsSource: 'json',
			cardsJson: '[{"text":"Warm","url":"https://e.x/1.jpg"}]',
			smsFailover: FALLBACK,
		},
		/^Invalid Card 1 → Title: is required: every carousel card/,
	],
	[
		'a carousel card without media',
		'rcs',
		'sendCarousel',
		{ cards: { card: [{ title: 'Boots', text: 'Warm' }] }, smsFailover: FALLBACK },
		/^Invalid Card 1 → Media URL: is required: every carousel card/,
	],
	[
		'a carousel JSON card with an undocumented key',
		'rcs',
		'sendCarousel',
		{ cardsSource: 'json', cardsJson: '[{"title":"a","buttons":[]}]', smsFailover: FALLBACK },
		/^Invalid Cards \(JSON\) card 1: has "buttons", which Tatango does not document/,
	],
	[
		'carousel JSON that is not JSON',
		'rcs',
		'sendCarousel',
		{ cardsSource: 'json', cardsJson: '[{title:', smsFailover: FALLBACK },
		/^Invalid Cards \(JSON\)/,
	],
	[
		'an RCS file over http',
		'rcs',
		'sendFile',
		{ fileUrl: 'http://e.x/a.pdf', smsFailover: FALLBACK },
		/^Invalid File URL: must start with https:\/\//,
	],
	[
		'a WhatsApp template without a name',
		'whatsApp',
		'sendTemplate',
		{ templateName: '={{ "  " }}', smsFailover: FALLBACK },
		/^Invalid Template Name: is required/,
	],
];

test.each(REFUSED)(
	'%s is refused before any request, naming the field',
	async (_name, resource, operation, parameters, message) => {
		const api = v3Api().post(/.*/).reply(202, { message: 'accepted', transactionId: TX });

		const { error } = await run(resource, operation, parameters);

		expect(error.message).toMatch(message);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	},
);

describe('WhatsApp → Upload Template', () => {
	const upload = (/** @type {import('n8n-workflow').INodeParameters} */ parameters = {}) =>
		runNode({
			parameters: {
				resource: 'whatsApp',
				operation: 'uploadTemplate',
				templateName: 'order_shipped',
				language: 'en_US',
				category: 'UTILITY',
				structure: '{"type":"TEXT","body":{"text":"Your order has shipped"}}',
				...parameters,
			},
			credentials: { tatangoV3Api: v3Credentials() },
		});

	test('posts name, language, category, structure and the webhook URL; outputs the answer and the template', async () => {
		const api = v3Api()
			.post('/whatsapp_template/upload', {
				name: 'order_shipped',
				language: 'en_US',
				category: 'UTILITY',
				structure: { type: 'TEXT', body: { text: 'Your order has shipped' } },
				webhookUrl: DEFAULT_WEBHOOK_URL,
			})
			.reply(202, { message: 'WhatsApp template submitted for approval' });

		const { items, error } = await upload();

		expect(error).toBeUndefined();
		api.done();
		expect(items.map((item) => item.json)).toEqual([
			{
				message: 'WhatsApp template submitted for approval',
				name: 'order_shipped',
				language: 'en_US',
				category: 'UTILITY',
			},
		]);
		expect(JSON.stringify(items)).not.toContain(WEBHOOK_TOKEN);
	});

	test('a network failure after sending is not retried (a submission may have gone through)', async () => {
		const api = v3Api().post('/whatsapp_template/upload').reply(502, { message: 'Bad Gateway' });

		const { error } = await upload();

		api.done();
		expect(unmatched).toEqual([]);
		expect(error).toBeDefined();
	});

	test.each([
		[
			{ language: 'english' },
			/^Invalid Language: "english" is 7 characters long; a language code has 2 to 5/,
		],
		[{ structure: '{"type":' }, /^Invalid Structure: is not valid JSON/],
		[{ structure: '[]' }, /^Invalid Structure: must be a JSON object/],
		[
			{ category: '={{ "PROMO" }}' },
			/^Invalid Category: "PROMO" is not one of MARKETING, AUTHENTICATION, UTILITY/,
		],
	])('%j is refused before any request', async (parameters, message) => {
		const api = v3Api().post('/whatsapp_template/upload').reply(202, {});

		const { error } = await upload(parameters);

		expect(error.message).toMatch(message);
		expect(api.isDone()).toBe(false);
	});
});
