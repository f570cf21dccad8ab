// What the ledger's rows decide, pure: whose claim a Send Once key is, and whether a capped text
// may go (by the cap's one rule, capCount.ts). Every process reads the same rows and decides the
// same way, so the rule itself is the lock: rows are ordered by their id, which n8n's database
// gives in insertion order.
import { type CapCount, countAgainstCap, countTogether, DAY_MS } from '../capCount';
import { LIVE_STATUSES, type LedgerRow } from './columns';

export { DAY_MS };

/**
 * Whether row `mine` holds its Send Once key: the live row with the key and the lowest id does.
 * Another live row with a lower id: the key was used (or is being used) by that text.
 */
export function keyHolder(rows: readonly LedgerRow[], mine: LedgerRow): LedgerRow {
	let holder = mine;
	for (const row of rows) {
		if (row.kind !== 'text' || row.sendOnceKey !== mine.sendOnceKey) continue;
		if (row.id !== mine.id && !LIVE_STATUSES.has(String(row.status))) continue;
		if (row.id < holder.id) holder = row;
	}
	return holder;
}

/** Whether two capped texts count together (capCount.ts's rule). */
export function sameSubject(a: LedgerRow, b: LedgerRow): boolean {
	return countTogether(String(a.capSubject ?? ''), String(b.capSubject ?? ''));
}

export type CapVerdict = CapCount;

/** A row's time is exact. */
const wentAt = (row: LedgerRow) => ({ earliest: row.at, latest: row.at });

/** The cap's count for a text at `row`'s time and limit, among the texts counted before it. */
function countAt(counted: readonly LedgerRow[], row: LedgerRow, limit: number): CapCount {
	const together = counted.filter((earlier) => sameSubject(earlier, row));
	// Exact times never ask to be read closer.
	return countAgainstCap(together, wentAt, limit, row.at) as CapCount;
}

/**
 * Whether the capped text of row `mine` may go. The rows of its number that count toward a cap are
 * taken in id order, each as its own process decides it: a row already sent (or maybe sent) counts;
 * a pending row counts if, among the earlier counted texts of its last 24 hours on its subject,
 * fewer than its limit were. `count` is the texts of `mine`'s last 24 hours on its subject before
 * it; when refused, `nextAllowedAt` is when enough of them are 24 hours old.
 */
export function capVerdict(rows: readonly LedgerRow[], mine: LedgerRow): CapVerdict {
	const ordered = rows
		.filter(
			(row) =>
				row.kind === 'text' &&
				row.id !== mine.id &&
				row.id < mine.id &&
				row.capWindow === mine.capWindow &&
				LIVE_STATUSES.has(String(row.status)),
		)
		.sort((a, b) => a.id - b.id);
	const counted: LedgerRow[] = [];
	for (const row of ordered) {
		if (row.status !== 'pending') counted.push(row);
		else if (countAt(counted, row, Number(row.capLimit ?? Infinity)).allowed) counted.push(row);
	}
	return countAt(counted, mine, Number(mine.capLimit));
}

/** The latest consent row of a number: a revocation or an opt-in, by time, then by id. */
export function latestConsent(rows: readonly LedgerRow[]): LedgerRow | undefined {
	let latest: LedgerRow | undefined;
	for (const row of rows) {
		if (row.kind !== 'revocation' && row.kind !== 'opt_in') continue;
		if (!latest || row.at > latest.at || (row.at === latest.at && row.id > latest.id)) {
			latest = row;
		}
	}
	return latest;
}
