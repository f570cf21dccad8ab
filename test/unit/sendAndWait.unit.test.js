// @ts-check
// The decisions of Send and Wait for Reply, without n8n: reply words, the time limit, the resume
// URL check, and what each POST to the resume URL does.
const { WAIT_INDEFINITELY } = require('n8n-workflow');
const { InvalidInputError } = require('../../nodes/shared/validation');
const {
	toResumeWebhookUrl,
} = require('../../nodes/Tatango/actions/sms/sendAndWait/resumeUrl.rules');
const {
	toReplyWords,
	checkWordsDistinct,
	classifyReply,
} = require('../../nodes/Tatango/actions/sms/sendAndWait/replyWords');
const { waitUntil } = require('../../nodes/Tatango/actions/sms/sendAndWait/waitLimit');
const {
	decideEvent,
	timedOutOutput,
} = require('../../nodes/Tatango/actions/sms/sendAndWait/eventDecision');

function rejection(fn) {
	try {
		fn();
	} catch (error) {
		expect(error).toBeInstanceOf(InvalidInputError);
		return error;
	}
	throw new Error('expected an InvalidInputError');
}

describe('approval and decline words', () => {
	test.each([
		['YES, Y', ['YES', 'Y']],
		[' yes ,y,, OK ', ['YES', 'Y', 'OK']],
		['Sí, 1', ['SÍ', '1']],
		['yes, YES', ['YES']],
	])('%p is read as %p', (raw, words) => {
		expect(toReplyWords(raw, 'Approve Words')).toEqual(words);
	});

	test.each([
		['', /needs at least one word/],
		[' , ', /needs at least one word/],
		['YES; Y', /"YES; Y" is not a word/],
		['👍', /is not a word/],
		[{ word: 'YES' }, /must be text or a number; it received an object/],
	])('%p is rejected (%p)', (raw, rule) => {
		const error = rejection(() => toReplyWords(raw, 'Approve Words'));
		expect(error.field).toBe('Approve Words');
		expect(error.message).toMatch(rule);
	});

	test('a word in both lists is rejected before sending', () => {
		const error = rejection(() => checkWordsDistinct(['YES', 'OK'], ['NO', 'OK']));
		expect(error.field).toBe('Decline Words');
		expect(error.message).toMatch(/"OK" is also an approval word/);
	});

	const approve = ['YES', 'Y'];
	const decline = ['NO', 'N'];
	test.each([
		['YES', 'approved'],
		['yes', 'approved'],
		[' Yes! ', 'approved'],
		['y.', 'approved'],
		['No', 'declined'],
		['no.', 'declined'],
		['"NO"', 'declined'],
		['No problem, go ahead', null],
		['yes please', null],
		['maybe', null],
		['', null],
	])('reply %p reads as %p', (reply, answer) => {
		expect(classifyReply(reply, approve, decline)).toBe(answer);
	});
});

