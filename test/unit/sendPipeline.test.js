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
const { sendThroughChecks } = require('../../nodes/Tatango/actions/send/pipeline');
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

/** `resource.operation` pairs whose description shows a parameter of this name. */
function operationsShowing(/** @type {string} */ name) {
	const shown = new Set();
	for (const property of new Tatango().description.properties) {
		if (property.name !== name) continue;
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

describe('sendThroughChecks', () => {
	const context = /** @type {any} */ ({
		getNodeParameter: (/** @type {string} */ name) =>
			({ resource: 'sms', operation: 'send' })[name],
	});
	const tatango = /** @type {any} */ ({});
	const recipient = { phoneNumber: '2065550100', channel: /** @type {const} */ ('SMS') };

	/** A check that records what it was asked and told, and answers `before` as given. */
	function recordingCheck(/** @type {string} */ name, /** @type {() => any} */ answer, log) {
		return {
			fields: [],
			before: async (
				/** @type {any} */ _c,
				/** @type {number} */ _i,
				_t,
				/** @type {any} */ text,
			) => {
				log.push(`${name}.before ${text.resource}.${text.operation} ${text.phoneNumber}`);
				return answer();
			},
			after: async (_c, _i, _t, _text, /** @type {any} */ outcome) => {
				log.push(`${name}.after ${outcome.status}`);
			},
		};
	}

	test('the checks run in order, then the post, then every check hears it was sent', async () => {
		/** @type {string[]} */
		const log = [];
		const checks = [
			recordingCheck('a', () => undefined, log),
			recordingCheck('b', () => undefined, log),
		];
		const output = await sendThroughChecks(
			context,
			0,
			tatango,
			recipient,
			async () => {
				log.push('post');
				return { transactionId: 't-1' };
			},
			checks,
		);
		expect(output).toEqual({ transactionId: 't-1' });
		expect(log).toEqual([
			'a.before sms.send 2065550100',
			'b.before sms.send 2065550100',
			'post',
			'a.after sent',
			'b.after sent',
		]);
	});

	test('a skip is the output; nothing is posted; the checks before it hear notSent', async () => {
		/** @type {string[]} */
		const log = [];
		const skip = { outcome: 'skipped' };
		const checks = [
			recordingCheck('a', () => undefined, log),
			recordingCheck('b', () => skip, log),
			recordingCheck('c', () => undefined, log),
		];
		const post = jest.fn();
		await expect(sendThroughChecks(context, 0, tatango, recipient, post, checks)).resolves.toBe(
			skip,
		);
		expect(post).not.toHaveBeenCalled();
		expect(log).toEqual([
			'a.before sms.send 2065550100',
			'b.before sms.send 2065550100',
			'a.after notSent',
		]);
	});

	test('a refusal throws; nothing is posted; the checks before it hear notSent', async () => {
		/** @type {string[]} */
		const log = [];
		const refusal = new Error('outside the allowed hours');
		const checks = [
			recordingCheck('a', () => undefined, log),
			recordingCheck('b', () => Promise.reject(refusal), log),
		];
		const post = jest.fn();
		await expect(sendThroughChecks(context, 0, tatango, recipient, post, checks)).rejects.toBe(
			refusal,
		);
		expect(post).not.toHaveBeenCalled();
		expect(log.slice(-1)).toEqual(['a.after notSent']);
	});

	test.each([
		['a failure that may have sent the text', 'maybeSent', true],
		['a failure that certainly sent nothing', 'notSent', false],
	])('%s is told as %s', async (_what, status, ambiguous) => {
		/** @type {string[]} */
		const log = [];
		const error = new NodeApiError(/** @type {any} */ ({ name: 'Tatango' }), { code: 'X' });
		if (ambiguous) error.context.mayHaveActed = true;
		const checks = [recordingCheck('a', () => undefined, log)];
		await expect(
			sendThroughChecks(context, 0, tatango, recipient, () => Promise.reject(error), checks),
		).rejects.toBe(error);
		expect(log).toEqual(['a.before sms.send 2065550100', `a.after ${status}`]);
	});

	test('the node runs the guardrails in the documented order: send once, opt-outs, send window, cap', () => {
		const checks = '../../nodes/Tatango/actions/send/checks';
		expect(SEND_CHECKS).toEqual([
			require(`${checks}/sendOnce`).sendOnceCheck,
			require(`${checks}/optOuts`).optOutCheck,
			require(`${checks}/sendWindow`).sendWindowCheck,
			require(`${checks}/perNumberCap`).perNumberCapCheck,
		]);
	});
});
