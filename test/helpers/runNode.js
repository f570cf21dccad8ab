// @ts-check
/**
 * Runs the Tatango node the way n8n runs it: a real Workflow executed by n8n-core's
 * WorkflowExecute, with the node's execute() reached through n8n's own execution context
 * (getNodeParameter with expressions and resource locators, getCredentials,
 * helpers.httpRequestWithAuthentication, continueOnFail, pairedItem bookkeeping).
 *
 * What stands in for the n8n server:
 * - a node-types registry holding only the Tatango node (imported from its TypeScript source;
 *   ts-jest compiles it), under the type name n8n gives a community node: `<package>.<node>`;
 * - a credentials helper that hands out the test's credential data (with the credential type's
 *   defaults filled in, as n8n does) and applies each credential type's real `authenticate`
 *   definition the way n8n's CLI CredentialsHelper does: every `={{$credentials.x}}` of an
 *   IAuthenticateGeneric is resolved with the workflow's expression engine and written into the
 *   request options (`auth` → HTTP Basic, `headers` → headers);
 * - an `additionalData` object with the few fields WorkflowExecute reads.
 *
 * HTTP goes out through the real path: n8n-core's httpRequestWithAuthentication →
 * `Container.get(OutboundHttp).requests().request()` (@n8n/backend-network, axios on Node's http
 * module), so nock intercepts exactly what n8n would put on the wire.
 */
const { additionalDataFor } = require('./additionalData');
const path = require('path');

const {
	Workflow,
	NodeHelpers,
	createRunExecutionData,
	ICredentialsHelper,
	isExpression,
} = require('n8n-workflow');
const { WorkflowExecute, ExecutionLifecycleHooks, Credentials } = require('n8n-core');

const { Tatango } = require('../../nodes/Tatango/Tatango.node');
const { TatangoApi } = require('../../credentials/TatangoApi.credentials');
const { TatangoV3Api } = require('../../credentials/TatangoV3Api.credentials');
const {
	TatangoComplianceLedgerApi,
} = require('../../credentials/TatangoComplianceLedgerApi.credentials');

/** The type name n8n gives the node once the package is installed (`<package name>.<node name>`). */
const NODE_TYPE = 'n8n-nodes-tatango.tatango';
const NODE_NAME = 'Tatango';

/**
 * n8n-core 2.41 fetches its HTTP client from a DI container:
 * `Container.get(OutboundHttp).requests().request(options)`. Nothing has to be registered for
 * that: the container builds OutboundHttp and its dependencies (SsrfProtectionService, the
 * env-driven SsrfProtectionConfig/GlobalConfig, Logger) from their @Service/@Config decorators.
 * n8n-core resolves its own, newer copies of @n8n/di, @n8n/backend-network and @n8n/config (not the
 * hoisted ones), and the container is a module-level singleton, so the harness reaches them
 * through n8n-core's location.
 */
const coreDir = path.dirname(require.resolve('n8n-core/package.json'));
const fromCore = (/** @type {string} */ id) => require(require.resolve(id, { paths: [coreDir] }));
const { Container } = fromCore('@n8n/di');
const { OutboundHttp } = fromCore('@n8n/backend-network');
const { SsrfProtectionConfig } = fromCore('@n8n/config');

/**
 * n8n sends requests through an env-configured proxy when HTTP(S)_PROXY is set; nock intercepts the
 * request to the target host only when it goes direct, so the test process never uses one.
 */
for (const name of [
	'HTTP_PROXY',
	'HTTPS_PROXY',
	'ALL_PROXY',
	'http_proxy',
	'https_proxy',
	'all_proxy',
]) {
	delete process.env[name];
}

/**
 * n8n's Logger (constructed when the DI container first builds OutboundHttp) writes node errors
 * straight to stdout. Quiet by default; N8N_LOG_LEVEL=debug shows the engine's log when debugging.
 */
process.env.N8N_LOG_LEVEL ??= 'silent';

const tatangoNode = new Tatango();

/** @type {Record<string, import('n8n-workflow').ICredentialType>} */
const credentialTypes = {
	tatangoApi: new TatangoApi(),
	tatangoV3Api: new TatangoV3Api(),
	tatangoComplianceLedgerApi: new TatangoComplianceLedgerApi(),
};

