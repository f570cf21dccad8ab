// @ts-check
'use strict';
// Subscriber and Custom Field operations in a real n8n (`n8n execute`) against the sandbox: one
// workflow per resource, and the "CRM contact updated" example as shipped, for a new and a known
// contact.
const axios = require('axios').default;
const n8n = require('../../scripts/lib/n8n');
const { state, runWorkflow, sandbox } = require('./env');
const { START, example, tatango, fixedItem, connect } = require('./workflowParts');
const { SANDBOX_ACCOUNT } = require('../../sandbox/fixtures');

const LIST = { __rl: true, mode: 'id', value: '101' };
const PHONE_A = '2065550301';
const PHONE_B = '2065550302';
const PHONE_UNKNOWN = '2065550399';

/** A v2 call straight to the sandbox, as Tatango's API answers it. @param {string} method @param {string} path @param {unknown} [data] */
async function tatangoV2(method, path, data) {
	const response = await axios.request({
		method,
		url: `${state().sandboxUrl}/api/v2${path}`,
		data,
		auth: { username: SANDBOX_ACCOUNT.email, password: SANDBOX_ACCOUNT.v2ApiKey },
		validateStatus: () => true,
	});
	return response;
}

/** Adds a subscribed number without texts (both bypass flags), as a fixture. @param {string} phone @param {Record<string, unknown>} [extra] */
async function subscribe(phone, extra = {}) {
	const r = await tatangoV2('POST', '/lists/101/subscribers', {
		subscriber: {
			phone_number: phone,
			bypass_opt_in_process: true,
			bypass_opt_in_response: true,
			...extra,
		},
	});
	expect(r.status).toBeLessThan(300);
}

