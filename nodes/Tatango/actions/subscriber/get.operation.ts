import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { apiErrorFromResponse } from '../../../shared/transport/errors';
import { toFlag, toTenDigitPhone } from '../../../shared/validation';
import { listLocator, phoneNumberField } from '../../../shared/fields';
import { simplifyField } from '../common.descriptions';
import { simplifyRecord } from '../simplify';

const properties: INodeProperties[] = [
	listLocator,
	phoneNumberField('Mobile number of the subscriber, US or Canadian, in any common format'),
	simplifyField,
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Output Not Found',
				name: 'outputNotFound',
				type: 'boolean',
				default: false,
				description:
					'Whether a number that is not on the list gives an item with found = false instead of an error, so an IF node can branch to Add. Every item then has "found".',
			},
		],
	},
];

const displayOptions = { show: { resource: ['subscriber'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** Fields Simplify leaves out: carrier routing and how the number first joined. */
export const SIMPLIFY_DROPS = [
	'carrier',
	'carrier_name',
	'global_carrier_id',
	'global_carrier_name',
	'keyword_name',
	'opt_in_method',
	'total_messages_received',
] as const;

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const phone = toTenDigitPhone(this.getNodeParameter('phoneNumber', i));
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const outputNotFound = toFlag(options.outputNotFound, 'Output Not Found');
	const { statusCode, body } = await tatango.request(
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/lists/${listId}/subscribers/${phone}`,
			kind: 'read',
			notFound: `${phone} is not on list ${listId}, or the list was not found`,
			answerStatuses: outputNotFound ? [404] : [],
		},
		i,
	);
	if (statusCode === 404) {
		// Only an unknown number is "not found"; an unknown list stays an error.
		if (/list not found/i.test(String(body.error ?? ''))) {
			throw apiErrorFromResponse(
				this.getNode(),
				{
					api: 'v2',
					statusCode,
					body,
					notFound: listNotFound(listId),
					attempts: 1,
					stoppedBecause: 'final',
					waitedMs: 0,
				},
				i,
			);
		}
		return { found: false, phone_number: phone };
	}
	const subscriber = (body.subscriber ?? {}) as IDataObject;
	const record = simple ? simplifyRecord(subscriber, SIMPLIFY_DROPS) : subscriber;
	return outputNotFound ? { found: true, ...record } : record;
}
