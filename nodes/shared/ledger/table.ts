// Finding (or creating) the ledger's Data Table and reading or writing its rows, through n8n's
// public API (/api/v1/data-tables). Nothing here decides anything (decide.ts does).
import type { IDataObject } from 'n8n-workflow';

import type { LedgerHttp } from '../transport';
import { LEDGER_COLUMNS, type LedgerRow, type LedgerRowData, rowOf } from './columns';

/** n8n's public API pages at most this many rows. */
const PAGE = 250;
/**
 * Characters of an OR filter, URL-encoded: it goes in the URL, and proxies in front of n8n refuse a
 * request line past 8 KB (nginx's default). About 60 numbers or 50 keys a read; each call costs
 * n8n's server some 15 ms of CPU whatever it asks (docs/ledger.md), so a read asks for as many as fit.
 */
const FILTER_CHARS = 6_400;
/**
 * Values per read through an update's dry run (`matchAnyOf`): its filter rides in the body, so the
 * URL does not bound it, but n8n tests every row against every value: 100 a call cost n8n's server
 * 63 ms of CPU, 200 cost 165 ms (a table of 10,000 rows), where two GET reads of 60 cost 131 ms.
 */
const MATCH_CHUNK = 100;
/** Rows per insert (a few hundred KB of JSON at most: n8n takes 16 MB). */
const INSERT_CHUNK = 250;

export interface Condition {
	columnName: string;
	/** `like`: `%` stands for any characters, every other character for itself. */
	condition: 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like';
	value: string | number | boolean | null;
}

export interface Filter {
	type: 'and' | 'or';
	filters: Condition[];
}

/**
 * Each table's ID, found once per process per n8n, table and project (no secret in the key); a
 * table deleted meanwhile is looked up again after the 404.
 */
const tableIds = new Map<string, Promise<string>>();

function tableKeyOf(baseUrl: string, table: string, projectId: string) {
	return JSON.stringify([baseUrl, table, projectId]);
}

export class LedgerTable {
	private constructor(
		readonly http: LedgerHttp,
		readonly id: string,
		readonly key: string,
	) {}

	/** The table the credential names: found by name or ID, else created with the ledger's columns. */
	static async open(http: LedgerHttp, itemIndex = 0): Promise<LedgerTable> {
		const creds = await http.credentials();
		const table = String(creds.dataTable ?? '').trim();
		const projectId = String(creds.projectId ?? '').trim();
		const key = tableKeyOf(String(creds.baseUrl ?? ''), table, projectId);
		let id = tableIds.get(key);
		if (!id) {
			id = findOrCreate(http, table, projectId, itemIndex);
			tableIds.set(key, id);
			id.catch(() => tableIds.delete(key));
		}
		return new LedgerTable(http, await id, key);
	}

	/** Forget the table's ID (it answered 404): the next open looks it up again. */
	forget() {
		tableIds.delete(this.key);
	}

	/**
	 * Every row matching `filter`, ascending by id. n8n pages by offset, so a row deleted between
	 * two pages (a text's pending row, once its final row is stored) would shift another past the
	 * page's end: the ledger pages by id instead (`id` greater than the last row seen), which an
	 * `and` filter takes as one more condition. An `or` filter that matches more than a page is read
	 * one condition at a time, each paged by id.
	 */
	async read(filter: Filter, doing: string, itemIndex = 0): Promise<LedgerRow[]> {
		if (filter.type === 'and') return await this.readPaged(filter.filters, doing, itemIndex);
		const rows = await this.page(filter, doing, itemIndex);
		if (rows.length < PAGE) return rows;
		const each = await Promise.all(
			filter.filters.map(async (condition) => await this.readPaged([condition], doing, itemIndex)),
		);
		const byId = new Map(each.flat().map((row) => [row.id, row]));
		return [...byId.values()].sort((a, b) => a.id - b.id);
	}

	private async readPaged(filters: Condition[], doing: string, itemIndex: number) {
		const rows: LedgerRow[] = [];
		for (;;) {
			const last = rows.at(-1)?.id;
			const after: Condition[] =
				last === undefined ? [] : [{ columnName: 'id', condition: 'gt', value: last }];
			const page = await this.page(
				{ type: 'and', filters: [...filters, ...after] },
				doing,
				itemIndex,
			);
			rows.push(...page);
			if (page.length < PAGE) return rows;
		}
	}

