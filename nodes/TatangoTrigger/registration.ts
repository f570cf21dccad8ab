// The trigger's list webhook in Tatango: made when the trigger starts listening (publish, or
// "Listen for test event"), removed when it stops. n8n runs these in the process that activates
// workflows (the main process in queue mode). Each URL (test, production) has its own webhook; the
// node's static data keeps, per URL, the list and webhook ID, and nothing secret.
import {
	NodeApiError,
	NodeOperationError,
	type IDataObject,
	type IHookFunctions,
	type IWebhookFunctions,
	type JsonObject,
} from 'n8n-workflow';

import { listIdOf, listNotFound } from '../shared/lists';
import { InvalidInputError } from '../shared/validation';
import { createTatangoClient, type TatangoClient } from '../shared/transport';
import { serviceMessage } from '../shared/transport/errors';
import { checkPageMoved, hasNextPage } from '../shared/transport/pagination';
import {
	callbackUrlFor,
	listWebhookToken,
	desiredWebhook,
	isExactly,
	pointsAt,
	webhookUrlProblem,
	type ListWebhook,
	type WebhookFields,
} from './listWebhook';

interface Registration {
	listId: string;
	webhookId: string;
}

const PAGE_SIZE = 1000;

/** Registrations by webhook URL, in the node's static data. */
function registrations(context: IHookFunctions): Record<string, Registration> {
	const data = context.getWorkflowStaticData('node');
	if (typeof data.listWebhooks !== 'object' || data.listWebhooks === null) data.listWebhooks = {};
	return data.listWebhooks as Record<string, Registration>;
}

/** The token calls to this trigger must carry, from the v2 credential (see listWebhook.ts). */
export async function expectedListToken(
	context: IHookFunctions | IWebhookFunctions,
): Promise<string> {
	if (context.getNode().credentials?.tatangoApi === undefined) {
		throw new NodeOperationError(
			context.getNode(),
			'Choose the Tatango API credential: the trigger registers its list webhook with it',
		);
	}
	const credentials = await context.getCredentials('tatangoApi');
	const apiKey = typeof credentials.apiKey === 'string' ? credentials.apiKey : '';
	if (apiKey === '') {
		throw new NodeOperationError(context.getNode(), 'The Tatango API credential has no API key');
	}
	const node = context.getNode();
	return listWebhookToken(
		apiKey,
		String(context.getWorkflow().id ?? ''),
		node.webhookId ?? node.name,
	);
}

function webhookUrlOf(context: IHookFunctions): string {
	const url = context.getNodeWebhookUrl('default');
	const problem = webhookUrlProblem(url);
	if (problem !== undefined) {
		throw new NodeOperationError(
			context.getNode(),
			`Tatango cannot call this trigger: ${problem}`,
			{
				description:
					"Set n8n's WEBHOOK_URL environment variable to the public https address Tatango can reach (for example https://n8n.example.com/) and restart n8n. Nothing was registered in Tatango.",
			},
		);
	}
	return url as string;
}

/** The watched list's ID, as Tatango's paths and the static data spell it. */
function watchedListId(context: IHookFunctions): string {
	try {
		return String(listIdOf(context));
	} catch (error) {
		const message =
			error instanceof InvalidInputError && error.rule === 'is required'
				? 'List: choose the list whose events start this workflow'
				: (error as Error).message;
		throw new NodeOperationError(context.getNode(), message, {
			description:
				'Choose the list whose events start this workflow. Nothing was registered in Tatango.',
		});
	}
}

async function wanted(context: IHookFunctions, webhookUrl: string): Promise<WebhookFields> {
	const events = context.getNodeParameter('listEvents', []) as string[];
	if (events.length === 0) {
		throw new NodeOperationError(
			context.getNode(),
			'Events: choose at least one event of the list',
		);
	}
	return desiredWebhook(callbackUrlFor(webhookUrl, await expectedListToken(context)), events);
}

/** A Tatango answer the user can act on, as an error that says what to do. */
function refusal(
	context: IHookFunctions,
	listId: string,
	statusCode: number,
	body: IDataObject,
): NodeApiError {
	const said = serviceMessage(body);
	let message: string;
	let description: string;
	if (statusCode === 404) {
		message = `${listNotFound(listId)} (404)`;
		description = `Tatango said: ${said ?? 'not found'}. Choose the list from the List picker, or check that the Tatango API credential belongs to the account that owns it.`;
	} else if (statusCode === 403) {
		message = `The API key of the Tatango API credential may not manage this list's webhooks (403)`;
		description = `Tatango said: ${said ?? 'forbidden'}. Use a key that is enabled and allowed to manage list webhooks (Tatango: My Account → API), or ask your Tatango account manager.`;
	} else {
		message = `Tatango refused the list webhook: ${said ?? `HTTP ${statusCode}`} (${statusCode})`;
		description =
			'Tatango did not accept the webhook for this list (a limit on webhooks, or a callback URL it will not take). Remove unused webhooks from the list in Tatango, or check the URL n8n gives this trigger.';
	}
	return new NodeApiError(context.getNode(), { statusCode, body } as JsonObject, {
		message,
		description,
		httpCode: String(statusCode),
	});
}

