import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import type { TatangoClient } from '../../../shared/transport';
import { v3WebhookUrlOf } from '../send/v3';
import {
	toTemplateCategory,
	toTemplateLanguage,
	toTemplateName,
	toTemplateStructure,
} from './whatsApp.rules';
import { v3WebhookUrlField } from '../../../shared/fields';

const properties: INodeProperties[] = [
	{
		displayName: 'Template Name',
		name: 'templateName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. order_shipped',
		description: 'The name the template is sent by once approved',
	},
	{
		displayName: 'Language',
		name: 'language',
		type: 'string',
		default: 'en_US',
		required: true,
		description: 'Language code of the template, 2 to 5 characters (e.g. en or en_US)',
	},
	{
		displayName: 'Category',
		name: 'category',
		type: 'options',
		options: [
			{ name: 'Authentication', value: 'AUTHENTICATION' },
			{ name: 'Marketing', value: 'MARKETING' },
			{ name: 'Utility', value: 'UTILITY' },
		],
		default: 'UTILITY',
		description: "WhatsApp's category for the template: utility for order and account updates",
	},
	{
		displayName: 'Structure',
		name: 'structure',
		type: 'json',
		default: '{\n  "type": "TEXT",\n  "body": { "text": "" }\n}',
		required: true,
		description:
			'The template itself as Tatango takes it, e.g. {"type":"TEXT","body":{"text":"Your order has shipped"}}',
	},
	v3WebhookUrlField,
];

const displayOptions = { show: { resource: ['whatsApp'], operation: ['uploadTemplate'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(
	this: IExecuteFunctions,
	i: number,
	tatango: TatangoClient,
): Promise<IDataObject> {
	const credentials = await tatango.credentials('v3');
	// The body of `POST /whatsapp_template/upload` (public docs §3.8).
	const request = {
		name: toTemplateName(this.getNodeParameter('templateName', i)),
		language: toTemplateLanguage(this.getNodeParameter('language', i)),
		category: toTemplateCategory(this.getNodeParameter('category', i)),
		structure: toTemplateStructure(this.getNodeParameter('structure', i)),
		webhookUrl: v3WebhookUrlOf(this, i, credentials),
	};
	// A submission is not idempotent: like a send, it is never repeated after an ambiguous failure.
	const { body } = await tatango.request(
		{
			api: 'v3',
			method: 'POST',
			path: '/whatsapp_template/upload',
			body: request,
			kind: 'send',
			// Nothing is texted: what an ambiguous failure may have done is submit the template.
			ambiguity: {
				what: 'The template may have been submitted for approval',
				hint: 'Tatango may have received the template before the failure, so the node did not retry it: retrying could submit it twice. Check the WhatsApp templates of your Tatango account before uploading it again.',
			},
		},
		i,
	);
	return {
		...body,
		name: request.name,
		language: request.language,
		category: request.category,
	};
}