describe('Limit Wait Time', () => {
	const now = Date.parse('2026-01-01T10:00:00Z');
	test('no limit waits for the reply', () => {
		expect(waitUntil(undefined, now)).toBe(WAIT_INDEFINITELY);
		expect(waitUntil({}, now)).toBe(WAIT_INDEFINITELY);
	});
	test.each([
		[
			{ limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' },
			'2026-01-01T10:45:00.000Z',
		],
		[
			{ limitType: 'afterTimeInterval', resumeAmount: 1.5, resumeUnit: 'hours' },
			'2026-01-01T11:30:00.000Z',
		],
		[
			{ limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'days' },
			'2026-01-03T10:00:00.000Z',
		],
		[
			{ limitType: 'atSpecifiedTime', maxDateAndTime: '2026-01-02T08:00:00Z' },
			'2026-01-02T08:00:00.000Z',
		],
	])('%p resumes at %p', (limit, at) => {
		expect(waitUntil(/** @type {any} */ (limit), now).toISOString()).toBe(at);
	});
	test.each([
		[
			{ limitType: 'afterTimeInterval', resumeAmount: 0, resumeUnit: 'hours' },
			'Amount',
			/more than 0/,
		],
		[
			{ limitType: 'atSpecifiedTime', maxDateAndTime: 'tomorrow' },
			'Max Date and Time',
			/not a date/,
		],
		[
			{ limitType: 'atSpecifiedTime', maxDateAndTime: '2025-12-31T00:00:00Z' },
			'Max Date and Time',
			/in the past/,
		],
	])('%p is rejected before sending', (limit, field, rule) => {
		const error = rejection(() => waitUntil(/** @type {any} */ (limit), now));
		expect(error.field).toBe(field);
		expect(error.message).toMatch(rule);
	});
});

describe("n8n's resume URL as Tatango's webhookUrl", () => {
	const signature = 'a'.repeat(64);
	// A realistic WEBHOOK_URL, n8n's default waiting path, an execution ID and a node ID (UUID).
	const realistic = `https://automation.example-company.com/webhook-waiting/123456/0f0e8a4c-3b1d-4c8e-9d55-6c1f2b7e9a10?signature=${signature}`;
	test('a realistic signed URL fits in 255 characters', () => {
		expect(realistic.length).toBeLessThanOrEqual(255);
		expect(toResumeWebhookUrl(realistic)).toBe(realistic);
	});
	test('a longer one is rejected with how much to shorten WEBHOOK_URL', () => {
		const long = realistic.replace('automation.', `${'x'.repeat(120)}.`);
		const error = rejection(() => toResumeWebhookUrl(long));
		expect(error.message).toMatch(
			new RegExp(`is ${long.length} characters long; Tatango accepts at most 255`),
		);
		expect(error.hint).toMatch(new RegExp(`WEBHOOK_URL .* by ${long.length - 255} characters`));
	});
	test('an http URL is rejected: Tatango only calls HTTPS', () => {
		const error = rejection(() => toResumeWebhookUrl(realistic.replace('https:', 'http:')));
		expect(error.message).toMatch(/must start with https:\/\//);
		expect(error.message).not.toMatch(/signature/);
	});
});

describe('what a POST to the resume URL does', () => {
	const TX = '019687e1-1b54-70f4-a68a-60af7fa776f4';
	const RETRY_TX = '019687e1-2222-70f4-a68a-60af7fa776f4';
	const now = new Date('2026-01-01T10:05:00Z');
	/** @type {import('../../nodes/Tatango/actions/sms/sendAndWait/eventDecision').WaitingSend} */
	const approval = {
		phoneNumber: '2065550100',
		transactionId: TX,
		responseType: 'approval',
		approveWords: ['YES', 'Y'],
		declineWords: ['NO', 'N'],
		onOtherReply: 'keepWaiting',
	};
	const reply = (content, transactionId = TX) => ({
		transactionId,
		eventType: 'reply_received',
		body: { phoneNumber: '2065550100', sentAt: '2026-01-01T10:04:00Z', content, channel: 'SMS' },
	});
	const delivery = (status) => ({
		transactionId: TX,
		eventType: 'delivery_status',
		body: {
			phoneNumber: '2065550100',
			status,
			...(status === 'success' ? { deliveredAt: '2026-01-01T10:01:00Z' } : {}),
		},
	});

	test.each([
		['YES', 'approved'],
		['no', 'declined'],
	])('reply %p resumes as %p with the reply', (content, outcome) => {
		expect(decideEvent(reply(content), {}, approval, now)).toEqual({
			action: 'resume',
			output: {
				outcome,
				replyText: content,
				repliedAt: '2026-01-01T10:04:00Z',
				phoneNumber: '2065550100',
				transactionId: TX,
				reason: null,
				approved: outcome === 'approved',
				consent: null,
				consentWords: null,
			},
		});
	});

	test.each(['STOP', 'please stop texting me', 'no más mensajes'])(
		'a revocation (%p) declines an approval request, and says so',
		(content) => {
			const decision = /** @type {any} */ (decideEvent(reply(content), {}, approval, now));
			expect(decision.output).toMatchObject({
				outcome: 'declined',
				approved: false,
				consent: 'revoked',
			});
		},
	);

	test('"can you stop by at 5?" is no revocation: it is neither word, and the run keeps waiting', () => {
		expect(decideEvent(reply('can you stop by at 5?'), {}, approval, now)).toMatchObject({
			action: 'keepWaiting',
		});
	});

	test('free text resumes with any reply', () => {
		const decision = decideEvent(
			reply('Running late, 10 min'),
			{},
			{ ...approval, responseType: 'freeText' },
			now,
		);
		expect(decision).toMatchObject({
			action: 'resume',
			output: { outcome: 'text', replyText: 'Running late, 10 min' },
		});
	});

	test('a reply without sentAt is dated when it arrived', () => {
		const event = reply('yes');
		delete event.body.sentAt;
		expect(decideEvent(event, {}, approval, now)).toMatchObject({
			output: { repliedAt: now.toISOString() },
		});
	});

	test.each(['success', 'soft bounce'])(
		'a delivery report (%s) leaves it waiting, answered 200',
		(status) => {
			expect(decideEvent(delivery(status), {}, approval, now)).toMatchObject({
				action: 'keepWaiting',
				statusCode: 200,
			});
		},
	);

	test('a hard bounce resumes as undeliverable', () => {
		expect(decideEvent(delivery('hard bounce'), {}, approval, now)).toMatchObject({
			action: 'resume',
			output: {
				outcome: 'undeliverable',
				reason: 'hard bounce',
				replyText: null,
				transactionId: TX,
			},
		});
	});

	test('an invalid phone resumes as undeliverable with the reason', () => {
		const event = {
			transactionId: TX,
			eventType: 'invalid_phone',
			body: { phoneNumber: '2065550100', reason: 'Phone is a landline' },
		};
		expect(decideEvent(event, {}, approval, now)).toMatchObject({
			action: 'resume',
			output: { outcome: 'undeliverable', reason: 'Phone is a landline' },
		});
	});

	test("another send's reply (same URL, e.g. an earlier loop pass) leaves it waiting", () => {
		expect(decideEvent(reply('YES', RETRY_TX), {}, approval, now)).toMatchObject({
			action: 'keepWaiting',
			statusCode: 200,
		});
	});

	test.each([
		['no body', undefined],
		['a string', 'YES'],
		['no eventType', { transactionId: TX, body: {} }],
		['no body object', { transactionId: TX, eventType: 'reply_received', body: 'YES' }],
	])(
		'a call that is not a Tatango event (%s) is answered 400 and leaves it waiting',
		(_what, event) => {
			expect(decideEvent(event, {}, approval, now)).toMatchObject({
				action: 'keepWaiting',
				statusCode: 400,
			});
		},
	);

	test('an unreadable reply leaves it waiting by default', () => {
		expect(decideEvent(reply('maybe'), {}, approval, now)).toMatchObject({
			action: 'keepWaiting',
			statusCode: 200,
		});
	});

	describe('with "Send Retry Text Once"', () => {
		/** @type {typeof approval} */
		const retrying = { ...approval, onOtherReply: 'sendRetryText' };
		test('an unreadable reply to the first text asks for the retry text', () => {
			expect(decideEvent(reply('maybe'), {}, retrying, now)).toEqual({ action: 'sendRetryText' });
		});
		test('a reply to the retry text (its own transactionId, at the retry URL) is read', () => {
			expect(decideEvent(reply('Y', RETRY_TX), { retryOf: TX }, retrying, now)).toMatchObject({
				action: 'resume',
				output: { outcome: 'approved', transactionId: RETRY_TX },
			});
		});
		test('an unreadable reply to the retry text leaves it waiting: the retry is sent once', () => {
			expect(decideEvent(reply('hmm', RETRY_TX), { retryOf: TX }, retrying, now)).toMatchObject({
				action: 'keepWaiting',
			});
		});
		test("the retry URL of another run's send does not count", () => {
			expect(decideEvent(reply('Y', RETRY_TX), { retryOf: RETRY_TX }, retrying, now)).toMatchObject(
				{ action: 'keepWaiting' },
			);
		});
	});

	test('timed out output has the same shape, without a reply', () => {
		expect(timedOutOutput('2065550100', TX)).toEqual({
			outcome: 'timed_out',
			replyText: null,
			repliedAt: null,
			phoneNumber: '2065550100',
			transactionId: TX,
			reason: null,
			approved: false,
		});
	});
});
