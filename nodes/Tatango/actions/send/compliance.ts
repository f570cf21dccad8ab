// Where a guardrail's setting lives on a texting operation: in the Compliance collection (what the
// panel offers), or, in a workflow saved before the collection existed, as a top-level parameter of
// the same name. Names and stored values are unchanged, so such a workflow loads and behaves as saved.
import type { IExecuteFunctions, INodeProperties, IWebhookFunctions, NodeHint } from 'n8n-workflow';

import { groupedPath, groupedValue } from './grouped';

/** The collection the guardrails are grouped in. */
export const COMPLIANCE = 'compliance';

/** The Compliance collection of a texting operation: a builder adds each guardrail from it. */
export function complianceCollection(fieldsPerCheck: INodeProperties[][]): INodeProperties {
	return {
		displayName: 'Compliance',
		name: COMPLIANCE,
		type: 'collection',
		placeholder: 'Add Guardrail',
		default: {},
		description:
			'Guardrails on this text: send once per key, skip opted-out numbers, quiet hours, a per-number cap. All off until added.',
		options: fieldsPerCheck.flat().map((field) => ({ ...field })),
	};
}

/**
 * Flags, in the node's panel, a Send Once Per that is the same fixed text for every item (no
 * expression): this workflow would send one text with it, ever. A node hint, because n8n shows a
 * field whose condition names an expression whatever the condition says; `$rawParameter` is the
 * value as typed, before any expression is evaluated. Written for n8n's legacy engine too.
 */
export const fixedSendOnceKeyHint: NodeHint = {
	message:
		'Send Once Per is fixed text, the same for every item: this workflow will send one text with it, ever. Make it an expression that names each text, e.g. {{ $json.orderId }}-shipped.',
	type: 'warning',
	location: 'ndv',
	whenToDisplay: 'always',
	displayCondition: `={{ (function (key) { return typeof key === "string" && key.trim() !== "" && key.charAt(0) !== "="; })(($rawParameter.${COMPLIANCE} || {}).sendOncePer || $rawParameter.sendOncePer) }}`,
};

/** Where the node holds a guardrail's value: at the top level (saved before) or in Compliance. */
export function guardrailPath(
	context: IExecuteFunctions | IWebhookFunctions,
	name: string,
): string {
	return groupedPath(context, COMPLIANCE, name);
}

/** A guardrail's value for an item, wherever the node holds it (grouped.ts). */
export function guardrailValue(
	context: IExecuteFunctions | IWebhookFunctions,
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: { extractValue: true },
): unknown {
	return groupedValue(context, COMPLIANCE, name, itemIndex, fallback, options);
}
