import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { toFlag } from '../../../shared/validation';
import { toCustomFieldDefinition } from './customField.rules';
import { listLocator } from '../../../shared/fields';

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Label',
		name: 'label',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Favorite Store',
		description: 'The name shown in Tatango',
	},
	{
		displayName: 'Key',
		name: 'key',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. favorite_store',
		description:
			"Lowercase letters, digits and underscores. The subscriber's value is under this key in Subscriber → Add, Update and Get.",
	},
	{
		displayName: 'Content Type',
		name: 'contentType',
		type: 'options',
		options: [
			{ name: 'Date and Time', value: 'datetime' },
			{ name: 'Number', value: 'number' },
			{ name: 'Text', value: 'text' },
		],
		default: 'text',
	},
	{
		displayName: 'Max Length',
		name: 'maxLength',
		type: 'number',
		default: 255,
		required: true,
		typeOptions: { minValue: 1, maxValue: 9999 },
		description: 'The longest value the field takes, 1 to 9,999 characters (Tatango requires it)',
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Default Value',
				name: 'defaultValue',
				type: 'string',
				default: '',
				description: 'The value a subscriber has until one is set',
			},
			{
				displayName: 'Pattern',
				name: 'pattern',
				type: 'string',
				default: '',
				placeholder: 'e.g. ^[0-9]{5}$',
				description: 'A regular expression values must match',
			},
			{
				displayName: 'Validate Pattern on API Writes',
				name: 'validatePatternViaApi',
				type: 'boolean',
				default: false,
				description: 'Whether Tatango also checks values set through the API against Pattern',
			},
		],
	},
];

const displayOptions = { show: { resource: ['customField'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const listId = listIdOf(this, i);
	const options = this.getNodeParameter('options', i, {}) as IDataObject;
	const customField = toCustomFieldDefinition({
		label: this.getNodeParameter('label', i),
		key: this.getNodeParameter('key', i),
		contentType: this.getNodeParameter('contentType', i, 'text'),
		maxLength: this.getNodeParameter('maxLength', i),
		pattern: options.pattern,
		validatePatternViaApi: toFlag(options.validatePatternViaApi, 'Validate Pattern on API Writes'),
		defaultValue: options.defaultValue,
	});
	const { body } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: `/api/v2/lists/${listId}/custom_fields`,
			body: { custom_field: customField },
			// Not repeated after a lost answer: the repeat is refused as "already been taken", which
			// would report a field that was created as a failure. Say what may have happened instead.
			kind: 'send',
			ambiguity: {
				what: 'The custom field may have been created',
				hint: 'Tatango may have created it before the failure, so the node did not retry it. Look for it with Custom Field → Get Many before creating it again (a second create is refused as "already been taken").',
			},
			notFound: listNotFound(listId),
		},
		i,
	);
	return { listId, ...body };
}
