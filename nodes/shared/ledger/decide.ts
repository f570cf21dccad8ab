// What the ledger's rows decide, pure: whose claim a Send Once key is, and whether a capped text
// may go. Every process reads the same rows and decides the same way, so the rule itself is the
// lock: claims are ordered by their claim row's id, which n8n's database gives in insertion order
// (a text's final row carries its claim row's id on: `claimOrder`).
import { claimOrder, currentRows, LIVE_STATUSES, type LedgerRow } from './columns';

export const DAY_MS = 24 * 60 * 60 * 1000;

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

/** Whether two capped texts count together: the same subject, or either without one (strictest). */
export function sameSubject(a: LedgerRow, b: LedgerRow): boolean {
	const subjectOf = (row: LedgerRow) => String(row.capSubject ?? '');
	return subjectOf(a) === '' || subjectOf(b) === '' || subjectOf(a) === subjectOf(b);
}

export type CapVerdict =
	| { allowed: true; count: number }
	| { allowed: false; count: number; nextAllowedAt: number };

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
		if (row.status !== 'pending') {
			counted.push(row);
			continue;
		}
		const before = countedBefore(counted, row).length;
		if (before < Number(row.capLimit ?? Infinity)) counted.push(row);
	}
	const window = countedBefore(counted, mine);
	const limit = Number(mine.capLimit);
	if (window.length < limit) return { allowed: true, count: window.length + 1 };
	const times = window.map((row) => row.at).sort((a, b) => a - b);
	// Enough of them must be 24 hours old for one more to fit under the limit.
	return {
		allowed: false,
		count: window.length,
		nextAllowedAt: times[window.length - limit] + DAY_MS,
	};
}

/** The counted texts of `row`'s last 24 hours on its subject. */
function countedBefore(counted: readonly LedgerRow[], row: LedgerRow): LedgerRow[] {
	return counted.filter((earlier) => earlier.at > row.at - DAY_MS && sameSubject(earlier, row));
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
