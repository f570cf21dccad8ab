// The compliance ledger of one node run, trigger call or look-up: what the send path, the trigger
// and the history operation call. Claims (Send Once Per and Per-Number Cap across every workflow
// and worker), consent, the rows' final state, and keeping the table small. docs/ledger.md.
import type { IDataObject } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

import { createLedgerHttp, type LedgerHttp } from '../transport';
import type { TransportContext } from '../transport/types';
import {
	claimOrder,
	currentRows,
	type LedgerRow,
	type LedgerRowData,
	type RowKind,
} from './columns';
import { capVerdict, type CapVerdict, DAY_MS, keyHolder, latestConsent } from './decide';
import { type Condition, LedgerTable } from './table';

/**
 * How long a claim waits between writing its row and reading who holds the key or the cap. Rows are
 * numbered when inserted but seen by others when committed: a competitor numbered lower whose
 * commit comes later than our read would be missed. On SQLite (one writer, numbered in commit
 * order) there is no such gap; on PostgreSQL it is the few milliseconds between numbering a row and
 * committing it, which this wait covers many times over (what remains: docs/ledger.md).
 */
export const SETTLE_MS = 200;

/** Background writes (texts' outcomes) in flight at once, per run. */
const MAX_WRITES = 8;

/**
 * Texts' outcomes written together, in one insert. Each call costs n8n's server some 15 ms of CPU
 * whatever it carries, a row about 0.1 ms more (docs/ledger.md): few calls, many rows.
 */
const OUTCOME_BATCH = 250;
/** ...or sooner, once the first of them has waited this long: other processes see them soon. */
const OUTCOME_WAIT_MS = 2_000;

/**
 * A run's pending rows whose final rows are stored are deleted together once this many texts'
 * final rows are, and at the run's end: one call, where a delete per outcome batch cost as much
 * of n8n's server as the batch's insert. Until then they stay beside their final rows (which
 * decide: `currentRows`).
 */
const CLEAR_PENDING_EVERY = 1_000;

/** Rows of texts without a claim, per insert: nobody waits for them but the run's end. */
const APPEND_CHUNK = 1_000;

/** Maintenance (emptying old cap windows, deleting rows past retention) at most this often per table. */
const MAINTAIN_EVERY_MS = 10 * 60_000;
const lastMaintained = new Map<string, number>();

/** A text about to go, as the ledger records it before the post. */
export interface TextToClaim {
	phone: string;
	channel: string;
	sendOnceKey?: string;
	/** Present when the text is capped: its subject ('' = every capped text) and limit. */
	cap?: { subject: string; limit: number };
	verdicts?: IDataObject;
	consent?: string;
}

/** What the ledger decided for one text: its row, and the key's and cap's verdicts. */
export interface Claimed {
	row: LedgerRow;
	/** Present when the text has a key: the row holding it (this text's own when it holds it). */
	key?: { mine: boolean; holder: LedgerRow };
	cap?: CapVerdict;
}

/** A text's row and what became of it, waiting to be written. */
interface Outcome {
	row: LedgerRow;
	data: IDataObject;
}

function isLive(data: IDataObject): boolean {
	return data.status === 'sent' || data.status === 'maybe_sent';
}

/**
 * The row that replaces a text's pending row: its columns, what became of it, and the pending
 * row's place among the claims. A text held back leaves its cap window: it stops counting.
 */
function finalRow(row: LedgerRow, data: IDataObject): LedgerRowData {
	const columns: Partial<LedgerRowData> & Record<string, unknown> = { ...row };
	// n8n's own columns: it sets them on every row it stores.
	for (const system of ['id', 'createdAt', 'updatedAt']) delete columns[system];
	return {
		...columns,
		...(data as Partial<LedgerRowData>),
		...(isLive(data) ? {} : { capWindow: null }),
		kind: row.kind,
		phone: row.phone,
		at: Number(data.at ?? row.at),
		when: String(data.when ?? columns.when ?? new Date(row.at).toISOString()),
		claim: claimOrder(row),
	};
}

export interface RunIdentity {
	workflow: string;
	workflowName: string;
	execution: string;
	node: string;
}

export class Ledger {
	private readonly writes: Array<Promise<unknown>> = [];
	private readonly token = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
	private sequence = 0;

	private constructor(
		readonly table: LedgerTable,
		private readonly identity: RunIdentity,
		private readonly retentionDays: number,
		private readonly warn: (message: string) => void,
		private readonly pause: (ms: number) => Promise<void>,
	) {}

