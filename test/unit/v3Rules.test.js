// @ts-check
// Rules of the v3 sends, as tables: one SMS of GSM 7-bit septets, the webhook URL with its
// fallback to the credential, HTTPS file URLs and RCS cards.
const {
	InvalidInputError,
	septetCount,
	toGsm7Text,
	toV3WebhookUrl,
	toHttpsFileUrl,
} = require('../../nodes/shared/validation');
const {
	toRcsCardBody,
	toCarouselCardsFromJson,
	toCarouselPayload,
} = require('../../nodes/Tatango/actions/rcs/rcsCard.rules');
const {
	toTemplateName,
	toTemplateLanguage,
	toTemplateCategory,
	toTemplateStructure,
} = require('../../nodes/Tatango/actions/whatsApp/whatsApp.rules');
const { smsSend } = require('../../nodes/Tatango/actions/sms/send.operation');
const { v3Body } = require('../helpers/v3Body');

/** The InvalidInputError a v3 send refuses with, before anything is posted. */
async function refusal(/** @type {() => Promise<unknown>} */ fn) {
	try {
		await fn();
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidInputError);
		return /** @type {InvalidInputError} */ (error);
	}
	throw new Error('expected an InvalidInputError');
}

/** Runs `fn` and returns the InvalidInputError it throws (fails the test if it does not). */
function rejection(/** @type {() => unknown} */ fn) {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidInputError);
		return /** @type {InvalidInputError} */ (error);
	}
	throw new Error('expected an InvalidInputError');
}

describe('SMS length in septets', () => {
	test.each([
		['plain', 5],
		['€5 [today]', 13],
		['{}~^|\\', 12],
		['ñ ü à', 5],
	])('%p takes %i septets', (text, septets) => {
		expect(septetCount(text)).toBe(septets);
	});

	test.each([
		['x'.repeat(160), true],
		['x'.repeat(159) + '€', false],
		['x'.repeat(158) + '€', true],
		['x'.repeat(80) + '['.repeat(40), true],
		['x'.repeat(80) + '['.repeat(41), false],
	])('%#: one SMS holds it: %p', (text, fits) => {
		const check = () => toGsm7Text(text, 'Content');
		if (fits) expect(check()).toBe(text);
		else
			expect(rejection(check).message).toMatch(
				/^Content: is 16[12] characters long as an SMS counts them/,
			);
	});
});

describe('v3 webhook URL with the credential as fallback', () => {
	const fallback = 'https://n8n.example.com/webhook/tatango?token=t';
	test.each([
		['https://own.example.com/hook', fallback, 'https://own.example.com/hook'],
		['  https://own.example.com/hook  ', '', 'https://own.example.com/hook'],
		['', fallback, fallback],
		[undefined, fallback, fallback],
		['   ', fallback, fallback],
	])('own %p, default %p → %p', (own, credentialDefault, expected) => {
		expect(toV3WebhookUrl(own, credentialDefault)).toBe(expected);
	});

	test.each([
		['', '', "Webhook URL (or the credential's Default Webhook URL)", /is required/],
		['http://own.example.com', fallback, 'Webhook URL', /must start with https/],
		[
			'',
			'http://n8n.example.com/x',
			"Webhook URL (or the credential's Default Webhook URL)",
			/https/,
		],
		['https://x.example.com/' + 'a'.repeat(240), '', 'Webhook URL', /maximum is 255/],
	])('own %p, default %p is refused on %p', (own, credentialDefault, field, rule) => {
		const error = rejection(() => toV3WebhookUrl(own, credentialDefault));
		expect(error.field).toBe(field);
		expect(error.message).toMatch(rule);
	});
});

