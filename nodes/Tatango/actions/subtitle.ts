import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

/**
 * The canvas subtitle: each operation's `action` text ("Add a subscriber to a list"), read off the
 * node's own operation options so that a new operation gets its subtitle with no edit here.
 * n8n's usual `operation: resource` shows internal values ("add: subscriber").
 */
export function canvasSubtitle(properties: INodeProperties[]): string {
	const words: Record<string, string> = {};
	for (const property of properties) {
		const resources = property.displayOptions?.show?.resource;
		if (property.name !== 'operation' || !Array.isArray(resources)) continue;
		for (const option of (property.options ?? []) as INodePropertyOptions[]) {
			for (const resource of resources) {
				words[`${String(resource)}:${String(option.value)}`] = option.action ?? option.name;
			}
		}
	}
	return `={{ ${JSON.stringify(words)}[$parameter["resource"] + ":" + $parameter["operation"]] || "" }}`;
}
