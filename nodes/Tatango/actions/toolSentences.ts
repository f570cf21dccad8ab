import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * What each operation returns, in the words a model reads: half of the one sentence the Tatango
 * Tool gives a model per operation (the other half, what it needs, is read off the fields).
 */
const RETURNS: Record<string, Record<string, string>> = {
	broadcastMessage: {
		get: 'the broadcast with its content, status and counts',
		getMany: 'the broadcasts of the list',
		send: "the broadcast's ID and status",
	},
	complianceLedger: {
		getNumberHistory:
			"the number's consent, its texts of the last 24 hours and its records: texts with each guardrail's verdict, revocations, opt-ins",
	},
	customField: {
		create: 'the new custom field',
		delete: 'a confirmation',
		getMany: 'the custom fields',
	},
	keyword: { checkAvailability: 'whether the keyword is available' },
	list: {
		create: 'the new list',
		delete: 'a confirmation',
		deleteTags: 'a confirmation',
		get: 'the list',
		getMany: 'the lists',
		setKeywords: "the list's keywords",
		update: 'the updated list',
		updateOptInSettings: "the list's opt-in settings",
	},
	mms: { send: "the send's transactionId" },
	momtReport: {
		create: "the report's ID",
		get: 'the report, with its rows once finished',
	},
	phoneNumber: { checkSendWindow: "the number's time zone and when it may be texted" },
	rcs: {
		sendCarousel: "the send's transactionId",
		sendFile: "the send's transactionId",
		sendRichCard: "the send's transactionId",
		sendText: "the send's transactionId",
	},
	sms: {
		send: "the send's transactionId",
		sendAndWait: 'the answer: outcome approved, declined, text or timed_out, and the reply',
	},
	subscriber: {
		add: 'the subscriber and whether it still has to confirm',
		addTagsToMany: 'a confirmation',
		get: "the subscriber's profile and status",
		getMany: 'the subscribers of the list',
		removeTags: 'the subscriber',
		unsubscribe: 'a confirmation',
		update: 'the updated subscriber',
	},
	transactionalMessage: { send: "the message's ID and status" },
	whatsApp: {
		sendTemplate: "the send's transactionId",
		uploadTemplate: "Tatango's answer",
	},
};

/** Whether the field shows for this operation whatever else is set (no condition of its own). */
function alwaysShownFor(property: INodeProperties, resource: string, operation: string): boolean {
	const show = property.displayOptions?.show ?? {};
	const resources = show.resource;
	const operations = show.operation;
	return (
		property.displayOptions?.hide === undefined &&
		Object.keys(show).every((key) => key === 'resource' || key === 'operation') &&
		Array.isArray(resources) &&
		resources.includes(resource) &&
		Array.isArray(operations) &&
		operations.includes(operation)
	);
}

/** "A, B and C". */
function listed(names: string[]): string {
	if (names.length <= 1) return names.join('');
	return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/**
 * The operation's sentence for a model: what it does (its action text), what it needs (the fields
 * it always requires) and what it returns.
 */
export function toolSentence(
	properties: INodeProperties[],
	resource: string,
	option: INodePropertyOptions,
): string {
	const operation = String(option.value);
	const needs = properties
		.filter(
			(property) => property.required === true && alwaysShownFor(property, resource, operation),
		)
		.map((property) => property.displayName);
	const returns = RETURNS[resource]?.[operation] ?? 'what Tatango answered';
	const action = option.action ?? option.name;
	return `${action} in Tatango (needs ${needs.length ? listed(needs) : 'no input'}; returns ${returns})`;
}

/** Every operation's sentence, keyed `<resource>.<operation>`. */
export function toolSentences(properties: INodeProperties[]): Record<string, string> {
	const sentences: Record<string, string> = {};
	for (const property of properties) {
		const resources = property.displayOptions?.show?.resource;
		if (property.name !== 'operation' || !Array.isArray(resources)) continue;
		const resource = String(resources[0]);
		for (const option of (property.options ?? []) as INodePropertyOptions[]) {
			sentences[`${resource}.${String(option.value)}`] = toolSentence(properties, resource, option);
		}
	}
	return sentences;
}

/**
 * The Tatango Tool's description, shown only when the node is used as a tool (`@tool`). n8n adds
 * its own "Set Automatically" description ("<action> in Tatango") only to a node without a field of
 * this name, and reads this one instead: by default the sentence of the chosen operation. A text
 * written here replaces it. A tool node saved with n8n's "Set Automatically" keeps n8n's text.
 */
export function toolDescriptionProperty(properties: INodeProperties[]): INodeProperties {
	const table = JSON.stringify(toolSentences(properties));
	return {
		displayName: 'Tool Description',
		name: 'toolDescription',
		type: 'string',
		typeOptions: { rows: 3 },
		default: `={{ ${table}[$parameter.resource + "." + $parameter.operation] }}`,
		description:
			'What the AI model reads about this tool. By default one sentence for the chosen operation: what it does, what it needs and what it returns.',
		displayOptions: { show: { '@tool': [true] } },
	};
}
