// @ts-check
'use strict';

const { HttpError } = require('./errors');

/**
 * MOMT reports (public docs §1.12). A report advances one step every `momtReportStepMs`
 * (sandbox clock): step 0 created; steps 1..3 importing (`import_started_at`, `processed_rows`,
 * `percent_complete` 25/50/75); step 4 done (`percent_complete: 100`, `counts_calculated: true`,
 * `import_completed_at`, counts and `s3_url`, a CSV served by the sandbox).
 */

const STEPS = 4;

/**
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} rec
 */
function reportView(ctx, rec) {
	const step = ctx.config.momtReportStepMs;
	const k = Math.max(0, Math.min(STEPS, Math.floor((ctx.clock.now() - rec.createdMs) / step)));
	const done = k >= STEPS;
	const iso = (/** @type {number} */ ms) => ctx.state.isoOffset(ms);
	const accountId = ctx.config.accounts.v2.length ? ctx.config.accounts.v2[0].accountId : 37;
	return {
		id: rec.id,
		account_id: accountId,
		s3_url: done ? `${ctx.baseUrl}/_sandbox/files/momt_reports/${rec.id}.csv` : null,
		import_started_at: k >= 1 ? iso(rec.createdMs + step) : null,
		import_completed_at: done ? iso(rec.createdMs + STEPS * step) : null,
		total_rows: k >= 1 ? rec.totalRows : null,
		processed_rows: k >= 1 ? Math.round((rec.totalRows * k) / STEPS) : 0,
		percent_complete: (k * 100) / STEPS,
		mo_count: done ? rec.moCount : 0,
		mt_count: done ? rec.mtCount : 0,
		shortcode: null,
		date_range: 'json',
		date_from: iso(rec.dateFrom),
		date_to: iso(rec.dateTo),
		campaign: null,
		carrier: null,
		phone_number: null,
		direction: null,
		status_array: null,
		created_at: iso(rec.createdMs),
		updated_at: iso(rec.createdMs + k * step),
		counts_calculated: done,
		type: null,
		is_csv: false,
		// Echoed as null even when supplied, as in the documented example.
		webhook_callback_url: null,
		run_errors: null,
		message_type: null,
		cancelled: null,
	};
}

/** @param {unknown} v */
function parseDate(v) {
	if (typeof v !== 'string' || !v.trim()) return NaN;
	return Date.parse(v);
}

/**
 * POST /momt_reports `{ date_from, date_to, webhook_callback_url? }`: counts the sandbox's own
 * outbound (MT) and inbound (MO) messages in the range.
 * @param {import('./context').Context} ctx
 * @param {Record<string, any>} body
 */
function createReport(ctx, body) {
	const from = parseDate(body.date_from);
	const to = parseDate(body.date_to);
	if (Number.isNaN(from)) throw new HttpError(422, 'date_from is required (an ISO 8601 date-time)');
	if (Number.isNaN(to)) throw new HttpError(422, 'date_to is required (an ISO 8601 date-time)');
	if (from > to) throw new HttpError(422, 'date_from must be before date_to');
	/** @type {string[][]} */
	const rows = [];
	for (const list of ctx.state.messages.values()) {
		for (const m of list)
			if (m.atMs >= from && m.atMs <= to) rows.push(['MT', m.phone, m.text, m.at]);
	}
	for (const m of ctx.state.inbound)
		if (m.atMs >= from && m.atMs <= to) rows.push(['MO', m.phone, m.text, m.at]);
	const mt = rows.filter((r) => r[0] === 'MT').length;
	const rec = {
		id: ctx.state.nextId('momt'),
		createdMs: ctx.clock.now(),
		dateFrom: from,
		dateTo: to,
		totalRows: rows.length,
		moCount: rows.length - mt,
		mtCount: mt,
		rows,
		webhookCallbackUrl:
			typeof body.webhook_callback_url === 'string' ? body.webhook_callback_url : null,
	};
	ctx.state.momtReports.set(rec.id, rec);
	return rec;
}

/**
 * The CSV behind `s3_url`. Seeded reports get synthetic rows.
 * @param {Record<string, any>} rec
 */
function reportCsv(rec) {
	const rows =
		rec.rows ||
		Array.from({ length: rec.totalRows }, (_, i) => [
			i < rec.mtCount ? 'MT' : 'MO',
			`20655501${String(i % 100).padStart(2, '0')}`,
			`Sample message ${i + 1}`,
			'',
		]);
	const esc = (/** @type {string} */ v) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
	return (
		['direction,phone_number,content,at', ...rows.map((r) => r.map(esc).join(','))].join('\n') +
		'\n'
	);
}

module.exports = { reportView, createReport, reportCsv, STEPS };