/** @type {import('n8n-workflow').INodeTypes} */
const nodeTypes = {
	getByName(type) {
		if (type === NODE_TYPE) return tatangoNode;
		throw new Error(`Unknown node type "${type}"`);
	},
	getByNameAndVersion(type) {
		if (type === NODE_TYPE) return tatangoNode;
		throw new Error(`Unknown node type "${type}"`);
	},
	getKnownTypes() {
		return {};
	},
};

/**
 * A credential's stored data as n8n hands it to a node: the type's defaults, overridden by what
 * the user saved (n8n's CredentialsHelper.getDecrypted does the same with getNodeParameters).
 * @param {string} type
 * @param {import('n8n-workflow').ICredentialDataDecryptedObject} data
 */
function withDefaults(type, data) {
	const credentialType = credentialTypes[type];
	if (!credentialType) throw new Error(`Unknown credential type "${type}"`);
	const defaults = /** @type {import('n8n-workflow').ICredentialDataDecryptedObject} */ (
		NodeHelpers.getNodeParameters(
			credentialType.properties,
			/** @type {any} */ (data),
			true,
			false,
			null,
			null,
		)
	);
	return { ...defaults, ...data };
}

/**
 * The parts of n8n's CredentialsHelper a node run reaches, backed by an in-memory map.
 * `authenticate` follows n8n's CLI implementation (packages/cli/src/credentials-helper.ts).
 */
class TestCredentialsHelper extends ICredentialsHelper {
	/** @param {Record<string, import('n8n-workflow').ICredentialDataDecryptedObject>} credentialsByType */
	constructor(credentialsByType) {
		super();
		this.credentialsByType = credentialsByType;
		/** @type {string[]} credential types the node asked for, in order */
		this.requested = [];
	}

	getParentTypes() {
		return [];
	}

	isCredentialUsableByNode() {
		return true;
	}

	getCredentialsProperties(/** @type {string} */ type) {
		return credentialTypes[type].properties;
	}

	/**
	 * @param {import('n8n-workflow').IWorkflowExecuteAdditionalData} _additionalData
	 * @param {import('n8n-workflow').INodeCredentialsDetails} _nodeCredentials
	 * @param {string} type
	 */
	async getDecrypted(_additionalData, _nodeCredentials, type) {
		this.requested.push(type);
		const data = this.credentialsByType[type];
		if (!data) throw new Error(`The test gave no "${type}" credentials`);
		return withDefaults(type, data);
	}

	/**
	 * @param {import('n8n-workflow').ICredentialDataDecryptedObject} credentials
	 * @param {string} typeName
	 * @param {import('n8n-workflow').IHttpRequestOptions} requestOptions
	 * @param {import('n8n-workflow').Workflow} [workflow]
	 * @param {import('n8n-workflow').INode} [node]
	 */
	async authenticate(credentials, typeName, requestOptions, workflow, node) {
		const { authenticate } = credentialTypes[typeName];
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!authenticate) return requestOptions;
		if (!workflow || !node)
			throw new Error('Workflow and node are required for declarative credential authentication');
		if (requestOptions.headers === undefined) requestOptions.headers = {};
		if (authenticate.type === 'generic') {
			const resolve = (/** @type {string} */ value) => {
				if (!isExpression(value)) return value;
				const resolved = workflow.expression.getSimpleParameterValue(
					node,
					value,
					'internal',
					{ $credentials: credentials },
					undefined,
					'',
				);
				return resolved ? String(resolved) : '';
			};
			for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
				const target = /** @type {Record<string, any>} */ (requestOptions);
				for (const [key, value] of Object.entries(outerValue)) {
					if (!target[outerKey]) target[outerKey] = {};
					target[outerKey][resolve(key)] = resolve(/** @type {string} */ (value));
				}
			}
		}
		return requestOptions;
	}

	async preAuthentication() {
		return undefined;
	}

	async runPreAuthentication() {
		return undefined;
	}

	/** @returns {Promise<any>} */
	async getCredentials() {
		return new Credentials({ id: null, name: '' }, '', '');
	}

	async updateCredentials() {}

	async updateCredentialsOauthTokenData() {}
}

/**
 * n8n's SSRF protection is off by default (N8N_SSRF_PROTECTION_ENABLED). Were it on, every request
 * would first resolve the Tatango host name in DNS, which nock does not intercept; so the
 * harness turns it off explicitly, whatever the environment says.
 */
function prepareContainer() {
	const ssrfConfig = Container.get(SsrfProtectionConfig);
	ssrfConfig.enabled = false;
	return Container.get(OutboundHttp);
}

