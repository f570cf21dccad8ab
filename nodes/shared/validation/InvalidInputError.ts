/**
 * Thrown by the pure validation rules. It names the field as the user sees it in the node and the
 * rule that was broken; the router turns it into a NodeOperationError carrying the item index.
 */
export class InvalidInputError extends Error {
	constructor(
		readonly field: string,
		readonly rule: string,
		readonly hint?: string,
	) {
		super(`${field}: ${rule}`);
		this.name = 'InvalidInputError';
	}
}