describe('Subscriber and Custom Field in a real n8n (n8n execute, sandbox)', () => {
	describe('one workflow through the Subscriber operations', () => {
		/** @type {Awaited<ReturnType<typeof runWorkflow>>} */
		let result;
		/** @param {string} name */
		const out = (name) => n8n.nodeItems(result.run, name, 0);

		beforeAll(async () => {
			await sandbox.reset();
			await subscribe(PHONE_A, { first_name: 'Ada', tags: 'vip' });
			await subscribe(PHONE_B);
			result = await runWorkflow({
				name: 'e2e subscriber operations',
				settings: { executionOrder: 'v1' },
				nodes: [
					START,
					tatango('Update', {
						resource: 'subscriber',
						operation: 'update',
						listId: LIST,
						phoneNumber: '(206) 555-0301',
						updateFields: {
							lastName: 'Lovelace',
							tags: 'card holder',
							customFields: { field: [{ key: 'store', value: 'Ballard' }] },
						},
					}),
					tatango('Get', {
						resource: 'subscriber',
						operation: 'get',
						listId: LIST,
						phoneNumber: PHONE_A,
					}),
					tatango('Get Many', {
						resource: 'subscriber',
						operation: 'getMany',
						listId: LIST,
						returnAll: true,
					}),
					{
						...tatango('Add Tags to Many', {
							resource: 'subscriber',
							operation: 'addTagsToMany',
							listId: LIST,
							phoneNumbers: "={{ $('Get Many').all().map(item => item.json.phone_number) }}",
							tags: 'spring sale',
						}),
						executeOnce: true,
					},
					tatango('Remove Tags', {
						resource: 'subscriber',
						operation: 'removeTags',
						listId: LIST,
						phoneNumber: PHONE_A,
						tags: 'vip, gold',
					}),
					tatango('Get Unknown', {
						resource: 'subscriber',
						operation: 'get',
						listId: LIST,
						phoneNumber: PHONE_UNKNOWN,
						options: { outputNotFound: true },
					}),
				],
				connections: connect([
					['Start', 'Update'],
					['Update', 'Get'],
					['Get', 'Get Many'],
					['Get Many', 'Add Tags to Many'],
					['Add Tags to Many', 'Remove Tags'],
					['Remove Tags', 'Get Unknown'],
				]),
			});
		});

		test('the run succeeds', () => {
			expect(result.error).toBeNull();
		});

		test('Update adds the tag to the existing one and sets the custom field', () => {
			expect(out('Update')).toEqual([
				expect.objectContaining({
					listId: 101,
					status: 'Subscriber updated',
					subscriber: expect.objectContaining({
						first_name: 'Ada',
						last_name: 'Lovelace',
						tags: ['vip', 'card holder'],
						store: 'Ballard',
					}),
				}),
			]);
		});

		test('Get gives the simplified record: profile, tags and custom field, no carrier fields', () => {
			const [record] = out('Get');
			expect(record).toMatchObject({
				phone_number: PHONE_A,
				last_name: 'Lovelace',
				store: 'Ballard',
			});
			expect(record).not.toHaveProperty('carrier_name');
		});

		test('Get Many gives one item per subscribed number', () => {
			expect(
				out('Get Many')
					.map((item) => item.phone_number)
					.sort(),
			).toEqual([PHONE_A, PHONE_B]);
		});

		test('Add Tags to Many ran once for all numbers; the queued tagging lands on both', async () => {
			expect(out('Add Tags to Many')).toEqual([
				expect.objectContaining({
					status: 'Bulk tagging operation queued successfully.',
					number_count: 2,
					subscribers_to_update: 2,
					replace_tags: false,
				}),
			]);
			await axios.post(`${state().sandboxUrl}/_sandbox/clock/advance`, { minutes: 10 });
			const b = await tatangoV2('GET', `/lists/101/subscribers/${PHONE_B}`);
			expect(b.data.subscriber.tags).toEqual(['spring sale']);
		});

		test('Remove Tags removes what the subscriber has and reports the rest', () => {
			expect(out('Remove Tags')).toEqual([
				expect.objectContaining({ deleted: ['vip'], not_found: ['gold'] }),
			]);
		});

		test('with Output Not Found, an unknown number is an item with found = false', () => {
			expect(out('Get Unknown')).toEqual([{ found: false, phone_number: PHONE_UNKNOWN }]);
		});
	});

	describe('one workflow through the Custom Field operations', () => {
		/** @type {Awaited<ReturnType<typeof runWorkflow>>} */
		let result;
		/** @param {string} name */
		const out = (name) => n8n.nodeItems(result.run, name, 0);

		beforeAll(async () => {
			await sandbox.reset();
			await subscribe(PHONE_A);
			result = await runWorkflow({
				name: 'e2e custom field operations',
				settings: { executionOrder: 'v1' },
				nodes: [
					START,
					tatango('Create Tier', {
						resource: 'customField',
						operation: 'create',
						listId: LIST,
						label: 'Loyalty Tier',
						key: 'loyalty_tier',
						maxLength: 20,
						options: { defaultValue: 'bronze' },
					}),
					tatango('Create Shoe Size', {
						resource: 'customField',
						operation: 'create',
						listId: LIST,
						label: 'Shoe Size',
						key: 'shoe_size',
						contentType: 'number',
						maxLength: 4,
					}),
					tatango('All Fields', {
						resource: 'customField',
						operation: 'getMany',
						listId: LIST,
						returnAll: true,
					}),
					{
						...tatango('Delete Shoe Size', {
							resource: 'customField',
							operation: 'delete',
							listId: LIST,
							customFieldKey: { __rl: true, mode: 'list', value: 'shoe_size' },
						}),
						executeOnce: true,
					},
					tatango('Fields Left', {
						resource: 'customField',
						operation: 'getMany',
						listId: LIST,
						limit: 10,
					}),
				],
				connections: connect([
					['Start', 'Create Tier'],
					['Create Tier', 'Create Shoe Size'],
					['Create Shoe Size', 'All Fields'],
					['All Fields', 'Delete Shoe Size'],
					['Delete Shoe Size', 'Fields Left'],
				]),
			});
		});

		test('the run succeeds; Create echoes the field', () => {
			expect(result.error).toBeNull();
			expect(out('Create Tier')).toEqual([
				expect.objectContaining({
					listId: 101,
					status: 'Custom field successfully created',
					custom_field: expect.objectContaining({ key: 'loyalty_tier', default_value: 'bronze' }),
				}),
			]);
		});

		test('Get Many gives one item per field; Delete outputs { deleted: true }; the field is gone', () => {
			expect(out('All Fields').map((field) => field.key)).toEqual(['loyalty_tier', 'shoe_size']);
			expect(out('Delete Shoe Size')).toEqual([{ deleted: true }]);
			expect(out('Fields Left').map((field) => field.key)).toEqual(['loyalty_tier']);
		});

		test('a subscriber carries the field as a flat key with its default', async () => {
			const a = await tatangoV2('GET', `/lists/101/subscribers/${PHONE_A}`);
			expect(a.data.subscriber.loyalty_tier).toBe('bronze');
			expect(a.data.subscriber).not.toHaveProperty('shoe_size');
		});
	});

	describe('the "CRM contact updated" example as shipped', () => {
		const FILE = 'crm-contact-to-subscriber.json';

		/** The example with its webhook replaced by a fixed item of the same name. @param {Record<string, any>} contact */
		function crmWorkflow(contact) {
			const shipped = example(FILE);
			const nodes = shipped.nodes.filter(
				(/** @type {any} */ node) =>
					node.type !== 'n8n-nodes-base.webhook' && node.type !== 'n8n-nodes-base.stickyNote',
			);
			for (const node of nodes) {
				if (node.credentials?.tatangoApi) node.credentials = tatango('x', {}).credentials;
			}
			return {
				name: `e2e ${FILE} ${contact.phone}`,
				settings: { executionOrder: 'v1' },
				nodes: [START, fixedItem('CRM Contact Updated', { body: contact }), ...nodes],
				connections: {
					...connect([['Start', 'CRM Contact Updated']]),
					...shipped.connections,
				},
			};
		}

		beforeAll(async () => {
			await sandbox.reset();
			await subscribe(PHONE_A, { first_name: 'Old' });
		});

		test('a new contact is added to the list (opt-in started), not updated', async () => {
			const result = await runWorkflow(
				crmWorkflow({ phone: '(206) 555-0302', firstName: 'Grace', email: 'grace@example.com' }),
			);
			expect(result.error).toBeNull();
			expect(n8n.nodeItems(result.run, 'Get Subscriber', 0)).toEqual([
				{ found: false, phone_number: PHONE_B },
			]);
			expect(n8n.nodeItems(result.run, 'Add Subscriber', 0)).toEqual([
				expect.objectContaining({
					listId: 101,
					subscriber: expect.objectContaining({ first_name: 'Grace' }),
				}),
			]);
			expect(result.run.data.resultData.runData['Update Subscriber']).toBeUndefined();
		});

		test('a known contact is updated (name changed, crm tag added), not added again', async () => {
			const result = await runWorkflow(
				crmWorkflow({
					phone: PHONE_A,
					firstName: 'Ada',
					lastName: 'Lovelace',
					email: 'ada@example.com',
				}),
			);
			expect(result.error).toBeNull();
			expect(n8n.nodeItems(result.run, 'Get Subscriber', 0)[0]).toMatchObject({
				found: true,
				first_name: 'Old',
			});
			expect(n8n.nodeItems(result.run, 'Update Subscriber', 0)).toEqual([
				expect.objectContaining({
					status: 'Subscriber updated',
					subscriber: expect.objectContaining({
						first_name: 'Ada',
						last_name: 'Lovelace',
						tags: ['crm'],
					}),
				}),
			]);
			expect(result.run.data.resultData.runData['Add Subscriber']).toBeUndefined();
		});
	});
});
