// @ts-check
'use strict';

const DEFAULT_PER_PAGE = 10;
const MAX_PER_PAGE = 1000;

/** @param {unknown} v @param {number} fallback */
function positiveInt(v, fallback) {
	const n = Number(v);
	return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/**
 * v2 collection pagination: `?page=N&per_page=N` (default 10, at most 1000).
 * Returns the meta fields (`per_page`, `count`, `page`, `pages_count`) and the page's items.
 * @template T
 * @param {T[]} items
 * @param {Record<string, unknown>} query
 */
function paginate(items, query) {
	const perPage = Math.min(positiveInt(query && query.per_page, DEFAULT_PER_PAGE), MAX_PER_PAGE);
	const page = positiveInt(query && query.page, 1);
	const count = items.length;
	const pagesCount = Math.ceil(count / perPage);
	const start = (page - 1) * perPage;
	return {
		meta: { per_page: perPage, count, page, pages_count: pagesCount },
		items: items.slice(start, start + perPage),
	};
}

module.exports = { paginate, DEFAULT_PER_PAGE, MAX_PER_PAGE };
