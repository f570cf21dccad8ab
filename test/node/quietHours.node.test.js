// @ts-check
/**
 * Phone Number → Check Send Window and the Quiet Hours setting of the sends, run as n8n runs the
 * node. The clock is n8n's (Date.now), set per test; a refused text makes no request.
 */
const { runNode } = require('../helpers/runNode');
const {
	v2Api,
	v2Credentials,
	v3Api,
	v3Credentials,
	recordUnmatched,
} = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

/** 2026-11-27 (a Friday) 20:30 in Miami, 19:30 in Chicago. */
const FRIDAY_2030_EASTERN = Date.parse('2026-11-28T01:30:00Z');
/** 20:30 in Chicago. */
const FRIDAY_2030_CENTRAL = Date.parse('2026-11-28T02:30:00Z');

const ACCEPTED = { message: 'Request accepted', transactionId: 'tx-quiet-1' };

const realNow = Date.now;
/** n8n's clock set to `ms`, and running from there (a stopped clock would stop the pacing too). @param {number} ms */
function clockAt(ms) {
	const setAt = realNow();
	jest.spyOn(Date, 'now').mockImplementation(() => ms + (realNow() - setAt));
}

afterEach(() => jest.restoreAllMocks());

/**
 * @param {import('n8n-workflow').INodeParameters} extra
 * @param {{ credentialOverrides?: Record<string, unknown>, continueOnFail?: boolean }} [options]
 */
const sendSms = (extra, { credentialOverrides = {}, continueOnFail } = {}) =>
	runNode({
		parameters: { resource: 'sms', operation: 'send', content: 'Sale starts now', ...extra },
		continueOnFail,
		credentials: { tatangoV3Api: v3Credentials(credentialOverrides) },
	});