	static async open(
		context: TransportContext,
		identity: RunIdentity,
		{
			http = createLedgerHttp(context),
			pause = sleep,
			itemIndex = 0,
		}: { http?: LedgerHttp; pause?: (ms: number) => Promise<void>; itemIndex?: number } = {},
	): Promise<Ledger> {
		const table = await LedgerTable.open(http, itemIndex);
		const creds = await http.credentials();
		const days = Number(creds.retentionDays);
		return new Ledger(
			table,
			identity,
			Number.isFinite(days) && days >= 30 ? days : 1830,
			(message) => context.logger.warn(message),
			pause,
		);
	}

	private nextRef() {
		this.sequence++;
		return `${this.token}.${this.sequence}`;
	}

	private base(kind: RowKind, phone: string, at: number): LedgerRowData {
		return {
			kind,
			at,
			when: new Date(at).toISOString(),
			phone,
			...this.identity,
			ref: this.nextRef(),
		};
	}

	/**
	 * Records each text before its post (status `pending`) and decides, for the texts with a key or
	 * a cap, who holds the key and whether the cap lets it go: one insert, one wait, one read per
	 * few dozen numbers and keys, however many texts.
	 */
	async claim(texts: readonly TextToClaim[], now: number, itemIndex = 0): Promise<Claimed[]> {
		if (texts.length === 0) return [];
		this.claiming++;
		let known = false;
		try {
			const claimed = await this.claimRows(texts, now, itemIndex);
			for (const { row } of claimed) this.unsettled.add(row.id);
			known = true;
			return claimed;
		} finally {
			this.claiming--;
			// A claim that failed may have stored rows whose ids this run does not know: none of its
			// pending rows is deleted by range from then on (`clearPending`).
			if (!known) this.rowsUnknown = true;
		}
	}

	/** Claims under way: their rows may be stored before the run knows their ids. */
	private claiming = 0;
	private rowsUnknown = false;
	/** Ids of this run's pending rows whose final rows are not stored (yet, or ever). */
	private readonly unsettled = new Set<number>();
	/** The highest id of this run's pending rows whose final rows are stored. */
	private settledUpTo = 0;
	/** Final rows stored since the last clearing of pending rows. */
	private settledSinceClear = 0;

	private async claimRows(texts: readonly TextToClaim[], now: number, itemIndex: number) {
		const rows = texts.map((text) => ({
			...this.base('text', text.phone, now),
			status: 'pending',
			channel: text.channel,
			sendOnceKey: text.sendOnceKey || null,
			capSubject: text.cap ? text.cap.subject : null,
			capLimit: text.cap ? text.cap.limit : null,
			capWindow: text.cap ? text.phone : null,
			verdicts: text.verdicts ? JSON.stringify(text.verdicts) : null,
			consent: text.consent ?? null,
		}));
		const doing = 'recording texts before they go';
		const keys = texts.flatMap((text) => (text.sendOnceKey ? [text.sendOnceKey] : []));
		const capped = texts.flatMap((text) => (text.cap ? [text.phone] : []));
		if (keys.length === 0 && capped.length === 0) {
			return (await this.table.insert(rows, doing, itemIndex)).map((row) => ({ row }));
		}
		// Written in bulk, without asking n8n for the ids (one statement per row): each row comes
		// back in the reads below, which look for its key or its number anyway.
		await this.inClaimOrder(async () => await this.table.insertAll(rows, doing, itemIndex));
		await this.pause(SETTLE_MS);
		const [keyRows, capRows] = await Promise.all([
			keys.length
				? this.table.matchAnyOf('sendOnceKey', keys, 'reading Send Once keys', itemIndex)
				: [],
			capped.length
				? this.table.matchAnyOf(
						'capWindow',
						capped,
						"reading the numbers' texts of the last 24 hours",
						itemIndex,
					)
				: [],
		]);
		const byRef = new Map([...keyRows, ...capRows].map((row) => [String(row.ref), row]));
		const stored = rows.map((row) => {
			const found = byRef.get(String(row.ref));
			if (!found) throw new Error(`the ledger did not return the row it stored (${doing})`);
			return found;
		});
		return stored.map((row, i) => {
			const claimed: Claimed = { row };
			if (texts[i].sendOnceKey) {
				const holder = keyHolder(keyRows, row);
				claimed.key = { mine: holder.id === row.id, holder };
			}
			if (texts[i].cap) {
				const window = capRows.filter((other) => other.at > now - 2 * DAY_MS);
				claimed.cap = capVerdict(window, row);
			}
			return claimed;
		});
	}

	/** The end of the latest claim's insert: the next claim's rows are inserted after it. */
	private inserted: Promise<void> = Promise.resolve();

	/** When the rows of every claim made so far are inserted (their settle waits may still run). */
	claimsInserted(): Promise<void> {
		return this.inserted;
	}