/**
 * @typedef {object} RunNodeOptions
 * @property {import('n8n-workflow').INodeParameters} parameters The Tatango node's parameters, as a saved workflow holds them.
 * @property {import('n8n-workflow').IDataObject[]} [items] Input items' json (default: one empty item).
 * @property {{ tatangoApi?: import('n8n-workflow').ICredentialDataDecryptedObject, tatangoV3Api?: import('n8n-workflow').ICredentialDataDecryptedObject, tatangoComplianceLedgerApi?: import('n8n-workflow').ICredentialDataDecryptedObject }} [credentials]
 * @property {boolean} [continueOnFail] Shorthand for `onError: 'continueRegularOutput'`.
 * @property {'stopWorkflow' | 'continueRegularOutput' | 'continueErrorOutput'} [onError] The node's
 *   "On Error" setting: stop, continue (errors as regular output items), or continue using a
 *   separate error output.
 * @property {string} [timezone] The workflow's time zone setting (IANA name).
 * @property {string} [base] n8n's public address (WEBHOOK_URL), default a local n8n's (http).
 */

/**
 * @typedef {object} RunNodeResult
 * @property {import('n8n-workflow').INodeExecutionData[]} items The node's first output (empty when it failed).
 * @property {import('n8n-workflow').INodeExecutionData[][]} outputs Every output of the node (the
 *   second one is the error output when `onError` is 'continueErrorOutput').
 * @property {any} error The execution's error (the node's NodeApiError/NodeOperationError), if the run failed.
 * @property {import('n8n-workflow').IRun} run The full run as WorkflowExecute returned it.
 * @property {string[]} credentialTypesRequested Credential types the node loaded, in order.
 */

let executionCounter = 0;

/**
 * Runs one Tatango node on the given input items.
 * @param {RunNodeOptions} options
 * @returns {Promise<RunNodeResult>}
 */
async function runNode({
	parameters,
	items = [{}],
	credentials = {},
	continueOnFail = false,
	onError,
	timezone,
	base,
}) {
	const errorSetting = onError ?? (continueOnFail ? 'continueRegularOutput' : undefined);
	prepareContainer();

	/** @type {import('n8n-workflow').INode} */
	const node = {
		id: 'a1b2c3d4-0000-4000-8000-000000000001',
		name: NODE_NAME,
		type: NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: {
			...(credentials.tatangoApi ? { tatangoApi: { id: 'cred-v2', name: 'Tatango account' } } : {}),
			...(credentials.tatangoV3Api
				? { tatangoV3Api: { id: 'cred-v3', name: 'Tatango V3 account' } }
				: {}),
			...(credentials.tatangoComplianceLedgerApi
				? { tatangoComplianceLedgerApi: { id: 'cred-ledger', name: 'Compliance ledger' } }
				: {}),
		},
		...(errorSetting ? { onError: errorSetting } : {}),
	};

	const workflow = new Workflow({
		id: 'node-test',
		name: 'Tatango node test',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes,
		settings: { executionOrder: 'v1', ...(timezone ? { timezone } : {}) },
	});

	const credentialsHelper = new TestCredentialsHelper(/** @type {any} */ (credentials));
	const executionId = String(++executionCounter);
	const hooks = new ExecutionLifecycleHooks('manual', executionId, {
		id: 'node-test',
		name: 'Tatango node test',
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
		nodes: [node],
		connections: {},
	});

	const additionalData = additionalDataFor({ credentialsHelper, hooks, executionId, base });

	const runExecutionData = createRunExecutionData({
		executionData: {
			nodeExecutionStack: [
				{
					node,
					data: { main: [items.map((json) => ({ json }))] },
					source: null,
				},
			],
		},
	});

	const workflowExecute = new WorkflowExecute(additionalData, 'manual', runExecutionData);
	const run = await workflowExecute.processRunExecutionData(workflow);

	const taskData = run.data.resultData.runData[NODE_NAME]?.[0];
	const outputs = taskData?.data?.main?.map((output) => output ?? []) ?? [];
	return {
		items: outputs[0] ?? [],
		outputs,
		error: run.data.resultData.error ?? taskData?.error,
		run,
		credentialTypesRequested: credentialsHelper.requested,
	};
}

module.exports = {
	runNode,
	NODE_TYPE,
	NODE_NAME,
	nodeTypes,
	tatangoNode,
	TestCredentialsHelper,
	prepareContainer,
};