/** Answers the trigger turns into its own errors (not the transport's generic ones). */
const ACTIONABLE = [403, 404, 422];

/** Every webhook of the list (all pages); null for a list Tatango does not have, if allowed. */
async function webhooksOf(
	context: IHookFunctions,
	client: TatangoClient,
	listId: string,
	options: { listMayBeGone: true },
): Promise<ListWebhook[] | null>;
async function webhooksOf(
	context: IHookFunctions,
	client: TatangoClient,
	listId: string,
): Promise<ListWebhook[]>;
async function webhooksOf(
	context: IHookFunctions,
	client: TatangoClient,
	listId: string,
	options: { listMayBeGone?: boolean } = {},
): Promise<ListWebhook[] | null> {
	const all: ListWebhook[] = [];
	let previous: string | undefined;
	for (let page = 1; ; page++) {
		const { statusCode, body } = await client.request({
			api: 'v2',
			method: 'GET',
			path: `/api/v2/lists/${listId}/webhooks`,
			qs: { page, per_page: PAGE_SIZE },
			kind: 'read',
			answerStatuses: ACTIONABLE,
			answerHolds: { key: 'webhooks', type: 'list' },
		});
		if (statusCode === 404 && options.listMayBeGone === true) return null;
		if (statusCode >= 400) throw refusal(context, listId, statusCode, body);
		const pageHooks = body.webhooks as ListWebhook[];
		previous = checkPageMoved(previous, pageHooks, page, `/api/v2/lists/${listId}/webhooks`);
		all.push(...pageHooks);
		// Stops at an empty page too: a page count no page fills would otherwise ask for every one.
		if (!hasNextPage(body, page, pageHooks.length, all.length, { returnAll: true, limit: 0 }))
			return all;
	}
}

/** A webhook's path; the ID comes from Tatango's answer, so it is encoded to stay one segment. */
function webhookPath(listId: string, webhookId: string): string {
	return `/api/v2/lists/${encodeURIComponent(listId)}/webhooks/${encodeURIComponent(webhookId)}`;
}

/** One webhook, or null when Tatango no longer has it. */
async function webhookById(
	context: IHookFunctions,
	client: TatangoClient,
	listId: string,
	webhookId: string,
): Promise<ListWebhook | null> {
	const { statusCode, body } = await client.request({
		api: 'v2',
		method: 'GET',
		path: webhookPath(listId, webhookId),
		kind: 'read',
		answerStatuses: ACTIONABLE,
		// An answer without the webhook would read as "deleted in Tatango" and register a second one.
		answerHolds: { key: 'webhook', type: 'object' },
	});
	if (statusCode === 404 && /webhook/i.test(serviceMessage(body) ?? '')) return null;
	if (statusCode >= 400) throw refusal(context, listId, statusCode, body);
	return body.webhook as ListWebhook;
}

async function update(
	context: IHookFunctions,
	client: TatangoClient,
	listId: string,
	webhookId: string,
	fields: WebhookFields,
): Promise<void> {
	const { statusCode, body } = await client.request({
		api: 'v2',
		method: 'PUT',
		path: webhookPath(listId, webhookId),
		body: { webhook: { ...fields, enabled: true } },
		kind: 'idempotent',
		answerStatuses: ACTIONABLE,
	});
	if (statusCode >= 400) throw refusal(context, listId, statusCode, body);
}

/** Deletes a webhook; one Tatango no longer has counts as deleted. */
async function remove(
	context: IHookFunctions,
	client: TatangoClient,
	listId: string,
	webhookId: string,
): Promise<void> {
	const { statusCode, body } = await client.request({
		api: 'v2',
		method: 'DELETE',
		path: webhookPath(listId, webhookId),
		kind: 'idempotent',
		answerStatuses: ACTIONABLE,
	});
	if (statusCode >= 400 && statusCode !== 404) throw refusal(context, listId, statusCode, body);
}

/**
 * Whether the webhook this trigger needs is in Tatango. The one it made (ID in static data) is
 * checked; without one, a webhook of the list that points at this URL (static data lost, a
 * workflow imported) is adopted, corrected if its events or token differ, and any second one is
 * removed. False means create() makes a new one: also when the one it made was deleted in Tatango.
 */
