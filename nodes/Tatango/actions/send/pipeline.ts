import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { mayHaveBeenSent, type TatangoClient } from '../../../shared/transport';
import { guardrailFields, SEND_CHECKS } from './checks';
import type { OutgoingText, SendCheck, SendOutcome, TextChannel } from './types';

/**
 * The description of an operation that texts a person: its own fields, then every guardrail's
 * (checks/index.ts), then its Options collection if it has one (n8n shows Options last).
 */
export function textingOperationDescription(
	show: { resource: string[]; operation: string[] },
	ownFields: INodeProperties[],
): INodeProperties[] {
	const options = ownFields.filter((field) => field.name === 'options');
	const fields = ownFields.filter((field) => field.name !== 'options');
	return updateDisplayOptions({ show }, [...fields, ...guardrailFields, ...options]);
}

/** Tells each check that let a text go what became of it. */
async function tell(
	checks: SendCheck[],
	context: IExecuteFunctions,
	itemIndex: number,
	tatango: TatangoClient,
	text: OutgoingText,
	outcome: SendOutcome,
): Promise<void> {
	for (const check of checks) {
		await check.after?.(context, itemIndex, tatango, text, outcome);
	}
}

/**
 * The one way a text goes out: every check (checks/index.ts) in order, then `post`. The first check
 * that skips (its record is the item's output) or refuses (throws) decides, and nothing is posted;
 * the checks that had let it go are told it was not sent. Otherwise `post` runs and every check
 * hears whether the text was sent, certainly not sent, or may have been sent.
 */
export async function sendThroughChecks(
	context: IExecuteFunctions,
	itemIndex: number,
	tatango: TatangoClient,
	recipient: { phoneNumber: string; channel: TextChannel },
	post: () => Promise<IDataObject>,
	checks: readonly SendCheck[] = SEND_CHECKS,
): Promise<IDataObject> {
	const text: OutgoingText = {
		...recipient,
		resource: String(context.getNodeParameter('resource', itemIndex, '')),
		operation: String(context.getNodeParameter('operation', itemIndex, '')),
	};
	const passed: SendCheck[] = [];
	// Until the post says otherwise, the text did not go: a skip or a refusal of a later check.
	let outcome: SendOutcome = { status: 'notSent' };
	try {
		for (const check of checks) {
			const skipped = await check.before(context, itemIndex, tatango, text);
			if (skipped) return skipped;
			passed.push(check);
		}
		const output = await post().catch((error: unknown) => {
			outcome = { status: mayHaveBeenSent(error) ? 'maybeSent' : 'notSent', error };
			// The transport's own error goes on as it is: it already says what may have happened.
			throw error;
		});
		outcome = { status: 'sent', output };
		return output;
	} finally {
		await tell(passed, context, itemIndex, tatango, text, outcome);
	}
}

/**
 * The node run is over: each check that holds something per run (a key claimed for an item that
 * never reached its send) lets go of it. Called by the router once per run, also after an error.
 */
export async function endRunOfChecks(
	context: IExecuteFunctions,
	tatango: TatangoClient,
	checks: readonly SendCheck[] = SEND_CHECKS,
): Promise<void> {
	for (const check of checks) {
		try {
			await check.endRun?.(context, tatango);
		} catch (error) {
			// The run's own outcome stands; what was not let go is in the log.
			context.logger.warn(`A send check could not end the run: ${(error as Error).message}`);
		}
	}
}
