// The compliance ledger (docs/ledger.md): one Data Table per n8n project that every workflow,
// worker and webhook process shares.
export { Ledger, SETTLE_MS } from './ledger';
export type { Claimed, RunIdentity, TextToClaim } from './ledger';
export type { LedgerRow, LedgerRowData, RowKind, TextStatus } from './columns';
export { LEDGER_COLUMNS, LIVE_STATUSES } from './columns';
export { capVerdict, DAY_MS, keyHolder, latestConsent, sameSubject } from './decide';
export type { CapVerdict } from './decide';