	/**
	 * Inserts a claim's rows after the rows of every claim made before it in this run, so the run's
	 * own claims are numbered in the order it made them, while their settle waits and reads overlap.
	 */
	private async inClaimOrder(insert: () => Promise<void>): Promise<void> {
		const before = this.inserted;
		let done = () => {};
		this.inserted = new Promise<void>((resolve) => (done = resolve));
		try {
			await before;
			await insert();
		} finally {
			done();
		}
	}

	/**
	 * A text's final state (sent with its transactionId, or held back and why), written in the
	 * background with the outcomes of the texts around it (`storeOutcomes`): once OUTCOME_BATCH
	 * are waiting, or the oldest has waited OUTCOME_WAIT_MS. `flush()` writes the rest and waits.
	 */
	settle(row: LedgerRow, data: IDataObject): void {
		if (this.outcomes.length === 0) this.oldestOutcome = Date.now();
		this.outcomes.push({ row, data });
		const waited = Date.now() - this.oldestOutcome;
		if (this.outcomes.length >= OUTCOME_BATCH || waited >= OUTCOME_WAIT_MS) this.writeOutcomes();
	}

	private readonly outcomes: Outcome[] = [];
	private oldestOutcome = 0;

	private writeOutcomes(): void {
		const batch = this.outcomes.splice(0);
		if (batch.length === 0) return;
		this.writes.push(
			this.inTurn(async () => await this.storeOutcomes(batch)).then(() => {
				if (this.settledSinceClear >= CLEAR_PENDING_EVERY && this.claiming === 0) {
					this.writes.push(this.inTurn(async () => await this.clearPending()));
				}
			}),
		);
	}

	/**
	 * Each text's final row replaces its pending row: the final rows are inserted, each carrying its
	 * pending row's id as its `claim` (its place among the claims); the pending rows are deleted
	 * later, many batches' at once (`clearPending`). At every moment a reader finds the text, as
	 * pending until its final row is stored, and in its place (docs/ledger.md). A single outcome is
	 * updated in place: one call. Never throws: a row left pending counts as sent, stricter, never
	 * looser; the log says why.
	 */
	private async storeOutcomes(batch: readonly Outcome[]): Promise<void> {
		const texts =
			batch.length === 1 ? `the text to ${batch[0].row.phone}` : `${batch.length} texts`;
		try {
			if (batch.length === 1) {
				const [{ row, data }] = batch;
				await this.table.update(
					{ type: 'and', filters: [{ columnName: 'id', condition: 'eq', value: row.id }] },
					isLive(data) ? data : { ...data, capWindow: null },
					'recording what became of a text',
				);
				this.unsettled.delete(batch[0].row.id);
				return;
			}
			await this.table.insertAll(
				batch.map(({ row, data }) => finalRow(row, data)),
				'recording what became of texts',
			);
		} catch (error) {
			this.warn(
				`Compliance ledger: the outcome of ${texts} could not be recorded (left pending, which counts as sent): ${(error as Error).message}`,
			);
			return;
		}
		for (const { row } of batch) {
			this.unsettled.delete(row.id);
			this.settledUpTo = Math.max(this.settledUpTo, row.id);
		}
		this.settledSinceClear += batch.length;
	}

	/**
	 * Deletes this run's pending rows whose final rows are stored, in one call: the rows of its
	 * token (`ref`), still `pending`, with an id at most the highest settled one and below every
	 * pending row of the run whose final row is not stored. Not while a claim is under way (its rows
	 * may be stored, their ids not yet known), nor after a claim failed. Never throws: the pending
	 * rows stay beside their final rows (which decide); the log says why.
	 */
	private async clearPending(): Promise<void> {
		if (this.settledSinceClear === 0 || this.claiming > 0 || this.rowsUnknown) return;
		const filters: Condition[] = [
			{ columnName: 'ref', condition: 'like', value: `${this.token}.%` },
			{ columnName: 'status', condition: 'eq', value: 'pending' },
			{ columnName: 'id', condition: 'lte', value: this.settledUpTo },
		];
		if (this.unsettled.size > 0) {
			filters.push({ columnName: 'id', condition: 'lt', value: Math.min(...this.unsettled) });
		}
		const cleared = this.settledSinceClear;
		this.settledSinceClear = 0;
		try {
			await this.table.delete(
				{ type: 'and', filters },
				"removing texts' claim rows once their final rows are stored",
			);
		} catch (error) {
			this.warn(
				`Compliance ledger: the pending rows of ${cleared} texts stay beside their final rows (which decide): ${(error as Error).message}`,
			);
		}
	}

	/** At most MAX_WRITES background writes at a time: n8n's database serves the sends too. */
	private running = 0;
	private readonly queue: Array<() => void> = [];

