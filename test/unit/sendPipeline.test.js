// @ts-check
/**
 * The one way a text goes out (nodes/Tatango/actions/send/): every operation that texts a person
 * gets every guardrail from the one list of checks, and the pipeline runs them in order and tells
 * each what became of the text.
 */
const fs = require('fs');
const path = require('path');
const { NodeApiError } = require('n8n-workflow');

const { Tatango } = require('../../nodes/Tatango/Tatango.node');
const { SEND_CHECKS, guardrailFields } = require('../../nodes/Tatango/actions/send/checks');
const { SendRun } = require('../../nodes/Tatango/actions/send/run');
const { mayHaveBeenSent } = require('../../nodes/shared/transport');
const {
	apiErrorFromNetwork,
	apiErrorFromResponse,
	apiErrorFromUnreadableAnswer,
} = require('../../nodes/shared/transport/errors');

/** Every operation that texts one person, as `resource.operation`. */
const TEXTING_OPERATIONS = [
	'mms.send',
	'rcs.sendCarousel',
	'rcs.sendFile',
	'rcs.sendRichCard',
	'rcs.sendText',
	'sms.send',
	'sms.sendAndWait',
	'transactionalMessage.send',
	'whatsApp.sendTemplate',
];

const GUARDRAIL_NAMES = guardrailFields.map((field) => field.name);

/** `resource.operation` pairs whose Compliance collection offers a parameter of this name. */
function operationsShowing(/** @type {string} */ name) {
	const shown = new Set();
	for (const property of new Tatango().description.properties) {
		if (property.name !== 'compliance') continue;
		if (!(/** @type {any[]} */ (property.options ?? []).some((o) => o.name === name))) continue;
		const show = property.displayOptions?.show ?? {};
		for (const resource of /** @type {string[]} */ (show.resource ?? [])) {
			for (const operation of /** @type {string[]} */ (show.operation ?? [])) {
				shown.add(`${resource}.${operation}`);
			}
		}
	}
	return [...shown].sort();
}

describe('every texting operation gets every guardrail from the one list', () => {
	test.each(GUARDRAIL_NAMES)('%s shows on exactly the operations that text a person', (name) => {
		expect(operationsShowing(name)).toEqual(TEXTING_OPERATIONS);
	});

	test('no operation file names a guardrail field: they come from send/checks/', () => {
		const actions = path.join(__dirname, '../../nodes/Tatango/actions');
		/** @type {string[]} */
		const offenders = [];
		const walk = (/** @type {string} */ dir) => {
			for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
				const full = path.join(dir, entry.name);
				if (entry.isDirectory()) {
					if (full !== path.join(actions, 'send')) walk(full);
				} else if (entry.name.endsWith('.ts')) {
					const source = fs.readFileSync(full, 'utf8');
					for (const name of GUARDRAIL_NAMES) {
						if (source.includes(`'${name}'`)) offenders.push(`${entry.name}: ${name}`);
					}
				}
			}
		};
		walk(actions);
		expect(offenders).toEqual([]);
	});
});

describe('the transport says which failures may have sent the text', () => {
	const node = /** @type {any} */ ({ name: 'Tatango', type: 'n8n-nodes-tatango.tatango' });
	test.each([
		[
			'a time-out of a send',
			apiErrorFromNetwork(node, 'ECONNABORTED', 'ambiguous_send', 1, 0, 60000),
			true,
		],
		[
			'a refused connection',
			apiErrorFromNetwork(node, 'ECONNREFUSED', 'final', 3, 0, 60000),
			false,
		],
		[
			'a 500 to a send',
			apiErrorFromResponse(
				node,
				{
					api: 'v3',
					statusCode: 500,
					body: {},
					attempts: 1,
					stoppedBecause: 'ambiguous_send',
					waitedMs: 0,
				},
				0,
			),
			true,
		],
		[
			'a 422',
			apiErrorFromResponse(
				node,
				{
					api: 'v3',
					statusCode: 422,
					body: { message: 'Invalid' },
					attempts: 1,
					stoppedBecause: 'final',
					waitedMs: 0,
				},
				0,
			),
			false,
		],
		[
			'an unreadable 200 to a send',
			apiErrorFromUnreadableAnswer(node, { statusCode: 200, body: '<html>', isSend: true }, 0),
			true,
		],
		['a plain error', new Error('x'), false],
	])('%s', (_what, error, expected) => {
		expect(mayHaveBeenSent(error)).toBe(expected);
	});
});

