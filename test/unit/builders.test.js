// @ts-check
const {
	buildSubscriber,
	outcomeOf,
} = require('../../nodes/Tatango/actions/subscriber/add.operation');
const {
	buildTransactionalMessage,
} = require('../../nodes/Tatango/actions/transactionalMessage/send.operation');
const {
	buildOptInSettings,
} = require('../../nodes/Tatango/actions/list/updateOptInSettings.operation');
const { rcsRichCardSend } = require('../../nodes/Tatango/actions/rcs/sendRichCard.operation');
const { v3Body } = require('../helpers/v3Body');

describe('subscriber add', () => {
	test('the subscriber object carries normalized fields, flags and flat custom fields', () => {
		expect(
			buildSubscriber({
				phoneNumber: '+1 (206) 555-1111',
				bypassOptInProcess: true,
				bypassOptInResponse: false,
				additionalFields: {
					firstName: 'Ana',
					email: 'ana@example.com',
					birthdate: '1990-01-01',
					gender: 'Female',
					tags: 'vip, gold',
					customFields: { field: [{ key: 'favorite_store', value: 'Seattle' }] },
				},
			}),
		).toEqual({
			phone_number: '2065551111',
			first_name: 'Ana',
			email: 'ana@example.com',
			birthdate: '19900101',
			gender: 'Female',
			tags: 'vip, gold',
			favorite_store: 'Seattle',
			bypass_opt_in_process: true,
		});
	});

	test.each([
		['Subscriber added', 'added'],
		['Subscriber being added to campaign pending confirmation', 'pending_confirmation'],
		[
			'Subscriber has been added - no opt-in message was sent due to list settings.',
			'added_without_opt_in_message',
		],
		['Subscriber has already been sent opt-in message for this campaign.', 'opt_in_already_sent'],
		['Subscriber is already subscribed to this campaign.', 'already_subscribed'],
		[
			'Subscriber is in a security timeout, wait 47 hours and 55 minutes',
			'refused_resubscribe_timeout',
		],
		['Something new', 'unknown'],
	])('status %p has outcome %p', (status, outcome) => expect(outcomeOf(status)).toBe(outcome));

	test('a subscriber still waiting for YES is pending, whatever the status text claims (live, §1.4)', () => {
		const waiting = { phone_number: '2065551111', optin_in_progress: true };
		expect(outcomeOf('Subscriber added', waiting)).toBe('pending_confirmation');
		expect(outcomeOf('Something new', waiting)).toBe('pending_confirmation');
		expect(outcomeOf('Subscriber added', { optin_in_progress: false })).toBe('added');
		// A refusal stays a refusal: the subscriber it returns is the opted-out one.
		expect(
			outcomeOf('Subscriber is in a security timeout, wait 47 hours and 55 minutes', waiting),
		).toBe('refused_resubscribe_timeout');
	});
});

describe('transactional message', () => {
	test('SMS: wrapped, number as ten digits', () => {
		expect(
			buildTransactionalMessage({
				phoneNumber: '206.555.1111',
				content: 'Your code is 1234',
				isMms: false,
			}),
		).toEqual({
			transactional_message: { number: '2065551111', content: 'Your code is 1234' },
		});
	});

	test('MMS: subject, fallback and attachment are required and sent', () => {
		expect(
			buildTransactionalMessage({
				phoneNumber: '2065551111',
				content: 'x'.repeat(1000),
				isMms: true,
				subject: 'Your receipt',
				fallbackContent: 'See your receipt at example.com',
				attachmentId: 42,
			}).transactional_message,
		).toEqual({
			number: '2065551111',
			content: 'x'.repeat(1000),
			is_mms: true,
			subject: 'Your receipt',
			fallback_content: 'See your receipt at example.com',
			attachment_id: 42,
		});
		expect(() =>
			buildTransactionalMessage({
				phoneNumber: '2065551111',
				content: 'hi',
				isMms: true,
				subject: 'S',
				fallbackContent: 'F',
				attachmentId: 0,
			}),
		).toThrow(/Attachment ID/);
		expect(() =>
			buildTransactionalMessage({
				phoneNumber: '2065551111',
				content: 'hi',
				isMms: true,
				subject: 'x'.repeat(41),
				fallbackContent: 'F',
				attachmentId: 1,
			}),
		).toThrow(/Subject: is 41 characters long/);
	});
});

