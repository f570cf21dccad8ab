// @ts-check
'use strict';
/** Number formats and small statistics shared by the parts' tables in bench/results.md. */

/** @param {number} n @param {number} [digits] */
const fixed = (n, digits = 2) => (Number.isFinite(n) ? n.toFixed(digits) : 'n/a');
/** @param {number} n */
const pct = (n) => (Number.isFinite(n) ? `${Math.round(n * 100)} %` : 'n/a');
/** @param {number} n */
const int = (n) => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : 'n/a');
/** @param {number} ms */
const sec = (ms, digits = 1) => `${fixed(ms / 1000, digits)} s`;
/** @param {boolean} ok */
const mark = (ok) => (ok ? 'yes' : '**no**');
/** @param {{ once: number, more: number, none: number }} t */
const texts = (t) => `${int(t.once)} / ${int(t.more)} / ${int(t.none)}`;

/** @param {number[]} values */
function median(values) {
	const sorted = [...values].sort((x, y) => x - y);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * The median of per-round values with the lowest and highest round.
 * @param {number[]} values @returns {{ median: number, low: number, high: number, values: number[] }}
 */
function spreadOf(values) {
	return { median: median(values), low: Math.min(...values), high: Math.max(...values), values };
}

/** @param {{ median: number, low: number, high: number }} r @param {(n: number) => string} [show] */
const spread = (r, show = (n) => fixed(n)) =>
	`${show(r.median)} (rounds ${show(r.low)}–${show(r.high)})`;

/** Drops the second of two blank lines in a row. @param {string[]} lines */
const joinLines = (lines) =>
	lines.filter((line, i, all) => !(line === '' && all[i - 1] === '')).join('\n');

module.exports = { fixed, pct, int, sec, mark, texts, median, spreadOf, spread, joinLines };
