// @ts-check
'use strict';
/** n8n's REST API as the editor uses it: the owner account, workflows, activation, executions. */
const axios = require('axios').default;
const { waitFor } = require('./wait');

/** Same value on every request of one client: n8n ties its auth cookie to a browser id. */
const BROWSER_ID = 'n8n-nodes-tatango-harness';

class RestClient {
	/**
	 * @param {string} url base URL of the n8n server
	 * @param {string} [cookie] an `n8n-auth=...` cookie from an earlier login (n8n limits logins
	 *   to 5 a minute per e-mail, so tests share one)
	 */
	constructor(url, cookie = '') {
		this.url = url.replace(/\/+$/, '');
		this.cookie = cookie;
	}

	/**
	 * @param {import('axios').Method} method @param {string} p @param {unknown} [data]
	 * @returns {Promise<any>} the `data` of n8n's `{ data }` answer
	 */
	async request(method, p, data) {
		const r = await axios.request({
			method,
			url: `${this.url}${p}`,
			data,
			headers: { 'browser-id': BROWSER_ID, ...(this.cookie ? { cookie: this.cookie } : {}) },
			validateStatus: () => true,
			timeout: 30000,
		});
		const setCookie = r.headers['set-cookie'];
		if (setCookie) {
			const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
			if (auth) this.cookie = auth;
		}
		if (r.status >= 400) {
			const err = new Error(
				`${method} ${p} -> ${r.status} ${JSON.stringify(r.data).slice(0, 500)}`,
			);
			Object.assign(err, { status: r.status, body: r.data });
			throw err;
		}
		return r.data && typeof r.data === 'object' && 'data' in r.data ? r.data.data : r.data;
	}

	/** @returns {Promise<boolean>} */
	async isOwnerSetUp() {
		const s = await this.request('GET', '/rest/settings');
		return Boolean(s.userManagement && s.userManagement.showSetupOnFirstLoad === false);
	}

	/**
	 * Creates the owner account if the instance has none, then logs in.
	 * @param {{ email: string, password: string, firstName?: string, lastName?: string }} owner
	 */
	async ensureOwner(owner) {
		if (!(await this.isOwnerSetUp())) {
			await this.request('POST', '/rest/owner/setup', {
				email: owner.email,
				password: owner.password,
				firstName: owner.firstName || 'Local',
				lastName: owner.lastName || 'Owner',
			});
		}
		await this.login(owner.email, owner.password);
	}

	/**
	 * An API key of the logged-in user for n8n's public API, with only `scopes` (n8n accepts any
	 * subset of the user's role's scopes, also without an Enterprise licence). Returns the raw key.
	 * @param {string} label @param {string[]} scopes @returns {Promise<string>}
	 */
	async createApiKey(label, scopes) {
		const created = await this.request('POST', '/rest/api-keys', {
			label,
			scopes,
			expiresAt: null,
		});
		return created.rawApiKey;
	}

	/** @param {string} email @param {string} password */
	async login(email, password) {
		return this.request('POST', '/rest/login', { emailOrLdapLoginId: email, password });
	}

	/** @param {string} workflowId @returns {Promise<any[]>} newest first */
	async listExecutions(workflowId) {
		const q = encodeURIComponent(JSON.stringify({ workflowId }));
		const d = await this.request('GET', `/rest/executions?filter=${q}&limit=100`);
		return d.results || d;
	}

	/**
	 * One execution with its run data parsed (n8n's REST sends it `flatted`-encoded).
	 * @param {string} id
	 */
	async getExecution(id) {
		const e = await this.request('GET', `/rest/executions/${id}`);
		if (e && typeof e.data === 'string') e.data = unflatten(e.data);
		return e;
	}

	/**
	 * Waits for an execution of `workflowId` newer than `sinceId` that has finished.
	 * @param {string} workflowId @param {{ afterId?: string|number, timeoutMs?: number }} [o]
	 */
	async waitForExecution(workflowId, o = {}) {
		const done = await waitFor(
			async () =>
				(await this.listExecutions(workflowId)).find(
					(e) =>
						(o.afterId === undefined || Number(e.id) > Number(o.afterId)) &&
						e.status !== 'running' &&
						e.status !== 'new',
				),
			{
				timeoutMs: o.timeoutMs || 30000,
				intervalMs: 300,
				what: `a finished execution of ${workflowId}`,
			},
		);
		return this.getExecution(done.id);
	}

