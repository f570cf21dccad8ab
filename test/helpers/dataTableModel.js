// @ts-check
'use strict';
/**
 * A model of n8n's public Data Table API (/api/v1/data-tables...) as the ledger calls it, written
 * from n8n's OpenAPI description: tables by name, rows with ascending ids, flat and/or filters
 * (eq, neq, lt, lte, gt, gte; eq/neq null = is / is not empty), paging with a cursor, update and
 * delete by filter. `commitDelayMs` models PostgreSQL: a row's id is given at insert, but other
 * readers see the row only once its commit lands, that much later (a list: each insert's own, in
 * turn); with `answerAfterCommit` an insert answers once its rows are visible, as n8n's does (its
 * transaction has committed).
 * `beforeDelete` is awaited before a delete takes effect (a test holds it to read in between).
 */

/** @typedef {Record<string, any>} Row */

let models = 0;

class DataTableModel {
	/** @param {{ commitDelayMs?: number | number[], answerAfterCommit?: boolean, beforeDelete?: () => Promise<void> }} [options] */
	constructor({
		commitDelayMs = 0,
		answerAfterCommit = false,
		beforeDelete = async () => {},
	} = {}) {
		this.answerAfterCommit = answerAfterCommit;
		this.beforeDelete = beforeDelete;
		// Its own address: the ledger remembers each table's ID per n8n address and table name.
		this.baseUrl = `http://n8n-${++models}.test`;
		this.commitDelayMs = commitDelayMs;
		/** @type {Map<string, { id: string, name: string, columns: { name: string, type: string }[], rows: Row[], nextId: number }>} */
		this.tables = new Map();
		this.calls = 0;
		this.inserts = 0;
		/** @type {string[]} */
		this.log = [];
	}

	/** @param {Row} row @param {{ type: string, filters: any[] }} filter */
	static matches(row, filter) {
		const test = (/** @type {any} */ f) => {
			const value = row[f.columnName];
			if (f.value === null) {
				const empty = value === null || value === undefined;
				return f.condition === 'eq' ? empty : !empty;
			}
			if (value === null || value === undefined) return false;
			switch (f.condition) {
				case 'eq':
					return value === f.value;
				case 'neq':
					return value !== f.value;
				case 'lt':
					return value < f.value;
				case 'lte':
					return value <= f.value;
				case 'gt':
					return value > f.value;
				case 'gte':
					return value >= f.value;
				case 'like': {
					// n8n's like: `%` is any characters, every other character itself.
					const pattern = String(f.value)
						.split('%')
						.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
						.join('.*');
					return new RegExp(`^${pattern}$`, 's').test(String(value));
				}
				default:
					throw new Error(`condition ${f.condition}`);
			}
		};
		return filter.type === 'or' ? filter.filters.some(test) : filter.filters.every(test);
	}

	/** The ledger's HTTP client over this model. */
	http(credentials = { baseUrl: this.baseUrl, apiKey: 'n8n_api_key_secret', dataTable: 'Ledger' }) {
		return {
			credentials: async () => credentials,
			request: async (/** @type {any} */ call) => this.request(call),
		};
	}

	/** @param {{ method: string, path: string, qs?: any, body?: any }} call */
	async request(call) {
		this.calls++;
		this.log.push(`${call.method} ${call.path}`);
		await new Promise((resolve) => setImmediate(resolve));
		const now = Date.now();
		if (call.path === '/data-tables' && call.method === 'GET') {
			const filter = call.qs?.filter ? JSON.parse(call.qs.filter) : {};
			return {
				data: [...this.tables.values()]
					.filter(
						(t) =>
							(!filter.name || t.name.includes(filter.name)) && (!filter.id || t.id === filter.id),
					)
					.map(({ id, name }) => ({ id, name })),
				nextCursor: null,
			};
		}
		if (call.path === '/data-tables' && call.method === 'POST') {
			if ([...this.tables.values()].some((t) => t.name === call.body.name)) {
				throw Object.assign(new Error('409 a data table with this name exists'), {
					statusCode: 409,
				});
			}
			const id = `t${this.tables.size + 1}`;
			this.tables.set(id, {
				id,
				name: call.body.name,
				columns: call.body.columns,
				rows: [],
				nextId: 1,
			});
			return { id, name: call.body.name };
		}
		const m = /^\/data-tables\/([^/]+)\/(rows|columns)(?:\/(update|delete))?$/.exec(call.path);
		if (!m) throw new Error(`no route ${call.method} ${call.path}`);
		const table = this.tables.get(m[1]);
		if (!table) throw Object.assign(new Error(`404 no table at ${call.path}`), { statusCode: 404 });
		if (m[2] === 'columns') return table.columns;
		const visible = () => table.rows.filter((row) => row.visibleAt <= Date.now());
		if (call.method === 'GET') {
			const filter = JSON.parse(call.qs.filter);
			const all = visible()
				.filter((row) => DataTableModel.matches(row, filter))
				.sort((a, b) => a.id - b.id);
			const offset = call.qs.cursor ? Number(call.qs.cursor) : 0;
			const limit = Number(call.qs.limit ?? 100);
			const data = all
				.slice(offset, offset + limit)
				.map(({ visibleAt: _visibleAt, ...row }) => ({ ...row }));
			return { data, nextCursor: offset + limit < all.length ? String(offset + limit) : null };
		}
		if (call.method === 'POST') {
			const delays = this.commitDelayMs;
			const delay = Array.isArray(delays) ? (delays[this.inserts++] ?? 0) : delays;
			const stored = call.body.data.map((/** @type {Row} */ data) => {
				const row = { ...data, id: table.nextId++, visibleAt: now + delay };
				table.rows.push(row);
				return row;
			});
			if (this.answerAfterCommit && delay > 0) {
				await new Promise((resolve) => setTimeout(resolve, delay));
			}
			return stored.map(({ visibleAt: _visibleAt, ...row }) => ({ ...row }));
		}
		if (m[3] === 'update' && call.body.dryRun) {
			return visible()
				.filter((row) => DataTableModel.matches(row, call.body.filter))
				.flatMap(({ visibleAt: _visibleAt, ...row }) => [
					{ ...row, dryRunState: 'before' },
					{ ...row, ...call.body.data, dryRunState: 'after' },
				]);
		}
		if (m[3] === 'update') {
			for (const row of table.rows) {
				if (DataTableModel.matches(row, call.body.filter)) Object.assign(row, call.body.data);
			}
			return true;
		}
		if (m[3] === 'delete') {
			await this.beforeDelete();
			const filter = JSON.parse(call.qs.filter);
			table.rows = table.rows.filter((row) => !DataTableModel.matches(row, filter));
			return true;
		}
		throw new Error(`no route ${call.method} ${call.path}`);
	}

	/** Every row of the one table, as stored. */
	rows() {
		return [...this.tables.values()].flatMap((t) => t.rows);
	}
}

module.exports = { DataTableModel };
