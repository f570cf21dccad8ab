import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf } from '../../../shared/lists';
import { toTenDigitPhone } from '../../../shared/validation';
import { listLocator, phoneNumberField } from '../../../shared/fields';
import { unsubscribeFromList } from '../../../shared/tatangoCalls';

const properties: INodeProperties[] = [
	listLocator,
	phoneNumberField(
		'The subscriber to unsubscribe from this list only; other lists are not affected',
	),
];

const displayOptions = { show: { resource: ['subscriber'], operation: ['unsubscribe'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const phone = toTenDigitPhone(this.getNodeParameter('phoneNumber', i));
	const { body } = await unsubscribeFromList(tatango, listId, phone, {
		itemIndex: i,
		notOnListIsError: true,
	});
	return { listId, ...body };
}
