// The ledger table's columns: what one row of the record holds. A text sent or held back, a
// revocation or an opt-in, each one row (docs/ledger.md explains every column to its reader).

/** n8n Data Table column types. */
type ColumnType = 'string' | 'number' | 'boolean' | 'date';

export const LEDGER_COLUMNS: ReadonlyArray<{ name: string; type: ColumnType }> = [
	{ name: 'kind', type: 'string' },
	{ name: 'when', type: 'string' },
	{ name: 'at', type: 'number' },
	{ name: 'phone', type: 'string' },
	{ name: 'status', type: 'string' },
	{ name: 'channel', type: 'string' },
	{ name: 'workflow', type: 'string' },
	{ name: 'workflowName', type: 'string' },
	{ name: 'execution', type: 'string' },
	{ name: 'node', type: 'string' },
	{ name: 'sendOnceKey', type: 'string' },
	{ name: 'capSubject', type: 'string' },
	{ name: 'capLimit', type: 'number' },
	{ name: 'count', type: 'number' },
	{ name: 'capWindow', type: 'string' },
	{ name: 'verdicts', type: 'string' },
	{ name: 'rule', type: 'string' },
	{ name: 'consent', type: 'string' },
	{ name: 'transactionId', type: 'string' },
	{ name: 'reason', type: 'string' },
	{ name: 'words', type: 'string' },
	{ name: 'consentPhone', type: 'string' },
	{ name: 'ref', type: 'string' },
	{ name: 'claim', type: 'number' },
];

/** What a row is: a text (sent or held back), a revocation, an opt-in. */
export type RowKind = 'text' | 'revocation' | 'opt_in';

/**
 * A text row's status. `pending`: recorded before the post, not yet told (a process that stopped
 * there leaves it, and it counts as sent: stricter, never looser). `sent`, `maybe_sent` (the
 * transport's "may have been sent"), and the held-back ones.
 */
export type TextStatus =
	| 'pending'
	| 'sent'
	| 'maybe_sent'
	| 'not_sent'
	| 'already_sent'
	| 'capped'
	| 'skipped'
	| 'refused';

/** Statuses of a text that went, may have gone, or may still go: what keys and caps count. */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['pending', 'sent', 'maybe_sent']);

/** A row as written; every column optional but `kind`, `at` and `phone`. */
export interface LedgerRowData {
	kind: RowKind;
	at: number;
	when: string;
	phone: string;
	status?: string;
	channel?: string;
	workflow?: string;
	workflowName?: string;
	execution?: string;
	node?: string;
	sendOnceKey?: string | null;
	capSubject?: string | null;
	capLimit?: number | null;
	count?: number | null;
	/** The phone while the row counts toward a cap (24 hours); emptied after, so reads stay small. */
	capWindow?: string | null;
	/** Each guardrail's verdict, as JSON: `{"sendOnce":"passed","perNumberCap":"refused: …"}`. */
	verdicts?: string | null;
	rule?: string | null;
	consent?: string | null;
	transactionId?: string | null;
	reason?: string | null;
	words?: string | null;
	/** The phone on consent rows only, so a batch's consent is one read. */
	consentPhone?: string | null;
	/** This row's own token, to find it among the rows one insert returns. */
	ref?: string;
	/**
	 * On a text's final row, the id of the `pending` row it replaced: claims are ordered by it
	 * (`claimOrder`), so the text keeps its place among the claims whatever id its final row got.
	 */
	claim?: number | null;
}

/** A row as read back: n8n adds `id` (ascending in insertion order), createdAt and updatedAt. */
export interface LedgerRow extends Partial<LedgerRowData> {
	id: number;
	kind: RowKind;
	at: number;
	phone: string;
}

/** A row read back, with its numbers as numbers (SQLite and PostgreSQL may hand them as text). */
export function rowOf(raw: Record<string, unknown>): LedgerRow {
	const number = (value: unknown) =>
		value === null || value === undefined || value === '' ? null : Number(value);
	return {
		...(raw as Partial<LedgerRowData>),
		id: Number(raw.id),
		kind: raw.kind as RowKind,
		at: Number(raw.at),
		phone: String(raw.phone ?? ''),
		capLimit: number(raw.capLimit),
		count: number(raw.count),
		claim: number(raw.claim),
	};
}

/** Where a text stands among the claims: its claim row's id, which its final row carries on. */
export function claimOrder(row: LedgerRow): number {
	return row.claim ?? row.id;
}

/**
 * One row per text: while a text's final row is being written, its `pending` row may still be
 * there (it is deleted only once the final row is stored); the final row is the text's.
 */
export function currentRows(rows: readonly LedgerRow[]): LedgerRow[] {
	const byClaim = new Map<number, LedgerRow>();
	for (const row of rows) {
		const replacesClaim = row.claim !== null && row.claim !== undefined;
		if (replacesClaim || !byClaim.has(claimOrder(row))) byClaim.set(claimOrder(row), row);
	}
	return [...byClaim.values()].sort((a, b) => claimOrder(a) - claimOrder(b));
}
