// @ts-check
'use strict';
// One length rule for the node and the sandbox (issue 10, cases 7 and 8): characters are UTF-16
// units (an emoji counts 2), and a GSM 7-bit SMS text is 160 septets (€ [ ] { } | ^ ~ \ count 2).
// At each limit, the node's validation and the sandbox give the same verdict: nothing the node
// accepts is refused by the model of the service, and nothing the sandbox takes is refused by
// the node.
const { start, v2, v3 } = require('./helpers');
const {
	toGsm7Text,
	toMessageContent,
	toOptionalText,
	InvalidInputError,
} = require('../../nodes/shared/validation');

/** @param {() => unknown} fn */
function nodeAccepts(fn) {
	try {
		fn();
		return true;
	} catch (error) {
		if (error instanceof InvalidInputError) return false;
		throw error;
	}
}

const HOOK = 'https://n8n.example.com/webhook/x/tatango';

describe('the node and the sandbox agree at every length limit', () => {
	/** @type {Awaited<ReturnType<typeof start>>} */
	let sb;
	beforeAll(async () => {
		sb = await start({ webhookDelayMs: 600_000 });
	});
	afterAll(async () => {
		await sb.close();
	});

	test.each([
		['80 emoji', true, '😀'.repeat(80)],
		['81 emoji', false, '😀'.repeat(81)],
		['160 letters', true, 'x'.repeat(160)],
	])('transactional SMS content of %s: accepted = %s', async (_, accepted, content) => {
		const answer = await v2(sb, 'POST', '/transactional_messages', {
			transactional_message: { number: '2065553101', content },
		});
		expect(nodeAccepts(() => toMessageContent(content, false))).toBe(accepted);
		expect(answer.status === 200).toBe(accepted);
	});

	test.each([
		['25 emoji', true, '😀'.repeat(25)],
		['26 emoji', false, '😀'.repeat(26)],
	])('a first name of %s: accepted = %s', async (_, accepted, name) => {
		const answer = await v2(sb, 'POST', '/lists/101/subscribers', {
			subscriber: { phone_number: '2065553102', first_name: name, bypass_opt_in_process: true },
		});
		expect(nodeAccepts(() => toOptionalText(name, 'First Name', 50))).toBe(accepted);
		expect(answer.status < 300).toBe(accepted);
	});

	test.each([
		['1,500 emoji', true, '😀'.repeat(1500)],
		['1,501 emoji', false, '😀'.repeat(1501)],
	])('an RCS text of %s: accepted = %s', async (_, accepted, text) => {
		const answer = await v3(sb, '/transactional_messages/send_rcs_rich_card', {
			phoneNumber: '2065553103',
			webhookUrl: HOOK,
			rcsPayload: { richCard: { body: { text } } },
			smsFailover: 'See the card',
		});
		expect(nodeAccepts(() => toOptionalText(text, 'Text', 3000))).toBe(accepted);
		expect(answer.status === 202).toBe(accepted);
	});

	test.each([
		['158 letters and €', true, 'a'.repeat(158) + '€'],
		['159 letters and € (161 septets)', false, 'a'.repeat(159) + '€'],
		['81 braces (162 septets)', false, '{'.repeat(81)],
		['80 braces', true, '{'.repeat(80)],
	])('an SMS Fallback of %s: accepted = %s', async (_, accepted, smsFailover) => {
		const answer = await v3(sb, '/transactional_messages/send_rcs_rich_card', {
			phoneNumber: '2065553104',
			webhookUrl: HOOK,
			rcsPayload: { richCard: { body: { title: 'Hi' } } },
			smsFailover,
		});
		expect(nodeAccepts(() => toGsm7Text(smsFailover, 'SMS Fallback'))).toBe(accepted);
		expect(answer.status === 202).toBe(accepted);
	});
});
