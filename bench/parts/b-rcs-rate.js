// @ts-check
'use strict';
/**
 * (b) A rate-limited service: the sandbox limits v3 to R (BENCH_RATE) calls a second, 429 beyond.
 * BENCH_RATE_SENDS RCS sends through the Tatango node (credential: Requests per Second = R) and
 * through an HTTP Request node with its defaults, one `n8n execute` each: completed, failed,
 * achieved rate ÷ R.
 */
const { intEnv, RATE } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { rateLimitedRun, achieved } = require('../lib/rateLimited');
const { fixed, int, mark, pct, texts } = require('../lib/format');

const SENDS = intEnv('BENCH_RATE_SENDS', 300);
const SEND_PATH = '/transactional_messages/send_rcs_rich_card';

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'b',
	title: `${SENDS} RCS sends at R = ${RATE}/s, Tatango node and HTTP Request node`,
	settings: ['BENCH_RATE', 'BENCH_RATE_SENDS'],
	workflows: (ctx) => ({
		tatango: loadWorkflow('b-rcs-tatango.json', { ...ctx.tokens, SENDS }),
		http: loadWorkflow('b-rcs-http-request.json', { ...ctx.tokens, SENDS }),
	}),

	async measure(ctx) {
		const common = { sends: SENDS, path: SEND_PATH };
		return {
			rate: RATE,
			sends: SENDS,
			tatango: await ctx.step('(b) Tatango node', () =>
				rateLimitedRun(ctx, {
					...common,
					id: ctx.ids.tatango,
					node: 'Tatango',
					firstNumber: 2065800000,
				}),
			),
			http: await ctx.step('(b) HTTP Request node', () =>
				rateLimitedRun(ctx, {
					...common,
					id: ctx.ids.http,
					node: 'HTTP Request',
					firstNumber: 2065900000,
				}),
			),
		};
	},

	summary(b) {
		const ofRate = achieved(b.tatango) / b.rate;
		return [
			`| (b) | Tatango node at R = ${b.rate}/s: failures; achieved rate ÷ R | ${int(b.tatango.failed)}; ${pct(ofRate)} | 0; ≥ 90 % | ${mark(b.tatango.failed === 0 && ofRate >= 0.9)} |`,
		];
	},

	section(b) {
		/** @param {string} name @param {any} x */
		const row = (name, x) =>
			`| ${name} | ${int(b.sends)} | ${int(x.completed)} | ${int(x.failed)} | ${int(x.refused429)} | ${texts(x.texts)} | ${fixed(x.ms / 1000, 1)} s | ${fixed(achieved(x))}/s | ${pct(achieved(x) / b.rate)} |`;
		const httpStop = b.http.runError || b.http.error;
		return [
			`## (b) ${int(b.sends)} RCS sends against a limit of R = ${b.rate} requests/s (429 beyond)`,
			'',
			`The sandbox limits the v3 key to ${b.rate} calls per 1 s window and answers 429 with Retry-After beyond. ` +
				`The Tatango credential says Requests per Second = ${b.rate}; the HTTP Request node has its defaults (no batching, no retry, stop on error). ` +
				'Completed = sends the sandbox accepted (202); achieved rate = completed ÷ node time.',
			'',
			'| node | sends | completed | failed | 429s answered | texts once / twice+ / none | node time | achieved rate | ÷ R |',
			'|---|---:|---:|---:|---:|---:|---:|---:|---:|',
			row('Tatango', b.tatango),
			row('HTTP Request', b.http),
			'',
			httpStop
				? `The HTTP Request node's run ended with: "${String(httpStop).replace(/\s+/g, ' ').slice(0, 200)}". ` +
					`Its rate is over the ${fixed(b.http.ms / 1000, 1)} s it ran before stopping, for ${int(b.http.completed)} of ${int(b.sends)} sends.`
				: '',
		];
	},
};
