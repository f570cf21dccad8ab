// @ts-check
/**
 * Quiet hours in a real n8n: the node reads n8n's own clock, so each run is an `n8n execute` under
 * Debian's faketime (scripts/setup-system.sh installs it), its clock set to the moment the test
 * needs. Friday 2026-11-27 20:30 in Miami is 01:30 UTC on the 28th; 20:30 in Chicago is 02:30 UTC.
 * - SMS → Send with Quiet Hours "federal and state": refused at 20:30 Florida time (Florida allows
 *   until 20:00), nothing reaches the sandbox; sent at 20:30 Chicago time (Illinois: until 21:00).
 * - The law's table by its dates: a Portland (503) number at 20:30 Pacific on a weekday is refused
 *   under Oregon's HB 3865 (in force 2026-01-01: 8 a.m.-8 p.m.) until 08:00 the next day; a New
 *   Jersey number at 20:30 Eastern is texted (N.J.S.A. 56:8-128(d): until 9 p.m.).
 * - The example "CRM event → text if the customer's hours allow, otherwise wait until they do", as
 *   shipped (its webhook replaced by a fixed item): Chicago is texted at once; Miami waits until
 *   8:00 Eastern the next morning, and nothing is sent meanwhile.
 */
const n8n = require('../../scripts/lib/n8n');
const { runWorkflow, sandbox } = require('./env');
const { START, example, tatango, fixedItem, connect } = require('./workflowParts');

const MIAMI = '3055550144';
const CHICAGO = '3125550144';
const MIAMI_2030 = '2026-11-28 01:30:00';
const CHICAGO_2030 = '2026-11-28 02:30:00';
const VANCOUVER = '6045550144';
const PORTLAND = '5035550144';
const NEWARK = '2015550144';
/** Tuesday 2026-11-24 20:30 in Portland (PST) and in Newark (EST). */
const PORTLAND_2030 = '2026-11-25 04:30:00';
const NEWARK_2030 = '2026-11-25 01:30:00';
/** Tuesday 2026-12-01 21:45 in British Columbia (UTC-7 all year since tz 2026b). */
const VANCOUVER_2145 = '2026-12-02 04:45:00';

/** What the sandbox recorded for a number (v3 sends). @param {string} phone */
async function textsTo(phone) {
	return (await sandbox.inspect()).messages[phone] || [];
}

/** One SMS → Send with Quiet Hours on, Continue On Fail so the refusal is the item. @param {string} phone */
function quietSend(phone) {
	const send = {
		...tatango(
			'Send',
			{
				resource: 'sms',
				operation: 'send',
				phoneNumber: phone,
				content: 'Weekend sale: 20% off',
				webhookUrl: 'https://127.0.0.1:9/tatango?token=quietHoursNobodyListens0123456789',
				quietHours: 'federalAndState',
			},
			'v3',
		),
		onError: 'continueRegularOutput',
	};
	return {
		name: `e2e quiet hours ${phone}`,
		settings: { executionOrder: 'v1' },
		nodes: [START, send],
		connections: connect([['Start', 'Send']]),
	};
}

beforeEach(async () => {
	await sandbox.reset();
});

