// A field moved into a collection (Compliance, Options) of a texting operation keeps its name and
// stored values: a workflow saved with it at the top level loads, shows and acts as saved.
import type {
	IExecuteFunctions,
	INodeProperties,
	IWebhookFunctions,
	NodeParameterValueType,
} from 'n8n-workflow';

type Shown = NonNullable<NonNullable<INodeProperties['displayOptions']>['show']>;

/**
 * The values a field holds when set: every choice but the default. Not a `not default` condition:
 * an absent value (a new node) passes that, and the editor would show the copy.
 */
function setValues(field: INodeProperties): NonNullable<Shown[string]> {
	if (field.type === 'boolean') return [!field.default];
	if (field.type === 'options') {
		return (field.options ?? [])
			.map((option) => ('value' in option ? option.value : undefined))
			.filter((value): value is string => typeof value === 'string' && value !== field.default);
	}
	return [{ _cnd: { exists: true } }];
}

/**
 * The field as saved workflows hold it, at the top level. Shown (and so kept by n8n, which drops
 * the values of hidden parameters) only where it holds something other than its default: a new node
 * never shows it, an old one shows exactly what it set. A dependent field (Opt-Out List) keeps its
 * own conditions, which name the top-level value of the field it depends on.
 */
export function savedCopy(field: INodeProperties, dependent = false): INodeProperties {
	if (dependent) return { ...field };
	const show: Shown = { ...(field.displayOptions?.show ?? {}), [field.name]: setValues(field) };
	return { ...field, displayOptions: { ...field.displayOptions, show } };
}

/**
 * A moved field's value for an item: the saved top-level parameter when the node has it (n8n keeps
 * it only while it is shown, i.e. set), else the one in `collection`, else `fallback`.
 */
/** Where a moved field's value is: its saved top-level name, else its place in `collection`. */
export function groupedPath(
	context: IExecuteFunctions | IWebhookFunctions,
	collection: string,
	name: string,
): string {
	const saved = Object.prototype.hasOwnProperty.call(context.getNode().parameters ?? {}, name);
	return saved ? name : `${collection}.${name}`;
}

export function groupedValue(
	context: IExecuteFunctions | IWebhookFunctions,
	collection: string,
	name: string,
	itemIndex: number,
	fallback: unknown,
	options?: { extractValue: true },
): unknown {
	const path = groupedPath(context, collection, name);
	const value = fallback as NodeParameterValueType;
	if ('getInputData' in context) {
		return context.getNodeParameter(path, itemIndex, value, options);
	}
	return context.getNodeParameter(path, value, options);
}

/** An operation's own optional settings, moved into its Options collection. */
export const OPTIONS = 'options';

/**
 * Optional fields of a texting operation that go in Options: they have sensible defaults. Not
 * Webhook URL: WhatsApp Upload Template has a top-level field of that name, and n8n cannot keep a
 * saved value of a name that repeats under a condition on its own value.
 */
export const MOVED_TO_OPTIONS = ['replaceNonGsm', 'thumbnailUrl', 'isVideo'];

/** A setting of an operation's Options (or saved at the top level) for an item. */
export function optionValue(
	context: IExecuteFunctions | IWebhookFunctions,
	name: string,
	itemIndex: number,
	fallback: unknown,
): unknown {
	return groupedValue(context, OPTIONS, name, itemIndex, fallback);
}