	/** @returns {Promise<any[]>} every credential type the server loaded (what the editor sees) */
	async credentialTypes() {
		return this.request('GET', '/types/credentials.json');
	}

	/** @returns {Promise<any[]>} every node type the server loaded (what the editor sees) */
	async nodeTypes() {
		return this.request('GET', '/types/nodes.json');
	}

	/**
	 * Creates a workflow through the REST API, as the editor does (faster than the CLI import,
	 * which boots n8n each time). Returns its id.
	 * @param {Record<string, any>} workflow
	 * @returns {Promise<string>}
	 */
	async createWorkflow(workflow) {
		/** @type {Record<string, any>} */
		const body = { settings: {}, connections: {}, ...workflow, active: false };
		delete body.id; // n8n assigns one
		const created = await this.request('POST', '/rest/workflows', body);
		return created.id;
	}

	/** @param {string} id */
	async getWorkflow(id) {
		return this.request('GET', `/rest/workflows/${id}`);
	}

	/**
	 * Publishes (activates) a workflow on the running server, so its production webhooks listen.
	 * @param {string} id
	 */
	async activateWorkflow(id) {
		const wf = await this.getWorkflow(id);
		return this.request('POST', `/rest/workflows/${id}/activate`, { versionId: wf.versionId });
	}

	/**
	 * Waits until a production webhook is registered: n8n 2.x publishes through an outbox, so the
	 * webhook goes live a moment (~0.2 s) after the activate call returns. Probes the path with a
	 * method the webhook does not listen on (PATCH unless told): n8n answers 404 "The requested
	 * webhook ... is not registered" while the path is unknown, and 404 "This webhook is not
	 * registered for PATCH requests" once it is, without running anything.
	 * @param {string} webhookPath e.g. `<webhookId>/tatango` (without the `webhook/` prefix)
	 * @param {{ timeoutMs?: number, prefix?: string, probeMethod?: import('axios').Method }} [o]
	 */
	async waitForWebhook(webhookPath, o = {}) {
		const url = `${this.url}/${o.prefix || 'webhook'}/${webhookPath.replace(/^\/+/, '')}`;
		await waitFor(
			async () => {
				const r = await axios.request({
					method: o.probeMethod || 'PATCH',
					url,
					validateStatus: () => true,
					timeout: 5000,
				});
				const message =
					r.data && typeof r.data === 'object' ? String(r.data.message || '') : String(r.data);
				return r.status !== 404 || !/^The requested webhook .* is not registered/.test(message);
			},
			{ timeoutMs: o.timeoutMs || 20000, intervalMs: 100, what: `webhook ${url} registered` },
		);
	}

	/** @param {string} id */
	async deactivateWorkflow(id) {
		return this.request('POST', `/rest/workflows/${id}/deactivate`, {});
	}
}

/**
 * Decodes n8n's `flatted` serialisation (an array of values where strings that are numbers
 * point at other entries) without loading the flatted package.
 * @param {string} text
 */
function unflatten(text) {
	const input = JSON.parse(text);
	if (!Array.isArray(input)) return input;
	const seen = new Map();
	/** @param {any} value */
	const revive = (value) => {
		if (typeof value === 'string' && /^\d+$/.test(value)) return resolveIndex(Number(value));
		return value;
	};
	/** @param {number} i */
	const resolveIndex = (i) => {
		if (seen.has(i)) return seen.get(i);
		const v = input[i];
		if (v === null || typeof v !== 'object') {
			seen.set(i, v);
			return v;
		}
		const out = Array.isArray(v) ? [] : {};
		seen.set(i, out);
		for (const [k, x] of Object.entries(v)) out[k] = revive(x);
		return out;
	};
	return resolveIndex(0);
}

module.exports = { BROWSER_ID, RestClient, unflatten };
