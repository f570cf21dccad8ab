// @ts-check
'use strict';
/**
 * (d) v3 SMS at the documented 10/s: BENCH_SMS_SENDS sends through the Tatango node (credential:
 * Requests per Second = R) against the sandbox's limit of R a second, one `n8n execute`:
 * failures, double texts, achieved rate ÷ R (aim 0, 0, ≥ 97 %).
 */
const { intEnv, RATE } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { rateLimitedRun, achieved } = require('../lib/rateLimited');
const { fixed, int, mark, pct, texts } = require('../lib/format');

const SMS_SENDS = intEnv('BENCH_SMS_SENDS', 500);

/** @param {any} d */
const figures = (d) => {
	const ofRate = achieved(d.tatango) / d.rate;
	const ok = d.tatango.failed === 0 && d.tatango.texts.more === 0 && ofRate >= 0.97;
	return { ofRate, ok };
};

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'd',
	title: `${SMS_SENDS} v3 SMS at R = ${RATE}/s, Tatango node`,
	settings: ['BENCH_RATE', 'BENCH_SMS_SENDS'],
	workflows: (ctx) => ({ main: loadWorkflow('d-sms-rate.json', { ...ctx.tokens, SMS_SENDS }) }),

	async measure(ctx) {
		return {
			rate: RATE,
			sends: SMS_SENDS,
			tatango: await rateLimitedRun(ctx, {
				id: ctx.ids.main,
				node: 'Tatango',
				firstNumber: 2066000000,
				sends: SMS_SENDS,
				path: '/transactional_messages/send_sms',
			}),
		};
	},

	summary(d) {
		const x = figures(d);
		return [
			`| (d) | ${int(d.sends)} v3 SMS at R = ${d.rate}/s: failures; double texts; achieved rate ÷ R | ${int(d.tatango.failed)}; ${int(d.tatango.texts.more)}; ${pct(x.ofRate)} | 0; 0; ≥ 97 % | ${mark(x.ok)} |`,
		];
	},

	section(d) {
		const t = d.tatango;
		return [
			`## (d) ${int(d.sends)} v3 SMS against a limit of R = ${d.rate} requests/s (429 beyond)`,
			'',
			`One workflow run (\`n8n execute\`) of SMS → Send on ${int(d.sends)} numbers; the sandbox limits the v3 key to ${d.rate} calls per 1 s window, the Tatango credential says Requests per Second = ${d.rate}.`,
			'',
			'| node | sends | completed | failed | 429s answered | texts once / twice+ / none | node time | achieved rate | ÷ R |',
			'|---|---:|---:|---:|---:|---:|---:|---:|---:|',
			`| Tatango | ${int(d.sends)} | ${int(t.completed)} | ${int(t.failed)} | ${int(t.refused429)} | ${texts(t.texts)} | ${fixed(t.ms / 1000, 1)} s | ${fixed(achieved(t))}/s | ${pct(figures(d).ofRate)} |`,
		];
	},
};
