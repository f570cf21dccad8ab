// @ts-check
const { runNode } = require('../helpers/runNode');
const { v2Api, v2Credentials, recordUnmatched } = require('../helpers/tatangoNock');

const unmatched = recordUnmatched();

/** @param {import('n8n-workflow').INodeParameters} parameters */
const update = (parameters) =>
	runNode({
		parameters: {
			resource: 'list',
			operation: 'updateOptInSettings',
			listId: { __rl: true, mode: 'id', value: '101' },
			...parameters,
		},
		credentials: { tatangoApi: v2Credentials() },
	});

describe('List → Update Opt-In Settings', () => {
	test('single opt-in: a message left empty is not sent, so the list keeps the one it has (issue 10, case 13)', async () => {
		const api = v2Api()
			.put('/api/v2/lists/101/opt_in_settings', {
				opt_in_type: 'single',
				bypass_opt_in_response: false,
				first_optin_message: 'Welcome to Shop alerts! Reply STOP to end.',
			})
			.reply(200, {
				opt_in_type: 'single',
				first_optin_message: 'Welcome to Shop alerts! Reply STOP to end.',
				second_optin_message: 'Welcome back!',
			});

		const { items, error } = await update({
			optInType: 'single',
			firstOptInMessage: 'Welcome to Shop alerts! Reply STOP to end.',
			secondOptInMessage: '   ',
		});

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items).toEqual([
			{
				json: {
					listId: 101,
					opt_in_type: 'single',
					first_optin_message: 'Welcome to Shop alerts! Reply STOP to end.',
					second_optin_message: 'Welcome back!',
				},
				pairedItem: { item: 0 },
			},
		]);
	});

	test('single opt-in with Clear Messages Left Empty: the empty message is sent as null', async () => {
		const api = v2Api()
			.put('/api/v2/lists/101/opt_in_settings', {
				opt_in_type: 'single',
				bypass_opt_in_response: false,
				first_optin_message: 'Welcome to Shop alerts! Reply STOP to end.',
				second_optin_message: null,
			})
			.reply(200, {
				opt_in_type: 'single',
				first_optin_message: 'Welcome to Shop alerts! Reply STOP to end.',
				second_optin_message: null,
			});

		const { error } = await update({
			optInType: 'single',
			firstOptInMessage: 'Welcome to Shop alerts! Reply STOP to end.',
			secondOptInMessage: '',
			clearEmptyMessages: true,
		});

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
	});

	test('double opt-in: follow-up hour and no-response text go only with follow-up', async () => {
		const api = v2Api()
			.put('/api/v2/lists/101/opt_in_settings', {
				opt_in_type: 'double',
				bypass_opt_in_response: true,
				opt_in_requests: [
					{
						collected_data: 'zip_code',
						request_message: 'Reply with your ZIP code',
						retry_message: 'That is not a ZIP code, try again',
						follow_up: false,
						follow_up_hour: null,
						no_response_message: null,
						opt_in_message: null,
						second_opt_in_message: null,
						success_action: 'nextrequest',
					},
					{
						collected_data: 'yes',
						request_message: 'Reply YES to join',
						retry_message: 'Please reply YES',
						follow_up: true,
						follow_up_hour: 12,
						no_response_message: 'Still want in? Reply YES',
						opt_in_message: 'You are in!',
						second_opt_in_message: 'Welcome back!',
						success_action: 'optinsubscriber',
					},
				],
			})
			.reply(200, {
				status: 'Opt in settings updated',
				opt_in_type: 'double',
				opt_in_requests: [{ id: 1 }, { id: 2 }],
			});

		const { items, error } = await update({
			optInType: 'double',
			bypassOptInResponse: true,
			optInRequests: {
				request: [
					{
						collectedData: 'zip_code',
						requestMessage: 'Reply with your ZIP code',
						retryMessage: 'That is not a ZIP code, try again',
						followUp: false,
						// Left over from an earlier edit: must not be sent without follow-up.
						followUpHour: 48,
						noResponseMessage: 'Hello?',
						successAction: 'nextrequest',
					},
					{
						collectedData: 'yes',
						requestMessage: 'Reply YES to join',
						retryMessage: 'Please reply YES',
						followUp: true,
						followUpHour: 12,
						noResponseMessage: 'Still want in? Reply YES',
						optInMessage: 'You are in!',
						secondOptInMessage: 'Welcome back!',
						successAction: 'optinsubscriber',
					},
				],
			},
		});

		expect(error).toBeUndefined();
		api.done();
		expect(unmatched).toEqual([]);
		expect(items[0].json).toEqual({
			listId: 101,
			status: 'Opt in settings updated',
			opt_in_type: 'double',
			opt_in_requests: [{ id: 1 }, { id: 2 }],
		});
	});

	test('double opt-in whose last request does not subscribe is refused before any request', async () => {
		const api = v2Api().put('/api/v2/lists/101/opt_in_settings').reply(200, {});

		const { error } = await update({
			optInType: 'double',
			optInRequests: {
				request: [
					{
						collectedData: 'zip_code',
						requestMessage: 'ZIP?',
						retryMessage: 'ZIP please',
						successAction: 'nextrequest',
					},
				],
			},
		});

		expect(error.message).toMatch(
			/^Invalid Opt-In Requests: the last request must subscribe the number/,
		);
		expect(error.description).toBe(
			'Item 0: fix "Opt-In Requests" and run again. Nothing was sent to Tatango.',
		);
		expect(api.isDone()).toBe(false);
		expect(unmatched).toEqual([]);
	});
});
