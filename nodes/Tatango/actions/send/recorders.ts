import type { SendRecorder } from './types';

/**
 * What hears about every text the send path sends or holds back, with each check's verdict and the
 * outcome (types.ts `TextRecord`). None yet: a compliance record is one entry here.
 */
export const SEND_RECORDERS: readonly SendRecorder[] = [];
