import type { IExecuteFunctions } from 'n8n-workflow';

import { toPositiveId } from '../validation';

/** The list chosen in the List locator of item `i`, as a validated ID. */
export function listIdOf(context: IExecuteFunctions, i: number): number {
	return toPositiveId(context.getNodeParameter('listId', i, '', { extractValue: true }), 'List');
}

/** What a 404 on a list's endpoint means, for the error message. */
export function listNotFound(listId: number): string {
	return `List ${listId} was not found in this Tatango account`;
}
