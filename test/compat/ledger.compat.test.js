// @ts-check
'use strict';
// The compliance ledger in this n8n version (docs/ledger.md): an n8n Data Table reached through
// n8n's public API with a key of the ledger's scopes. Where the version has the Data Tables API,
// Send Once Per and a Florida cap hold across two workflows (the second workflow's send of the
// same key is `already_sent`, the number's 4th text in 24 hours is refused); where it has none, a
// send with the ledger says so and texts nobody.
const n8n = require('../../scripts/lib/n8n');
const { LEDGER_SCOPES } = require('../../scripts/lib/ledger');
const { runWorkflow, rest, sandbox, state } = require('../e2e/env');
const { START, tatango, connect } = require('../e2e/workflowParts');
const { capabilities } = require('./versions');

const { version, dataTableApi } = capabilities();
const PHONE = '2065550230';
const MIAMI = '3055550231';
const NOBODY_LISTENS = 'https://127.0.0.1:9/tatango?token=compatNobodyListens0123456789';
const LEDGER = { id: '', name: `Ledger (compat ${version})` };

/** An SMS send with the ledger that keeps going on an error, so its item says what happened. */
function send(/** @type {string} */ name, /** @type {Record<string, unknown>} */ parameters) {
	const node = tatango(
		name,
		{ resource: 'sms', operation: 'send', webhookUrl: NOBODY_LISTENS, ...parameters },
		'v3',
	);
	return {
		...node,
		credentials: { ...node.credentials, tatangoComplianceLedgerApi: LEDGER },
		onError: 'continueRegularOutput',
	};
}

/** A workflow of `nodes` one after the other, run once. @param {string} name @param {any[]} nodes */
async function runChain(name, nodes) {
	const names = [START, ...nodes].map((node) => node.name);
	return await runWorkflow(
		{
			name,
			settings: { executionOrder: 'v1' },
			nodes: [START, ...nodes],
			connections: connect(
				/** @type {Array<[string, string]>} */ (names.slice(1).map((to, i) => [names[i], to])),
			),
		},
		// 10:05 in Miami: inside every state's hours, so only the cap decides.
		{ fakeTime: '2026-11-25 15:05:00' },
	);
}

describe(`the compliance ledger in n8n ${version}`, () => {
	const key = `compat-ledger-${version}-${Date.now()}`;
	const once = (/** @type {string} */ name) =>
		send(name, { phoneNumber: PHONE, content: 'Your order shipped', sendOncePer: key });
	const capped = (/** @type {string} */ name) =>
		send(name, {
			phoneNumber: MIAMI,
			content: 'Spring sale: 20% off',
			perNumberCap: 'stateRules',
			capSubject: key,
		});

	beforeAll(async () => {
		await sandbox.reset();
		// 1.x may not make a key of chosen scopes; its public API answers the ledger's first call
		// with a 404 whatever the key.
		const apiKey = await rest()
			.createApiKey(`compat ledger ${Date.now()}`, LEDGER_SCOPES)
			.catch(() => 'n8n_api_key_not_made');
		LEDGER.id = (
			await rest().request('POST', '/rest/credentials', {
				name: LEDGER.name,
				type: 'tatangoComplianceLedgerApi',
				data: {
					baseUrl: state().n8nUrl,
					apiKey,
					dataTable: 'Tatango Compliance Ledger (compat)',
					retentionDays: 1830,
				},
			})
		).id;
	});

	(dataTableApi ? test : test.skip)(
		'Send Once Per and a Florida cap hold across two workflows',
		async () => {
			const first = await runChain(`compat ${version}: ledger, workflow A`, [
				once('Once'),
				capped('Cap 1'),
				capped('Cap 2'),
				capped('Cap 3'),
			]);
			const second = await runChain(`compat ${version}: ledger, workflow B`, [
				once('Once again'),
				capped('Cap 4'),
			]);
			const itemOf = (/** @type {any} */ result, /** @type {string} */ name) =>
				n8n.nodeItems(result.run, name)[0];
			expect(itemOf(first, 'Once')).toMatchObject({ transactionId: expect.any(String) });
			for (const name of ['Cap 1', 'Cap 2', 'Cap 3'])
				expect(itemOf(first, name)).toMatchObject({ transactionId: expect.any(String) });
			expect(itemOf(second, 'Once again')).toMatchObject({ outcome: 'already_sent' });
			expect(itemOf(second, 'Cap 4')).toMatchObject({
				error: expect.stringMatching(
					/^Not sent: 3055550231 has had 3 texts on ".*" in the last 24 hours, the Florida limit/,
				),
				count: 3,
			});
			expect((await sandbox.inspect()).messageCounts).toEqual({ [PHONE]: 1, [MIAMI]: 3 });
		},
	);

	(dataTableApi ? test.skip : test)(
		'without the Data Tables API, a send with the ledger says so and texts nobody',
		async () => {
			const result = await runChain(`compat ${version}: ledger`, [once('Once')]);
			expect(n8n.nodeItems(result.run, 'Once')[0].error).toMatch(
				/^This n8n has no Data Tables API, which the compliance ledger needs \(404/,
			);
			expect((await sandbox.inspect()).messageCounts).toEqual({});
		},
	);
});
