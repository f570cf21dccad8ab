// @ts-check
'use strict';
// The whole RCS round trip in a real n8n: a Send Rich Card run headless (`n8n execute`) names the
// published Tatango Trigger's production URL (https, as the live service requires); the sandbox
// reports the delivery to it (over plain http, standing in for a TLS proxy) and the trigger's
// workflow runs.
const crypto = require('crypto');
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, activateWorkflow, rest, sandbox } = require('./env');
const { TEST_NUMBERS } = require('../../sandbox/fixtures');

const TOKEN = 'e2eSecretToken0123456789abcdef';

describe('RCS send → delivery event → Tatango Trigger (real n8n, sandbox)', () => {
	test('a delivered rich card starts the published trigger workflow', async () => {
		const s = state();
		const webhookId = crypto.randomUUID();
		const t0 = Date.now();
		const triggerId = await activateWorkflow(
			{
				name: 'e2e RCS delivery events',
				nodes: [
					{
						id: 't1',
						name: 'Tatango Trigger',
						type: 'n8n-nodes-tatango.tatangoTrigger',
						typeVersion: 1.1,
						position: [0, 0],
						webhookId,
						parameters: { secretToken: TOKEN },
					},
				],
				connections: {},
			},
			[`${webhookId}/tatango`],
		);
		const tActivated = Date.now();
		const webhookUrl = `${s.webhookUrl}webhook/${webhookId}/tatango?token=${TOKEN}`;
		expect(webhookUrl.startsWith('https://127.0.0.1:')).toBe(true);

		const before = await rest().listExecutions(triggerId);
		const send = await runWorkflow({
			name: 'e2e send rich card',
			nodes: [
				{
					id: 's1',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 's2',
					name: 'Tatango',
					type: 'n8n-nodes-tatango.tatango',
					typeVersion: 1,
					position: [200, 0],
					parameters: {
						resource: 'rcs',
						operation: 'sendRichCard',
						phoneNumber: TEST_NUMBERS.V3_SUCCESS,
						title: 'E2E',
						text: 'Hello from a real n8n',
						smsFailover: 'Hello from a real n8n',
						webhookUrl,
					},
					credentials: { tatangoV3Api: { id: s.credentialIds.v3, name: 'Tatango Sandbox (v3)' } },
				},
			],
			connections: { Start: { main: [[{ node: 'Tatango', type: 'main', index: 0 }]] } },
		});
		const tSent = Date.now();
		expect(send.error).toBeNull();
		expect(send.items).toHaveLength(1);
		expect(send.items[0]).toMatchObject({ message: 'RCS rich card message sent successfully' });
		expect(typeof send.items[0].transactionId).toBe('string');

		const afterId = before.length ? before[0].id : undefined;
		const execution = await rest().waitForExecution(triggerId, { afterId, timeoutMs: 30000 });
		const tDelivered = Date.now();
		expect(execution.status).toBe('success');
		const events = n8n.nodeItems(execution);
		expect(events.length).toBeGreaterThan(0);
		expect(JSON.stringify(events)).toContain(send.items[0].transactionId);
		expect(JSON.stringify(events)).toContain('success');

		const inspected = await sandbox.inspect();
		expect(JSON.stringify(inspected.webhookDeliveries)).toContain(webhookId);
		console.log(
			`activate ${(tActivated - t0) / 1000}s, send via n8n execute ${(tSent - tActivated) / 1000}s, ` +
				`delivery execution seen ${(tDelivered - tSent) / 1000}s; event: ${JSON.stringify(events[0]).slice(0, 300)}`,
		);
	});
});