describe('SMS → Send with Quiet Hours (federal and state), n8n under faketime', () => {
	test('20:30 in Florida: refused naming Florida, the local time and 8:00 tomorrow; nothing sent', async () => {
		const result = await runWorkflow(quietSend(MIAMI), { fakeTime: MIAMI_2030 });
		expect(result.error).toBeNull();
		const [item] = n8n.nodeItems(result.run, 'Send');
		// faketime's clock runs on from 20:30:00 while n8n starts: the minute may have moved on.
		expect(item.error).toMatch(
			/^Not sent: it is Fri 2026-11-27 20:3\d EST for 3055550144 \(America\/New_York\), outside the Florida hours \(every day 8:00–20:00\)\. It may be sent from 2026-11-28T08:00:00-05:00\.$/,
		);
		expect(item).toMatchObject({
			nextAllowedAt: '2026-11-28T08:00:00-05:00',
			timeZone: 'America/New_York',
			rule: expect.objectContaining({ name: 'Florida' }),
		});
		expect(await textsTo(MIAMI)).toEqual([]);
	});

	test('21:45 in Vancouver in December: refused, read as MST (UTC-7, tz 2026b), not 20:45 PST', async () => {
		// British Columbia no longer falls back (docs/send-window.md#time-zone-data).
		const result = await runWorkflow(quietSend(VANCOUVER), { fakeTime: VANCOUVER_2145 });
		expect(result.error).toBeNull();
		const [item] = n8n.nodeItems(result.run, 'Send');
		expect(item.error).toMatch(
			/^Not sent: it is Tue 2026-12-01 21:4\d MST for 6045550144 \(America\/Vancouver\), outside the Canada \(CRTC Telemarketing Rules\) hours .*It may be sent from 2026-12-02T09:00:00-07:00\.$/,
		);
		expect(await textsTo(VANCOUVER)).toEqual([]);
	});

	test('20:30 Pacific in Oregon (503), a weekday: refused under HB 3865, naming it, until 08:00 the next day; nothing sent', async () => {
		const result = await runWorkflow(quietSend(PORTLAND), { fakeTime: PORTLAND_2030 });
		expect(result.error).toBeNull();
		const [item] = n8n.nodeItems(result.run, 'Send');
		expect(item.error).toMatch(
			/^Not sent: it is Tue 2026-11-24 20:3\d PST for 5035550144 \(America\/Los_Angeles\), outside the Oregon hours \(every day 8:00–20:00\)\. It may be sent from 2026-11-25T08:00:00-08:00\.$/,
		);
		expect(item).toMatchObject({
			nextAllowedAt: '2026-11-25T08:00:00-08:00',
			rule: expect.objectContaining({
				name: 'Oregon',
				citation: expect.stringContaining('HB 3865'),
				effectiveFrom: '2026-01-01',
				lastCheckedOn: '2026-11-26',
			}),
		});
		expect(await textsTo(PORTLAND)).toEqual([]);
	});

	test('20:30 Eastern in New Jersey: sent (the statute allows until 9 p.m.)', async () => {
		const result = await runWorkflow(quietSend(NEWARK), { fakeTime: NEWARK_2030 });
		expect(result.error).toBeNull();
		const [item] = n8n.nodeItems(result.run, 'Send');
		expect(item).toMatchObject({ phoneNumber: NEWARK, channel: 'SMS' });
		expect(await textsTo(NEWARK)).toEqual([
			expect.objectContaining({ kind: 'sms', text: 'Weekend sale: 20% off' }),
		]);
	});

	test('20:30 in Chicago: sent once', async () => {
		const result = await runWorkflow(quietSend(CHICAGO), { fakeTime: CHICAGO_2030 });
		expect(result.error).toBeNull();
		const [item] = n8n.nodeItems(result.run, 'Send');
		expect(item).toMatchObject({ phoneNumber: CHICAGO, channel: 'SMS' });
		expect(item.transactionId).toEqual(expect.any(String));
		expect(await textsTo(CHICAGO)).toEqual([
			expect.objectContaining({ kind: 'sms', text: 'Weekend sale: 20% off' }),
		]);
	});
});

describe('the "text if the customer\'s hours allow" example as shipped', () => {
	const FILE = 'text-within-allowed-hours.json';

	/** The example with its webhook replaced by a fixed item of the same name. @param {string} phone */
	function exampleFor(phone) {
		const shipped = example(FILE);
		const nodes = shipped.nodes.filter(
			(/** @type {any} */ node) =>
				node.type !== 'n8n-nodes-base.webhook' && node.type !== 'n8n-nodes-base.stickyNote',
		);
		for (const node of nodes) {
			if (node.credentials?.tatangoV3Api) node.credentials = tatango('x', {}, 'v3').credentials;
			// The sandbox's v3 credential has no Default Webhook URL: name one nobody listens on.
			if (node.parameters.operation === 'send') {
				node.parameters.webhookUrl =
					'https://127.0.0.1:9/tatango?token=quietHoursNobodyListens0123456789';
			}
		}
		return {
			name: `e2e ${FILE} ${phone}`,
			settings: { executionOrder: 'v1' },
			nodes: [
				START,
				fixedItem('CRM Event', { body: { phone, message: 'Your cart is waiting' } }),
				...nodes,
			],
			connections: { ...connect([['Start', 'CRM Event']]), ...shipped.connections },
		};
	}

	test('Chicago at 20:30: allowed, texted at once', async () => {
		const result = await runWorkflow(exampleFor(CHICAGO), { fakeTime: CHICAGO_2030 });
		expect(result.error).toBeNull();
		expect(n8n.nodeItems(result.run, 'Check Send Window')[0]).toMatchObject({
			allowedNow: true,
			stateOrProvince: 'IL',
			localTime: expect.stringMatching(/^2026-11-27T20:3\d:\d\d-06:00$/),
		});
		expect(n8n.nodeItems(result.run, 'Text Now')[0]).toMatchObject({ phoneNumber: CHICAGO });
		expect(result.run.data.resultData.runData['Wait Until Allowed']).toBeUndefined();
		expect(await textsTo(CHICAGO)).toHaveLength(1);
	});

	test('Miami at 20:30: waits until 8:00 Eastern tomorrow; nothing sent meanwhile', async () => {
		const result = await runWorkflow(exampleFor(MIAMI), { fakeTime: MIAMI_2030 });
		expect(result.error).toBeNull();
		expect(n8n.nodeItems(result.run, 'Check Send Window')[0]).toMatchObject({
			allowedNow: false,
			nextAllowedAt: '2026-11-28T08:00:00-05:00',
		});
		const runData = result.run.data.resultData.runData;
		expect(runData['Wait Until Allowed']).toBeDefined();
		expect(runData['Text Now']).toBeUndefined();
		expect(runData['Text When Allowed']).toBeUndefined();
		// The execution waits until then (n8n resumes it at waitTill).
		expect(new Date(result.run.waitTill).toISOString()).toBe('2026-11-28T13:00:00.000Z');
		expect(await textsTo(MIAMI)).toEqual([]);
	});
});