	/** One page of the rows matching `filter`, ascending by id. */
	private async page(filter: Filter, doing: string, itemIndex: number): Promise<LedgerRow[]> {
		const qs: IDataObject = { limit: PAGE, filter: JSON.stringify(filter), sortBy: 'id:asc' };
		const page = (await this.http.request(
			{ method: 'GET', path: `/data-tables/${this.id}/rows`, qs, kind: 'read', doing },
			itemIndex,
		)) as { data?: Array<Record<string, unknown>> };
		return (page.data ?? []).map(rowOf);
	}

	/** Rows whose `column` is any of `values`, as many values per call as the URL holds. */
	async readAnyOf(
		column: string,
		values: readonly string[],
		doing: string,
		itemIndex = 0,
	): Promise<LedgerRow[]> {
		const condition = (value: string): Condition => ({
			columnName: column,
			condition: 'eq',
			value,
		});
		const chunks: Condition[][] = [];
		let chars = 0;
		for (const value of new Set(values)) {
			const size = encodeURIComponent(JSON.stringify(condition(value))).length + 3;
			if (chunks.length === 0 || chars + size > FILTER_CHARS) {
				chunks.push([]);
				chars = 0;
			}
			chunks[chunks.length - 1].push(condition(value));
			chars += size;
		}
		const pages = await Promise.all(
			chunks.map(
				async (chunk) => await this.read({ type: 'or', filters: chunk }, doing, itemIndex),
			),
		);
		return pages.flat();
	}

	/**
	 * Rows whose `column` is any of `values`, read through a dry run of an update (`dryRun: true`:
	 * n8n returns the rows the update would change, before and after, and changes nothing): one
	 * statement for up to MATCH_CHUNK values, without the count and the pages of a read, and its
	 * filter in the body. For the claims, which insert before they read: n8n refuses it, like an
	 * insert, when its Data Tables are over their size limit.
	 */
	async matchAnyOf(
		column: string,
		values: readonly string[],
		doing: string,
		itemIndex = 0,
	): Promise<LedgerRow[]> {
		const distinct = [...new Set(values)];
		const chunks: string[][] = [];
		for (let i = 0; i < distinct.length; i += MATCH_CHUNK) {
			chunks.push(distinct.slice(i, i + MATCH_CHUNK));
		}
		const matched = await Promise.all(
			chunks.map(async (chunk) => {
				const filters = chunk.map((value) => ({ columnName: column, condition: 'eq', value }));
				const answer = await this.http.request(
					{
						method: 'PATCH',
						path: `/data-tables/${this.id}/rows/update`,
						// What the dry run would set: nothing is set, but n8n asks for a column.
						body: { filter: { type: 'or', filters }, data: { kind: 'text' }, dryRun: true },
						kind: 'read',
						doing,
					},
					itemIndex,
				);
				const rows = Array.isArray(answer) ? (answer as Array<Record<string, unknown>>) : [];
				return rows
					.filter((raw) => raw.dryRunState === 'before')
					.map((raw) => {
						// Not a column: a row read this way is written back as a final row.
						const row = { ...raw };
						delete row.dryRunState;
						return rowOf(row);
					});
			}),
		);
		const byId = new Map(matched.flat().map((row) => [row.id, row]));
		return [...byId.values()].sort((a, b) => a.id - b.id);
	}

	/** Inserts rows; returns them as stored (with their ids), in the order given. */
	async insert(rows: LedgerRowData[], doing: string, itemIndex = 0): Promise<LedgerRow[]> {
		const stored: LedgerRow[] = [];
		for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
			const chunk = rows.slice(i, i + INSERT_CHUNK);
			const answer = await this.http.request(
				{
					method: 'POST',
					path: `/data-tables/${this.id}/rows`,
					body: { data: chunk.map(withValues), returnType: 'all' },
					kind: 'write',
					doing,
				},
				itemIndex,
			);
			const byRef = new Map(
				(Array.isArray(answer) ? (answer as Array<Record<string, unknown>>) : []).map((raw) => [
					String(raw.ref),
					rowOf(raw),
				]),
			);
			for (const row of chunk) {
				const found = byRef.get(String(row.ref));
				if (!found) {
					throw new Error(`the ledger did not return the row it stored (${doing})`);
				}
				stored.push(found);
			}
		}
		return stored;
	}

	/**
	 * Inserts rows whose ids nobody needs back: n8n writes them in bulk statements, `perCall` rows
	 * a call.
	 */
	async insertAll(
		rows: LedgerRowData[],
		doing: string,
		itemIndex = 0,
		perCall = INSERT_CHUNK,
	): Promise<void> {
		for (let i = 0; i < rows.length; i += perCall) {
			await this.http.request(
				{
					method: 'POST',
					path: `/data-tables/${this.id}/rows`,
					body: { data: rows.slice(i, i + perCall).map(withValues), returnType: 'count' },
					kind: 'write',
					doing,
				},
				itemIndex,
			);
		}
	}

	/** Sets columns of the rows matching `filter`. */
	async update(filter: Filter, data: IDataObject, doing: string, itemIndex = 0): Promise<void> {
		await this.http.request(
			{
				method: 'PATCH',
				path: `/data-tables/${this.id}/rows/update`,
				body: { filter: filter as unknown as IDataObject, data },
				kind: 'write',
				doing,
			},
			itemIndex,
		);
	}

	async delete(filter: Filter, doing: string): Promise<void> {
		await this.http.request({
			method: 'DELETE',
			path: `/data-tables/${this.id}/rows/delete`,
			qs: { filter: JSON.stringify(filter) },
			kind: 'write',
			doing,
		});
	}
}

