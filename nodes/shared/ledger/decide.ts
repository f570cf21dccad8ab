// What the ledger's rows decide, pure: whose claim a Send Once key is, and whether a capped text
// may go (by the cap's one rule, capCount.ts). Every process reads the same rows and decides the
// same way, so the rule itself is the lock: claims are ordered by their claim row's id, which n8n's
// database gives in insertion order (a text's final row carries its claim row's id on: `claimOrder`).
import { type CapCount, countAgainstCap, countTogether, DAY_MS } from '../capCount';
import { claimOrder, currentRows, LIVE_STATUSES, type LedgerRow } from './columns';

export { DAY_MS };

/**
 * Whether row `mine` holds its Send Once key: the live text with the key that claimed first does.
 * Another live text that claimed before: the key was used (or is being used) by that text.
 */
export function keyHolder(rows: readonly LedgerRow[], mine: LedgerRow): LedgerRow {
	let holder = mine;
	for (const row of currentRows(rows)) {
		if (row.kind !== 'text' || row.sendOnceKey !== mine.sendOnceKey) continue;
		if (claimOrder(row) === claimOrder(mine) || !LIVE_STATUSES.has(String(row.status))) continue;
		if (claimOrder(row) < claimOrder(holder)) holder = row;
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
 * taken in claim order, each as its own process decides it: a row already sent (or maybe sent) counts;
 * a pending row counts if, among the earlier counted texts of its last 24 hours on its subject,
 * fewer than its limit were. `count` is the texts of `mine`'s last 24 hours on its subject before
 * it; when refused, `nextAllowedAt` is when enough of them are 24 hours old.
 */
export function capVerdict(rows: readonly LedgerRow[], mine: LedgerRow): CapVerdict {
	const ordered = currentRows(rows).filter(
		(row) =>
			row.kind === 'text' &&
			claimOrder(row) < claimOrder(mine) &&
			row.capWindow === mine.capWindow &&
			LIVE_STATUSES.has(String(row.status)),
	);
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
