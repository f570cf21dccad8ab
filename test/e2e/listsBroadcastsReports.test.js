// @ts-check
'use strict';
// List, Broadcast Message and MOMT Report in a real n8n (`n8n execute`, headless) against the
// sandbox: one workflow per resource, each chaining its operations the way a builder would (IDs
// from the previous node's output, expressions, Continue On Fail, Execute Once).
const n8n = require('../../scripts/lib/n8n');
const { runWorkflow, sandbox } = require('./env');
const { START, connect, example, fixedItem, tatango } = require('./workflowParts');

/**
 * A Tatango node with node settings such as onError or executeOnce.
 * @param {string} name @param {Record<string, any>} parameters @param {Record<string, any>} settings
 */
function tatangoWith(name, parameters, settings) {
	return { ...tatango(name, parameters), ...settings };
}

/**
 * One item per value: a Set node emits `{ values: [...] }` and a Split Out node splits it (stands in
 * for a trigger or a sheet). @param {string} name @param {string[]} values
 */
function itemsOf(name, values) {
	return [
		fixedItem(`${name} (list)`, { values }),
		{
			id: `split-${name}`,
			name,
			type: 'n8n-nodes-base.splitOut',
			typeVersion: 1,
			position: [300, 0],
			parameters: { fieldToSplitOut: 'values', options: {} },
		},
	];
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
				tatangoWith(
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
					// Consent collected elsewhere: subscribed at once, so the broadcast reaches both.
					bypassOptInProcess: true,
				}),
				tatangoWith(
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

	test('MOMT Report: examples/momt-report-last-30-days.json as shipped creates the report and waits for it, in one node', async () => {
		await sandbox.config({ momtReportStepMs: 1000 });

		const { run, error, items } = await runWorkflow(example('momt-report-last-30-days.json'));
		const report = n8n.nodeItems(run, 'Create MOMT Report');

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
		// The IF took the complete branch: the last node is "Report Ready".
		expect(items).toEqual([
			{
				reportId: report[0].id,
				moCount: expect.any(Number),
				mtCount: expect.any(Number),
				csvUrl: report[0].s3_url,
			},
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
