// @ts-check
// SMS → Send and Wait for Reply, run through n8n-core as the n8n server runs it: the send, the
// wait, the resume webhook's decisions, n8n's signature check on the URL given to Tatango, and
// the time limit.
const { WAIT_INDEFINITELY } = require('n8n-workflow');
const {
	v2Api,
	v2Credentials,
	v3Api,
	v3Credentials,
	recordUnmatched,
	expectNoSecrets,
} = require('../helpers/tatangoNock');
const {
	N8N_BASE,
	NODE_ID,
	startWaitingRun,
	postToResumeUrl,
	resumeAfterTimeLimit,
	n8nAcceptsSignature,
} = require('../helpers/waitingRun');

const { DataDeduplicationService } = require('n8n-core');
const { DedupDatabase, deduplicator } = require('../helpers/dedupStore');

const unmatched = recordUnmatched();
// Skip Opted-Out Numbers also asks the workflow's memory (n8n's deduplication store, modelled).
beforeAll(async () => {
	await DataDeduplicationService.init(/** @type {any} */ (deduplicator(new DedupDatabase())));
});

const TX = '019687e1-1b54-70f4-a68a-60af7fa776f4';
const RETRY_TX = '019687e1-9999-70f4-a68a-60af7fa776f4';
const PHONE = '2065550100';

const parameters = (/** @type {Record<string, unknown>} */ extra = {}) => ({
	resource: 'sms',
	operation: 'sendAndWait',
	phoneNumber: '+1 (206) 555-0100',
	message: 'Approve refund of $120 for order 1042? Reply YES or NO',
	...extra,
});

/** Expects one send_sms and captures its body. */
function expectSend(transactionId = TX) {
	/** @type {{ body?: any }} */
	const sent = {};
	const scope = v3Api()
		.post('/transactional_messages/send_sms', (body) => {
			sent.body = body;
			return true;
		})
		.reply(202, { message: 'Request accepted, sending message to recipient', transactionId });
	return { scope, sent };
}

/** Starts a run that sends and waits; returns it with the webhookUrl given to Tatango. */
async function waitingRun(extra = {}) {
	const { scope, sent } = expectSend();
	const waiting = await startWaitingRun({
		parameters: parameters(extra),
		credentials: { tatangoV3Api: v3Credentials() },
	});
	expect(waiting.error).toBeUndefined();
	scope.done();
	return { waiting, webhookUrl: /** @type {string} */ (sent.body.webhookUrl), sent: sent.body };
}

const reply = (content, transactionId = TX) => ({
	transactionId,
	eventType: 'reply_received',
	body: { phoneNumber: PHONE, sentAt: '2026-01-01T10:04:00Z', content, channel: 'SMS' },
});
const delivery = (status, transactionId = TX) => ({
	transactionId,
	eventType: 'delivery_status',
	body: {
		phoneNumber: PHONE,
		status,
		...(status === 'success' ? { deliveredAt: '2026-01-01T10:01:00Z' } : {}),
	},
});