/**
 * A row's columns that hold a value: n8n stores a column left out as empty, so the empty ones need
 * not be sent (nor checked by n8n, column by column).
 */
function withValues(row: LedgerRowData): IDataObject {
	const data: IDataObject = {};
	for (const [column, value] of Object.entries(row)) {
		if (value !== null && value !== undefined) data[column] = value as IDataObject[string];
	}
	return data;
}

async function findOrCreate(
	http: LedgerHttp,
	table: string,
	projectId: string,
	itemIndex: number,
): Promise<string> {
	const found = await find(http, table, projectId, itemIndex);
	if (found) return found;
	const made = await create(http, table, projectId, itemIndex).then(
		(id) => ({ id }),
		(error: unknown) => ({ error }),
	);
	if ('id' in made) return made.id;
	// Another process created it meanwhile (n8n refuses a second table of that name: 409).
	const created = await find(http, table, projectId, itemIndex);
	if (created) return created;
	throw made.error;
}

async function find(
	http: LedgerHttp,
	table: string,
	projectId: string,
	itemIndex: number,
): Promise<string | undefined> {
	// n8n matches a name filter as a part of the name, case-insensitively: the exact name is
	// picked below. The credential may also hold the table's ID.
	type Listed = { data?: Array<{ id: string; name: string; projectId?: string }> };
	const lists = [{ name: table }, { id: table }].map(async (filter) => {
		return (await http.request(
			{
				method: 'GET',
				path: '/data-tables',
				qs: { limit: 250, filter: JSON.stringify(filter) },
				kind: 'read',
				doing: 'looking up the ledger table',
			},
			itemIndex,
		)) as Listed;
	});
	const tables = (await Promise.all(lists)).flatMap((listed) => listed.data ?? []);
	const found = tables.find(
		(candidate) =>
			(candidate.name === table || candidate.id === table) &&
			(projectId === '' || candidate.projectId === undefined || candidate.projectId === projectId),
	);
	if (!found) return undefined;
	await addMissingColumns(http, found.id, itemIndex);
	return found.id;
}

async function create(
	http: LedgerHttp,
	table: string,
	projectId: string,
	itemIndex: number,
): Promise<string> {
	const created = (await http.request(
		{
			method: 'POST',
			path: '/data-tables',
			body: {
				name: table,
				columns: LEDGER_COLUMNS as unknown as IDataObject[],
				...(projectId ? { projectId } : {}),
			},
			kind: 'write',
			doing: 'creating the ledger table',
		},
		itemIndex,
	)) as { id?: string };
	if (typeof created.id !== 'string') {
		throw new Error('n8n did not return the ID of the ledger table it created');
	}
	return created.id;
}

/** A table made by an earlier version of this package, or by hand, gets the columns it lacks. */
async function addMissingColumns(http: LedgerHttp, id: string, itemIndex: number) {
	const answer = (await http.request(
		{
			method: 'GET',
			path: `/data-tables/${id}/columns`,
			kind: 'read',
			doing: "reading the ledger table's columns",
		},
		itemIndex,
	)) as Array<{ name: string }> | { data?: Array<{ name: string }> };
	const columns = Array.isArray(answer) ? answer : (answer.data ?? []);
	const have = new Set(columns.map((column) => column.name));
	for (const column of LEDGER_COLUMNS) {
		if (have.has(column.name)) continue;
		await http.request(
			{
				method: 'POST',
				path: `/data-tables/${id}/columns`,
				body: { ...column },
				kind: 'write',
				doing: `adding the column ${column.name} to the ledger table`,
			},
			itemIndex,
		);
	}
}
