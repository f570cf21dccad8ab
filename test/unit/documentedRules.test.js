// @ts-check
// Every requirement Tatango's public docs put on a field of a send or a create (cited by the
// section numbers of the project's spec of those docs), refused by the node's own rules before any
// request, with the field named as the node shows it. One row per rule; a hostile row
// where a rule could be slipped past. A rule Tatango enforces that is missing here is one the node
// would send and Tatango refuse (as Broadcast Message → Send with an apostrophe and a carousel card
// without text were, issue 22).
const { InvalidInputError } = require('../../nodes/shared/validation');
const {
	BULK_TAGGING_MAX_NUMBERS,
	BULK_TAGGING_MAX_TAGS,
	toKeyword,
	toPhoneNumberList,
	toTagList,
	toTenDigitPhone,
} = require('../../nodes/shared/validation');
const { buildCreateListBody } = require('../../nodes/Tatango/actions/list/listFields');
const { validateOptInSettings } = require('../../nodes/Tatango/actions/list/optInSettings.rules');
const { buildSubscriber } = require('../../nodes/Tatango/actions/subscriber/add.operation');
const {
	toCustomFieldDefinition,
} = require('../../nodes/Tatango/actions/customField/customField.rules');
const {
	buildBroadcastBody,
} = require('../../nodes/Tatango/actions/broadcastMessage/send.operation');
const {
	buildTransactionalMessage,
} = require('../../nodes/Tatango/actions/transactionalMessage/send.operation');
const { buildMomtReportBody } = require('../../nodes/Tatango/actions/momtReport/create.operation');
const {
	toTemplateCategory,
	toTemplateLanguage,
	toTemplateName,
	toTemplateStructure,
} = require('../../nodes/Tatango/actions/whatsApp/whatsApp.rules');
const { smsSend } = require('../../nodes/Tatango/actions/sms/send.operation');
const { mmsSend } = require('../../nodes/Tatango/actions/mms/send.operation');
const { rcsTextSend } = require('../../nodes/Tatango/actions/rcs/sendText.operation');
const { rcsRichCardSend } = require('../../nodes/Tatango/actions/rcs/sendRichCard.operation');
const { rcsCarouselSend } = require('../../nodes/Tatango/actions/rcs/sendCarousel.operation');
const { rcsFileSend } = require('../../nodes/Tatango/actions/rcs/sendFile.operation');
const {
	whatsAppTemplateSend,
} = require('../../nodes/Tatango/actions/whatsApp/sendTemplate.operation');
const { v3Body } = require('../helpers/v3Body');

/** @param {() => unknown} call @returns {Promise<InvalidInputError>} */
async function refusal(call) {
	try {
		await call();
	} catch (error) {
		if (error instanceof InvalidInputError) return error;
		throw error;
	}
	throw new Error('the value was accepted');
}

const PHONE = '2065550100';
const HOOK = 'https://n8n.example.com/webhook/tatango?token=abc';
const FALLBACK = 'Your order shipped';
const CARD = { title: 'Boots', text: 'Warm', mediaUrl: 'https://e.x/1.jpg' };
const transactional = (/** @type {Record<string, unknown>} */ input) =>
	buildTransactionalMessage({ phoneNumber: PHONE, content: 'Hi', isMms: false, ...input });
const mmsTransactional = (/** @type {Record<string, unknown>} */ input) =>
	transactional({
		isMms: true,
		subject: 'Receipt',
		fallbackContent: 'Your receipt',
		attachmentId: '42',
		...input,
	});
/**
 * @param {import('../../nodes/Tatango/actions/send/v3').V3Send} send
 * @param {Record<string, unknown>} parameters
 */
const v3 = (send, parameters) => () =>
	v3Body(send, { phoneNumber: PHONE, webhookUrl: HOOK, smsFailover: FALLBACK, ...parameters });
const subscriber = (
	/** @type {import('n8n-workflow').IDataObject} */ additionalFields,
	phoneNumber = PHONE,
) =>
	buildSubscriber({
		phoneNumber,
		bypassOptInProcess: false,
		bypassOptInResponse: false,
		additionalFields,
	});
