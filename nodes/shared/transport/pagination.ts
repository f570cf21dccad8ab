import type { IDataObject } from 'n8n-workflow';

import type { TatangoCall, TatangoClient } from './';

/** Tatango v2 serves at most 1,000 records per page (`per_page`). */
export const MAX_PER_PAGE = 1000;

/** How many records a Get Many returns: all of them, or at most `limit`. */
export interface RecordCount {
	returnAll: boolean;
	limit: number;
}

/** The `per_page` to ask for: as few records as the limit needs, never more than Tatango serves. */
export function perPageFor({ returnAll, limit }: RecordCount): number {
	return returnAll ? MAX_PER_PAGE : Math.min(Math.max(1, limit), MAX_PER_PAGE);
}

/**
 * Whether to ask for the page after `page`. Stops at the last page Tatango counted (`pages_count`,
 * 0 when there is nothing), at an empty page (a response without the counts is one page), and once
 * the limit is reached.
 */
export function hasNextPage(
	body: IDataObject,
	page: number,
	pageRecords: number,
	collected: number,
	count: RecordCount,
): boolean {
	if (!count.returnAll && collected >= count.limit) return false;
	if (pageRecords === 0) return false;
	const pagesCount = Number(body.pages_count);
	return Number.isFinite(pagesCount) && page < pagesCount;
}

/**
 * A page that repeats the one before it: the server ignores `page`, and with a large page count
 * Return All would ask for every page (for hours at Tatango's pace) and output the same records
 * again and again.
 */
export class RepeatedPageError extends Error {
	constructor(page: number, path: string) {
		super(
			`Tatango answered page ${page} of ${path} with the same records as page ${page - 1}: the server ignores the page asked for, so reading on would repeat them`,
		);
		this.name = 'RepeatedPageError';
	}
}

/** Fails when a non-empty page holds exactly the records of the page before it. */
export function checkPageMoved(
	previous: string | undefined,
	pageRecords: unknown[],
	page: number,
	path: string,
): string {
	const current = JSON.stringify(pageRecords);
	if (pageRecords.length > 0 && current === previous) throw new RepeatedPageError(page, path);
	return current;
}

/**
 * Reads a paginated v2 collection (`?page=N&per_page=N`, the records under `recordsKey`) page by
 * page through the client, so every page is paced and retried like any other call.
 */
export async function requestRecords<T = unknown>(
	tatango: TatangoClient,
	call: TatangoCall,
	recordsKey: string,
	count: RecordCount,
	itemIndex: number,
): Promise<T[]> {
	const perPage = perPageFor(count);
	const records: T[] = [];
	let previous: string | undefined;
	for (let page = 1; ; page++) {
		const { body } = await tatango.request(
			{
				...call,
				qs: { ...call.qs, page, per_page: perPage },
				answerHolds: { key: recordsKey, type: 'list' },
			},
			itemIndex,
		);
		const pageRecords = body[recordsKey] as T[];
		previous = checkPageMoved(previous, pageRecords, page, call.path);
		records.push(...pageRecords);
		if (!hasNextPage(body, page, pageRecords.length, records.length, count)) break;
	}
	return count.returnAll ? records : records.slice(0, count.limit);
}
