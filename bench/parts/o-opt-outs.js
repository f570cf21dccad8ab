// @ts-check
'use strict';
/**
 * (o) Skip Opted-Out Numbers: BENCH_OPT_OUT_SENDS v3 SMS against list 101 holding BENCH_OPT_OUTS
 * opt-outs (one in ten of the numbers texted among them, the rest other numbers), beside the same
 * run with the option off, in BENCH_OPT_OUT_ROUNDS interleaved rounds (off, on, ...), each from a
 * fresh sandbox, pacing out of the way: calls to the list's opt-outs, skips, texts, and first to
 * last call with and without the check (from the sandbox's record: `n8n execute` may exit before a
 * 1,000-item run is all printed).
 */
const { intEnv } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { countsFor, spanMs } = require('../lib/sandbox');
const { executeUnprinted } = require('../lib/execute');
const { LATE_EVENTS } = require('../lib/rateLimited');
const { fixed, int, mark, median, texts } = require('../lib/format');

const SENDS = intEnv('BENCH_OPT_OUT_SENDS', 1000);
const OPT_OUTS = intEnv('BENCH_OPT_OUTS', 10000);
const ROUNDS = intEnv('BENCH_OPT_OUT_ROUNDS', 2);
const LIST_ID = 101;
const READ_PATH = `/api/v2/lists/${LIST_ID}/subscribers/unsubscribed`;
const SEND_PATH = '/transactional_messages/send_sms';
/** The numbers texted start here; every tenth of them opted out of the list. */
const FIRST_SEND = 2068000000;
const EVERY = 10;
/** The list's other opt-outs: numbers the run does not text. */
const OTHERS_FROM = 2069000000;

/** The workflow with Skip Opted-Out Numbers off: the same sends, no check. @param {Record<string, any>} workflow */
function withoutOptOutCheck(workflow) {
	workflow.name += ' (check off)';
	const node = workflow.nodes.find((/** @type {any} */ n) => n.name === 'Tatango');
	node.parameters.skipOptedOut = false;
	return workflow;
}

/** @param {import('../lib/context').Context} ctx @param {string} id @param {string[]} optOuts */
async function once(ctx, id, optOuts) {
	await ctx.sandbox.reset();
	await ctx.sandbox.config({ ...LATE_EVENTS, maxRecordedRequests: SENDS + 1000 });
	await ctx.sandbox.optOuts(LIST_ID, optOuts);
	const { exitCode } = await executeUnprinted(ctx, id);
	const { requests, messageCounts } = await ctx.sandbox.inspect();
	const reads = requests.filter((r) => r.path === READ_PATH);
	const sent = requests.filter((r) => r.path === SEND_PATH);
	const texted = countsFor(messageCounts, FIRST_SEND, SENDS);
	return {
		exitCode,
		optOutReads: reads.length,
		sendCalls: sent.length,
		skipped: texted.none,
		texts: texted,
		// From the node's first call (the first page of opt-outs, or the first send) to its last.
		ms: spanMs([...reads, ...sent]),
		readMs:
			reads.length > 0
				? (Math.min(...sent.map((r) => r.arrivedUs)) - Math.min(...reads.map((r) => r.arrivedUs))) /
					1000
				: 0,
	};
}

/**
 * The summary's facts (medians of the interleaved rounds). The check reads the list once per run,
 * so its cost is those reads, not a cost per item.
 * @param {any} o
 */
