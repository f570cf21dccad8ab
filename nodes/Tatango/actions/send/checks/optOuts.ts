import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { resourceLocator } from '../../../../shared/fields';
import { MemoryUnavailableError, revokedAmong } from '../../../../shared/memory';
import { listNotFound } from '../../../../shared/lists';
import type { TatangoClient } from '../../../../shared/transport';
import { API } from '../../../../shared/transport/apis';
import { requestRecords } from '../../../../shared/transport/pagination';
import { createTatangoClient } from '../../../../shared/transport';
import { tenDigitsOf, toFlag, toPositiveId, toTenDigitPhone } from '../../../../shared/validation';
import type { SendCheck } from '../types';

/**
 * "Skip Opted-Out Numbers" on every operation that texts a person: off by default, so a saved
 * workflow sends as before. The list is picked like any list ("From List" or "By ID").
 */
const optOutFields: INodeProperties[] = [
	{
		displayName: 'Skip Opted-Out Numbers',
		name: 'skipOptedOut',
		type: 'boolean',
		default: false,
		description:
			'Whether to skip a number that opted out of a list instead of texting it: the item comes out with outcome "skipped". The list\'s opt-outs are read once per run, through the "Tatango API" (v2) credential.',
	},
	{
		...resourceLocator({
			displayName: 'Opt-Out List',
			name: 'optOutList',
			description: 'The list whose opted-out numbers are skipped',
			searchListMethod: 'searchLists',
			listPlaceholder: 'Select a list...',
			idPlaceholder: 'e.g. 101',
			idRule: { regex: '^\\s*\\d+\\s*$', errorMessage: 'A list ID is a whole number' },
		}),
		displayOptions: { show: { skipOptedOut: [true] } },
	},
];

/** What a skipped item outputs: a Switch on `outcome` tells it from a sent one. */
export interface SkippedOutput extends IDataObject {
	outcome: 'skipped';
	reason: string;
	phoneNumber: string;
	listId: number;
}

/**
 * The opted-out numbers of each list, read once per node run: one client serves one run
 * (createTatangoClient), so a run's reads hang off its client and go with it.
 */
const optOutsByRun = new WeakMap<TatangoClient, Map<number, Promise<Set<string>>>>();

/** A v3 send has no v2 credential of its own: say what the option needs, not what the send does. */
function requireV2Credential(context: IExecuteFunctions, itemIndex: number, listId: number) {
	const { credentialType, credentialName, holds } = API.v2;
	if (context.getNode().credentials?.[credentialType]) return;
	throw new NodeOperationError(
		context.getNode(),
		`Skip Opted-Out Numbers reads list ${listId}'s opt-outs through the v2 API, which needs a "${credentialName}" credential, and none is selected`,
		{
			itemIndex,
			description: `Choose one under "Credential for ${credentialName}" (${holds}) at the top of this node's parameters, or turn off Skip Opted-Out Numbers. Nothing was sent.`,
		},
	);
}

