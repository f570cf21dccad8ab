// Where each credential's picker shows: not on the resources and operations that never read it.
//
// n8n evaluates a credential's displayOptions like a field's, with limits that shape this file
// (docs/compatibility.md, "Credential pickers"):
// - `show` on a credential makes n8n's editor take the field it names for the node's
//   authentication field when every value of it is named (a boolean always qualifies) and hide it
//   from the panel. So credentials here use only `hide`, on resource and operation.
// - n8n-core reads the first entry of a credential type before the node may use it, so one entry
//   per type, and `hide` rules join with OR: "hidden on SMS unless Skip Opted-Out is on" cannot be
//   said, and n8n resolves a top-level field's conditions without collection values.
// - The editor saves only the credentials shown: a node that never reads a credential loses it on
//   its next save, which changes nothing it does.
import type { INodeCredentialDescription, INodeProperties } from 'n8n-workflow';

import { LEDGER_API } from '../../shared/transport';
import { API } from '../../shared/transport/apis';
import { TEXTING_OPERATIONS } from './send/pipeline';

/**
 * The Tatango API each resource's operations call (none: local look-ups and the ledger). A v3
 * texting operation also reads the v2 API for Skip Opted-Out Numbers. A new resource must be
 * named here (a unit test says so).
 */
export const API_OF_RESOURCE: Record<string, 'v2' | 'v3' | 'none'> = {
	broadcastMessage: 'v2',
	complianceLedger: 'none',
	customField: 'v2',
	keyword: 'v2',
	list: 'v2',
	mms: 'v3',
	momtReport: 'v2',
	phoneNumber: 'none',
	rcs: 'v3',
	sms: 'v3',
	subscriber: 'v2',
	transactionalMessage: 'v2',
	whatsApp: 'v3',
};
/** The resource whose operations read the ledger without texting. */
const LEDGER_RESOURCE = 'complianceLedger';

const resourcesNotOn = (api: 'v2' | 'v3') =>
	Object.keys(API_OF_RESOURCE).filter((resource) => API_OF_RESOURCE[resource] !== api);

const optionValues = (field: INodeProperties | undefined) =>
	(field?.options ?? []).flatMap((option) =>
		'value' in option && typeof option.value === 'string' ? [option.value] : [],
	);

/**
 * The node's credentials, each hidden where nothing reads it. The ledger's shows on the texting
 * operations (which record to it when it is chosen) and on the Compliance Ledger resource. An
 * operation that misses one names it before any request. Call once every operation's description
 * is loaded.
 */
export function nodeCredentials(properties: INodeProperties[]): INodeCredentialDescription[] {
	const resources = optionValues(properties.find((field) => field.name === 'resource'));
	const operationsOf = (resource: string) =>
		properties
			.filter(
				(field) =>
					field.name === 'operation' && field.displayOptions?.show?.resource?.includes(resource),
			)
			.flatMap(optionValues);
	const pairs = [...TEXTING_OPERATIONS].map((pair) => pair.split(':'));
	const textingResources = new Set(pairs.map(([resource]) => resource));
	const textingOperations = new Set(pairs.map(([, operation]) => operation));
	const ledgerOperations = new Set([...textingOperations, ...operationsOf(LEDGER_RESOURCE)]);
	// Operations of texting resources that never text (WhatsApp → Upload Template), by a name no
	// ledger operation shares.
	const otherOperations = [
		...new Set(
			[...textingResources].flatMap((resource) =>
				operationsOf(resource).filter((operation) => !ledgerOperations.has(operation)),
			),
		),
	];
	const noLedger = resources.filter(
		(resource) => !textingResources.has(resource) && resource !== LEDGER_RESOURCE,
	);
	// v3 operations that never text, so never read the v2 API (by a name no v2 operation shares).
	const v2Operations = new Set(
		resources.filter((resource) => API_OF_RESOURCE[resource] === 'v2').flatMap(operationsOf),
	);
	const v3OnlyOperations = [
		...new Set(
			resources
				.filter((resource) => API_OF_RESOURCE[resource] === 'v3')
				.flatMap((resource) =>
					operationsOf(resource).filter(
						(operation) => !textingOperations.has(operation) && !v2Operations.has(operation),
					),
				),
		),
	];
	// The v3 one first: on a v3 resource it is the one every operation needs, so it is required
	// there (the editor marks it while empty). The v2 one is optional: a v3 send reads it only for
	// Skip Opted-Out Numbers, and one entry per type cannot be required on some resources only.
	return [
		{
			name: API.v3.credentialType,
			required: true,
			displayName: 'Credential for Tatango V3 API',
			displayOptions: { hide: { resource: resourcesNotOn('v3') } },
		},
		{
			name: API.v2.credentialType,
			required: false,
			displayName: 'Credential for Tatango API',
			displayOptions: {
				hide: {
					resource: resources.filter((resource) => API_OF_RESOURCE[resource] === 'none'),
					...(v3OnlyOperations.length ? { operation: v3OnlyOperations } : {}),
				},
			},
		},
		{
			name: LEDGER_API.credentialType,
			required: false,
			displayName: 'Credential for Tatango Compliance Ledger API',
			displayOptions: {
				hide: {
					resource: noLedger,
					...(otherOperations.length ? { operation: otherOperations } : {}),
				},
			},
		},
	];
}
