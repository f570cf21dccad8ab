// @ts-check
'use strict';
// List, Broadcast Message and MOMT Report in a real n8n (`n8n execute`, headless) against the
// sandbox: one workflow per resource, each chaining its operations the way a builder would (IDs
// from the previous node's output, expressions, Continue On Fail, Execute Once).
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, sandbox } = require('./env');

const ACTION = 'n8n-nodes-tatango.tatango';

const CREDENTIALS = () => ({
	tatangoApi: { id: state().credentialIds.v2, name: 'Tatango Sandbox (v2)' },
});

let nextY = 0;
/**
 * A Tatango action node. @param {string} name @param {Record<string, any>} parameters
 * @param {Record<string, any>} [settings] node settings such as onError or executeOnce
 */
function tatango(name, parameters, settings = {}) {
	return {
		id: `op-${name}`,
		name,
		type: ACTION,
		typeVersion: 1,
		position: [400, (nextY += 200)],
		parameters,
		credentials: CREDENTIALS(),
		...settings,
	};
}

const START = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/**
 * One item per value: a Set node emits `{ values: [...] }` and a Split Out node splits it (stands in
 * for a trigger or a sheet). @param {string} name @param {string[]} values
 */
function itemsOf(name, values) {
	return [
		{
			id: `set-${name}`,
			name: `${name} (list)`,
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			position: [200, (nextY += 200)],
			parameters: { mode: 'raw', jsonOutput: JSON.stringify({ values }), options: {} },
		},
		{
			id: `split-${name}`,
			name,
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [300, (nextY += 200)],
			parameters: { fieldToSplitOut: 'values', options: {} },
		},
	];
}

/** `[from, to]` pairs → n8n connections. @param {Array<[string, string]>} pairs */
function connect(pairs) {
	/** @type {Record<string, { main: Array<Array<{ node: string, type: string, index: number }>> }>} */
	const c = {};
	for (const [from, to] of pairs) {
		c[from] = c[from] || { main: [[]] };
		c[from].main[0].push({ node: to, type: 'main', index: 0 });
	}
	return c;
}

/** @param {Record<string, any>[]} nodes @param {Array<[string, string]>} pairs @param {string} name */
function workflow(name, nodes, pairs) {
	return {
		name,
		nodes: [START, ...nodes],
		connections: connect(pairs),
		active: false,
		settings: { executionOrder: 'v1' },
	};
}

/** The list locator as a saved workflow holds it, by ID from an expression. @param {string} expr */
const listById = (expr) => ({ __rl: true, mode: 'id', value: expr });

