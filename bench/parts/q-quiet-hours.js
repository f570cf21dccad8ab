// @ts-check
'use strict';
/**
 * (q) The Quiet Hours check's cost: BENCH_QUIET_ITEMS v3 SMS with Quiet Hours off, then the same
 * with "federal and state", in one `n8n execute` run under faketime at an hour the rules allow
 * (every text goes and the check runs in full for each item), no limit anywhere. Each branch's
 * time is first to last send as the sandbox received them (`n8n execute` may exit before a
 * 2,000-item run is all printed); and the check alone is timed in the bench's own process.
 */
const path = require('path');
const n8n = require('../../scripts/lib/n8n');
const { intEnv } = require('../lib/config');
const { loadWorkflow } = require('../lib/workflows');
const { countsFor, spanMs } = require('../lib/sandbox');
const { executeUnprinted } = require('../lib/execute');
const { LATE_EVENTS } = require('../lib/rateLimited');
const { fixed, int, mark, texts } = require('../lib/format');

const ITEMS = intEnv('BENCH_QUIET_ITEMS', 1000);
const SEND_PATH = '/transactional_messages/send_sms';
/** The numbers each branch texts start here (q-quiet-hours.json). */
const OFF_FIRST = 2068000000;
const ON_FIRST = 2069000000;
/**
 * The `n8n execute` process's clock (faketime), UTC: 12:00 in Seattle (the 206 numbers), a
 * Wednesday, so Washington's 8:00-20:00 lets every text go and the check runs in full.
 */
const BENCH_TIME = '2026-11-25 20:00:00';

/**
 * The check alone, in this process (the build's code): microseconds per call over numbers across
 * area codes and zones.
 */
function timeCheckAlone(calls = 20000) {
	// The build's copy, by a computed path: lint type-checks this file before anything is built.
	/** @type {typeof import('../../nodes/shared/sendWindow')} */
	const { checkSendWindow } = require(path.join(n8n.REPO_ROOT, 'dist/nodes/shared/sendWindow'));
	const phones = [
		'2065550100',
		'3055550100',
		'8505550100',
		'7095550100',
		'2145550100',
		'4015550100',
	];
	const at = Date.parse(`${BENCH_TIME.replace(' ', 'T')}Z`);
	for (let i = 0; i < 2000; i++) checkSendWindow(phones[i % phones.length], at, 'federalAndState');
	const t = process.hrtime.bigint();
	for (let i = 0; i < calls; i++)
		checkSendWindow(phones[i % phones.length], at + i, 'federalAndState');
	return { calls, microsPerCall: Number(process.hrtime.bigint() - t) / 1000 / calls };
}

/**
 * One branch's sends as the sandbox saw them. @param {import('../lib/sandbox').SandboxRecord} record
 * @param {number} first
 */
function branch(record, first) {
	const mine = record.requests.filter((r) => {
		if (r.path !== SEND_PATH) return false;
		const phone = Number(
			String(r.body?.phoneNumber ?? '')
				.replace(/\D/g, '')
				.slice(-10),
		);
		return phone >= first && phone < first + ITEMS;
	});
	const ms = spanMs(mine);
	return {
		items: ITEMS,
		accepted: mine.filter((r) => r.statusCode === 202).length,
		ms,
		perItemMs: ms / (ITEMS - 1),
		texts: countsFor(record.messageCounts, first, ITEMS),
	};
}

/** @param {any} q */
function figures(q) {
	return {
		cost: (q.on.perItemMs - q.off.perItemMs) / q.off.perItemMs,
		costAlone: q.check.microsPerCall / 1000 / q.off.perItemMs,
	};
}

/** @type {import('./index').BenchPart} */
module.exports = {
	key: 'q',
	title: `${ITEMS} v3 SMS with Quiet Hours off, then on (n8n execute under faketime, ${BENCH_TIME} UTC)`,
	settings: ['BENCH_QUIET_ITEMS'],
	workflows: (ctx) => ({
		main: loadWorkflow('q-quiet-hours.json', { ...ctx.tokens, QUIET_ITEMS: ITEMS }),
	}),

	async measure(ctx) {
		await ctx.sandbox.reset();
		await ctx.sandbox.config({ ...LATE_EVENTS, maxRecordedRequests: 2 * ITEMS + 100 });
		const { exitCode } = await executeUnprinted(ctx, ctx.ids.main, { fakeTime: BENCH_TIME });
		const record = await ctx.sandbox.inspect();
		return {
			items: ITEMS,
			exitCode,
			off: branch(record, OFF_FIRST),
			on: branch(record, ON_FIRST),
			check: timeCheckAlone(),
		};
	},

	summary(q) {
		const x = figures(q);
		return [
			`| (q) | Quiet Hours check's cost per item ÷ a send's time (${int(q.items)} v3 SMS, off vs federal and state); the check alone | ${fixed(x.cost * 100, 1)} %; ${fixed(x.costAlone * 100, 2)} % (${fixed(q.check.microsPerCall, 1)} µs) | < 5 % | ${mark(x.costAlone < 0.05 && x.cost < 0.05)} |`,
		];
	},

	section(q) {
		const x = figures(q);
		/** @param {string} label @param {any} b */
		const row = (label, b) =>
			`| ${label} | ${int(b.items)} | ${int(b.accepted)} | ${texts(b.texts)} | ${fixed(b.ms / 1000, 1)} s | ${fixed(b.perItemMs)} ms |`;
		return [
			`## (q) The Quiet Hours check: ${int(q.items)} v3 SMS with it off, then with federal and state hours`,
			'',
			'One `n8n execute` run under faketime, its clock at an hour the rules allow (every text goes, and the check runs in full for each: area code, rules, every zone). ' +
				"Two branches of the same send, the first with Quiet Hours off, the second with it on; each branch's time is from its first to its last send as the sandbox received them. The check alone is also timed in the benchmark's own process, over numbers in six area codes.",
			'',
			'| Quiet Hours | items | accepted | texts once / twice+ / none | first to last send | per item |',
			'|---|---:|---:|---:|---:|---:|',
			row('off', q.off),
			row('federal and state', q.on),
			'',
			`Cost per item: **${fixed(x.cost * 100, 1)} %** of a send's time (the difference of two branches, within the machine's noise; the first branch also warms n8n up); the check alone takes **${fixed(q.check.microsPerCall, 1)} µs** per call, ${fixed(x.costAlone * 100, 2)} % of a send's ${fixed(q.off.perItemMs)} ms.`,
		];
	},
};
