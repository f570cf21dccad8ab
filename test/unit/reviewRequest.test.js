// @ts-check
// Send and Wait for Reply as n8n's review tool for AI agents, without n8n: the request a reviewer
// reads, the channel its length needs, and replies that carry a code.
const {
	planApprovalText,
	reviewRequestText,
	isDefaultReviewMessage,
	N8N_REVIEW_MESSAGE,
	newReplyCode,
} = require('../../nodes/Tatango/actions/sms/sendAndWait/reviewText');
const { classifyCodedReply } = require('../../nodes/Tatango/actions/sms/sendAndWait/replyWords');
const { decideEvent } = require('../../nodes/Tatango/actions/sms/sendAndWait/eventDecision');

const plan = (/** @type {string} */ request) =>
	planApprovalText({
		request,
		code: '4821',
		approveWord: 'YES',
		declineWord: 'NO',
		replaceNonGsm: true,
	});

describe('the request a reviewer reads', () => {
	test('written from the tool call: its name with spaces, its input flattened', () => {
		expect(
			reviewRequestText({
				tool: 'Issue_refund',
				toolParameters: { orderId: '1042', amount: 120, customer: { name: 'Ann' }, tags: ['a'] },
			}),
		).toBe(
			'An AI agent asks to run "Issue refund": orderId 1042, amount 120, customer.name Ann, tags ["a"].',
		);
		expect(reviewRequestText({})).toBe('An AI agent asks to run a tool.');
	});

	test("n8n's default message (or none) is replaced; an edited one is kept", () => {
		expect(isDefaultReviewMessage(N8N_REVIEW_MESSAGE)).toBe(true);
		expect(isDefaultReviewMessage(undefined)).toBe(true);
		expect(isDefaultReviewMessage('=Refund {{ $tool.parameters.amount }}?')).toBe(false);
	});

	test('reply codes are four digits without a leading zero, and vary', () => {
		const codes = new Set(Array.from({ length: 50 }, () => newReplyCode()));
		for (const code of codes) expect(code).toMatch(/^[1-9]\d{3}$/);
		expect(codes.size).toBeGreaterThan(40);
	});
});

describe('the channel its length needs: never refused for length', () => {
	test('fits one SMS with the answer line: one SMS', () => {
		expect(plan('Refund $120 for order 1042?')).toEqual({
			channel: 'SMS',
			content: 'Refund $120 for order 1042?\nReply YES 4821 or NO 4821',
		});
	});

	test('longer than one SMS, or not GSM 7-bit: the whole text as MMS, a decline-only SMS fallback', () => {
		const long = 'x'.repeat(200);
		const text = plan(long);
		expect(text).toMatchObject({
			channel: 'MMS',
			declineOnly: false,
			subject: 'Approval request 4821',
		});
		expect(text.content).toBe(`${long}\nReply YES 4821 or NO 4821`);
		if (text.channel === 'MMS') {
			expect(text.smsFailover).toContain('Reply NO 4821 to decline it');
			expect(text.smsFailover).not.toContain('YES');
			expect(text.smsFailover.length).toBeLessThanOrEqual(160);
		}
		expect(plan('Refund 120 € to Zoë 🎉?')).toMatchObject({ channel: 'MMS' });
	});

	test('longer than an MMS holds: cut to 3,500 characters, says how much is hidden, decline only', () => {
		const text = plan('y'.repeat(5000));
		expect(text.channel).toBe('MMS');
		expect(text.content.length).toBeLessThanOrEqual(3500);
		expect(text.content).toMatch(
			/\[\d+ more characters not shown\]\nToo long to show in full: reply NO 4821 to decline it\.$/,
		);
		expect(text.content).not.toContain('YES');
		const hidden = Number(/\[(\d+) more/.exec(text.content)?.[1]);
		expect(text.content.indexOf('...')).toBe(5000 - hidden);
		expect(text).toMatchObject({ declineOnly: true });
	});
});

describe('replies to a text that asked for a code', () => {
	const read = (/** @type {string} */ text) =>
		classifyCodedReply(text, '4821', ['YES', 'Y'], ['NO', 'N']);
	test.each([
		['YES 4821', 'approved'],
		['yes4821', 'approved'],
		['4821 Yes!', 'approved'],
		[' no 4821. ', 'declined'],
		['N 4821', 'declined'],
		['YES', null],
		['maybe 4821', null],
		['YES 1234', 'otherRequest'],
		['NO 4821 1234', 'otherRequest'],
	])('%j → %s', (text, answer) => {
		expect(read(text)).toBe(answer);
	});

	const waiting = {
		phoneNumber: '2065550100',
		transactionId: 't-1',
		responseType: /** @type {const} */ ('approval'),
		approveWords: ['YES', 'Y'],
		declineWords: ['NO', 'N'],
		onOtherReply: /** @type {const} */ ('keepWaiting'),
		replyCode: '4821',
	};
	const replyEvent = (/** @type {string} */ content) => ({
		transactionId: 't-1',
		eventType: 'reply_received',
		body: { phoneNumber: '2065550100', sentAt: '2026-01-01T10:00:00Z', content, channel: 'SMS' },
	});
	const now = new Date('2026-01-01T10:00:05Z');

	test("another request's code leaves this one waiting", () => {
		expect(decideEvent(replyEvent('YES 1234'), {}, waiting, now)).toMatchObject({
			action: 'keepWaiting',
			statusCode: 200,
		});
	});

	test('a cut request (decline only): YES with the code is not an approval; NO declines', () => {
		const cut = { ...waiting, declineOnly: true };
		expect(decideEvent(replyEvent('YES 4821'), {}, cut, now)).toMatchObject({
			action: 'keepWaiting',
		});
		expect(decideEvent(replyEvent('NO 4821'), {}, cut, now)).toMatchObject({
			action: 'resume',
			output: { outcome: 'declined', approved: false },
		});
	});
});
