// @ts-check
'use strict';
// Consent revoked by a reply, honoured in a real n8n against the sandbox:
// - a list subscriber texts "please stop texting me": the trigger (Honour Revocations, a Compliance
//   List) records the number, the next send in its workflow (Skip Opted-Out Numbers) skips it, the
//   number is unsubscribed on the Opt-Out List, and a send in another workflow that skips that
//   list's opt-outs skips it too; nobody is texted; "can you stop by at 5?" records nothing;
// - "STOP" in reply to a v3 SMS, delivered twice: one confirmation text, the next send skipped;
//   "START" from the number: texted again;
// - sixty replies, spread over every blind set the classifier's tests read, that ask to keep the
//   texts (while stopping email, calls to another phone...) get no confirmation and are not
//   recorded, while a STOP the Events filter does not select (Delivery Status only) is still
//   honored and confirmed once.
const path = require('path');
const crypto = require('crypto');
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, activateWorkflow, rest, sandbox } = require('./env');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');
const { START, fixedItem } = require('./workflowParts');
const { readSet, keepsTexts } = require('../consent/score');
const { loadReplies } = require('../consent/set');
/** The default confirmation: only that the texts stop and how to opt back in. */
const DEFAULT_CONFIRMATION_TEXT = 'You will get no more texts from us. Reply START to opt back in.';

const NOBODY_LISTENS = 'https://127.0.0.1:9/tatango?token=e2eNobodyListensHere0123';
const WATCHED_LIST = 101;
const OPT_OUT_LIST = 104;
/** Nobody opted out of it: a skip can only come from the workflow's memory. */
const OTHER_LIST = 105;
const LIST_STOPPER = '2065550401';
const LIST_VISITOR = '2065550402';
const V3_STOPPER = '2065550403';
const CONFIRMATION = 'You are unsubscribed. No more texts from us. Reply START to opt back in.';
const V2_AUTH = { username: SANDBOX_ACCOUNT.email, password: SANDBOX_ACCOUNT.v2ApiKey };

/** @template T @param {() => Promise<T | null | undefined | false>} probe */
async function until(probe, timeoutMs = 30000) {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const value = await probe();
		if (value) return value;
		if (Date.now() > deadline) throw new Error('timed out');
		await n8n.sleep(200);
	}
}

const credentialsOf = (/** @type {string} */ v3Id) => ({
	tatangoApi: { id: state().credentialIds.v2, name: 'Tatango Sandbox (v2)' },
	tatangoV3Api: { id: v3Id, name: 'Tatango v3 (consent)' },
});

/** The send after the trigger: the same number, every run, with Skip Opted-Out Numbers on. */
const nextSend = (/** @type {string} */ v3Id) => ({
	id: 'next-send',
	name: 'Next Send',
	type: 'n8n-nodes-tatango.tatango',
	typeVersion: 1,
	position: [300, 0],
	parameters: {
		resource: 'sms',
		operation: 'send',
		phoneNumber: '={{ $json.sessionId }}',
		content: 'This week: 20% off',
		webhookUrl: NOBODY_LISTENS,
		skipOptedOut: true,
		optOutList: { __rl: true, mode: 'id', value: String(OTHER_LIST) },
	},
	credentials: credentialsOf(v3Id),
});

const connectTriggerToSend = {
	Trigger: { main: [[{ node: 'Next Send', type: 'main', index: 0 }]] },
};

/** The newest finished executions of a workflow after `afterId`, once `count` have finished. */
async function executionsAfter(
	/** @type {string} */ workflowId,
	/** @type {number} */ afterId,
	/** @type {number} */ count,
	timeoutMs = 30000,
) {
	const finished = await until(async () => {
		const list = (await rest().listExecutions(workflowId)).filter(
			(/** @type {any} */ e) =>
				Number(e.id) > afterId && e.status !== 'running' && e.status !== 'new',
		);
		return list.length >= count ? list : undefined;
	}, timeoutMs);
	return await Promise.all(finished.map((/** @type {any} */ e) => rest().getExecution(e.id)));
}

const lastId = async (/** @type {string} */ workflowId) =>
	Number((await rest().listExecutions(workflowId))[0]?.id ?? 0);

const messagesTo = async (/** @type {string} */ phone) =>
	((await sandbox.inspect()).messages[phone] ?? []).filter(
		(/** @type {any} */ m) => m.kind !== 'opt_in_confirmation',
	);

async function subscribe(/** @type {string} */ phone, /** @type {number} */ listId) {
	await axios.post(
		`${state().sandboxUrl}/api/v2/lists/${listId}/subscribers`,
		{ subscriber: { phone_number: phone, bypass_opt_in_process: true } },
		{ auth: V2_AUTH },
	);
}

