// @ts-check
'use strict';
/**
 * (a) Per-item overhead: BENCH_ITEMS transactional SMS through the Tatango node and the same calls
 * through an HTTP Request node, in one `n8n execute` run; node time per item as n8n records it, and
 * the ratio. The Tatango credential's pacing is out of the way (the sandbox has no limit here).
 */
const { intEnv } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { countsFor } = require('../lib/sandbox');
const { executePrinted, nodeRun } = require('../lib/execute');
const { fixed, int, mark, texts } = require('../lib/format');

const ITEMS = intEnv('BENCH_ITEMS', 2000);
/** The numbers each branch texts start here (a-transactional.json). */
const TATANGO_FIRST = 2065600000;
const HTTP_FIRST = 2065700000;

/** @param {any} a */
function figures(a) {
	const perItemTatango = a.tatango.ms / a.items;
	const perItemHttp = a.http.ms / a.items;
	return { perItemTatango, perItemHttp, ratio: perItemTatango / perItemHttp };
}

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'a',
	title: `${ITEMS} transactional SMS, Tatango node then HTTP Request node (n8n execute)`,
	settings: ['BENCH_ITEMS'],
	workflows: (ctx) => ({ main: loadWorkflow('a-transactional.json', { ...ctx.tokens, ITEMS }) }),

	async measure(ctx) {
		const run = await executePrinted(ctx, ctx.ids.main);
		const { messageCounts } = await ctx.sandbox.inspect();
		return {
			items: ITEMS,
			tatango: {
				...nodeRun(run, 'Tatango'),
				texts: countsFor(messageCounts, TATANGO_FIRST, ITEMS),
			},
			http: { ...nodeRun(run, 'HTTP Request'), texts: countsFor(messageCounts, HTTP_FIRST, ITEMS) },
		};
	},

	summary(a) {
		const { ratio } = figures(a);
		return [
			`| (a) | time per item, Tatango ÷ HTTP Request (${int(a.items)} transactional SMS) | ${fixed(ratio)} | ≤ 1.0 | ${mark(ratio <= 1)} |`,
		];
	},

	section(a) {
		const x = figures(a);
		return [
			`## (a) ${int(a.items)} × Send Transactional Message, no rate limit`,
			'',
			'One workflow run (`n8n execute`): a Manual Trigger feeds two branches, each splitting out its own ' +
				`${int(a.items)} numbers; the Tatango branch runs first. Time is the node's own execution time as n8n records it. ` +
				"The Tatango credential's pacing is set out of the way (Requests per Hour 360,000,000); the HTTP Request node (v4.2) posts the same body with Basic Auth and its defaults.",
			'',
			'| node | items out | errors | texts once / twice+ / none | node time | per item |',
			'|---|---:|---:|---:|---:|---:|',
			`| Tatango | ${int(a.tatango.items)} | ${int(a.tatango.errors)} | ${texts(a.tatango.texts)} | ${fixed(a.tatango.ms / 1000)} s | ${fixed(x.perItemTatango)} ms |`,
			`| HTTP Request | ${int(a.http.items)} | ${int(a.http.errors)} | ${texts(a.http.texts)} | ${fixed(a.http.ms / 1000)} s | ${fixed(x.perItemHttp)} ms |`,
			'',
			`Ratio (Tatango ÷ HTTP Request): **${fixed(x.ratio)}**.`,
		];
	},
};
