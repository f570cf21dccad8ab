import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/**
 * The compliance ledger: a Data Table in an n8n project, reached through n8n's public API with an
 * n8n API key. A credential of its own (not n8n's "n8n API" credential, which n8n does not let a
 * community node use, nor a Tatango credential): the n8n key goes only to n8n's URL, a Tatango key
 * never does, and one ledger can serve several Tatango accounts. Design: docs/ledger.md.
 */
export class TatangoComplianceLedgerApi implements ICredentialType {
	name = 'tatangoComplianceLedgerApi';

	displayName = 'Tatango Compliance Ledger API';

	icon = { light: 'file:../icons/tatango.svg', dark: 'file:../icons/tatango.dark.svg' } as const;

	documentationUrl = 'https://github.com/tatango/n8n-nodes-tatango/blob/main/docs/ledger.md';

	properties: INodeProperties[] = [
		{
			displayName: 'n8n Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://localhost:5678',
			required: true,
			placeholder: 'https://n8n.example.com',
			description:
				"This n8n's own address as its API sees it, without /api/v1 (in queue mode, the main instance's or any webhook process's)",
		},
		{
			displayName: 'n8n API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				"Created in n8n under Settings → n8n API. It needs only the data table scopes (dataTable:list, dataTable:create, dataTableRow:*) where n8n offers scopes; elsewhere, create it as a member who can reach only the ledger's project. Sent only to the n8n Base URL, in the X-N8N-API-KEY header.",
		},
		{
			displayName: 'Data Table',
			name: 'dataTable',
			type: 'string',
			default: 'Tatango Compliance Ledger',
			required: true,
			description:
				"The Data Table's name or ID. A name that no table has yet: the node creates the table (in the Project below, or the key owner's personal project).",
		},
		{
			displayName: 'Project ID',
			name: 'projectId',
			type: 'string',
			default: '',
			description:
				"Where a new ledger table is created. Empty: the personal project of the API key's owner. Every workflow that should count together uses a credential naming the same table.",
		},
		{
			displayName: 'Keep Records (Days)',
			name: 'retentionDays',
			type: 'number',
			typeOptions: { minValue: 30 },
			default: 1830,
			description:
				"How long a row stays once no cap or key needs it any more. Default five years (and a day): a TCPA claim may come four years after a text (28 U.S.C. § 1658), the FTC's Telemarketing Sales Rule keeps records five years. Revocations and opt-ins stay until a newer one for the number replaces them.",
		},
	];

	/**
	 * The key in the X-N8N-API-KEY header, set by n8n per request (the transport never writes it):
	 * a function rather than an expression, which n8n evaluates in an isolate on every request.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, 'X-N8N-API-KEY': String(credentials.apiKey ?? '') },
		};
	}

	// Listing data tables proves the URL is n8n's, the public API is on and the key may read tables.
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{String($credentials.baseUrl ?? "").trim().replace(/\\/+$/, "")}}',
			url: '/api/v1/data-tables',
			qs: { limit: 1 },
			method: 'GET',
			json: true,
			disableFollowRedirect: true,
		},
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'data',
					value: undefined,
					message:
						"This URL did not answer as n8n's public API: check the n8n Base URL (without /api/v1) and that the public API is enabled",
				},
			},
		],
	};
}