/** `GET /lists/{id}/subscribers/unsubscribed`, every page (1,000 numbers a page, paced). */
async function readOptOuts(
	tatango: TatangoClient,
	listId: number,
	itemIndex: number,
): Promise<Set<string>> {
	const phones = await requestRecords<unknown>(
		tatango,
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/lists/${listId}/subscribers/unsubscribed`,
			kind: 'read',
			notFound: `${listNotFound(listId)} (the Opt-Out List)`,
		},
		'phone_numbers',
		{ returnAll: true, limit: 0 },
		itemIndex,
	);
	// Documented as ten digits; a leading 1 or punctuation is tolerated.
	return new Set(phones.map((phone) => tenDigitsOf(phone) ?? ''));
}

/** The opt-outs of `listId` for this run: read by the first item that needs them. */
function optOutsOf(
	tatango: TatangoClient,
	listId: number,
	itemIndex: number,
): Promise<Set<string>> {
	let lists = optOutsByRun.get(tatango);
	if (!lists) {
		lists = new Map();
		optOutsByRun.set(tatango, lists);
	}
	let optOuts = lists.get(listId);
	if (!optOuts) {
		// A failed read is kept too: the next items fail with its error instead of reading again.
		optOuts = readOptOuts(tatango, listId, itemIndex);
		lists.set(listId, optOuts);
	}
	return optOuts;
}

/**
 * The numbers of this run's items whose consent a reply revoked (recorded by a Tatango Trigger with
 * Honour Revocations in this workflow's memory): one read of the memory for every item's number.
 */
const revokedByRun = new WeakMap<
	TatangoClient,
	Promise<{ asked: Set<string>; revoked: Set<string> }>
>();

function phonesOfRun(context: IExecuteFunctions): string[] {
	const phones = new Set<string>();
	context.getInputData().forEach((_, index) => {
		try {
			const phone = tenDigitsOf(String(context.getNodeParameter('phoneNumber', index, '')));
			if (phone) phones.add(phone);
		} catch {
			// An item whose number does not evaluate is asked about on its own, below.
		}
	});
	return [...phones];
}

/** Whether a reply revoked `phone`'s consent; false where n8n lends no memory (older n8n). */
async function revokedByReply(
	context: IExecuteFunctions,
	tatango: TatangoClient,
	phone: string,
): Promise<boolean> {
	try {
		let read = revokedByRun.get(tatango);
		if (!read) {
			const asked = phonesOfRun(context);
			read = revokedAmong(context, asked).then((revoked) => ({ asked: new Set(asked), revoked }));
			revokedByRun.set(tatango, read);
		}
		const { asked, revoked } = await read;
		if (asked.has(phone)) return revoked.has(phone);
		return (await revokedAmong(context, [phone])).has(phone);
	} catch (error) {
		if (error instanceof MemoryUnavailableError) return false;
		// The memory could not be read: better no text than one to a person who said stop.
		throw new NodeOperationError(context.getNode(), error as Error, {
			description:
				"Skip Opted-Out Numbers also reads this workflow's memory of revoked consent (n8n's database), and that read failed. Nothing was sent.",
		});
	}
}

/** Skip Opted-Out Numbers: a number that opted out of the chosen list is skipped, not texted. */
export const optOutCheck: SendCheck = {
	fields: optOutFields,
	async before(context, itemIndex, tatango, { phoneNumber }): Promise<SkippedOutput | undefined> {
		const on = toFlag(
			context.getNodeParameter('skipOptedOut', itemIndex, false),
			'Skip Opted-Out Numbers',
		);
		if (!on) return undefined;
		const listId = toPositiveId(
			context.getNodeParameter('optOutList', itemIndex, '', { extractValue: true }),
			'Opt-Out List',
		);
		if (await revokedByReply(context, tatango, phoneNumber)) {
			return {
				outcome: 'skipped',
				reason: 'revoked consent by a reply (recorded by the Tatango Trigger)',
				phoneNumber,
				listId,
			};
		}
		requireV2Credential(context, itemIndex, listId);
		const optedOut = await optOutsOf(tatango, listId, itemIndex);
		if (!optedOut.has(phoneNumber)) return undefined;
		return {
			outcome: 'skipped',
			reason: `opted out of list ${listId}`,
			phoneNumber,
			listId,
		};
	},
};

/**
 * A revocation in reply to Send and Wait's request, honoured where its resume webhook can: with Skip
 * Opted-Out Numbers on, the number is unsubscribed from the Opt-Out List, so every send that skips
 * that list's opt-outs skips it. Never throws (a resume webhook must not): the outcome is returned.
 */
export async function unsubscribeFromOptOutList(
	context: IWebhookFunctions,
	phoneNumber: string,
): Promise<IDataObject> {
	let listId: number;
	try {
		if (context.getNodeParameter('skipOptedOut', false) !== true) {
			return { complianceList: null, reason: 'Skip Opted-Out Numbers is off' };
		}
		listId = toPositiveId(
			context.getNodeParameter('optOutList', '', { extractValue: true }),
			'Opt-Out List',
		);
	} catch (error) {
		return { complianceList: null, reason: (error as Error).message };
	}
	try {
		const phone = toTenDigitPhone(phoneNumber);
		const { statusCode } = await createTatangoClient(context).request({
			api: 'v2',
			method: 'DELETE',
			path: `/api/v2/lists/${listId}/subscribers/${phone}`,
			kind: 'idempotent',
			answerStatuses: [404],
		});
		return {
			complianceList: { listId, outcome: statusCode === 404 ? 'not_on_list' : 'unsubscribed' },
		};
	} catch (error) {
		context.logger.warn(
			`Tatango: unsubscribing a revoking number from list ${listId} failed: ${(error as Error).message}`,
		);
		return { complianceList: { listId, outcome: 'failed', error: (error as Error).message } };
	}
}
