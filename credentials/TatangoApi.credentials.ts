import type {
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

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
		{
			displayName: 'Max Wait When Rate Limited (Seconds)',
			name: 'maxRateLimitWait',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 120,
			description:
				'When Tatango answers 429 (too many requests), the node waits and tries again, for at most this long per call, before failing the item',
		},
		{
			displayName: 'Request Timeout (Seconds)',
			name: 'requestTimeout',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 60,
			description:
				'How long the node waits for Tatango to answer one request. A send that times out is not tried again (it may have gone out): the item fails saying so.',
		},
		{
			displayName: 'Quiet Hours Policy',
			name: 'quietHoursPolicy',
			type: 'options',
			default: 'off',
			options: [
				{ name: 'Off', value: 'off', description: "Each send's Quiet Hours field decides" },
				{
					name: 'Federal Hours',
					value: 'federal',
					description:
						"Refuse texts outside 8 am-9 pm in the recipient's time zone (US TCPA; CRTC hours in Canada)",
				},
				{
					name: 'Federal and State Hours',
					value: 'federalAndState',
					description: "Also the stricter hours, Sunday and holiday rules of the recipient's state",
				},
			],
			description:
				"A compliance owner's floor for every send with this credential: a send's Quiet Hours field can be stricter, not looser, except a send marked 'Recipient Asked for This Text' (a one-time code or a reply), which always goes",
		},
		{
			displayName: 'Per-Number Cap Policy',
			name: 'perNumberCapPolicy',
			type: 'options',
			default: 'off',
			options: [
				{
					name: 'At Most N per 24 Hours',
					value: 'custom',
					description: 'Your own limit, for every number',
				},
				{ name: 'Off', value: 'off', description: "Each send's Per-Number Cap field decides" },
				{
					name: 'State Limits (FL, MD, OK)',
					value: 'stateRules',
					description:
						'At most 3 texts on the same subject in any 24 hours to a Florida, Maryland or Oklahoma number (by area code)',
				},
			],
			description:
				"A compliance owner's limit for every send with this credential, counted per workflow in n8n's database: a send's Per-Number Cap can be lower, not higher, except a send marked 'Recipient Asked for This Text' (a one-time code or a reply), which is never capped",
		},
		{
			displayName: 'Policy Texts per 24 Hours',
			name: 'perNumberCapPolicyLimit',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 20 },
			default: 1,
			displayOptions: { show: { perNumberCapPolicy: ['custom'] } },
			description: 'The most texts one number may get in any 24 hours under this policy',
		},
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
