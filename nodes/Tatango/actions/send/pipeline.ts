import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toTenDigitPhone } from '../../../shared/validation';
import { SEND_CHECKS } from './checks';
import { complianceCollection } from './compliance';
import { MOVED_TO_OPTIONS, OPTIONS, savedCopy } from './grouped';
import type { TextChannel, TextReader } from './types';

/** Each operation that texts a person, as `resource:operation` (filled as their descriptions load). */
export const TEXTING_OPERATIONS = new Set<string>();

/** A moved field, as the operations that had it at the top level showed it. */
const movedFields = new Map<string, INodeProperties>();

/**
 * The description of an operation that texts a person: its own fields, then its Options collection
 * (with the optional fields of MOVED_TO_OPTIONS), then the guardrails (checks/index.ts) under
 * Compliance. Where saved workflows hold those at the top level: savedTopLevelFields.
 */
export function textingOperationDescription(
	show: { resource: string[]; operation: string[] },
	ownFields: INodeProperties[],
): INodeProperties[] {
	for (const resource of show.resource) {
		for (const operation of show.operation) TEXTING_OPERATIONS.add(`${resource}:${operation}`);
	}
	const moved = ownFields.filter((field) => MOVED_TO_OPTIONS.includes(field.name));
	for (const field of moved) movedFields.set(field.name, field);
	const own = ownFields.filter((field) => field.name !== OPTIONS && !moved.includes(field));
	return updateDisplayOptions({ show }, [
		...own,
		...optionsWith(
			ownFields.find((field) => field.name === OPTIONS),
			moved,
		),
		complianceCollection(SEND_CHECKS.map((check) => check.fields)),
	]);
}

/** The operation's Options collection (made if it has none) with the moved fields, by name. */
function optionsWith(options: INodeProperties | undefined, moved: INodeProperties[]) {
	if (!options && moved.length === 0) return [];
	const collection: INodeProperties = options ?? {
		displayName: 'Options',
		name: OPTIONS,
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [],
	};
	const all = [
		...(collection.options ?? []),
		...moved.map((field) => ({ ...field })),
	] as INodeProperties[];
	all.sort((a, b) => a.displayName.localeCompare(b.displayName));
	return [{ ...collection, options: all }];
}

/**
 * The guardrails and moved options as workflows saved before the collections hold them: one
 * top-level field each for every texting operation (one, not one per operation: n8n resolves a
 * field whose name repeats before its own value is known, and would drop the saved value), shown
 * only where it holds something set (grouped.ts). Call once every operation's description is loaded.
 */
export function savedTopLevelFields(): INodeProperties[] {
	const pairs = [...TEXTING_OPERATIONS].map((pair) => pair.split(':'));
	const show = {
		resource: [...new Set(pairs.map(([resource]) => resource))],
		operation: [...new Set(pairs.map(([, operation]) => operation))],
	};
	const copies = [
		...SEND_CHECKS.flatMap((check) =>
			check.fields.map((field, index) => savedCopy(field, index > 0)),
		),
		...[...movedFields.values()].map((field) => savedCopy(field)),
	];
	return updateDisplayOptions({ show }, copies);
}

function phoneNumberOf(context: IExecuteFunctions, itemIndex: number): string {
	return toTenDigitPhone(context.getNodeParameter('phoneNumber', itemIndex));
}

/** The reader of an operation whose recipient is its Phone Number field (shared/fields.ts). */
export function phoneNumberReader(channel: TextChannel): TextReader {
	return { channel, phoneNumber: phoneNumberOf };
}