describe('SendRun', () => {
	/** A stand-in node run: `parameters` per item, and how often each was read. */
	function nodeRun(/** @type {Array<Record<string, unknown>>} */ items) {
		/** @type {Record<string, number>} */
		const reads = {};
		const context = /** @type {any} */ ({
			getInputData: () => items.map(() => ({ json: {} })),
			// Values that differ per item come from expressions in the saved node.
			getNode: () => ({
				parameters: Object.fromEntries(
					items.flatMap(Object.keys).map((name) => [name, `={{ $json.${name} }}`]),
				),
			}),
			getNodeParameter: (/** @type {string} */ name, /** @type {number} */ i, fallback) => {
				reads[`${name}@${i}`] = (reads[`${name}@${i}`] ?? 0) + 1;
				if (name === 'resource') return 'sms';
				if (name === 'operation') return 'send';
				return name in items[i] ? items[i][name] : fallback;
			},
			logger: { warn: jest.fn() },
		});
		return { context, reads };
	}
	const reader = /** @type {any} */ ({
		channel: 'SMS',
		phoneNumber: (/** @type {any} */ context, /** @type {number} */ i) =>
			String(context.getNodeParameter('phoneNumber', i)),
	});
	const tatango = /** @type {any} */ ({});

	/** A check that logs what it was asked and told, and answers `before` as given. */
	function loggingCheck(/** @type {string} */ name, /** @type {() => any} */ answer, log) {
		return {
			name,
			fields: [],
			start: () => ({
				before: async (/** @type {any} */ text) => {
					log.push(`${name}.before ${text.resource}.${text.operation} ${text.phoneNumber}`);
					return await answer();
				},
				after: async (/** @type {any} */ _text, /** @type {any} */ outcome) => {
					log.push(`${name}.after ${outcome.status}`);
				},
				end: async () => {
					log.push(`${name}.end`);
				},
			}),
		};
	}
	const pass = () => ({ verdict: 'pass' });

	async function sendItem0(
		/** @type {any[]} */ checks,
		/** @type {() => Promise<any>} */ post,
		/** @type {any[]} */ recorders = [],
	) {
		const { context } = nodeRun([{ phoneNumber: '2065550100' }]);
		const run = new SendRun(context, tatango, checks, recorders);
		try {
			return await run.send(run.textOf(0, reader), post);
		} finally {
			await run.end();
		}
	}

	test('the checks run in order, then the post, then every check hears it was sent', async () => {
		/** @type {string[]} */
		const log = [];
		const checks = [loggingCheck('a', pass, log), loggingCheck('b', pass, log)];
		const output = await sendItem0(checks, async () => {
			log.push('post');
			return { transactionId: 't-1' };
		});
		expect(output).toEqual({ outcome: 'sent', transactionId: 't-1' });
		expect(log).toEqual([
			'a.before sms.send 2065550100',
			'b.before sms.send 2065550100',
			'post',
			'a.after sent',
			'b.after sent',
			'a.end',
			'b.end',
		]);
	});

	test('a check that is off is not told the outcome', async () => {
		/** @type {string[]} */
		const log = [];
		const checks = [loggingCheck('a', () => ({ verdict: 'off' }), log)];
		await sendItem0(checks, async () => ({ transactionId: 't-1' }));
		expect(log).toEqual(['a.before sms.send 2065550100', 'a.end']);
	});

	test('a skip is the output; nothing is posted; the checks before it hear notSent', async () => {
		/** @type {string[]} */
		const log = [];
		const skip = { outcome: 'skipped' };
		const checks = [
			loggingCheck('a', pass, log),
			loggingCheck('b', () => ({ verdict: 'skip', output: skip }), log),
			loggingCheck('c', pass, log),
		];
		const post = jest.fn();
		await expect(sendItem0(checks, post)).resolves.toBe(skip);
		expect(post).not.toHaveBeenCalled();
		expect(log.slice(0, 3)).toEqual([
			'a.before sms.send 2065550100',
			'b.before sms.send 2065550100',
			'a.after notSent',
		]);
	});

	test('a refusal throws its error; nothing is posted; the checks before it hear notSent', async () => {
		/** @type {string[]} */
		const log = [];
		const refusal = new Error('outside the allowed hours');
		const checks = [
			loggingCheck('a', pass, log),
			loggingCheck('b', () => ({ verdict: 'refuse', error: refusal }), log),
		];
		const post = jest.fn();
		await expect(sendItem0(checks, post)).rejects.toBe(refusal);
		expect(post).not.toHaveBeenCalled();
		expect(log).toContain('a.after notSent');
	});

	test.each([
		['a failure that may have sent the text', 'maybeSent', true],
		['a failure that certainly sent nothing', 'notSent', false],
	])('%s is told as %s', async (_what, status, ambiguous) => {
		/** @type {string[]} */
		const log = [];
		const error = new NodeApiError(/** @type {any} */ ({ name: 'Tatango' }), { code: 'X' });
		if (ambiguous) error.context.mayHaveActed = true;
		const checks = [loggingCheck('a', pass, log)];
		await expect(sendItem0(checks, () => Promise.reject(error))).rejects.toBe(error);
		expect(log).toEqual(['a.before sms.send 2065550100', `a.after ${status}`, 'a.end']);
	});

	test('a recorder hears each text with every verdict and its fate, then the run as one batch', async () => {
		/** @type {any[]} */
		const heard = [];
		/** @type {any[]} */
		const batches = [];
		const recorder = {
			start: () => ({
				text: async (/** @type {any} */ record) => {
					heard.push(record);
				},
				end: async (/** @type {any[]} */ records) => {
					batches.push(records);
				},
			}),
		};
		const rule = { name: 'Florida', citation: 'Fla. Stat. § 501.616(6)(b)' };
		const checks = [
			{ name: 'off', fields: [], start: () => ({ before: async () => ({ verdict: 'off' }) }) },
			{
				name: 'cap',
				fields: [],
				start: () => ({
					before: async () => ({ verdict: 'pass', rule, details: { count: 1 } }),
				}),
			},
		];
		await sendItem0(checks, async () => ({ transactionId: 't-9' }), [recorder]);
		expect(heard).toEqual([
			expect.objectContaining({
				itemIndex: 0,
				phoneNumber: '2065550100',
				channel: 'SMS',
				resource: 'sms',
				operation: 'send',
				verdicts: [
					{ check: 'off', verdict: 'off' },
					{ check: 'cap', verdict: 'pass', rule, details: { count: 1 } },
				],
				fate: { status: 'sent', transactionId: 't-9' },
			}),
		]);
		expect(batches).toEqual([heard]);
	});

	test('a text held back is recorded with the check that held it', async () => {
		/** @type {any[]} */
		const heard = [];
		const recorder = { start: () => ({ text: async (/** @type {any} */ r) => heard.push(r) }) };
		const error = new Error('Not sent: past the cap');
		const checks = [
			{
				name: 'cap',
				fields: [],
				start: () => ({ before: async () => ({ verdict: 'refuse', error }) }),
			},
		];
		await expect(sendItem0(checks, jest.fn(), [recorder])).rejects.toBe(error);
		expect(heard[0].fate).toEqual({ status: 'refused', check: 'cap', error: error.message });
	});

	test('the texts ahead are read once each, through the operation reader, also at their turn', async () => {
		const { context, reads } = nodeRun([
			{ phoneNumber: '2065550100', sendOncePer: 'a' },
			{ phoneNumber: '2065550101', sendOncePer: 'b' },
			{ phoneNumber: 'not a number', sendOncePer: 'c' },
		]);
		const run = new SendRun(context, tatango, [], []);
		run.textOf(0, reader);
		const ahead = run.textsAhead(0, 10);
		expect(ahead.map((text) => text.itemIndex)).toEqual([0, 1, 2]);
		expect(ahead.map((text) => text.sendOnceKey)).toEqual(['a', 'b', 'c']);
		expect(ahead.map((text) => text.phoneNumber)).toEqual([
			'2065550100',
			'2065550101',
			'not a number',
		]);
		// At their own turn: the same records, nothing read again.
		expect(run.textOf(1, reader)).toBe(ahead[1]);
		expect(run.textOf(1, reader).sendOnceKey).toBe('b');
		expect(reads['sendOncePer@1']).toBe(1);
		expect(reads['phoneNumber@1']).toBe(1);
	});

	test('a value that does not read throws the same error at every ask, read once', async () => {
		let calls = 0;
		const failing = /** @type {any} */ ({
			channel: 'SMS',
			phoneNumber: () => {
				calls++;
				throw new Error('Invalid Phone Number');
			},
		});
		const { context } = nodeRun([{}]);
		const text = new SendRun(context, tatango, [], []).textOf(0, failing);
		expect(() => text.phoneNumber).toThrow('Invalid Phone Number');
		expect(() => text.phoneNumber).toThrow('Invalid Phone Number');
		expect(calls).toBe(1);
	});

	test('the node runs the guardrails in the documented order: a required ledger, send once, opt-outs, send window, cap', () => {
		const checks = '../../nodes/Tatango/actions/send/checks';
		expect(SEND_CHECKS).toEqual([
			require(`${checks}/ledgerRequired`).ledgerRequiredCheck,
			require(`${checks}/sendOnce`).sendOnceCheck,
			require(`${checks}/optOuts`).optOutCheck,
			require(`${checks}/sendWindow`).sendWindowCheck,
			require(`${checks}/perNumberCap`).perNumberCapCheck,
		]);
	});
});
