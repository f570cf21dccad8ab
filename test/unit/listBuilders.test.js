// @ts-check
const {
	buildCreateListBody,
	buildUpdateListBody,
} = require('../../nodes/Tatango/actions/list/listFields');
const { buildKeywordsBody } = require('../../nodes/Tatango/actions/list/setKeywords.operation');
const { buildDeleteTagsBody } = require('../../nodes/Tatango/actions/list/deleteTags.operation');
const {
	buildBroadcastBody,
} = require('../../nodes/Tatango/actions/broadcastMessage/send.operation');
const {
	buildMessageQuery,
} = require('../../nodes/Tatango/actions/broadcastMessage/getMany.operation');
const {
	withDeliveryTiming,
} = require('../../nodes/Tatango/actions/broadcastMessage/deliveryTiming');
const { buildMomtReportBody } = require('../../nodes/Tatango/actions/momtReport/create.operation');
const { isComplete, hasStopped } = require('../../nodes/Tatango/actions/momtReport/report');
const { InvalidInputError } = require('../../nodes/shared/validation');

describe('list create and update bodies', () => {
	test('create: every documented setting under `list`, keywords upper-cased once', () => {
		expect(
			buildCreateListBody('My awesome list', {
				messageYes: 'Reply YES',
				messageHelp: 'Help text',
				messageStop: 'Stop text',
				messageReply: 'Reply text',
				messageAlreadySubscribed: 'Already',
				firstOptInMessage: 'First',
				secondOptInMessage: 'Second',
				emailDigest: 'digest@acme.example',
				emailSubscribe: true,
				emailUnsubscribe: false,
				keywords: 'join, SAVE, Join',
			}),
		).toEqual({
			list: {
				name: 'My awesome list',
				message_yes: 'Reply YES',
				message_help: 'Help text',
				message_stop: 'Stop text',
				message_reply: 'Reply text',
				message_already_subscribed: 'Already',
				first_optin_message: 'First',
				second_optin_message: 'Second',
				email_digest: 'digest@acme.example',
				email_subscribe: true,
				email_unsubscribe: false,
				keyword_names: ['JOIN', 'SAVE'],
			},
		});
	});

	test('create: fields not added are not sent; an empty digest or keyword field sends nothing', () => {
		expect(buildCreateListBody('Plain', {})).toEqual({ list: { name: 'Plain' } });
		expect(buildCreateListBody('Plain', { emailDigest: '', keywords: '' })).toEqual({
			list: { name: 'Plain' },
		});
	});

	test('update: only what was added; an emptied message or digest clears it', () => {
		expect(buildUpdateListBody({ messageStop: '', emailDigest: '  ' })).toEqual({
			list: { message_stop: '', email_digest: '' },
		});
		expect(buildUpdateListBody({ name: 'New name' })).toEqual({ list: { name: 'New name' } });
	});

	test('update: keywords are not an update field (Set Keywords is)', () => {
		expect(() => buildUpdateListBody({ keywords: 'JOIN' })).toThrow(InvalidInputError);
	});
});

describe('other list bodies', () => {
	test('keywords and tags are top-level arrays', () => {
		expect(buildKeywordsBody(['test', 'Keyword'])).toEqual({ keyword_names: ['TEST', 'KEYWORD'] });
		expect(buildDeleteTagsBody('some_tag, some_other_tag')).toEqual({
			tags: ['some_tag', 'some_other_tag'],
		});
	});
});

describe('broadcast messages', () => {
	test('the content goes under `message`', () => {
		expect(buildBroadcastBody('Hello, world!', false)).toEqual({
			message: { content: 'Hello, world!' },
		});
	});

	test.each([
		['sent', {}, '/api/v2/lists/7/messages', {}],
		[
			'draft',
			{ startDate: '2016-09-01' },
			'/api/v2/lists/7/messages/draft',
			{ start_date: '20160901' },
		],
		[
			'scheduled',
			{ startDate: '20160901', endDate: '2016-10-30T00:00:00' },
			'/api/v2/lists/7/messages/scheduled',
			{ start_date: '20160901', end_date: '20161030' },
		],
	])('%s messages: path and query', (status, filters, path, qs) => {
		expect(buildMessageQuery(7, /** @type {any} */ (status), filters)).toEqual({ path, qs });
	});

	test('statistics of a sent message are reliable 10 minutes after sent_at', () => {
		const sentAt = '2016-09-07T14:10:53-07:00';
		const sentMs = Date.parse(sentAt);
		const at = (/** @type {number} */ minutes) =>
			withDeliveryTiming({ status: 'sent', sent_at: sentAt }, sentMs + minutes * 60000);
		expect(at(9.9).statsReliable).toBe(false);
		expect(at(10)).toEqual({
			status: 'sent',
			sent_at: sentAt,
			statsReliable: true,
			statsReliableAt: '2016-09-07T21:20:53.000Z',
			partsAvailableAt: '2016-09-07T21:40:53.000Z',
		});
	});

	test('drafts, scheduled messages and unreadable times get no timing', () => {
		const draft = { status: 'draft', sent_at: '2016-09-07T14:10:53-07:00' };
		expect(withDeliveryTiming(draft, Date.now())).toBe(draft);
		const odd = { status: 'sent', sent_at: null };
		expect(withDeliveryTiming(odd, Date.now())).toBe(odd);
	});
});

describe('MOMT reports', () => {
	test('the body is top-level; the callback URL only when given', () => {
		expect(
			buildMomtReportBody({
				dateFrom: '2016-08-08T22:10:41+01:00',
				dateTo: '2016-09-07T22:10:41+01:00',
				callbackUrl: 'http://requestb.in/1d60vok1',
				timeZone: 'UTC',
			}),
		).toEqual({
			date_from: '2016-08-08T22:10:41+01:00',
			date_to: '2016-09-07T22:10:41+01:00',
			webhook_callback_url: 'http://requestb.in/1d60vok1',
		});
		expect(
			buildMomtReportBody({ dateFrom: '2026-11-01', dateTo: '2026-11-02', timeZone: 'UTC' }),
		).toEqual({ date_from: '2026-11-01T00:00:00+00:00', date_to: '2026-11-02T00:00:00+00:00' });
	});

	test.each([
		[{ counts_calculated: false, percent_complete: 0 }, false, false],
		[{ counts_calculated: true, percent_complete: 0 }, true, false],
		[{ counts_calculated: false, percent_complete: 100 }, true, false],
		[{ run_errors: 'boom' }, false, true],
		[{ run_errors: [] }, false, false],
		[{ cancelled: true }, false, true],
		[{ cancelled: null, run_errors: null }, false, false],
	])('%j: complete %p, stopped %p', (report, complete, stopped) => {
		expect(isComplete(report)).toBe(complete);
		expect(hasStopped(report)).toBe(stopped);
	});
});