export async function listWebhookExists(context: IHookFunctions): Promise<boolean> {
	const webhookUrl = webhookUrlOf(context);
	const listId = watchedListId(context);
	const desired = await wanted(context, webhookUrl);
	const store = registrations(context);
	const client = createTatangoClient(context);

	const known = store[webhookUrl];
	if (known !== undefined && known.listId === listId) {
		const hook = await webhookById(context, client, listId, known.webhookId);
		if (hook === null) {
			delete store[webhookUrl];
			return false;
		}
		if (!isExactly(hook, desired)) await update(context, client, listId, known.webhookId, desired);
		return true;
	}

	const ours = (await webhooksOf(context, client, listId)).filter((hook) =>
		pointsAt(hook, webhookUrl),
	);
	if (ours.length === 0) return false;
	const [adopted, ...extra] = [...ours].sort(
		(a, b) => Number(isExactly(b, desired)) - Number(isExactly(a, desired)),
	);
	if (!isExactly(adopted, desired)) {
		await update(context, client, listId, String(adopted.id), desired);
	}
	for (const hook of extra) await remove(context, client, listId, String(hook.id));
	if (known !== undefined) await forget(context, client, known);
	store[webhookUrl] = { listId, webhookId: String(adopted.id) };
	return true;
}

/** Creates the list webhook for this trigger's URL. */
export async function createListWebhook(context: IHookFunctions): Promise<boolean> {
	const webhookUrl = webhookUrlOf(context);
	const listId = watchedListId(context);
	const desired = await wanted(context, webhookUrl);
	const store = registrations(context);
	const client = createTatangoClient(context);

	// A repeated create can leave a second webhook for this URL; the trigger drops the copies it
	// delivers (duplicate check) and the next activation removes it (listWebhookExists).
	const { statusCode, body } = await client.request({
		api: 'v2',
		method: 'POST',
		path: `/api/v2/lists/${listId}/webhooks`,
		body: { webhook: desired },
		// Not repeated after a lost answer: a second POST makes a second webhook, and Tatango would
		// then call the trigger twice for every event. Publishing again adopts the one made.
		kind: 'send',
		ambiguity: {
			what: 'The list webhook may have been created',
			hint: 'Tatango may have created it before the failure, so the trigger did not retry (a retry could register it twice). Publish the workflow again: the trigger finds a webhook of the list pointing at its URL and uses it.',
		},
		answerStatuses: ACTIONABLE,
	});
	if (statusCode >= 400) throw refusal(context, listId, statusCode, body);
	const created = body.webhook as ListWebhook | undefined;
	if (created?.id === undefined || created.id === null) {
		throw new NodeOperationError(
			context.getNode(),
			'Tatango answered the webhook creation without a webhook ID',
			{ description: 'Nothing was kept; publish the workflow again to retry.' },
		);
	}
	const previous = store[webhookUrl];
	store[webhookUrl] = { listId, webhookId: String(created.id) };
	// The trigger was moved to another list: the old list stops calling it.
	if (previous !== undefined && previous.listId !== listId) await forget(context, client, previous);
	return true;
}

/** Removes what the trigger registered for this URL (static data and any webhook pointing here). */
export async function deleteListWebhook(context: IHookFunctions): Promise<boolean> {
	const webhookUrl = context.getNodeWebhookUrl('default');
	if (!webhookUrl) return true;
	const store = registrations(context);
	const known = store[webhookUrl];
	let listId = known?.listId;
	if (listId === undefined) {
		try {
			listId = watchedListId(context);
		} catch {
			return true; // no list was ever chosen: nothing can have been registered
		}
	}
	const client = createTatangoClient(context);
	const ids = new Set<string>(known ? [known.webhookId] : []);
	const hooks = await webhooksOf(context, client, listId, { listMayBeGone: true });
	// null: the list is gone, and its webhooks with it.
	if (hooks === null) ids.clear();
	for (const hook of hooks ?? []) if (pointsAt(hook, webhookUrl)) ids.add(String(hook.id));
	for (const id of ids) await remove(context, client, listId, id);
	delete store[webhookUrl];
	return true;
}

/** Best effort: a webhook the trigger no longer uses (another list) is deleted if Tatango has it. */
async function forget(
	context: IHookFunctions,
	client: TatangoClient,
	registration: Registration,
): Promise<void> {
	try {
		await remove(context, client, registration.listId, registration.webhookId);
	} catch {
		// Left in Tatango: it calls a URL whose trigger ignores another list's events.
	}
}