describe('opt-in settings', () => {
	test('single opt-in sends its messages and no requests; one left empty is left out unless clearing is asked for', () => {
		const single = {
			optInType: /** @type {const} */ ('single'),
			bypassOptInResponse: false,
			firstOptInMessage: 'Welcome!',
			secondOptInMessage: '',
		};
		expect(buildOptInSettings(single)).toEqual({
			opt_in_type: 'single',
			bypass_opt_in_response: false,
			first_optin_message: 'Welcome!',
		});
		expect(buildOptInSettings({ ...single, clearEmptyMessages: true })).toEqual({
			opt_in_type: 'single',
			bypass_opt_in_response: false,
			first_optin_message: 'Welcome!',
			second_optin_message: null,
		});
	});

	test('double opt-in: follow-up fields only go with follow-up, whatever the form still holds', () => {
		const settings = buildOptInSettings({
			optInType: 'double',
			bypassOptInResponse: true,
			requests: [
				{
					collectedData: 'zip_code',
					requestMessage: 'Your ZIP?',
					retryMessage: 'A 5-digit ZIP please',
					followUp: true,
					followUpHour: 2,
					noResponseMessage: 'Still there?',
					successAction: 'nextrequest',
				},
				{
					collectedData: 'yes',
					requestMessage: 'Reply YES',
					retryMessage: 'Reply YES please',
					followUp: false,
					followUpHour: 24,
					noResponseMessage: 'stale',
					optInMessage: 'Welcome!',
					successAction: 'optinsubscriber',
				},
			],
		});
		expect(settings.opt_in_requests).toEqual([
			{
				collected_data: 'zip_code',
				request_message: 'Your ZIP?',
				retry_message: 'A 5-digit ZIP please',
				follow_up: true,
				follow_up_hour: 2,
				no_response_message: 'Still there?',
				opt_in_message: null,
				second_opt_in_message: null,
				success_action: 'nextrequest',
			},
			{
				collected_data: 'yes',
				request_message: 'Reply YES',
				retry_message: 'Reply YES please',
				follow_up: false,
				follow_up_hour: null,
				no_response_message: null,
				opt_in_message: 'Welcome!',
				second_opt_in_message: null,
				success_action: 'optinsubscriber',
			},
		]);
	});
});

describe('RCS rich card', () => {
	const base = {
		phoneNumber: '+1 206 555 0200',
		webhookUrl: '',
		title: 'Summer Sale!',
		text: 'Save up to 50%',
		mediaUrl: 'https://example.com/sale.mp4',
		thumbnailUrl: 'https://example.com/sale.jpg',
		isVideo: true,
		smsFailover: 'Summer sale \u2014 50% off',
		replaceNonGsm: true,
	};
	const credential = { defaultWebhookUrl: 'https://n8n.example.com/webhook/tatango?token=s3cret' };
	const body = (/** @type {Record<string, unknown>} */ change, credentials = credential) =>
		v3Body(rcsRichCardSend, { ...base, ...change }, credentials);

	test('the documented request, with the credential default webhook and a cleaned fallback', async () => {
		expect(await body({})).toEqual({
			phoneNumber: '2065550200',
			webhookUrl: 'https://n8n.example.com/webhook/tatango?token=s3cret',
			rcsPayload: {
				richCard: {
					body: {
						title: 'Summer Sale!',
						text: 'Save up to 50%',
						url: 'https://example.com/sale.mp4',
						thumbnailUrl: 'https://example.com/sale.jpg',
						isVideo: true,
					},
				},
			},
			smsFailover: 'Summer sale - 50% off',
		});
	});

	test("the node's own webhook URL wins over the credential's", async () => {
		expect((await body({ webhookUrl: 'https://other.example.com/hook' })).webhookUrl).toBe(
			'https://other.example.com/hook',
		);
	});

	test('no webhook URL anywhere, a video without media, or an empty card are refused', async () => {
		await expect(body({}, { defaultWebhookUrl: '' })).rejects.toThrow(/Default Webhook URL/);
		await expect(body({ mediaUrl: '' })).rejects.toThrow(
			/Media URL: is required when Is Video is on/,
		);
		await expect(body({ title: '', text: '', mediaUrl: '', isVideo: false })).rejects.toThrow(
			/needs at least a title/,
		);
	});
});
