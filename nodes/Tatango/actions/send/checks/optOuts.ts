import type {
	IDataObject,
	IExecuteFunctions,
	INodeProperties,
	IWebhookFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { resourceLocator } from '../../../../shared/fields';
import { MemoryUnavailableError, revokedAmong } from '../../../../shared/memory';
import { listNotFound, optOutListOutput } from '../../../../shared/lists';
import { readListNumbers, unsubscribeFromList } from '../../../../shared/tatangoCalls';
import { createTatangoClient, type TatangoClient } from '../../../../shared/transport';
import { API } from '../../../../shared/transport/apis';
import { tenDigitsOf, toFlag, toPositiveId, toTenDigitPhone } from '../../../../shared/validation';
import { guardrailValue } from '../compliance';
import type { SendCheck, SendRunView, Verdict } from '../types';

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
		hint: 'Needs the Tatango API (v2) credential, to read the list',
		description:
			'Whether to skip a number that opted out of a list instead of texting it: the item comes out with outcome "skipped"',
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

/** `GET /lists/{id}/subscribers/unsubscribed`, every page, as ten-digit numbers. */
async function readOptOuts(
	tatango: TatangoClient,
	listId: number,
	itemIndex: number,
): Promise<Set<string>> {
	const phones = await readListNumbers(
		tatango,
		listId,
		'unsubscribed',
		{ returnAll: true, limit: 0 },
		itemIndex,
		`${listNotFound(listId)} (the Opt-Out List)`,
	);
	// Documented as ten digits; a leading 1 or punctuation is tolerated.
	return new Set(phones.map((phone) => tenDigitsOf(phone) ?? ''));
}

/**
 * One node run's opt-outs: each list's read once, by the first item that needs it, and the numbers
 * whose consent a reply revoked (recorded by a Tatango Trigger with Honour Revocations in this
 * workflow's memory), read for every text of the run in one read of the memory.
 */
class RunOptOuts {
	private readonly lists = new Map<number, Promise<Set<string>>>();
	private revoked?: Promise<{ asked: Set<string>; revoked: Set<string> }>;

	constructor(private readonly run: SendRunView) {}

	/** The opt-outs of `listId`; a failed read is kept too: the next items fail with its error. */
	optOutsOf(listId: number, itemIndex: number): Promise<Set<string>> {
		let optOuts = this.lists.get(listId);
		if (!optOuts) {
			optOuts = readOptOuts(this.run.tatango, listId, itemIndex);
			this.lists.set(listId, optOuts);
		}
		return optOuts;
	}

	/** Whether a reply revoked `phone`'s consent; false where n8n lends no memory (older n8n). */
	async revokedByReply(phone: string): Promise<boolean> {
		const { context } = this.run;
		try {
			this.revoked ??= this.readRevoked();
			const { asked, revoked } = await this.revoked;
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

	private async readRevoked() {
		const asked = new Set<string>();
		for (const text of this.run.textsAhead(0, this.run.itemCount)) {
			try {
				asked.add(text.phoneNumber);
			} catch {
				// An item whose number does not read is asked about at its own turn, if it comes.
			}
		}
		const revoked = await revokedAmong(this.run.context, [...asked]);
		return { asked, revoked };
	}
}

function skipped(phoneNumber: string, listId: number, reason: string): Verdict {
	const output: SkippedOutput = { outcome: 'skipped', reason, phoneNumber, listId };
	return { verdict: 'skip', output, details: { listId, reason } };
}

/** Skip Opted-Out Numbers: a number that opted out of the chosen list is skipped, not texted. */
export const optOutCheck: SendCheck = {
	name: 'optOuts',
	fields: optOutFields,
	start(run) {
		const optOuts = new RunOptOuts(run);
		return {
			async before(text) {
				const on = toFlag(text.parameter('skipOptedOut', false), 'Skip Opted-Out Numbers');
				if (!on) return { verdict: 'off' };
				const listId = toPositiveId(
					text.parameter('optOutList', '', { extractValue: true }),
					'Opt-Out List',
				);
				const { phoneNumber, itemIndex } = text;
				// The compliance ledger holds every revocation any trigger using it heard.
				const consent = run.ledger ? await run.ledger.consentOf(text) : undefined;
				if (consent?.kind === 'revocation') {
					return skipped(
						phoneNumber,
						listId,
						`revoked consent${consent.words ? ` ("${consent.words}")` : ''} on ${consent.when ?? new Date(consent.at).toISOString()} (compliance ledger)`,
					);
				}
				if (await optOuts.revokedByReply(phoneNumber)) {
					return skipped(
						phoneNumber,
						listId,
						'revoked consent by a reply (recorded by the Tatango Trigger)',
					);
				}
				requireV2Credential(run.context, itemIndex, listId);
				const optedOut = await optOuts.optOutsOf(listId, itemIndex);
				if (optedOut.has(phoneNumber)) {
					return skipped(phoneNumber, listId, `opted out of list ${listId}`);
				}
				return { verdict: 'pass', details: { listId } };
			},
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
		if (guardrailValue(context, 'skipOptedOut', 0, false) !== true) {
			return { ...optOutListOutput(null), reason: 'Skip Opted-Out Numbers is off' };
		}
		listId = toPositiveId(
			guardrailValue(context, 'optOutList', 0, '', { extractValue: true }),
			'Opt-Out List',
		);
	} catch (error) {
		return { ...optOutListOutput(null), reason: (error as Error).message };
	}
	try {
		const phone = toTenDigitPhone(phoneNumber);
		const { outcome } = await unsubscribeFromList(createTatangoClient(context), listId, phone);
		return optOutListOutput({ listId, outcome });
	} catch (error) {
		context.logger.warn(
			`Tatango: unsubscribing a revoking number from list ${listId} failed: ${(error as Error).message}`,
		);
		return optOutListOutput({ listId, outcome: 'failed', error: (error as Error).message });
	}
}
