// Where a guardrail's setting lives on a texting operation: in the Compliance collection (what the
// panel offers), or, in a workflow saved before the collection existed, as a top-level parameter of
// the same name. Names and stored values are unchanged, so such a workflow loads and behaves as saved.
import type {
	IExecuteFunctions,
	INodeProperties,
	IWebhookFunctions,
	NodeHint,
	NodeParameterValueType,
} from 'n8n-workflow';

/** The collection the guardrails are grouped in. */
export const COMPLIANCE = 'compliance';

type Shown = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

/**
 * A guardrail as saved workflows hold it, at the top level. Shown (and so kept by n8n, which drops
 * the values of hidden parameters) only where it holds something other than its default: a new node
 * never shows it, an old one shows exactly what it set. Its dependents (Opt-Out List, Texts per 24
 * Hours) keep their own conditions, which name these top-level values.
 */
function savedCopy(field: INodeProperties, isFirstOfItsCheck: boolean): INodeProperties {
	if (!isFirstOfItsCheck) return { ...field };
	const show: Shown = {
		...(field.displayOptions?.show ?? {}),
		[field.name]: [{ _cnd: { not: field.default as string | number | boolean } }],
	};
	return { ...field, displayOptions: { ...field.displayOptions, show } };
}

/**
 * The guardrails' fields for a texting operation: the saved top-level copies (hidden on a new node),
 * then the Compliance collection a builder adds each guardrail from.
 * @param fieldsPerCheck each check's fields, its switch first (Skip Opted-Out Numbers, then its list)
 */
export function complianceFields(fieldsPerCheck: INodeProperties[][]): INodeProperties[] {
	const saved = fieldsPerCheck.flatMap((fields) =>
		fields.map((field, index) => savedCopy(field, index === 0)),
	);
	const collection: INodeProperties = {
		displayName: 'Compliance',
		name: COMPLIANCE,
		type: 'collection',
		placeholder: 'Add Guardrail',
		default: {},
		description:
			'Guardrails on this text: send once per key, skip opted-out numbers, quiet hours, a per-number cap. All off until added.',
		options: fieldsPerCheck.flat().map((field) => ({ ...field })),
	};
	return [...saved, collection];
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

/**
 * A guardrail's value for an item: the saved top-level parameter when the node has it (n8n keeps
 * it only while it is shown, i.e. set), else the one in Compliance, else `fallback`.
 */
export function guardrailValue(
	context: IExecuteFunctions | IWebhookFunctions,
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: { extractValue: true },
): unknown {
	const saved = Object.prototype.hasOwnProperty.call(context.getNode().parameters ?? {}, name);
	const path = saved ? name : `${COMPLIANCE}.${name}`;
	const value = fallback as NodeParameterValueType;
	if ('getInputData' in context) {
		return context.getNodeParameter(path, itemIndex, value, options);
	}
	return context.getNodeParameter(path, value, options);
}
