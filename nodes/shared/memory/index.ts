// The memory of texts across executions, in n8n's own database (its deduplication store): Send Once
// Per keys, texts counted against caps, revoked consent. The one module that touches the store: the
// send checks and the trigger ask it. Design, guarantees and limits: docs/send-once-and-caps.md.
export { MEMORY_SIZE, MemoryUnavailableError, workflowStore, type MarkStore } from './store';
export {
	claimKeys,
	MAX_SETTLE_MS,
	MIN_SETTLE_MS,
	settleMs,
	type ClaimResult,
	type ClaimsOutcome,
} from './claims';
export { onceMark } from './marks';
export {
	DAY_MS,
	MAX_CAP,
	decideCap,
	readCounted,
	readMinutes,
	countFirst,
	countFirstAhead,
	countOneMore,
	keepCountedAhead,
	type CapDecision,
	type CapTally,
	type CountedText,
} from './caps';
export { clearRevocation, recordRevocation, revokedAmong } from './revocations';