/** @type {string} */ let v3CredentialId;
/** @type {string} */ let sendsWebhookId;

beforeAll(async () => {
	await sandbox.reset();
	sendsWebhookId = crypto.randomUUID();
	// The one-paste set-up: the trigger's Production URL as the v3 credential's Default Webhook URL.
	const credential = await rest().request('POST', '/rest/credentials', {
		name: 'Tatango v3 (consent)',
		type: 'tatangoV3Api',
		data: {
			apiKey: SANDBOX_ACCOUNT.v3ApiKey,
			baseUrl: state().sandboxUrl,
			defaultWebhookUrl: `${state().webhookUrl}webhook/${sendsWebhookId}/tatango`,
			requestsPerSecond: 1000,
		},
	});
	v3CredentialId = credential.id;
	for (const phone of [LIST_STOPPER, LIST_VISITOR]) await subscribe(phone, WATCHED_LIST);
	await subscribe(LIST_STOPPER, OPT_OUT_LIST);
});

describe('consent revoked by a reply (real n8n, sandbox)', () => {
	test('"please stop texting me" to a list: recorded, skipped by the next send, unsubscribed on the Opt-Out List; "can you stop by at 5?" records nothing', async () => {
		const webhookId = crypto.randomUUID();
		const workflowId = await activateWorkflow(
			{
				name: 'e2e consent (list)',
				nodes: [
					{
						id: 'trigger',
						name: 'Trigger',
						type: 'n8n-nodes-tatango.tatangoTrigger',
						typeVersion: 2,
						position: [0, 0],
						webhookId,
						parameters: {
							source: 'list',
							listId: { __rl: true, mode: 'id', value: String(WATCHED_LIST) },
							listEvents: ['campaign_response'],
							honourRevocations: true,
							complianceList: { __rl: true, mode: 'id', value: String(OPT_OUT_LIST) },
						},
						credentials: { tatangoApi: credentialsOf(v3CredentialId).tatangoApi },
					},
					nextSend(v3CredentialId),
				],
				connections: connectTriggerToSend,
			},
			[`${webhookId}/tatango`],
		);
		await until(async () =>
			(
				await axios.get(`${state().sandboxUrl}/_sandbox/webhooks?listId=${WATCHED_LIST}`)
			).data.webhooks.some((/** @type {any} */ h) => h.callback_url.includes(webhookId)),
		);

		let after = await lastId(workflowId);
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
			listId: WATCHED_LIST,
			phone: LIST_STOPPER,
			text: 'please stop texting me',
		});
		const [revoked] = await executionsAfter(workflowId, after, 1);
		expect(revoked.status).toBe('success');
		expect(n8n.nodeItems(revoked, 'Trigger')[0]).toMatchObject({
			event: 'campaign_response',
			consent: 'revoked',
			consentWords: 'stop texting',
			consentLanguage: 'en',
			consentHonoured: {
				recorded: 'recorded',
				optOutList: { listId: OPT_OUT_LIST, outcome: 'unsubscribed' },
			},
		});
		expect(n8n.nodeItems(revoked, 'Next Send')[0]).toMatchObject({
			outcome: 'skipped',
			phoneNumber: LIST_STOPPER,
		});
		const unsubscribed = await axios.get(
			`${state().sandboxUrl}/api/v2/lists/${OPT_OUT_LIST}/subscribers/unsubscribed`,
			{ auth: V2_AUTH },
		);
		expect(unsubscribed.data.phone_numbers).toContain(LIST_STOPPER);
		// Nobody was texted in the process.
		expect(await messagesTo(LIST_STOPPER)).toEqual([]);

		// Another workflow that skips the Opt-Out List's opt-outs skips the number too.
		const elsewhere = await runWorkflow({
			name: 'e2e consent (another workflow)',
			nodes: [
				{
					id: 'start',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					...nextSend(v3CredentialId),
					parameters: {
						...nextSend(v3CredentialId).parameters,
						phoneNumber: LIST_STOPPER,
						optOutList: { __rl: true, mode: 'id', value: String(OPT_OUT_LIST) },
					},
				},
			],
			connections: { Start: { main: [[{ node: 'Next Send', type: 'main', index: 0 }]] } },
		});
		expect(elsewhere.error).toBeNull();
		expect(elsewhere.items).toEqual([
			expect.objectContaining({ outcome: 'skipped', phoneNumber: LIST_STOPPER }),
		]);

		after = await lastId(workflowId);
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
			listId: WATCHED_LIST,
			phone: LIST_VISITOR,
			text: 'can you stop by at 5?',
		});
		const [visit] = await executionsAfter(workflowId, after, 1);
		const visitItem = n8n.nodeItems(visit, 'Trigger')[0];
		expect(visitItem).toMatchObject({ consent: null });
		expect(visitItem).not.toHaveProperty('consentHonoured');
		expect(n8n.nodeItems(visit, 'Next Send')[0]).toMatchObject({ phoneNumber: LIST_VISITOR });
		expect(n8n.nodeItems(visit, 'Next Send')[0]).not.toHaveProperty('outcome', 'skipped');
		expect((await messagesTo(LIST_VISITOR)).map((/** @type {any} */ m) => m.text)).toEqual([
			'This week: 20% off',
		]);
		await rest().deactivateWorkflow(workflowId);
	});

	test('"STOP" to a v3 SMS, delivered twice: one confirmation, the next send skipped; "START": texted again', async () => {
		const workflowId = await activateWorkflow(
			{
				name: 'e2e consent (v3 replies)',
				nodes: [
					{
						id: 'trigger',
						name: 'Trigger',
						type: 'n8n-nodes-tatango.tatangoTrigger',
						typeVersion: 2,
						position: [0, 0],
						webhookId: sendsWebhookId,
						parameters: {
							source: 'sends',
							events: ['reply_received'],
							honourRevocations: true,
							sendConfirmation: true,
							confirmationText: CONFIRMATION,
							// Every copy of the reply starts a run: once per revocation is the memory's doing.
							options: { duplicateWindowMinutes: 0 },
						},
						credentials: credentialsOf(v3CredentialId),
					},
					nextSend(v3CredentialId),
				],
				connections: connectTriggerToSend,
			},
			[`${sendsWebhookId}/tatango`],
		);

		const first = await runWorkflow({
			name: 'e2e consent (order shipped)',
			nodes: [
				{
					id: 'start',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'shipped',
					name: 'Shipped',
					type: 'n8n-nodes-tatango.tatango',
					typeVersion: 1,
					position: [300, 0],
					parameters: {
						resource: 'sms',
						operation: 'send',
						phoneNumber: V3_STOPPER,
						content: 'Your order has shipped',
					},
					credentials: credentialsOf(v3CredentialId),
				},
			],
			connections: { Start: { main: [[{ node: 'Shipped', type: 'main', index: 0 }]] } },
		});
		expect(first.error).toBeNull();

		let after = await lastId(workflowId);
		await sandbox.config({ duplicateWebhooks: true });
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { phone: V3_STOPPER, text: 'STOP' });
		const runs = await executionsAfter(workflowId, after, 2);
		await sandbox.config({ duplicateWebhooks: false });
		const triggered = runs.map((run) => n8n.nodeItems(run, 'Trigger')[0]);
		expect(triggered.map((item) => item.consent)).toEqual(['revoked', 'revoked']);
		expect(triggered.map((item) => item.consentHonoured.recorded).sort()).toEqual([
			'alreadyRecorded',
			'recorded',
		]);
		for (const run of runs) {
			expect(n8n.nodeItems(run, 'Next Send')[0]).toMatchObject({ outcome: 'skipped' });
		}
		await n8n.sleep(1500);
		const texts = (await messagesTo(V3_STOPPER)).map((/** @type {any} */ m) => m.text);
		expect(texts).toEqual(['Your order has shipped', CONFIRMATION]);

		after = await lastId(workflowId);
		await axios.post(`${state().sandboxUrl}/_sandbox/replies`, {
			phone: V3_STOPPER,
			text: 'START',
		});
		const [optIn] = await executionsAfter(workflowId, after, 1);
		expect(n8n.nodeItems(optIn, 'Trigger')[0]).toMatchObject({
			consent: 'opt_in',
			consentHonoured: { revocationCleared: true },
		});
		expect(n8n.nodeItems(optIn, 'Next Send')[0]).toMatchObject({ phoneNumber: V3_STOPPER });
		expect(n8n.nodeItems(optIn, 'Next Send')[0]).not.toHaveProperty('outcome', 'skipped');
		expect((await messagesTo(V3_STOPPER)).map((/** @type {any} */ m) => m.text)).toEqual([
			'Your order has shipped',
			CONFIRMATION,
			'This week: 20% off',
		]);
		await rest().deactivateWorkflow(workflowId);
	});

	test('replies from every blind set that ask to keep the texts (sixty) get no confirmation; an unselected STOP is honored and confirmed', async () => {
		// The blind sets the classifier's tests read (a set committed for the next round to tune on
		// joins when that round reads it).
		const blindSets = new Set(
			loadReplies()
				.map((reply) => reply.set)
				.filter((name) => name.startsWith('blind-set-')),
		);
		const texts = new Set(
			[...blindSets]
				.flatMap((name) => readSet(path.join(__dirname, '..', 'consent', name)).filter(keepsTexts))
				.map((reply) => reply.text),
		);
		// Sixty of them, spread over every set: each reply is a webhook call of its own, and the
		// classifier's unit test reads them all.
		const stride = Math.max(1, Math.floor(texts.size / 60));
		const keepers = [...texts]
			.filter((_, index) => index % stride === 0)
			.slice(0, 60)
			.map((text, index) => ({
				text,
				phone: `206${5550600 + index}`,
			}));
		expect(keepers.length).toBe(60);
		const stopper = '2065550599';
		const webhookId = crypto.randomUUID();
		const credential = await rest().request('POST', '/rest/credentials', {
			name: 'Tatango v3 (keepers)',
			type: 'tatangoV3Api',
			data: {
				apiKey: SANDBOX_ACCOUNT.v3ApiKey,
				baseUrl: state().sandboxUrl,
				defaultWebhookUrl: `${state().webhookUrl}webhook/${webhookId}/tatango`,
				requestsPerSecond: 1000,
			},
		});
		const workflowId = await activateWorkflow(
			{
				name: 'e2e consent (keep the texts)',
				nodes: [
					{
						id: 'trigger',
						name: 'Trigger',
						type: 'n8n-nodes-tatango.tatangoTrigger',
						typeVersion: 2,
						position: [0, 0],
						webhookId,
						parameters: {
							source: 'sends',
							// Replies are not selected: Honor Revocations acts on them all the same.
							events: ['delivery_status'],
							deliveryStatuses: ['delivered'],
							honourRevocations: true,
							sendConfirmation: true,
						},
						credentials: credentialsOf(credential.id),
					},
				],
				connections: {},
			},
			[`${webhookId}/tatango`],
		);
		const phones = [...keepers.map((keeper) => keeper.phone), stopper];
		const sent = await runWorkflow({
			name: 'e2e consent (appointment reminders)',
			nodes: [
				START,
				fixedItem('People', { phones }),
				{
					id: 'split',
					name: 'Split',
					type: 'n8n-nodes-base.splitOut',
					typeVersion: 1,
					position: [400, 0],
					parameters: { fieldToSplitOut: 'phones', options: {} },
				},
				{
					id: 'remind',
					name: 'Remind',
					type: 'n8n-nodes-tatango.tatango',
					typeVersion: 1,
					position: [650, 0],
					parameters: {
						resource: 'sms',
						operation: 'send',
						phoneNumber: '={{ $json.phones }}',
						content: 'Reminder: your appointment is tomorrow at 10',
					},
					credentials: credentialsOf(credential.id),
				},
			],
			connections: {
				Start: { main: [[{ node: 'People', type: 'main', index: 0 }]] },
				People: { main: [[{ node: 'Split', type: 'main', index: 0 }]] },
				Split: { main: [[{ node: 'Remind', type: 'main', index: 0 }]] },
			},
		});
		expect(sent.error).toBeNull();
		expect(sent.items).toHaveLength(phones.length);

		const after = await lastId(workflowId);
		for (const { phone, text } of [...keepers, { phone: stopper, text: 'STOP' }]) {
			await axios.post(`${state().sandboxUrl}/_sandbox/replies`, { phone, text });
		}
		// Only the STOP starts a run: the keepers ask nothing Honor Revocations acts on.
		const [honoured] = await executionsAfter(workflowId, after, 1, 120000);
		expect(honoured.status).toBe('success');
		expect(n8n.nodeItems(honoured, 'Trigger')).toEqual([]);
		await n8n.sleep(2000);
		expect(await lastId(workflowId)).toBe(Number(honoured.id));
		for (const { phone, text } of keepers) {
			const texts = (await messagesTo(phone)).map((/** @type {any} */ m) => m.text);
			expect({ text, texts }).toEqual({
				text,
				texts: ['Reminder: your appointment is tomorrow at 10'],
			});
		}
		expect((await messagesTo(stopper)).map((/** @type {any} */ m) => m.text)).toEqual([
			'Reminder: your appointment is tomorrow at 10',
			DEFAULT_CONFIRMATION_TEXT,
		]);
		await rest().deactivateWorkflow(workflowId);
	});
});