describe('Phone Number → Check Send Window', () => {
	test('answers from the package alone: no request, no credential', async () => {
		const { items, error, credentialTypesRequested } = await runNode({
			parameters: {
				resource: 'phoneNumber',
				operation: 'checkSendWindow',
				phoneNumber: '+1 (305) 555-0100',
				at: '2026-11-27T20:30:00-05:00',
			},
		});
		expect(error).toBeUndefined();
		expect(unmatched).toEqual([]);
		expect(credentialTypesRequested).toEqual([]);
		expect(items).toEqual([
			{
				json: expect.objectContaining({
					phoneNumber: '3055550100',
					stateOrProvince: 'FL',
					allowedNow: false,
					localTime: expect.stringMatching(/^2026-11-27T20:30:00(\.\d+)?-05:00$/),
					nextAllowedAt: '2026-11-28T08:00:00-05:00',
					rule: expect.objectContaining({ name: 'Florida' }),
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	test("At empty: now, n8n's clock; federal only lets 20:30 Florida through", async () => {
		clockAt(FRIDAY_2030_EASTERN);
		const { items } = await runNode({
			parameters: {
				resource: 'phoneNumber',
				operation: 'checkSendWindow',
				phoneNumber: '305-555-0100',
				rules: 'federal',
			},
		});
		expect(items[0].json).toMatchObject({
			allowedNow: true,
			localTime: expect.stringMatching(/^2026-11-27T20:30:00(\.\d+)?-05:00$/),
			rule: { name: 'Federal (TCPA)' },
		});
	});

	test('a toll-free number: fails naming the field and why, nothing else happens', async () => {
		const { error } = await runNode({
			parameters: {
				resource: 'phoneNumber',
				operation: 'checkSendWindow',
				phoneNumber: '800-555-0100',
			},
		});
		expect(error?.message).toMatch(/^Invalid Phone Number: has area code 800/);
	});
});

describe('Quiet Hours on a send', () => {
	test('20:30 in Florida, federal and state: refused, naming the rule, local time and next time; no request', async () => {
		clockAt(FRIDAY_2030_EASTERN);
		const { error } = await sendSms({
			phoneNumber: '305-555-0100',
			quietHours: 'federalAndState',
		});
		expect(unmatched).toEqual([]);
		expect(error?.message).toBe(
			'Not sent: it is Fri 2026-11-27 20:30 EST for 3055550100 (America/New_York), outside the Florida hours (every day 8:00–20:00). It may be sent from 2026-11-28T08:00:00-05:00.',
		);
		expect(error?.description).toMatch(/Rule: Florida, Fla\. Stat\. § 501\.616\(6\)\(a\)/);
	});

	test('with Continue On Fail the item carries nextAllowedAt for a Wait node', async () => {
		clockAt(FRIDAY_2030_EASTERN);
		const { items, error } = await sendSms(
			{ phoneNumber: '305-555-0100', quietHours: 'federalAndState' },
			{ continueOnFail: true },
		);
		expect(error).toBeUndefined();
		expect(items).toEqual([
			{
				json: expect.objectContaining({
					error: expect.stringMatching(/^Not sent/),
					nextAllowedAt: '2026-11-28T08:00:00-05:00',
					localTime: expect.stringMatching(/^2026-11-27T20:30:00(\.\d+)?-05:00$/),
					timeZone: 'America/New_York',
					rule: expect.objectContaining({
						name: 'Florida',
						citation: expect.stringContaining('501.616(6)(a)'),
						effectiveFrom: '2021-07-01',
						lastCheckedOn: '2026-11-26',
						checkedAgainst: 'text',
					}),
				}),
				pairedItem: { item: 0 },
			},
		]);
	});

	test('20:30 in Chicago: sent (Illinois allows until 21:00)', async () => {
		clockAt(FRIDAY_2030_CENTRAL);
		const api = v3Api().post('/transactional_messages/send_sms').reply(202, ACCEPTED);
		const { items, error } = await sendSms({
			phoneNumber: '312-555-0100',
			quietHours: 'federalAndState',
		});
		expect(error).toBeUndefined();
		api.done();
		expect(items[0].json.transactionId).toBe('tx-quiet-1');
	});

	test("Don't Check (the default): saved workflows send at any hour, as before", async () => {
		clockAt(FRIDAY_2030_EASTERN);
		const api = v3Api().post('/transactional_messages/send_sms').reply(202, ACCEPTED);
		const { error } = await sendSms({ phoneNumber: '305-555-0100' });
		expect(error).toBeUndefined();
		api.done();
	});

	test("the credential's Quiet Hours Policy holds a send whose field says Don't Check", async () => {
		clockAt(FRIDAY_2030_EASTERN);
		const { error } = await sendSms(
			{ phoneNumber: '305-555-0100' },
			{ credentialOverrides: { quietHoursPolicy: 'federalAndState' } },
		);
		expect(unmatched).toEqual([]);
		expect(error?.message).toMatch(/outside the Florida hours/);
		expect(error?.description).toMatch(/^The credential's Quiet Hours Policy/);
	});

	test('the stricter wins: a federal-only policy and a federal-and-state field refuse by the state rule', async () => {
		clockAt(FRIDAY_2030_EASTERN);
		const { error } = await sendSms(
			{ phoneNumber: '305-555-0100', quietHours: 'federalAndState' },
			{ credentialOverrides: { quietHoursPolicy: 'federal' } },
		);
		expect(error?.message).toMatch(/outside the Florida hours/);
	});

	test('Recipient Asked for This Text: a one-time code goes at 20:30 even under the policy', async () => {
		clockAt(FRIDAY_2030_EASTERN);
		const api = v3Api().post('/transactional_messages/send_sms').reply(202, ACCEPTED);
		const { error } = await sendSms(
			{ phoneNumber: '305-555-0100', quietHours: 'recipientAsked' },
			{ credentialOverrides: { quietHoursPolicy: 'federalAndState' } },
		);
		expect(error).toBeUndefined();
		api.done();
	});

	test('v2 Transactional Message: the v2 credential and the same check', async () => {
		clockAt(Date.parse('2026-11-28T04:30:00Z')); // 23:30 Eastern
		const { error } = await runNode({
			parameters: {
				resource: 'transactionalMessage',
				operation: 'send',
				phoneNumber: '212-555-0100',
				content: 'Sale',
				quietHours: 'federal',
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(unmatched).toEqual([]);
		expect(error?.message).toMatch(/outside the Federal \(TCPA\) hours \(every day 8:00–21:00\)/);
		// Allowed at noon: the request goes.
		clockAt(Date.parse('2026-11-27T17:00:00Z'));
		const api = v2Api()
			.post('/api/v2/transactional_messages')
			.reply(201, { transactional_message: { id: 7 } });
		const sent = await runNode({
			parameters: {
				resource: 'transactionalMessage',
				operation: 'send',
				phoneNumber: '212-555-0100',
				content: 'Sale',
				quietHours: 'federal',
			},
			credentials: { tatangoApi: v2Credentials() },
		});
		expect(sent.error).toBeUndefined();
		api.done();
	});

	test('a Quiet Hours value from an expression that is not a choice: refused naming the field', async () => {
		const { error } = await sendSms({ phoneNumber: '305-555-0100', quietHours: '={{ "later" }}' });
		expect(error?.message).toMatch(/^Invalid Quiet Hours: "later" is not a choice/);
	});
});
