import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { toTenDigitPhone } from '../../../shared/validation';
import { guardrailFields } from './checks';
import type { TextChannel, TextReader } from './types';

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

function phoneNumberOf(context: IExecuteFunctions, itemIndex: number): string {
	return toTenDigitPhone(context.getNodeParameter('phoneNumber', itemIndex));
}

/** The reader of an operation whose recipient is its Phone Number field (shared/fields.ts). */
export function phoneNumberReader(channel: TextChannel): TextReader {
	return { channel, phoneNumber: phoneNumberOf };
}