function figures(o) {
	const on = o.rounds.on;
	const msOn = median(on.map((/** @type {any} */ x) => x.ms));
	const msOff = median(o.rounds.off.map((/** @type {any} */ x) => x.ms));
	const pages = Math.ceil(o.optOuts / 1000);
	const exact = on.every(
		(/** @type {any} */ x) =>
			x.optOutReads === pages &&
			x.skipped === o.optedOutAmongSends &&
			x.texts.more === 0 &&
			x.texts.once === o.sends - o.optedOutAmongSends,
	);
	return {
		msOn,
		msOff,
		readMs: median(on.map((/** @type {any} */ x) => x.readMs)),
		extraMs: msOn - msOff,
		readsPerRun: Math.max(...on.map((/** @type {any} */ x) => x.optOutReads)),
		pages,
		exact,
	};
}

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'o',
	title: `${SENDS} v3 SMS against ${OPT_OUTS} opt-outs, check on and off, ${ROUNDS} rounds`,
	settings: ['BENCH_OPT_OUT_SENDS', 'BENCH_OPT_OUTS', 'BENCH_OPT_OUT_ROUNDS'],
	workflows: (ctx) => ({
		on: loadWorkflow('o-opt-outs.json', { ...ctx.tokens, OPT_OUT_SENDS: SENDS }),
		off: withoutOptOutCheck(
			loadWorkflow('o-opt-outs.json', { ...ctx.tokens, OPT_OUT_SENDS: SENDS }),
		),
	}),

	async measure(ctx) {
		const among = Array.from({ length: Math.ceil(SENDS / EVERY) }, (_, i) =>
			String(FIRST_SEND + i * EVERY),
		);
		const others = Array.from({ length: Math.max(0, OPT_OUTS - among.length) }, (_, i) =>
			String(OTHERS_FROM + i),
		);
		/** @type {{ off: any[], on: any[] }} */
		const rounds = { off: [], on: [] };
		for (let round = 0; round < ROUNDS; round++) {
			rounds.off.push(await once(ctx, ctx.ids.off, [...among, ...others]));
			rounds.on.push(await once(ctx, ctx.ids.on, [...among, ...others]));
		}
		return {
			sends: SENDS,
			optOuts: among.length + others.length,
			optedOutAmongSends: among.length,
			rounds,
		};
	},

	summary(o) {
		const f = figures(o);
		return [
			`| (o) | Skip Opted-Out Numbers, ${int(o.sends)} sends, ${int(o.optOuts)} opt-outs: calls to the list per run; skipped and texted exactly right | ${int(f.readsPerRun)}; ${mark(f.exact)} | ${int(f.pages)} (once per run); yes | ${mark(f.exact)} |`,
		];
	},

	section(o) {
		const f = figures(o);
		/** @param {string} label @param {any} x */
		const row = (label, x) =>
			`| ${label} | ${int(x.optOutReads)} | ${x.optOutReads ? `${fixed(x.readMs / 1000, 2)} s` : '–'} | ${int(x.sendCalls)} | ${texts(x.texts)} | ${fixed(x.ms / 1000, 2)} s |`;
		return [
			`## (o) Skip Opted-Out Numbers: ${int(o.sends)} v3 SMS against a list with ${int(o.optOuts)} opt-outs`,
			'',
			`SMS → Send on ${int(o.sends)} numbers with Skip Opted-Out Numbers on list ${LIST_ID}, which holds ${int(o.optOuts)} opt-outs (${int(o.optedOutAmongSends)} of them among the numbers texted), beside the same run with the option off; ` +
				`${o.rounds.on.length} interleaved rounds (off, on, ...), each from a fresh sandbox, both credentials' pacing out of the way. ` +
				"Times are the sandbox's: from the node's first call (the first page of opt-outs, or the first send) to its last; reading = from the first page asked for to the first send. " +
				`Texts none = the skipped numbers (${int(o.optedOutAmongSends)} opted out).`,
			'',
			'| run | calls to the opt-outs | reading them | send calls | texts once / twice+ / none | first to last call |',
			'|---|---:|---:|---:|---:|---:|',
			...o.rounds.off.flatMap((/** @type {any} */ off, /** @type {number} */ i) => [
				row(`round ${i + 1}, check off`, off),
				row(`round ${i + 1}, check on`, o.rounds.on[i]),
			]),
			'',
			`The list is read once per run: ${int(f.readsPerRun)} calls (pages of 1,000) for ${int(o.sends)} items, none per item; reading them took ${fixed(f.readMs / 1000, 2)} s (median). ` +
				`First to last call, median of the rounds: **${fixed(f.msOn / 1000, 2)} s** with the check against ${fixed(f.msOff / 1000, 2)} s without ` +
				`(${f.extraMs >= 0 ? '+' : ''}${fixed(f.extraMs / 1000, 2)} s for the run, ${fixed(f.extraMs / o.sends)} ms per send, the skipped sends' time saved included). ` +
				`At Tatango's own pace for v2 (1,200 calls an hour, one every 3 s) those ${int(f.pages)} reads take about ${int(f.pages * 3)} s more, once per run.`,
		];
	},
};
