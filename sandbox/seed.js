// @ts-check
'use strict';

/**
 * The seeded data of CONTRACT.md: twelve lists (101 single opt-in "Newsletter", 102 double
 * opt-in "VIP Club", 103..112 single opt-in), two shortcodes with their keywords, the reserved
 * words, two MOMT reports and list 101's broadcast messages. `seed` options replace parts of it wholesale.
 */

const RESERVED_KEYWORDS = [
	'STOP',
	'HELP',
	'END',
	'CANCEL',
	'UNSUBSCRIBE',
	'QUIT',
	'INFO',
	'STOPALL',
];

/** @returns {Record<string, any>[]} */
function defaultOptInRequestsForVip() {
	return [
		{
			collected_data: 'zip_code',
			request_message: 'VIP Club: reply with your 5-digit ZIP code to continue signing up.',
			retry_message:
				'Sorry, that is not a ZIP code. Reply with your 5-digit ZIP code to join VIP Club.',
			follow_up: true,
			follow_up_hour: 2,
			no_response_message: 'VIP Club: we still need your ZIP code to finish signing you up.',
			opt_in_message: null,
			second_opt_in_message: null,
			success_action: 'nextrequest',
		},
		{
			collected_data: 'yes',
			request_message:
				'VIP Club: reply YES to confirm you want VIP texts. Msg&data rates may apply. Reply STOP to cancel.',
			retry_message: 'Please reply YES to join VIP Club.',
			follow_up: true,
			follow_up_hour: 24,
			no_response_message: 'VIP Club: reply YES to finish joining. Reply STOP to cancel.',
			opt_in_message:
				'Welcome to VIP Club! Expect up to 4 msgs/month. Reply HELP for help, STOP to cancel.',
			second_opt_in_message: 'Welcome back to VIP Club! Reply STOP to cancel.',
			success_action: 'optinsubscriber',
		},
	];
}

/**
 * @param {number} id
 * @param {string} name
 * @param {Record<string, any>} [extra]
 */
function list(id, name, extra = {}) {
	return {
		id,
		name,
		shortcode: '33733',
		email_digest: 'never',
		email_subscribe: null,
		email_unsubscribe: null,
		first_optin_message: `${name}: thanks for joining! Msg&data rates may apply. Reply HELP for help, STOP to cancel.`,
		second_optin_message: `${name}: welcome back! Reply HELP for help, STOP to cancel.`,
		message_help: `${name}: reply STOP to cancel. Msg&data rates may apply.`,
		message_stop: `${name}: you are unsubscribed and will receive no more messages.`,
		message_reply: null,
		message_already_subscribed: null,
		message_yes: null,
		keyword_names: [],
		opt_in_type: 'single',
		opt_in_requests: [],
		bypass_opt_in_response: false,
		...extra,
	};
}

function defaultLists() {
	const names = [
		'Alerts',
		'Store Updates',
		'Events',
		'Coupons',
		'Weather',
		'Sports',
		'Recipes',
		'Travel',
		'Jobs',
		'Community',
	];
	return [
		list(101, 'Newsletter', { keyword_names: ['JOIN'] }),
		list(102, 'VIP Club', {
			keyword_names: ['VIP'],
			opt_in_type: 'double',
			first_optin_message: null,
			second_optin_message: null,
			opt_in_requests: defaultOptInRequestsForVip(),
		}),
		// 103 has no opt-in message configured: adds answer "... no opt-in message was sent due to list settings."
		list(103, names[0], {
			keyword_names: ['DEALS'],
			first_optin_message: null,
			second_optin_message: null,
		}),
		list(104, names[1], { keyword_names: ['NEWS'], shortcode: '44844' }),
		...names.slice(2).map((name, i) => list(105 + i, name)),
	];
}

/**
 * List 101's message history: a broadcast sent two days ago (statistics settled, `parts` known),
 * a draft, and one scheduled three days ahead. The API cannot create drafts or scheduled messages.
 */
function defaultBroadcasts() {
	return [
		{
			listId: 101,
			id: 9001,
			status: 'sent',
			name: 'Spring sale',
			content:
				'Newsletter: 20% off this weekend, see http://bit.ly/sandbox-sale Reply STOP to end.',
			minutesAgo: 2 * 24 * 60,
			recipients: 1250,
		},
		{
			listId: 101,
			id: 9002,
			status: 'draft',
			name: 'Summer teaser',
			content: 'Newsletter: summer deals are coming. Reply STOP to end.',
			minutesAgo: 60,
		},
		{
			listId: 101,
			id: 9003,
			status: 'scheduled',
			name: 'Weekend reminder',
			content: 'Newsletter: the sale ends Sunday. Reply STOP to end.',
			minutesAgo: -3 * 24 * 60,
		},
	];
}

function defaultShortcodes() {
	return { 33733: ['JOIN', 'DEALS', 'VIP'], 44844: ['NEWS'] };
}

/**
 * @param {Record<string, any>} overrides startSandbox `seed` option
 */
function buildSeed(overrides = {}) {
	const seed = {
		lists: overrides.lists
			? overrides.lists.map((/** @type {any} */ l) => list(l.id, l.name, l))
			: defaultLists(),
		shortcodes: overrides.shortcodes || defaultShortcodes(),
		reservedKeywords: overrides.reservedKeywords || RESERVED_KEYWORDS,
		broadcasts: overrides.broadcasts || defaultBroadcasts(),
		// Report 1 finished long ago; report 2 is half way (two steps of four) when the sandbox starts.
		momtReports: overrides.momtReports || [
			{ id: 1, stepsAgo: 1000, totalRows: 1280, moCount: 214, mtCount: 1066 },
			{ id: 2, stepsAgo: 2, totalRows: 640, moCount: 97, mtCount: 543 },
		],
	};
	return JSON.parse(JSON.stringify(seed));
}

module.exports = { buildSeed, RESERVED_KEYWORDS };
