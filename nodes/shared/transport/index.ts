// The only code that talks HTTP to Tatango (client.ts), and what its callers name.
export type { ApiVersion } from './apis';
export type { CallKind } from './retryPolicy';
export type { Ambiguity } from './errors';
export { mayHaveBeenSent } from './errors';
export type { TatangoCall, TatangoClient, TatangoResponse } from './types';
export { createTatangoClient } from './client';
export type { LedgerCall, LedgerHttp } from './ledgerClient';
export { createLedgerHttp, hasLedger, LEDGER_API } from './ledgerClient';