describe('List, Broadcast Message and MOMT Report in a real n8n (sandbox)', () => {
	beforeAll(async () => {
		await sandbox.reset();
	});

	test('List: create → set keywords (one taken) → update → get → delete tags → delete; get many', async () => {
		const created = "={{ $('Create List').item.json.id }}";
		const wf = workflow(
			'Tatango e2e: lists',
			[
				tatango('Create List', {
					resource: 'list',
					operation: 'create',
					name: 'E2E Campaign',
					additionalFields: { keywords: 'e2ejoin, e2esave', messageHelp: 'E2E: reply STOP.' },
				}),
				tatango(
					'Set Taken Keyword',
					{
						resource: 'list',
						operation: 'setKeywords',
						listId: listById(created),
						keywords: 'VIP',
					},
					{ onError: 'continueRegularOutput' },
				),
				tatango('Set Keywords', {
					resource: 'list',
					operation: 'setKeywords',
					listId: listById(created),
					keywords: 'e2enew',
				}),
				tatango('Update List', {
					resource: 'list',
					operation: 'update',
					listId: listById(created),
					updateFields: { name: 'E2E Renamed', emailDigest: 'ops@e2e.example' },
					simple: false,
				}),
				tatango('Get List', { resource: 'list', operation: 'get', listId: listById(created) }),
				tatango('Delete Tags', {
					resource: 'list',
					operation: 'deleteTags',
					listId: listById(created),
					tags: 'vip, lapsed',
				}),
				tatango('Delete List', {
					resource: 'list',
					operation: 'delete',
					listId: listById(created),
				}),
				tatango('Get Many Lists', { resource: 'list', operation: 'getMany', returnAll: true }),
			],
			[
				['Start', 'Create List'],
				['Create List', 'Set Taken Keyword'],
				['Set Taken Keyword', 'Set Keywords'],
				['Set Keywords', 'Update List'],
				['Update List', 'Get List'],
				['Get List', 'Delete Tags'],
				['Delete Tags', 'Delete List'],
				['Delete List', 'Get Many Lists'],
			],
		);

		const { run, error } = await runWorkflow(wf);
		const out = (/** @type {string} */ name) => n8n.nodeItems(run, name);

		expect(error).toBeNull();
		const list = out('Create List')[0];
		expect(list).toEqual({
			id: 113,
			name: 'E2E Campaign',
			keyword_names: ['E2EJOIN', 'E2ESAVE'],
			counts: { subscribers: 0, unsubscribed: 0, cleaned: 0 },
			opt_in_type: 'single',
		});
		expect(out('Set Taken Keyword')).toEqual([
			expect.objectContaining({
				error: 'Tatango refused the keywords: invalid keyword names: VIP (422)',
			}),
		]);
		expect(out('Set Keywords')).toEqual([
			{ listId: 113, status: 'Keywords changed', keyword_names: ['E2ENEW'] },
		]);
		expect(out('Update List')[0]).toMatchObject({
			id: 113,
			name: 'E2E Renamed',
			email_digest: 'ops@e2e.example',
			message_help: 'E2E: reply STOP.',
		});
		expect(out('Get List')[0]).toMatchObject({
			id: 113,
			name: 'E2E Renamed',
			keyword_names: ['E2ENEW'],
		});
		expect(out('Delete Tags')[0]).toMatchObject({
			listId: 113,
			tags: ['vip', 'lapsed'],
			status: 'Tags enqueued for deletion',
			queued: true,
		});
		expect(out('Delete List')).toEqual([{ deleted: true }]);
		// The 12 seeded lists (Return All); the created one is gone again.
		const ids = out('Get Many Lists').map((l) => l.id);
		expect(ids).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112]);
	});

	test('Broadcast Message: subscribe two numbers, send once to the list, read it back; drafts of list 101', async () => {
		const phones = ['2065557001', '2065557002'];
		const wf = workflow(
			'Tatango e2e: broadcasts',
			[
				...itemsOf('Numbers', phones),
				tatango('Add Subscriber', {
					resource: 'subscriber',
					operation: 'add',
					listId: listById('105'),
					phoneNumber: '={{ $json.values }}',
				}),
				tatango(
					'Send Broadcast',
					{
						resource: 'broadcastMessage',
						operation: 'send',
						listId: listById('105'),
						content: 'Events: doors open at 7 tonight. Reply STOP to end.',
					},
					{ executeOnce: true },
				),
				tatango('Get Broadcast', {
					resource: 'broadcastMessage',
					operation: 'get',
					listId: listById('105'),
					messageId: '={{ $json.messageId }}',
				}),
				tatango('Get Drafts', {
					resource: 'broadcastMessage',
					operation: 'getMany',
					listId: listById('101'),
					status: 'draft',
					returnAll: true,
				}),
			],
			[
				['Start', 'Numbers (list)'],
				['Numbers (list)', 'Numbers'],
				['Numbers', 'Add Subscriber'],
				['Add Subscriber', 'Send Broadcast'],
				['Send Broadcast', 'Get Broadcast'],
				['Get Broadcast', 'Get Drafts'],
			],
		);

		const { run, error } = await runWorkflow(wf);
		const out = (/** @type {string} */ name) => n8n.nodeItems(run, name);
		const inspected = await sandbox.inspect();

		expect(error).toBeNull();
		const sent = out('Send Broadcast');
		expect(sent).toEqual([
			expect.objectContaining({
				listId: 105,
				messageId: expect.any(Number),
				statsReliable: false,
				statsReliableAt: expect.any(String),
			}),
		]);
		for (const phone of phones) {
			const broadcasts = (inspected.messages[phone] || []).filter(
				(/** @type {any} */ m) => m.kind === 'broadcast',
			);
			expect(broadcasts).toEqual([
				expect.objectContaining({
					text: 'Events: doors open at 7 tonight. Reply STOP to end.',
					messageId: sent[0].messageId,
				}),
			]);
		}
		expect(out('Get Broadcast')).toEqual([
			expect.objectContaining({
				id: sent[0].messageId,
				status: 'sent',
				recipient_count: 2,
				pending_count: 2,
				statsReliable: false,
			}),
		]);
		expect(out('Get Drafts')).toEqual([
			expect.objectContaining({ id: 9002, status: 'draft', name: 'Summer teaser' }),
		]);
	});

	test('MOMT Report: create for the last 30 days and wait until complete, in one node', async () => {
		await sandbox.config({ momtReportStepMs: 1000 });
		const wf = workflow(
			'Tatango e2e: MOMT report',
			[
				tatango('Create Report', {
					resource: 'momtReport',
					operation: 'create',
					dateFrom: '={{ $now.minus({ days: 30 }).toISO() }}',
					dateTo: '={{ $now.toISO() }}',
					waitUntilComplete: true,
					maxWaitMinutes: 1,
					checkEverySeconds: 3,
				}),
			],
			[['Start', 'Create Report']],
		);

		const { run, error } = await runWorkflow(wf);
		const report = n8n.nodeItems(run, 'Create Report');

		expect(error).toBeNull();
		expect(report).toEqual([
			expect.objectContaining({
				isComplete: true,
				counts_calculated: true,
				percent_complete: 100,
				s3_url: expect.stringMatching(/\/_sandbox\/files\/momt_reports\/\d+\.csv$/),
				waitedSeconds: expect.any(Number),
			}),
		]);
		const posted = (await sandbox.inspect()).requests.filter(
			(/** @type {any} */ r) => r.method === 'POST' && r.path === '/api/v2/momt_reports',
		);
		expect(posted).toHaveLength(1);
		expect(posted[0].body).toEqual({
			date_from: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
			date_to: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/),
		});
	});
});
