#!/usr/bin/env node
// @ts-check
'use strict';
/**
 * Writes the sample data each example pins on the node it starts from, so "Execute workflow" runs
 * it with one click in the editor (no curl, no waiting for a test event). A Tatango Trigger's
 * sample is what the built trigger makes of a payload from Tatango's docs (run `npm run build`
 * first); test/unit/examplePins.test.js checks the pins still match. Usage:
 * node scripts/pin-example-data.js
 */
const fs = require('fs');
const path = require('path');

const ROOT = path.join(__dirname, '..');
const { classifyEvent } = require(path.join(ROOT, 'dist/nodes/TatangoTrigger/events.js'));
const { toOutputJson } = require(path.join(ROOT, 'dist/nodes/TatangoTrigger/output.js'));

const RECEIVED_AT = new Date('2026-01-15T17:30:00.000Z');

/** What a Tatango Trigger outputs for a payload. @param {Record<string, unknown>} payload */
const triggerItem = (payload) => [
	{ json: toOutputJson(classifyEvent(payload), payload, RECEIVED_AT) },
];

/** What n8n's Webhook node outputs for a JSON POST. @param {Record<string, unknown>} body */
const webhookItem = (body) => [
	{ json: { headers: { 'content-type': 'application/json' }, params: {}, query: {}, body } },
];

const TX = '019bc3a2-5e10-7d41-9a3c-2f1e8b6d0a42';

/** Per example file: the start node's name and its pinned items. */
const PINS = {
	'add-subscriber-from-form.json': {
		'Sign-up Form': [
			{
				json: {
					Name: 'Jane',
					Phone: '(206) 555-0131',
					Email: 'jane@example.com',
					Consent: 'Yes, text me. I agree to receive recurring marketing text messages.',
					submittedAt: RECEIVED_AT.toISOString(),
					formMode: 'test',
				},
			},
		],
	},
	'order-shipped-sms.json': {
		'Order Shipped': webhookItem({
			phone: '2065550200',
			orderId: '1042',
			trackingUrl: 'https://track.example.com/1042',
		}),
		'Delivery Receipt': triggerItem({
			transactionId: TX,
			eventType: 'delivery_status',
			body: { phoneNumber: '2065550200', status: 'success', deliveredAt: '2026-01-15T17:29:58Z' },
		}),
	},
	'react-to-delivery.json': {
		'Tatango Trigger': triggerItem({
			transactionId: TX,
			eventType: 'delivery_status',
			body: { phoneNumber: '2065550200', status: 'soft bounce' },
		}),
	},
	'refund-approval-by-sms.json': {
		'Refund Request': webhookItem({ managerPhone: '2065550100', amount: 120, orderId: 1042 }),
	},
	'sms-assistant.json': {
		'Subscriber Texts': triggerItem({
			type: 'campaign_response',
			timestamp: '2026-01-15T17:29:59Z',
			account_id: 37,
			campaign_id: 101,
			message_id: 9001,
			sent_timestamp: '2026-01-15T17:00:00Z',
			content: 'Weekend deals inside!',
			response_timestamp: '2026-01-15T17:29:58Z',
			reply_content: 'What time do you open on Saturday?',
			opt_id: 555001,
			phone_number: '2065550123',
			carrier_id: 383,
			carrier_name: 'AT&T',
			is_mms: false,
			attachment_urls: [],
		}),
	},
	'text-within-allowed-hours.json': {
		'CRM Event': webhookItem({
			phone: '+1 305 555 0100',
			message: 'Your appointment is tomorrow at 10:00. Reply STOP to opt out.',
		}),
	},
	'transactional-from-crm.json': {
		'Order Shipped (CRM)': webhookItem({
			event: 'order.shipped',
			phone: '(206) 555-1111',
			orderNumber: 'A-1001',
			trackingUrl: 'https://t.example.com/A-1001',
		}),
	},
	'welcome-new-subscriber.json': {
		'New Subscriber': triggerItem({
			type: 'subscribe',
			timestamp: '2026-01-15T17:29:59Z',
			account_id: 37,
			campaign_id: 101,
			opt_id: 555001,
			phone_number: '2065550123',
			carrier_id: 383,
			carrier_name: 'AT&T',
			first_name: 'Ada',
			last_name: 'Lovelace',
			email_address: 'ada@example.com',
			tag_list: [],
			first_opt_in_timestamp: '2026-01-15T17:29:59Z',
			last_opt_in_method: 'keyword',
			last_opt_in_keyword: 'JOIN',
			total_messages_received: 0,
		}),
	},
};

if (require.main === module) {
	for (const [file, pins] of Object.entries(PINS)) {
		const full = path.join(ROOT, 'examples', file);
		const workflow = JSON.parse(fs.readFileSync(full, 'utf8'));
		for (const name of Object.keys(pins)) {
			if (!workflow.nodes.some((/** @type {{ name: string }} */ n) => n.name === name)) {
				throw new Error(`${file}: no node named "${name}"`);
			}
		}
		// Only the pinData block is rewritten, so the rest of the file keeps its layout.
		const text = fs.readFileSync(full, 'utf8');
		const at = text.indexOf('"pinData":');
		const open = text.indexOf('{', at);
		let depth = 0;
		let close = open;
		for (; close < text.length; close++) {
			if (text[close] === '{') depth++;
			if (text[close] === '}' && --depth === 0) break;
		}
		const pinData = JSON.stringify({ ...(workflow.pinData ?? {}), ...pins }, null, '\t');
		if (at < 0) throw new Error(`${file}: no "pinData" entry to fill`);
		fs.writeFileSync(full, text.slice(0, open) + pinData + text.slice(close + 1));
		console.log(`${file}: pinned ${Object.keys(pins).join(', ')}`);
	}
}

module.exports = { PINS, triggerItem };
