import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import * as keyword from './actions/keyword/keyword.resource';
import * as list from './actions/list/list.resource';
import * as momtReport from './actions/momtReport/momtReport.resource';
import * as rcs from './actions/rcs/rcs.resource';
import { router } from './actions/router';
import * as sms from './actions/sms/sms.resource';
import * as subscriber from './actions/subscriber/subscriber.resource';
import * as transactionalMessage from './actions/transactionalMessage/transactionalMessage.resource';
import { listSearch } from './methods';

/**
 * Resources served by the v3 Message Sending API (`x-api-key`): they use the Tatango V3 API
 * credential; every other resource uses the v2 Tatango API credential.
 */
const V3_RESOURCES = ['rcs', 'sms'];

export class Tatango implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Tatango',
		name: 'tatango',
		icon: { light: 'file:../../icons/tatango.svg', dark: 'file:../../icons/tatango.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description: 'Send SMS, MMS and RCS and manage subscriber consent with Tatango',
		defaults: { name: 'Tatango' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [
			{
				name: 'tatangoApi',
				required: true,
				displayOptions: { hide: { resource: V3_RESOURCES } },
			},
			{
				name: 'tatangoV3Api',
				required: true,
				displayOptions: { show: { resource: V3_RESOURCES } },
			},
		],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Keyword', value: 'keyword' },
					{ name: 'List', value: 'list' },
					{ name: 'MOMT Report', value: 'momtReport' },
					{ name: 'RCS Message', value: 'rcs' },
					{ name: 'SMS', value: 'sms' },
					{ name: 'Subscriber', value: 'subscriber' },
					{ name: 'Transactional Message', value: 'transactionalMessage' },
				],
				default: 'subscriber',
			},
			...subscriber.description,
			...keyword.description,
			...transactionalMessage.description,
			...list.description,
			...momtReport.description,
			...rcs.description,
			...sms.description,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
