import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { InvalidInputError, textOf, toKeyword } from '../../../shared/validation';
import { shortcodeLocator } from '../common.descriptions';

const properties: INodeProperties[] = [
	shortcodeLocator,
	{
		displayName: 'Keyword',
		name: 'keyword',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. DEALS',
		description: 'The keyword to check: 2 to 15 characters, compared in upper case',
	},
];

const displayOptions = { show: { resource: ['keyword'], operation: ['checkAvailability'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const shortcode = textOf(
		this.getNodeParameter('shortcodeId', i, '', { extractValue: true }),
		'Shortcode',
	).trim();
	if (shortcode === '') throw new InvalidInputError('Shortcode', 'is required');
	const keyword = toKeyword(this.getNodeParameter('keyword', i));
	const { statusCode, body } = await tatango.request(
		{
			api: 'v2',
			method: 'POST',
			path: `/api/v2/shortcodes/${encodeURIComponent(shortcode)}/test_keyword`,
			body: { keyword_name: keyword },
			kind: 'idempotent',
			notFound: `Shortcode ${shortcode} was not found in this Tatango account`,
			// The spec also allows a taken name as 422 "invalid keyword names: X": the same answer.
			answerStatuses: [422],
		},
		i,
	);
	if (statusCode === 422) {
		const reason = typeof body.error === 'string' ? body.error : '';
		if (!/invalid keyword names?/i.test(reason)) {
			throw new InvalidInputError(
				'Keyword',
				`"${keyword}" was refused by Tatango: ${reason || 'invalid keyword'}`,
				'Tatango checked the keyword and refused it (a check only: nothing was texted). Choose another keyword.',
			);
		}
		return { shortcode, keyword, available: false, reason, response: body };
	}
	const available = body.keyword_name === 'available';
	return {
		shortcode,
		keyword,
		available,
		...(available ? {} : { reason: body.error ?? 'unavailable' }),
		response: body,
	};
}
