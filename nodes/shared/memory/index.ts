// The memory of texts across executions, in n8n's own database (its deduplication store): Send Once
// Per keys and the trigger's confirmations (claims), texts counted against caps, revoked consent.
// The one module that touches the store: the send checks and the trigger ask it, through these
// names only. Design, guarantees and limits: docs/send-once-and-caps.md.
export { MemoryUnavailableError, workflowStore, type MarkStore } from './store';
export { claimKeys, releaseKeys } from './claims';
export type { CapTally } from './caps';
export { CapRun, type CountedOutcome, type TalliesAhead } from './capRun';
export { clearRevocation, recordRevocation, revokedAmong } from './revocations';
