import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { callLimitFields } from './callLimits';
import { compliancePolicyFields } from './compliancePolicies';

/**
 * The Base URL as the node's transport reads it: trimmed, the default when blank, no trailing
 * slash (transport/apis.ts baseUrlOf).
 */
const BASE_URL_EXPRESSION =
	'={{(String($credentials.baseUrl ?? "").trim() || "https://api.v3.tatango.com").replace(/\\/+$/, "")}}';

const EVERY_STATUS_BUT_400 = Array.from({ length: 500 }, (_, index) => 100 + index).filter(
	(status) => status !== 400,
);

/** Tatango API v3 (RCS and the message sending API): an API key in the `x-api-key` header. */
export class TatangoV3Api implements ICredentialType {
	name = 'tatangoV3Api';

	displayName = 'Tatango V3 API';

	icon = { light: 'file:../icons/tatango.svg', dark: 'file:../icons/tatango.dark.svg' } as const;

	documentationUrl = 'https://github.com/tatango/n8n-nodes-tatango#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'tatango_key_...',
			description: 'Created in Tatango under My Account → API → Create API Key',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://api.v3.tatango.com',
			description:
				'Change only to use a proxy or the local Tatango sandbox (for example http://127.0.0.1:8787)',
		},
		{
			displayName: 'Default Webhook URL',
			name: 'defaultWebhookUrl',
			type: 'string',
			default: '',
			placeholder: 'https://your-n8n.example.com/webhook/…/tatango',
			description:
				"Where Tatango reports delivery events and replies of SMS, MMS, RCS and WhatsApp sends that name no webhook URL of their own. Paste a Tatango Trigger's Production URL as n8n shows it: each send adds the trigger's token.",
		},
		{
			displayName: 'Requests per Second',
			name: 'requestsPerSecond',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 10,
			description:
				"The key's v3 rate limit. Tatango allows 10 per second unless it was raised for your account; the node spaces its calls to stay under it.",
		},
		...callLimitFields,
		...compliancePolicyFields,
	];

	/**
	 * The key in the `x-api-key` header. A function rather than a `={{$credentials.apiKey}}`
	 * expression: n8n evaluates that in an expression isolate on every request (see the v2 credential).
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'x-api-key': String(credentials.apiKey ?? '') },
		};
	}

	// v3 has no read-only endpoint. An empty send request is refused by validation (400) when the
	// key is good and with 403 when it is not, so testing the key never sends a message. Only that
	// 400 counts as success: any other answer (a 404 from a wrong Base URL, a 2xx from something
	// that is not Tatango) fails the test. n8n can only list the statuses to treat as errors, so the
	// list is every status but 400.
	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/transactional_messages/send_rcs_rich_card',
			method: 'POST',
			body: {},
			json: true,
			disableFollowRedirect: true,
			ignoreHttpStatusErrors: { ignore: true, except: EVERY_STATUS_BUT_400 },
		},
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The API key was refused (403): check the key, or create a new one',
				},
			},
		],
	};
}
