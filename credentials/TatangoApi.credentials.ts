import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
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
 * slash (transport/apis.ts baseUrlOf). A blank field tests the default, as the node would use it.
 */
const BASE_URL_EXPRESSION =
	'={{(String($credentials.baseUrl ?? "").trim() || "https://app.tatango.com").replace(/\\/+$/, "")}}';

/** Tatango's documented refusals of the test request, as the test shows them. */
const WRONG_KEY_RULES: IAuthenticateRuleResponseCode[] = [
	{
		type: 'responseCode',
		properties: { value: 401, message: 'Wrong login e-mail or API key (401)' },
	},
	{
		type: 'responseCode',
		properties: { value: 403, message: 'This API key is disabled (403)' },
	},
];

/**
 * A 200 is not enough: a captive portal, a proxy or a website answers 200 too. Tatango's answer to
 * the test request always holds the account; an HTML page or other JSON does not.
 */
const NOT_TATANGO_RULES: IAuthenticateRuleResponseSuccessBody[] = [
	{
		type: 'responseSuccessBody',
		properties: {
			key: 'account',
			value: undefined,
			message:
				"The Base URL answered, but not as Tatango's API: its answer has no account. Check the Base URL (empty means https://app.tatango.com).",
		},
	},
];

/** Tatango API v2: HTTP Basic with the account's login e-mail and an API key. */
export class TatangoApi implements ICredentialType {
	name = 'tatangoApi';

	displayName = 'Tatango API';

	icon = { light: 'file:../icons/tatango.svg', dark: 'file:../icons/tatango.dark.svg' } as const;

	documentationUrl = 'https://github.com/tatango/n8n-nodes-tatango#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Login Email',
			name: 'email',
			type: 'string',
			placeholder: 'name@email.com',
			default: '',
			required: true,
			description: 'The e-mail address you log in to Tatango with',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description: 'Created in Tatango under My Account → API → Create API Key',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'https://app.tatango.com',
			description:
				'Change only to use a proxy or the local Tatango sandbox (for example http://127.0.0.1:8787)',
		},
		{
			displayName: 'Requests per Hour',
			name: 'requestsPerHour',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 1200,
			description:
				"The account's v2 rate limit. Tatango allows 1,200 per hour unless your account manager raised it; the node spaces its calls to stay under it.",
		},
		...callLimitFields,
		...compliancePolicyFields,
	];

	/**
	 * HTTP Basic with the login e-mail and the API key. A function rather than `={{$credentials.…}}`
	 * expressions: n8n evaluates those in an expression isolate on every request, which cost the
	 * node about a fifth of its time per item (bench (a), docs/benchmark.md).
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			auth: {
				username: String(credentials.email ?? ''),
				password: String(credentials.apiKey ?? ''),
			},
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: BASE_URL_EXPRESSION,
			url: '/api/v2/accounts/me',
			disableFollowRedirect: true,
			method: 'GET',
			headers: { Accept: 'application/json' },
		},
		// n8n runs both kinds of rule from one list, though its type takes one kind at a time.
		rules: [...WRONG_KEY_RULES, ...NOT_TATANGO_RULES] as IAuthenticateRuleResponseCode[],
	};
}