describe('SMS → Send and Wait for Reply: the send', () => {
	test("texts the message with n8n's signed resume URL as webhookUrl, then waits", async () => {
		const { waiting, webhookUrl, sent } = await waitingRun();
		expect(sent).toEqual({
			phoneNumber: PHONE,
			webhookUrl,
			content: 'Approve refund of $120 for order 1042? Reply YES or NO',
		});
		expect(webhookUrl).toMatch(
			new RegExp(
				`^${N8N_BASE}/webhook-waiting/${waiting.executionId}/${NODE_ID}\\?signature=[0-9a-f]{64}$`,
			),
		);
		expect(webhookUrl.length).toBeLessThanOrEqual(255);
		expect(n8nAcceptsSignature(webhookUrl)).toBe(true);
		expect(waiting.waitTill).toEqual(WAIT_INDEFINITELY);
		expect(waiting.items).toEqual([
			{
				json: {
					outcome: 'waiting',
					replyText: null,
					repliedAt: null,
					phoneNumber: PHONE,
					transactionId: TX,
					reason: null,
					approved: false,
				},
				pairedItem: { item: 0 },
			},
		]);
		expectNoSecrets(waiting.run);
	});

	test('Limit Wait Time sets when n8n resumes it', async () => {
		const before = Date.now();
		const { waiting } = await waitingRun({
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 2, resumeUnit: 'hours' },
				},
			},
		});
		const waitTill = /** @type {Date} */ (waiting.waitTill).getTime();
		expect(waitTill).toBeGreaterThanOrEqual(before + 2 * 3600_000);
		expect(waitTill).toBeLessThan(Date.now() + 2 * 3600_000 + 1000);
	});

	test.each([
		[
			'an http WEBHOOK_URL',
			{ base: 'http://localhost:5678' },
			{},
			/Webhook URL: n8n's resume URL .* must start with https:\/\//,
		],
		[
			'a WEBHOOK_URL too long for 255 characters',
			{ base: `https://${'n8n-automation-'.repeat(10)}.example.com` },
			{},
			/n8n's resume URL for this execution is 3\d\d characters long; Tatango accepts at most 255/,
		],
		['two items', { items: [{}, {}] }, {}, /texts one person per run, but it got 2 items/],
		[
			'a decline word that approves',
			{},
			{ declineWords: 'NO, YES' },
			/Decline Words: "YES" is also an approval word/,
		],
		['an emoji in the message', {}, { message: 'Approve? 👍' }, /GSM 7-bit/],
		[
			'a time limit in the past',
			{},
			{
				options: {
					limitWaitTime: {
						values: { limitType: 'atSpecifiedTime', maxDateAndTime: '2020-01-01T00:00:00Z' },
					},
				},
			},
			/Max Date and Time: .* is in the past/,
		],
	])('%s fails before anything is sent', async (_what, runOptions, extra, rule) => {
		const waiting = await startWaitingRun({
			parameters: parameters(extra),
			credentials: { tatangoV3Api: v3Credentials() },
			...runOptions,
		});
		expect(waiting.error?.message).toMatch(rule);
		expect(waiting.waitTill).toBeUndefined();
		expect(unmatched).toEqual([]);
	});

	test('under Continue On Fail a refused send is an error item, not a wait', async () => {
		const scope = v3Api()
			.post('/transactional_messages/send_sms')
			.reply(403, { message: 'Forbidden' });
		const waiting = await startWaitingRun({
			parameters: parameters(),
			credentials: { tatangoV3Api: v3Credentials() },
			continueOnFail: true,
		});
		scope.done();
		expect(waiting.waitTill).toBeUndefined();
		expect(waiting.items).toHaveLength(1);
		expect(waiting.items[0].json.error).toMatch(/403|key|Forbidden/i);
		expect(waiting.items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe('SMS → Send and Wait for Reply: what reaches the resume URL', () => {
	test('the delivery report leaves it waiting (200); a "no" reply resumes it as declined', async () => {
		const { waiting, webhookUrl } = await waitingRun();
		const delivered = await postToResumeUrl(waiting, webhookUrl, delivery('success'));
		expect(delivered).toMatchObject({ statusCode: 200, resumed: false });

		const answered = await postToResumeUrl(waiting, webhookUrl, reply('no'));
		expect(answered.resumed).toBe(true);
		expect(answered.finished).toBe(true);
		expect(answered.items).toEqual([
			{
				json: {
					outcome: 'declined',
					replyText: 'no',
					repliedAt: '2026-01-01T10:04:00Z',
					phoneNumber: PHONE,
					transactionId: TX,
					reason: null,
					approved: false,
					consent: null,
					consentWords: null,
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('"Yes!" approves', async () => {
		const { waiting, webhookUrl } = await waitingRun();
		const answered = await postToResumeUrl(waiting, webhookUrl, reply('Yes!'));
		expect(answered.items[0].json).toMatchObject({
			outcome: 'approved',
			replyText: 'Yes!',
			approved: true,
		});
	});

	test('custom words: "1" confirms, "2" declines', async () => {
		const { waiting, webhookUrl } = await waitingRun({
			approveWords: '1, confirm',
			declineWords: '2, cancel',
		});
		expect(await postToResumeUrl(waiting, webhookUrl, reply('yes'))).toMatchObject({
			resumed: false,
		});
		const answered = await postToResumeUrl(waiting, webhookUrl, reply('1'));
		expect(answered.items[0].json).toMatchObject({ outcome: 'approved', replyText: '1' });
	});

	test('Free Text resumes with whatever was replied', async () => {
		const { waiting, webhookUrl } = await waitingRun({ responseType: 'freeText' });
		const answered = await postToResumeUrl(waiting, webhookUrl, reply('Running 10 min late'));
		expect(answered.items[0].json).toMatchObject({
			outcome: 'text',
			replyText: 'Running 10 min late',
		});
	});

	test('a hard bounce resumes it as undeliverable, not a hang until the time limit', async () => {
		const { waiting, webhookUrl } = await waitingRun();
		const bounced = await postToResumeUrl(waiting, webhookUrl, delivery('hard bounce'));
		expect(bounced.items[0].json).toEqual({
			outcome: 'undeliverable',
			replyText: null,
			repliedAt: null,
			phoneNumber: PHONE,
			transactionId: TX,
			reason: 'hard bounce',
			approved: false,
		});
	});

	test('an invalid phone resumes it as undeliverable with the reason', async () => {
		const { waiting, webhookUrl } = await waitingRun();
		const event = {
			transactionId: TX,
			eventType: 'invalid_phone',
			body: { phoneNumber: PHONE, reason: 'Phone is a landline' },
		};
		const invalid = await postToResumeUrl(waiting, webhookUrl, event);
		expect(invalid.items[0].json).toMatchObject({
			outcome: 'undeliverable',
			reason: 'Phone is a landline',
		});
	});

	test("another send's reply at the same URL leaves it waiting", async () => {
		const { waiting, webhookUrl } = await waitingRun();
		expect(await postToResumeUrl(waiting, webhookUrl, reply('YES', RETRY_TX))).toMatchObject({
			statusCode: 200,
			resumed: false,
		});
		expect((await postToResumeUrl(waiting, webhookUrl, reply('YES'))).resumed).toBe(true);
	});

	test('a body that is not a Tatango event is answered 400 and leaves it waiting', async () => {
		const { waiting, webhookUrl } = await waitingRun();
		expect(await postToResumeUrl(waiting, webhookUrl, { approved: true })).toMatchObject({
			statusCode: 400,
			resumed: false,
		});
	});

	test.each([
		['without the signature', (/** @type {string} */ url) => url.replace(/\?signature=.*$/, '')],
		[
			'with a made-up signature',
			(url) => url.replace(/signature=[0-9a-f]{64}/, `signature=${'0'.repeat(64)}`),
		],
		[
			'for another execution',
			(url) =>
				url.replace(/webhook-waiting\/(\d+)\//, (_m, id) => `webhook-waiting/${Number(id) + 1}/`),
		],
		['with an added query parameter', (url) => url.replace('?', '?retryOf=x&')],
	])('n8n refuses a forged POST (%s): the execution keeps waiting', async (_what, forge) => {
		const { waiting, webhookUrl } = await waitingRun();
		const forged = forge(webhookUrl);
		expect(forged).not.toBe(webhookUrl);
		expect(await postToResumeUrl(waiting, forged, reply('YES'))).toMatchObject({
			statusCode: 401,
			resumed: false,
		});
		expect((await postToResumeUrl(waiting, webhookUrl, reply('no'))).items[0].json.outcome).toBe(
			'declined',
		);
	});

	test('an unreadable reply is ignored by default', async () => {
		const { waiting, webhookUrl } = await waitingRun();
		expect(await postToResumeUrl(waiting, webhookUrl, reply('maybe later'))).toMatchObject({
			resumed: false,
		});
		expect(unmatched).toEqual([]);
	});

	test('"Send Retry Text Once": one retry text, whose reply is read; a second unreadable reply is ignored', async () => {
		const { waiting, webhookUrl } = await waitingRun({
			onOtherReply: 'sendRetryText',
			retryText: 'Please reply YES or NO',
		});
		const { scope, sent } = expectSend(RETRY_TX);
		expect(await postToResumeUrl(waiting, webhookUrl, reply('maybe'))).toMatchObject({
			statusCode: 200,
			resumed: false,
		});
		scope.done();
		expect(sent.body).toMatchObject({ phoneNumber: PHONE, content: 'Please reply YES or NO' });
		const retryUrl = sent.body.webhookUrl;
		expect(retryUrl).toContain(`retryOf=${TX}`);
		expect(retryUrl.length).toBeLessThanOrEqual(255);
		expect(n8nAcceptsSignature(retryUrl)).toBe(true);

		expect(await postToResumeUrl(waiting, retryUrl, reply('hmm', RETRY_TX))).toMatchObject({
			resumed: false,
		});
		expect(unmatched).toEqual([]); // no second retry text
		const answered = await postToResumeUrl(waiting, retryUrl, reply('YES', RETRY_TX));
		expect(answered.items[0].json).toMatchObject({ outcome: 'approved', transactionId: RETRY_TX });
	});

	test('a retry text Tatango refuses leaves it waiting for a reply to the first text', async () => {
		const { waiting, webhookUrl } = await waitingRun({ onOtherReply: 'sendRetryText' });
		const scope = v3Api()
			.post('/transactional_messages/send_sms')
			.reply(403, { message: 'Forbidden' });
		expect(await postToResumeUrl(waiting, webhookUrl, reply('maybe'))).toMatchObject({
			statusCode: 200,
			resumed: false,
		});
		scope.done();
		expect((await postToResumeUrl(waiting, webhookUrl, reply('y'))).items[0].json.outcome).toBe(
			'approved',
		);
	});
});

describe('SMS → Send and Wait for Reply: a revocation', () => {
	test('"please stop texting me" declines, and unsubscribes the number from the Opt-Out List', async () => {
		const opted = v2Api()
			.get('/api/v2/lists/101/subscribers/unsubscribed')
			.query(true)
			.reply(200, { phone_numbers: [], total: 0 });
		const { scope, sent } = expectSend();
		const waiting = await startWaitingRun({
			parameters: parameters({
				skipOptedOut: true,
				optOutList: { __rl: true, mode: 'id', value: '101' },
			}),
			credentials: { tatangoV3Api: v3Credentials(), tatangoApi: v2Credentials() },
		});
		expect(waiting.error).toBeUndefined();
		scope.done();
		opted.done();
		const unsubscribe = v2Api()
			.delete(`/api/v2/lists/101/subscribers/${PHONE}`)
			.reply(200, { status: 'successfully unsubscribed', subscriber: {} });
		const answered = await postToResumeUrl(
			waiting,
			sent.body.webhookUrl,
			reply('please stop texting me'),
		);
		unsubscribe.done();
		expect(answered.items[0].json).toMatchObject({
			outcome: 'declined',
			approved: false,
			consent: 'revoked',
			consentWords: 'stop texting',
			consentHonoured: {
				optOutList: { listId: 101, outcome: 'unsubscribed' },
				complianceList: { listId: 101, outcome: 'unsubscribed' },
			},
		});
	});

	test('without Skip Opted-Out Numbers it declines and says nothing was unsubscribed', async () => {
		const { waiting, webhookUrl } = await waitingRun();
		const answered = await postToResumeUrl(waiting, webhookUrl, reply('STOP'));
		expect(answered.items[0].json).toMatchObject({
			outcome: 'declined',
			consent: 'revoked',
			consentHonoured: { optOutList: null, reason: 'Skip Opted-Out Numbers is off' },
		});
	});
});

describe('SMS → Send and Wait for Reply: the time limit', () => {
	test('with no reply by the limit, n8n resumes it as timed_out with the send', async () => {
		const { waiting, webhookUrl } = await waitingRun({
			options: {
				limitWaitTime: {
					values: { limitType: 'afterTimeInterval', resumeAmount: 45, resumeUnit: 'minutes' },
				},
			},
		});
		await postToResumeUrl(waiting, webhookUrl, delivery('success'));
		const timedOut = await resumeAfterTimeLimit(waiting);
		expect(timedOut.finished).toBe(true);
		expect(timedOut.items).toEqual([
			{
				json: {
					outcome: 'timed_out',
					replyText: null,
					repliedAt: null,
					phoneNumber: PHONE,
					transactionId: TX,
					reason: null,
					approved: false,
				},
				pairedItem: { item: 0 },
			},
		]);
	});
});