describe('HTTPS file URLs', () => {
	test.each([
		['https://cdn.example.com/a.pdf', true, 'https://cdn.example.com/a.pdf'],
		['', false, undefined],
	])('%p (required %p) → %p', (raw, required, expected) => {
		expect(toHttpsFileUrl(raw, 'File URL', /** @type {any} */ (required))).toBe(expected);
	});

	test.each([
		['', true, /File URL: is required/],
		['http://cdn.example.com/a.pdf', false, /must start with https:\/\//],
		['cdn.example.com/a.pdf', true, /is not a URL/],
	])('%p (required %p) is refused', (raw, required, rule) => {
		expect(
			rejection(() => toHttpsFileUrl(raw, 'File URL', /** @type {any} */ (required))).message,
		).toMatch(rule);
	});
});

describe('RCS card body', () => {
	test('fields map to the documented keys, empty ones are left out', () => {
		expect(
			toRcsCardBody({ title: ' Sale ', text: '', mediaUrl: 'https://e.x/a.jpg', isVideo: false }),
		).toEqual({
			title: 'Sale',
			url: 'https://e.x/a.jpg',
			isVideo: false,
		});
	});

	test.each([
		[
			{ isVideo: true, title: 'x' },
			'Card 2 → ',
			'Card 2 → Media URL',
			/required when Is Video is on/,
		],
		[{}, '', 'Title', /at least a title, a text or media/],
		[{ text: 'x'.repeat(3001) }, '', 'Text', /maximum is 3000/],
		[{ title: 'x', mediaUrl: 'ftp://e.x/a' }, '', 'Media URL', /http\(s\)/],
		[{ title: 'x', isVideo: 'yes' }, 'Card 1 → ', 'Card 1 → Is Video', /true or false/],
	])('%j is refused on its field', (input, where, field, rule) => {
		const error = rejection(() => toRcsCardBody(input, where));
		expect(error.field).toBe(field);
		expect(error.message).toMatch(rule);
	});
});

describe('v3 SMS request (SMS → Send through the one v3 send)', () => {
	const base = {
		phoneNumber: '+1 (206) 555-0200',
		webhookUrl: '',
		content: 'Your order has shipped \u2014 track it',
		replaceNonGsm: true,
	};
	const credential = { defaultWebhookUrl: 'https://n8n.example.com/webhook/tatango?token=s3cret' };

	test('is the documented body: ten digits, the webhook URL, the cleaned content', async () => {
		expect(await v3Body(smsSend, base, credential)).toEqual({
			phoneNumber: '2065550200',
			webhookUrl: 'https://n8n.example.com/webhook/tatango?token=s3cret',
			content: 'Your order has shipped - track it',
		});
	});

	test.each([
		[{ replaceNonGsm: false }, credential, 'Content', /GSM 7-bit/],
		[{ content: '📦' }, credential, 'Content', /GSM 7-bit/],
		[{ phoneNumber: '555-0200' }, credential, 'Phone Number', /7 digits/],
		[
			{},
			{ defaultWebhookUrl: '' },
			"Webhook URL (or the credential's Default Webhook URL)",
			/required/,
		],
	])('%j is refused on %p', async (change, credentials, field, rule) => {
		const error = await refusal(() => v3Body(smsSend, { ...base, ...change }, credentials));
		expect(error.field).toBe(field);
		expect(error.message).toMatch(rule);
	});
});

describe('carousel cards', () => {
	test('JSON cards in the flat or the API shape become the same cards', () => {
		const flat = toCarouselCardsFromJson(
			'[{"title":"A","text":"B","url":"https://e.x/a.jpg","isVideo":false}]',
		);
		const api = toCarouselCardsFromJson([
			{ body: { title: 'A', text: 'B', url: 'https://e.x/a.jpg' } },
		]);
		expect(flat).toEqual(api);
		expect(toCarouselPayload(flat)).toEqual({
			cards: [{ body: { title: 'A', text: 'B', url: 'https://e.x/a.jpg', isVideo: false } }],
		});
	});

	// Tatango documents a carousel card as {title, text, url, isVideo[, thumbnailUrl]} (public docs
	// §3.6); a card without text was answered 400 "Invalid rcsPayload" (issue 22).
	const complete = { title: 'Boots', text: 'Warm', mediaUrl: 'https://e.x/1.jpg' };
	test.each([
		['without a title', { ...complete, title: '' }, 'Card 2 → Title'],
		['without text', { ...complete, text: undefined }, 'Card 2 → Text'],
		['with only spaces for text', { ...complete, text: '   ' }, 'Card 2 → Text'],
		['without media', { ...complete, mediaUrl: '' }, 'Card 2 → Media URL'],
	])('a card %s is refused, naming the card and the field', (_what, card, field) => {
		const error = rejection(() => toCarouselPayload([complete, card]));
		expect(error.message).toBe(
			`${field}: is required: every carousel card needs a title, a text and a media URL`,
		);
	});

	test('a card with a thumbnail and every required field passes; only the thumbnail is optional', () => {
		expect(toCarouselPayload([complete]).cards[0].body).toEqual({
			title: 'Boots',
			text: 'Warm',
			url: 'https://e.x/1.jpg',
			isVideo: false,
		});
	});

	test.each([
		['', /is required/],
		['{"title":"A"}', /must be an array of cards/],
		['[1]', /card 1: must be an object/],
		[
			'[{"title":"A","suggestions":[]}]',
			/card 1: has "suggestions", which Tatango does not document/,
		],
		['[{"body":{"title":"A"},"extra":1}]', /card 1: has "body", "extra"/],
	])('%p is refused', (raw, rule) => {
		expect(rejection(() => toCarouselCardsFromJson(raw)).message).toMatch(rule);
	});

	test.each([0, 4])('%i cards are refused', (count) => {
		const cards = Array.from({ length: count }, () => ({ title: 'x' }));
		expect(rejection(() => toCarouselPayload(cards)).message).toBe(
			`Cards: a carousel has 1 to 3 cards; got ${count}`,
		);
	});
});

describe('WhatsApp templates', () => {
	test.each([
		[() => toTemplateName('  order_shipped '), 'order_shipped'],
		[() => toTemplateLanguage('en'), 'en'],
		[() => toTemplateLanguage('en_US'), 'en_US'],
		[() => toTemplateCategory('utility'), 'UTILITY'],
		[() => toTemplateStructure('{"type":"TEXT"}'), { type: 'TEXT' }],
		[() => toTemplateStructure({ type: 'TEXT' }), { type: 'TEXT' }],
	])('%#: accepted', (fn, expected) => {
		expect(fn()).toEqual(expected);
	});

	test.each([
		[() => toTemplateName(''), 'Template Name', /is required/],
		[() => toTemplateLanguage('e'), 'Language', /2 to 5/],
		[() => toTemplateLanguage('en_USA'), 'Language', /2 to 5/],
		[
			() => toTemplateCategory('PROMOTION'),
			'Category',
			/not one of MARKETING, AUTHENTICATION, UTILITY/,
		],
		[() => toTemplateStructure('{}'), 'Structure', /must be a JSON object/],
		[() => toTemplateStructure('nope'), 'Structure', /not valid JSON/],
		// n8n leaves these keys out of the request body it sends: the template would lose them.
		[
			() => toTemplateStructure('{"type":"TEXT","body":{"constructor":{"text":"x"}}}'),
			'Structure',
			/has the key "constructor" \(at body\.constructor\)/,
		],
		[
			() => toTemplateStructure('{"type":"TEXT","__proto__":{"text":"x"}}'),
			'Structure',
			/has the key "__proto__"/,
		],
		[() => toTemplateName({ name: 'x' }), 'Template Name', /it received an object/],
	])('%#: refused on %p', (fn, field, rule) => {
		const error = rejection(fn);
		expect(error.field).toBe(field);
		expect(error.message).toMatch(rule);
	});
});
