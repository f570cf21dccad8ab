// @ts-check
'use strict';
// Send Once Per and Per-Number Cap in this n8n version, their memory in n8n's deduplication store
// (docs/send-once-and-caps.md), in one headless run: a second send with the same key is not texted
// (`already_sent`); a Florida number's 4th text on one subject is refused with the rule. Where a
// version gives nodes no such store, both fail with the package's error naming what is missing.
const n8n = require('../../scripts/lib/n8n');
const { runWorkflow, sandbox } = require('../e2e/env');
const { START, tatango, connect } = require('../e2e/workflowParts');
const { capabilities } = require('./versions');

const { version, deduplicationStore } = capabilities();
const PHONE = '2065550210';
const MIAMI = '3055550178';
const NOBODY_LISTENS = 'https://127.0.0.1:9/tatango?token=compatNobodyListens0123456789';
const ONCE = ['Once 1', 'Once 2'];
const CAPPED = ['Cap 1', 'Cap 2', 'Cap 3', 'Cap 4'];

/** An SMS send that keeps going on an error, so each node's item says what happened. */
function send(/** @type {string} */ name, /** @type {Record<string, unknown>} */ parameters) {
	return {
		...tatango(
			name,
			{ resource: 'sms', operation: 'send', webhookUrl: NOBODY_LISTENS, ...parameters },
			'v3',
		),
		onError: 'continueRegularOutput',
	};
}

describe(`Send Once Per and Per-Number Cap in n8n ${version}`, () => {
	/** @type {Awaited<ReturnType<typeof runWorkflow>>} */
	let result;
	/** @param {string} name */
	const itemOf = (name) => n8n.nodeItems(result.run, name)[0];

	beforeAll(async () => {
		await sandbox.reset();
		const key = `compat-${version}-${Date.now()}`;
		const nodes = [
			START,
			...ONCE.map((name) =>
				send(name, { phoneNumber: PHONE, content: 'Your order shipped', sendOncePer: key }),
			),
			...CAPPED.map((name) =>
				send(name, {
					phoneNumber: MIAMI,
					content: 'Spring sale: 20% off',
					perNumberCap: 'stateRules',
					capSubject: key,
				}),
			),
		];
		const names = nodes.map((node) => node.name);
		result = await runWorkflow(
			{
				name: `compat ${version}: Send Once Per and Per-Number Cap`,
				settings: { executionOrder: 'v1' },
				nodes,
				connections: connect(
					/** @type {Array<[string, string]>} */ (
						names.slice(1).map((name, i) => [names[i], name])
					),
				),
			},
			// 10:05 in Miami: inside every state's hours, so only the cap decides.
			{ fakeTime: '2026-11-25 15:05:00' },
		);
	});

	const counts = async () => (await sandbox.inspect()).messageCounts;

	(deduplicationStore ? test : test.skip)(
		'a second send with the same key is not texted',
		async () => {
			expect(itemOf('Once 1')).toMatchObject({ transactionId: expect.any(String) });
			expect(itemOf('Once 2')).toMatchObject({ outcome: 'already_sent' });
			expect((await counts())[PHONE]).toBe(1);
		},
	);

	(deduplicationStore ? test : test.skip)(
		"a Florida number's 4th text on one subject is refused with the rule",
		async () => {
			for (const name of CAPPED.slice(0, 3))
				expect(itemOf(name)).toMatchObject({ transactionId: expect.any(String) });
			expect(itemOf('Cap 4')).toMatchObject({
				error: expect.stringMatching(
					/^Not sent: 3055550178 has had 3 texts on ".*" in the last 24 hours, the Florida limit/,
				),
				count: 3,
			});
			expect((await counts())[MIAMI]).toBe(3);
		},
	);

	(deduplicationStore ? test.skip : test)(
		"without n8n's deduplication store, both say what is missing and send nothing",
		async () => {
			for (const name of ['Once 1', 'Cap 1'])
				expect(itemOf(name).error).toMatch(/needs n8n's deduplication store/);
			expect(await counts()).toEqual({});
		},
	);
});
