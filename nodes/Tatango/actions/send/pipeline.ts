import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toTenDigitPhone } from '../../../shared/validation';
import { SEND_CHECKS } from './checks';
import { complianceFields } from './compliance';
import type { TextChannel, TextReader } from './types';

/** Each operation that texts a person, as `resource:operation` (filled as their descriptions load). */
export const TEXTING_OPERATIONS = new Set<string>();

/**
 * The description of an operation that texts a person: its own fields, then its Options collection
 * if it has one, then the guardrails (checks/index.ts) grouped under Compliance.
 */
export function textingOperationDescription(
	show: { resource: string[]; operation: string[] },
	ownFields: INodeProperties[],
): INodeProperties[] {
	for (const resource of show.resource) {
		for (const operation of show.operation) TEXTING_OPERATIONS.add(`${resource}:${operation}`);
	}
	const options = ownFields.filter((field) => field.name === 'options');
	const fields = ownFields.filter((field) => field.name !== 'options');
	const guardrails = complianceFields(SEND_CHECKS.map((check) => check.fields));
	return updateDisplayOptions({ show }, [...fields, ...options, ...guardrails]);
}

function phoneNumberOf(context: IExecuteFunctions, itemIndex: number): string {
	return toTenDigitPhone(context.getNodeParameter('phoneNumber', itemIndex));
}

/** The reader of an operation whose recipient is its Phone Number field (shared/fields.ts). */
export function phoneNumberReader(channel: TextChannel): TextReader {
	return { channel, phoneNumber: phoneNumberOf };
}
