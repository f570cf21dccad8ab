import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { requestRecords } from '../../../shared/transport/pagination';
import { toFlag, toUtcDayRange } from '../../../shared/validation';
import { listLocator } from '../../../shared/fields';
import { limitField, returnAllField, simplifyField } from '../common.descriptions';
import { listIdOf, listNotFound } from '../../../shared/lists';
import { recordCountOf } from '../recordCount';
import { simplifyRecord } from '../simplify';
import { MESSAGE_SIMPLIFY_DROPS, withDeliveryTiming } from './deliveryTiming';

type MessageStatus = 'sent' | 'draft' | 'scheduled';

const properties: INodeProperties[] = [
	listLocator,
	{
		displayName: 'Status',
		name: 'status',
		type: 'options',
		options: [
			{ name: 'Sent', value: 'sent', description: 'Messages already sent' },
			{ name: 'Draft', value: 'draft', description: 'Messages saved but not sent' },
			{
				name: 'Scheduled',
				value: 'scheduled',
				description: 'Messages planned to be sent later',
			},
		],
		default: 'sent',
	},
	returnAllField,
	limitField,
	simplifyField,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Start Date',
				name: 'startDate',
				type: 'dateTime',
				default: '',
				description:
					'Leave out messages before this day (whole days in UTC): sent messages by send time, drafts by creation, scheduled ones by planned time',
			},
			{
				displayName: 'End Date',
				name: 'endDate',
				type: 'dateTime',
				default: '',
				description:
					'Leave out messages after this day (whole days in UTC; the day itself is included)',
			},
		],
	},
];

const displayOptions = { show: { resource: ['broadcastMessage'], operation: ['getMany'] } };

export const description = updateDisplayOptions(displayOptions, properties);

/** The collection's path and its documented `start_date` / `end_date` query (YYYYMMDD, UTC). */
export function buildMessageQuery(
	listId: number,
	status: MessageStatus,
	filters: IDataObject,
): { path: string; qs: IDataObject } {
	const range = toUtcDayRange(filters.startDate, filters.endDate, {
		from: 'Start Date',
		to: 'End Date',
	});
	const qs: IDataObject = {};
	if (range.from !== undefined) qs.start_date = range.from;
	if (range.to !== undefined) qs.end_date = range.to;
	const suffix = status === 'sent' ? '' : `/${status}`;
	return { path: `/api/v2/lists/${listId}/messages${suffix}`, qs };
}

/** One item per message. */
export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject[]> {
	const listId = listIdOf(this, i);
	const status = this.getNodeParameter('status', i, 'sent') as MessageStatus;
	const { path, qs } = buildMessageQuery(
		listId,
		status,
		this.getNodeParameter('filters', i, {}) as IDataObject,
	);
	const count = recordCountOf(this, i);
	const simple = toFlag(this.getNodeParameter('simple', i, true), 'Simplify', true);
	const messages = await requestRecords<IDataObject>(
		tatango,
		{ api: 'v2', method: 'GET', path, qs, kind: 'read', notFound: listNotFound(listId) },
		'messages',
		count,
		i,
	);
	const now = Date.now();
	return messages.map((message) => {
		const timed = withDeliveryTiming(message, now);
		return simple ? simplifyRecord(timed, MESSAGE_SIMPLIFY_DROPS) : timed;
	});
}
