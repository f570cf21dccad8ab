import type { IDataObject, ILoadOptionsFunctions, INodeListSearchResult } from 'n8n-workflow';

import { createTatangoClient } from './transport';
import { requestRecords } from './transport/pagination';
import { listNotFound } from './lists';

const PAGE_SIZE = 100;

function matches(filter: string | undefined, ...texts: unknown[]): boolean {
	if (!filter) return true;
	const needle = filter.toLowerCase();
	return texts.some((text) =>
		String(text ?? '')
			.toLowerCase()
			.includes(needle),
	);
}

/** The account's lists for the "From List" picker: `GET /api/v2/lists`, a page at a time. */
export async function searchLists(
	this: ILoadOptionsFunctions,
	filter?: string,
	paginationToken?: string,
): Promise<INodeListSearchResult> {
	const page = Number(paginationToken ?? 1) || 1;
	const { body } = await createTatangoClient(this).request({
		api: 'v2',
		method: 'GET',
		path: '/api/v2/lists',
		qs: { page, per_page: PAGE_SIZE },
		kind: 'read',
		answerHolds: { key: 'lists', type: 'list' },
	});
	const lists = body.lists as IDataObject[];
	const results = lists
		.filter((entry) => matches(filter, entry.name, entry.id))
		.map((entry) => ({
			name: `${String(entry.name)} (${String(entry.id)})`,
			value: String(entry.id),
		}));
	const hasMore = page < Number(body.pages_count ?? 0);
	return { results, paginationToken: hasMore ? String(page + 1) : undefined };
}

/** The account's shortcodes for the "From List" picker: `GET /api/v2/shortcodes`. */
export async function searchShortcodes(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const { body } = await createTatangoClient(this).request({
		api: 'v2',
		method: 'GET',
		path: '/api/v2/shortcodes',
		kind: 'read',
	});
	const shortcodes = ((body.shortcodes ?? []) as unknown[]).map((entry) =>
		entry && typeof entry === 'object'
			? String((entry as IDataObject).id ?? (entry as IDataObject).shortcode)
			: String(entry),
	);
	return {
		results: shortcodes
			.filter((code) => matches(filter, code))
			.map((code) => ({ name: code, value: code })),
	};
}

/**
 * The chosen list's custom fields for the "From List" picker: `GET /api/v2/lists/{id}/custom_fields`.
 * Empty until a list is chosen.
 */
export async function searchCustomFields(
	this: ILoadOptionsFunctions,
	filter?: string,
): Promise<INodeListSearchResult> {
	const listId = String(
		this.getCurrentNodeParameter('listId', { extractValue: true }) ?? '',
	).trim();
	if (!/^\d+$/.test(listId)) return { results: [] };
	const fields = await requestRecords<IDataObject>(
		createTatangoClient(this),
		{
			api: 'v2',
			method: 'GET',
			path: `/api/v2/lists/${listId}/custom_fields`,
			kind: 'read',
			notFound: listNotFound(listId),
		},
		'custom_fields',
		{ returnAll: true, limit: 0 },
		0,
	);
	return {
		results: fields
			.filter((field) => matches(filter, field.label, field.key))
			.map((field) => ({
				name: `${String(field.label ?? field.key)} (${String(field.key)})`,
				value: String(field.key),
			})),
	};
}