	private async inTurn<T>(write: () => Promise<T>): Promise<T> {
		if (this.running >= MAX_WRITES) await new Promise<void>((resolve) => this.queue.push(resolve));
		this.running++;
		try {
			return await write();
		} finally {
			this.running--;
			this.queue.shift()?.();
		}
	}

	/**
	 * Rows of texts that never needed a claim, written in bulk at the run's end, a thousand an
	 * insert (n8n's server: 0.23 ms of CPU a row at 250 an insert, 0.13 ms at a thousand), not
	 * asking n8n for their ids: it then writes a few dozen rows a statement, not one, at a third
	 * of the CPU.
	 */
	async append(
		rows: Array<Partial<LedgerRowData> & { kind: RowKind; phone: string; at: number }>,
	): Promise<void> {
		if (rows.length === 0) return;
		await this.table.insertAll(
			rows.map((row) => ({ ...this.base(row.kind, row.phone, row.at), ...row })),
			'recording texts',
			0,
			APPEND_CHUNK,
		);
	}

	/**
	 * Writes the outcomes still waiting, waits for every background write of this run, then deletes
	 * the pending rows their final rows replace.
	 */
	async flush(): Promise<void> {
		this.writeOutcomes();
		while (this.writes.length > 0) await Promise.all(this.writes.splice(0));
		await this.inTurn(async () => await this.clearPending());
	}

	/** A revocation or an opt-in, with the reply's words. */
	async recordConsent(
		kind: 'revocation' | 'opt_in',
		phone: string,
		at: number,
		details: { words?: string | null; channel?: string | null; reason?: string },
	): Promise<LedgerRow> {
		const [row] = await this.table.insert(
			[
				{
					...this.base(kind, phone, at),
					status: 'recorded',
					consentPhone: phone,
					words: details.words ?? null,
					channel: details.channel ?? undefined,
					reason: details.reason ?? null,
				},
			],
			kind === 'revocation' ? 'recording a revocation' : 'recording an opt-in',
		);
		return row;
	}

	/** Each number's latest revocation or opt-in on record (absent: none). */
	async consentOf(phones: readonly string[], itemIndex = 0): Promise<Map<string, LedgerRow>> {
		const rows = await this.table.readAnyOf(
			'consentPhone',
			phones,
			'reading revocations and opt-ins',
			itemIndex,
		);
		const byPhone = new Map<string, LedgerRow[]>();
		for (const row of rows) {
			const list = byPhone.get(row.phone) ?? [];
			list.push(row);
			byPhone.set(row.phone, list);
		}
		const latest = new Map<string, LedgerRow>();
		for (const [phone, list] of byPhone) {
			const found = latestConsent(list);
			if (found) latest.set(phone, found);
		}
		return latest;
	}

	/** Every row of one number, newest first (at most `limit`). */
	async historyOf(phone: string, limit: number, itemIndex = 0): Promise<LedgerRow[]> {
		const rows = await this.table.read(
			{ type: 'and', filters: [{ columnName: 'phone', condition: 'eq', value: phone }] },
			"reading the number's history",
			itemIndex,
		);
		return currentRows(rows)
			.sort((a, b) => b.at - a.at || claimOrder(b) - claimOrder(a))
			.slice(0, limit);
	}

	/**
	 * Keeps the table small, at most every ten minutes per table and process: a text's cap window
	 * is emptied once it is more than 24 hours old (it no longer counts; kept, it would be read
	 * again for every text to the number), and text rows older than the retention period go.
	 * Revocations and opt-ins stay. Never throws: the record is kept as it is, and the log says why.
	 */
	async maintain(now: number): Promise<void> {
		const last = lastMaintained.get(this.table.id) ?? 0;
		if (now - last < MAINTAIN_EVERY_MS && now >= last) return;
		lastMaintained.set(this.table.id, now);
		try {
			await this.table.update(
				{
					type: 'and',
					filters: [
						{ columnName: 'capWindow', condition: 'neq', value: null },
						// A minute beyond 24 hours: clocks of other processes may run a little behind.
						{ columnName: 'at', condition: 'lt', value: now - DAY_MS - 60_000 },
					],
				},
				{ capWindow: null },
				'emptying cap windows older than 24 hours',
			);
			await this.table.delete(
				{
					type: 'and',
					filters: [
						{ columnName: 'kind', condition: 'eq', value: 'text' },
						{ columnName: 'at', condition: 'lt', value: now - this.retentionDays * DAY_MS },
					],
				},
				'deleting text rows past the retention period',
			);
		} catch (error) {
			this.warn(`Compliance ledger: maintenance skipped: ${(error as Error).message}`);
		}
	}
}
