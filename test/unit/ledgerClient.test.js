// @ts-check
/**
 * The compliance ledger's HTTP client (nodes/shared/transport/ledgerClient.ts): the n8n API key goes
 * only through the credential's authentication to the n8n Base URL, never into an error; each
 * refusal of n8n's API says what to fix; reads are retried, writes only when never delivered.
 */
const { createLedgerHttp } = require('../../nodes/shared/transport');

const KEY = 'n8n_api_secret_key_0123456789';
const CREDENTIALS = { baseUrl: 'http://127.0.0.1:5678/', apiKey: KEY, dataTable: 'Ledger' };

/** A node context whose HTTP answers come from `answers`, one per call; records every request. */
function contextWith(/** @type {Array<any>} */ answers) {
	/** @type {any[]} */
	const requests = [];
	const context = {
		getNode: () => ({
			name: 'Tatango',
			credentials: { tatangoComplianceLedgerApi: { id: '1', name: 'Ledger' } },
		}),
		getCredentials: async () => ({ ...CREDENTIALS }),
		helpers: {
			httpRequestWithAuthentication: async (
				/** @type {string} */ type,
				/** @type {any} */ options,
			) => {
				requests.push({ type, ...options });
				const answer = answers.shift();
				if (answer instanceof Error) throw answer;
				return answer;
			},
		},
	};
	return { context: /** @type {any} */ (context), requests };
}

const call = (/** @type {'read' | 'write'} */ kind) => ({
	method: /** @type {'GET' | 'POST'} */ (kind === 'read' ? 'GET' : 'POST'),
	path: '/data-tables/t1/rows',
	kind,
	doing: 'reading rows',
});
const pause = async () => {};

test('a request goes to the n8n Base URL under /api/v1, signed by the ledger credential', async () => {
	const { context, requests } = contextWith([{ statusCode: 200, body: { data: [] } }]);
	await createLedgerHttp(context, { pause }).request(call('read'));
	expect(requests).toEqual([
		expect.objectContaining({
			type: 'tatangoComplianceLedgerApi',
			url: 'http://127.0.0.1:5678/api/v1/data-tables/t1/rows',
		}),
	]);
	expect(JSON.stringify(requests[0].headers ?? {})).not.toContain(KEY);
});

test.each([
	[401, 'n8n refused the API key', 'Settings → n8n API', `echo ${KEY}`],
	[403, 'may not do this', 'dataTableRow:create', `echo ${KEY}`],
	[404, 'was not found', 'n8n 1.x', `echo ${KEY}`],
	[
		400,
		'answered HTTP 400',
		'N8N_DATA_TABLES_MAX_SIZE_BYTES',
		'Data table size limit exceeded: 200MB used, limit is 200MB',
	],
])('HTTP %s: the error says what to fix, and holds no key', async (status, message, hint, said) => {
	const { context } = contextWith([{ statusCode: status, body: { message: said } }]);
	/** @type {any} */
	const error = await createLedgerHttp(context, { pause })
		.request(call('read'))
		.catch((/** @type {any} */ e) => e);
	expect(error.message).toContain(message);
	expect(error.description).toContain(hint);
	expect(`${error.message} ${error.description}`).not.toContain(KEY);
});

test('n8n without the Data Tables API (1.123.81 answers 404 to the table list): the error says so, and what to do', async () => {
	const { context } = contextWith([{ statusCode: 404, body: { message: 'not found' } }]);
	/** @type {any} */
	const error = await createLedgerHttp(context, { pause })
		.request({
			method: 'GET',
			path: '/data-tables',
			kind: 'read',
			doing: 'looking up the ledger table',
		})
		.catch((/** @type {any} */ e) => e);
	expect(error.message).toBe(
		'This n8n has no Data Tables API, which the compliance ledger needs (404 while looking up the ledger table)',
	);
	expect(error.description).toContain('1.123.81 (the last 1.x) has none');
	expect(error.description).toContain("workflow's own memory");
});

test('a read is tried again after a 503; a write is not (it may have been stored)', async () => {
	const read = contextWith([
		{ statusCode: 503, body: {} },
		{ statusCode: 200, body: { data: [] } },
	]);
	await expect(createLedgerHttp(read.context, { pause }).request(call('read'))).resolves.toEqual({
		data: [],
	});
	expect(read.requests).toHaveLength(2);

	const write = contextWith([
		{ statusCode: 503, body: {} },
		{ statusCode: 200, body: [] },
	]);
	await expect(createLedgerHttp(write.context, { pause }).request(call('write'))).rejects.toThrow(
		'answered HTTP 503',
	);
	expect(write.requests).toHaveLength(1);
});

test('a write is tried again only when the connection was refused (nothing reached n8n)', async () => {
	const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
	const reset = Object.assign(new Error(`socket hang up ${KEY}`), { code: 'ECONNRESET' });
	const { context, requests } = contextWith([refused, { statusCode: 200, body: [] }]);
	await createLedgerHttp(context, { pause }).request(call('write'));
	expect(requests).toHaveLength(2);

	const lost = contextWith([reset]);
	/** @type {any} */
	const error = await createLedgerHttp(lost.context, { pause })
		.request(call('write'))
		.catch((/** @type {any} */ e) => e);
	expect(lost.requests).toHaveLength(1);
	expect(error.message).toContain('could not be reached');
	expect(error.message).not.toContain(KEY);
});
