import type {
	IDataObject,
	IExecuteFunctions,
	IHookFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

import { toPositiveId } from './validation';

/**
 * The list chosen in the List locator (`listId`, "From List" or "By ID"), as a validated ID: of
 * item `itemIndex` in an action, of the node in the trigger. Throws InvalidInputError naming "List".
 */
export function listIdOf(context: IExecuteFunctions, itemIndex: number): number;
export function listIdOf(context: IHookFunctions | IWebhookFunctions): number;
export function listIdOf(
	context: IExecuteFunctions | IHookFunctions | IWebhookFunctions,
	itemIndex?: number,
): number {
	const options = { extractValue: true };
	const raw =
		itemIndex === undefined
			? (context as IHookFunctions).getNodeParameter('listId', '', options)
			: (context as IExecuteFunctions).getNodeParameter('listId', itemIndex, '', options);
	return toPositiveId(raw, 'List');
}

/**
 * What unsubscribing a revoking number from the Opt-Out List did, as an item carries it: under
 * `optOutList`, the list's one name in both nodes, and under `complianceList`, the name the
 * trigger's field had before: workflows saved then may read it.
 */
export function optOutListOutput(outcome: IDataObject | null): IDataObject {
	return { optOutList: outcome, complianceList: outcome };
}

/** What a 404 on a list's endpoint means, for the error message. */
export function listNotFound(listId: number | string): string {
	return `List ${listId} was not found in this Tatango account`;
}