const momtReport = (/** @type {{ dateFrom: unknown, dateTo: unknown }} */ dates) =>
	buildMomtReportBody(/** @type {any} */ ({ timeZone: 'UTC', ...dates }));
const customField = (/** @type {Record<string, unknown>} */ input) =>
	toCustomFieldDefinition({
		label: 'Store',
		key: 'favorite_store',
		contentType: 'text',
		maxLength: 50,
		...input,
	});
const optInRequest = (/** @type {Record<string, unknown>} */ change) => ({
	collected_data: 'yes',
	request_message: 'Reply YES',
	retry_message: 'Please reply YES',
	follow_up: false,
	follow_up_hour: null,
	no_response_message: null,
	opt_in_message: null,
	second_opt_in_message: null,
	success_action: 'optinsubscriber',
	...change,
});

/**
 * [docs section, the documented requirement, the call with one field breaking it, the field the
 * refusal names, what it says (a pattern)].
 * @type {Array<[string, string, () => unknown, string, RegExp]>}
 */
const RULES = [
	// v2: lists, keywords, opt-in settings
	[
		'§1.2',
		'a list name has at most 25 characters',
		() => buildCreateListBody('x'.repeat(26), {}),
		'Name',
		/at most 25/,
	],
	['§1.2', 'a list has a name', () => buildCreateListBody('  ', {}), 'Name', /is required/],
	['§0.10', 'a keyword has at least 2 characters', () => toKeyword('J'), 'Keyword', /2 to 15/],
	[
		'§0.10',
		'a keyword has at most 15 characters',
		() => toKeyword('J'.repeat(16)),
		'Keyword',
		/2 to 15/,
	],
	[
		'§0.10',
		'hostile: a keyword with a space or an accent',
		() => toKeyword('JÖIN NOW'),
		'Keyword',
		/only the letters A-Z and digits/,
	],
	[
		'§1.3',
		'opt_in_type is single or double',
		() => validateOptInSettings(/** @type {any} */ ({ opt_in_type: 'triple' })),
		'Opt-In Type',
		/not single or double/,
	],
	[
		'§1.3',
		'collected_data is one of the four',
		() =>
			validateOptInSettings(
				/** @type {any} */ ({
					opt_in_type: 'double',
					opt_in_requests: [optInRequest({ collected_data: 'ssn' })],
				}),
			),
		'Opt-In Requests (request 1)',
		/Collected Data "ssn"/,
	],
	[
		'§1.3',
		'the last request subscribes the number',
		() =>
			validateOptInSettings(
				/** @type {any} */ ({
					opt_in_type: 'double',
					opt_in_requests: [optInRequest({ success_action: 'nextrequest' })],
				}),
			),
		'Opt-In Requests',
		/last request must subscribe/,
	],
	[
		'§1.3',
		'follow_up_hour is required with follow_up',
		() =>
			validateOptInSettings(
				/** @type {any} */ ({
					opt_in_type: 'double',
					opt_in_requests: [optInRequest({ follow_up: true })],
				}),
			),
		'Opt-In Requests (request 1)',
		/Follow-Up Hour/,
	],
	// v2: subscribers
	[
		'§0.7',
		'a v2 number is ten digits',
		() => subscriber({}, '206555010'),
		'Phone Number',
		/has 9 digits/,
	],
	[
		'§0.7',
		'hostile: letters in a number',
		() => subscriber({}, '206-555-O100'),
		'Phone Number',
		/characters a phone number can't have/,
	],
	[
		'§1.4',
		'first_name is char(50)',
		() => subscriber({ firstName: 'x'.repeat(51) }),
		'First Name',
		/maximum is 50/,
	],
	[
		'§1.4',
		'last_name is char(50)',
		() => subscriber({ lastName: 'x'.repeat(51) }),
		'Last Name',
		/maximum is 50/,
	],
	[
		'§1.4',
		'email is char(50)',
		() => subscriber({ email: `${'x'.repeat(40)}@example.com` }),
		'Email',
		/maximum is 50/,
	],
	[
		'§1.4',
		'birthdate is YYYYMMDD',
		() => subscriber({ birthdate: '07/28/1978' }),
		'Birthdate',
		/YYYYMMDD/,
	],
	[
		'§1.4',
		'zip_code is char(6)',
		() => subscriber({ zipCode: '98101-1234' }),
		'ZIP Code',
		/ZIP\+4/,
	],
	[
		'§1.4',
		'gender is Male or Female',
		() => subscriber({ gender: 'Other' }),
		'Gender',
		/Male, Female/,
	],
	[
		'§1.8',
		'bulk tagging takes at most 1,000 numbers',
		() =>
			toPhoneNumberList(
				Array.from({ length: 1001 }, (_, i) => String(2065550000 + i)),
				'Phone Numbers',
				BULK_TAGGING_MAX_NUMBERS,
			),
		'Phone Numbers',
		/1,000|1000/,
	],
	[
		'§1.8',
		'bulk tagging takes at most 50 tags',
		() =>
			toTagList(
				Array.from({ length: 51 }, (_, i) => `t${i}`),
				'Tags',
				BULK_TAGGING_MAX_TAGS,
			),
		'Tags',
		/50/,
	],
	// v2: custom fields
	[
		'§1.8',
		'a custom field key is lowercase letters, digits and _',
		() => customField({ key: 'Favorite-Store' }),
		'Key',
		/lowercase letters, digits and underscores/,
	],
	[
		'§1.8',
		'content_type is text, datetime or number',
		() => customField({ contentType: 'string' }),
		'Content Type',
		/text, datetime, number|text, datetime or number/,
	],
	[
		'§1.8',
		'max_length is at most 9999',
		() => customField({ maxLength: 10000 }),
		'Max Length',
		/9999|9,999/,
	],
	[
		'§1.8',
		'max_length is greater than 0 (observed)',
		() => customField({ maxLength: 0 }),
		'Max Length',
		/1|greater/,
	],
	// v2: broadcasts (S1 "Messaging")
	[
		'§0.9',
		'a list message has at most 160 characters',
		() => buildBroadcastBody('x'.repeat(161), false),
		'Content',
		/maximum is 160/,
	],
	[
		'§0.9',
		'a list message uses a-z, A-Z, 0-9, space and .,:;!?()~=+-_\\/@$#&% only: an apostrophe',
		() => buildBroadcastBody("We're open", false),
		'Content',
		/contains "'"/,
	],
	[
		'§0.9',
		'the same: a double quote',
		() => buildBroadcastBody('Say "hi"', false),
		'Content',
		/contains '"'/,
	],
	[
		'§0.9',
		'the same: GSM 7-bit characters outside the set (£, é, *, <)',
		() => buildBroadcastBody('£5 café *deal* <b>', false),
		'Content',
		/"£" \(U\+00A3\), "é" \(U\+00E9\), "\*" \(U\+002A\), "<" \(U\+003C\)/,
	],
	[
		'§0.9',
		'hostile: an invisible right-to-left override',
		() => buildBroadcastBody('Sale\u202Eelas', true),
		'Content',
		/U\+202E/,
	],
	[
		'§1.9',
		'a list message has content',
		() => buildBroadcastBody('', false),
		'Content',
		/is required/,
	],
	// v2: transactional
	[
		'§1.10',
		'SMS content is at most 160',
		() => transactional({ content: 'x'.repeat(161) }),
		'Content',
		/maximum is 160/,
	],
	[
		'§1.10',
		'MMS content is at most 5000',
		() => mmsTransactional({ content: 'x'.repeat(5001) }),
		'Content',
		/maximum is 5000/,
	],
	['§1.10', 'content is required', () => transactional({ content: ' ' }), 'Content', /is required/],
	[
		'§1.10',
		'subject is required with is_mms',
		() => mmsTransactional({ subject: '' }),
		'Subject',
		/is required/,
	],
	[
		'§1.10',
		'subject is at most 40',
		() => mmsTransactional({ subject: 'x'.repeat(41) }),
		'Subject',
		/maximum is 40/,
	],
	[
		'§1.10',
		'fallback_content is required with is_mms',
		() => mmsTransactional({ fallbackContent: '' }),
		'Fallback Content',
		/is required/,
	],
	[
		'§1.10',
		'fallback_content is at most 160',
		() => mmsTransactional({ fallbackContent: 'x'.repeat(161) }),
		'Fallback Content',
		/maximum is 160/,
	],
	[
		'§1.10',
		'attachment_id is an integer',
		() => mmsTransactional({ attachmentId: '42.5' }),
		'Attachment ID',
		/not a valid ID/,
	],
	[
		'§1.10',
		'number is digits only',
		() => transactional({ phoneNumber: '+44 20 7946 0958' }),
		'Phone Number',
		/not a US or Canadian number/,
	],
	// v2: MOMT reports
	[
		'§1.12',
		'date_from is required',
		() => momtReport({ dateFrom: '', dateTo: '2026-01-02T00:00:00Z' }),
		'Date From',
		/required/,
	],
	[
		'§1.12',
		'date_to is required',
		() => momtReport({ dateFrom: '2026-01-01T00:00:00Z', dateTo: '' }),
		'Date To',
		/required/,
	],
	[
		'§1.12',
		'a date is a date-time',
		() => momtReport({ dateFrom: 'yesterday', dateTo: '2026-01-02T00:00:00Z' }),
		'Date From',
		/date/,
	],
	// v3: every send (§3.1)
	[
		'§3.1',
		'phoneNumber is a valid US or Canadian number',
		v3(smsSend, { phoneNumber: '+1 876 555 0100', content: 'Hi' }),
		'Phone Number',
		/Jamaica/,
	],
	[
		'§3.1',
		'webhookUrl is HTTPS',
		v3(smsSend, { content: 'Hi', webhookUrl: 'http://n8n.example.com/webhook/x' }),
		'Webhook URL',
		/https/,
	],
	[
		'§3.1',
		'webhookUrl is at most 255 characters',
		v3(smsSend, { content: 'Hi', webhookUrl: `https://n8n.example.com/${'x'.repeat(240)}` }),
		'Webhook URL',
		/255/,
	],
	// v3: SMS (§3.2) and every smsFailover (§0.9)
	[
		'§3.2',
		'SMS content is GSM 7-bit',
		v3(smsSend, { content: 'Shipped 📦' }),
		'Content',
		/GSM 7-bit/,
	],
	[
		'§3.2',
		'SMS content is at most 160',
		v3(smsSend, { content: 'x'.repeat(161) }),
		'Content',
		/maximum is 160/,
	],
	['§3.2', 'SMS content is required', v3(smsSend, { content: '' }), 'Content', /is required/],
	[
		'§0.9',
		'smsFailover is GSM 7-bit',
		v3(rcsTextSend, { text: 'Hi', smsFailover: 'Shipped 📦' }),
		'SMS Fallback',
		/GSM 7-bit/,
	],
	[
		'§0.9',
		'smsFailover has 1 character at least',
		v3(rcsTextSend, { text: 'Hi', smsFailover: '' }),
		'SMS Fallback',
		/is required/,
	],
	[
		'§0.9',
		'smsFailover is at most 160',
		v3(rcsFileSend, { fileUrl: 'https://e.x/a.pdf', smsFailover: 'x'.repeat(161) }),
		'SMS Fallback',
		/maximum is 160/,
	],
	// v3: MMS (§3.3)
	['§3.3', 'MMS content is required', v3(mmsSend, { content: '' }), 'Content', /is required/],
	[
		'§3.3',
		'MMS content is at most 3500',
		v3(mmsSend, { content: 'x'.repeat(3501) }),
		'Content',
		/maximum is 3500/,
	],
	[
		'§3.3',
		'MMS subject is at most 40',
		v3(mmsSend, { content: 'Hi', subject: 'x'.repeat(41) }),
		'Subject',
		/maximum is 40/,
	],
	[
		'§3.3',
		'attachmentUrl is a URL',
		v3(mmsSend, { content: 'Hi', attachmentUrl: 'receipt.jpg' }),
		'Attachment URL',
		/https/,
	],
	// v3: RCS (§3.4–3.7)
	['§3.4', 'RCS text is required', v3(rcsTextSend, { text: '' }), 'Text', /is required/],
	[
		'§3.4',
		'RCS text is at most 3,000',
		v3(rcsTextSend, { text: 'x'.repeat(3001) }),
		'Text',
		/maximum is 3000/,
	],
	[
		'§3.5',
		'a rich card video has its url',
		v3(rcsRichCardSend, { title: 'Sale', isVideo: true }),
		'Media URL',
		/required when Is Video is on/,
	],
	[
		'§3.6',
		'a carousel has 1 to 3 cards',
		v3(rcsCarouselSend, { cards: { card: [CARD, CARD, CARD, CARD] } }),
		'Cards',
		/1 to 3 cards; got 4/,
	],
	[
		'§3.6',
		'every carousel card has a title',
		v3(rcsCarouselSend, { cards: { card: [CARD, { ...CARD, title: '' }] } }),
		'Card 2 → Title',
		/is required/,
	],
	[
		'§3.6',
		'every carousel card has text',
		v3(rcsCarouselSend, { cards: { card: [{ ...CARD, text: undefined }] } }),
		'Card 1 → Text',
		/is required/,
	],
	[
		'§3.6',
		'every carousel card has a url',
		v3(rcsCarouselSend, { cards: { card: [CARD, CARD, { ...CARD, mediaUrl: '' }] } }),
		'Card 3 → Media URL',
		/is required/,
	],
	[
		'§3.6',
		'hostile: a card text from an expression that is an object',
		v3(rcsCarouselSend, { cards: { card: [{ ...CARD, text: { en: 'Warm' } }] } }),
		'Card 1 → Text',
		/an object/,
	],
	['§3.7', 'an RCS file has a url', v3(rcsFileSend, { fileUrl: '' }), 'File URL', /is required/],
	// v3: WhatsApp (§3.8)
	[
		'§3.8',
		'whatsAppTemplateName is required',
		v3(whatsAppTemplateSend, { templateName: ' ' }),
		'Template Name',
		/is required/,
	],
	[
		'§3.8',
		'smsFailover.content is required',
		v3(whatsAppTemplateSend, { templateName: 'order_shipped', smsFailover: '' }),
		'SMS Fallback',
		/is required/,
	],
	[
		'§3.8',
		'an upload names its template',
		() => toTemplateName(''),
		'Template Name',
		/is required/,
	],
	[
		'§3.8',
		'language has 2 to 5 characters',
		() => toTemplateLanguage('en-US-x'),
		'Language',
		/2 to 5/,
	],
	[
		'§3.8',
		'category is MARKETING, AUTHENTICATION or UTILITY',
		() => toTemplateCategory('PROMO'),
		'Category',
		/MARKETING, AUTHENTICATION, UTILITY/,
	],
	['§3.8', 'structure is an object', () => toTemplateStructure('[]'), 'Structure', /JSON object/],
	[
		'§3.8',
		'hostile: a structure key n8n would drop',
		() => toTemplateStructure('{"body":{"__proto__":{"text":"x"}}}'),
		'Structure',
		/__proto__/,
	],
];

describe('what the public docs require is refused before any request, naming the field', () => {
	test.each(RULES)('%s %s', async (_section, _rule, call, field, says) => {
		const error = await refusal(call);
		expect(error.field).toBe(field);
		expect(error.rule).toMatch(says);
	});

	test('every documented character of a list message, and the space, goes through as typed', () => {
		const content = 'AZaz09 .,:;!?()~=+-_\\/@$#&%';
		expect(buildBroadcastBody(content, false)).toEqual({ message: { content } });
	});

	test('a carousel card with a title, a text and a url passes; the thumbnail is optional', async () => {
		const body = await v3(rcsCarouselSend, { cards: { card: [CARD] } })();
		expect(body.rcsPayload).toEqual({
			cards: [{ body: { title: 'Boots', text: 'Warm', url: 'https://e.x/1.jpg', isVideo: false } }],
		});
	});
});

// A number the v2 docs would take as typed is normalised, not refused (§0.7: "ten digits").
test('a v2 number in a common format becomes the ten digits Tatango documents', () => {
	expect(toTenDigitPhone('+1 (206) 555-0100')).toBe('2065550100');
});
