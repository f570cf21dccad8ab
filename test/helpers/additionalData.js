// @ts-check
'use strict';
/**
 * The `additionalData` n8n-core's WorkflowExecute reads, for runs in tests: URLs as a local n8n
 * would have them, and no sub-workflows or task runners.
 * @param {{ credentialsHelper: any, hooks: any, executionId: string, base?: string }} parts
 *   `base`: n8n's public address (WEBHOOK_URL), default a local n8n's.
 * @returns {any}
 */
function additionalDataFor({
	credentialsHelper,
	hooks,
	executionId,
	base = 'http://localhost:5678',
}) {
	const unsupported = async () => {
		throw new Error('not supported in these tests');
	};
	return {
		credentialsHelper,
		hooks,
		executionId,
		currentNodeExecutionIndex: 0,
		restApiUrl: `${base}/rest`,
		instanceBaseUrl: `${base}/`,
		formBaseUrl: `${base}/form`,
		formWaitingBaseUrl: `${base}/form-waiting`,
		formTestBaseUrl: `${base}/form-test`,
		webhookBaseUrl: `${base}/webhook`,
		webhookWaitingBaseUrl: `${base}/webhook-waiting`,
		webhookTestBaseUrl: `${base}/webhook-test`,
		mcpBaseUrl: `${base}/mcp`,
		mcpTestBaseUrl: `${base}/mcp-test`,
		variables: {},
		timezone: 'UTC',
		executeWorkflow: unsupported,
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		logAiEvent: () => {},
		startRunnerTask: unsupported,
	};
}

module.exports = { additionalDataFor };
